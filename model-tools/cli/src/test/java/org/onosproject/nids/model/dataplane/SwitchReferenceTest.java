package org.onosproject.nids.model.dataplane;

import org.junit.Test;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.flow.FlowFeatures;
import org.onosproject.nids.model.flow.PacketHeaders;
import org.onosproject.nids.model.phase.Phase;
import org.onosproject.nids.model.phase.PhaseSchedule;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/** The flow table, phases and source context of the switch, in software. */
public class SwitchReferenceTest {

    private static final int CLIENT = 0x0A000003;
    private static final int SERVER = 0x0A000001;
    private static final int SYN = 0x02;
    private static final int ACK = 0x10;
    private static final int FIN = 0x01;
    private static final int RST = 0x04;

    private final FeatureCatalog catalog = FeatureCatalog.standard();
    private final FlowFeatures features = new FlowFeatures(catalog);

    private SwitchReference reference(DataPlaneSettings settings) {
        return new SwitchReference(settings, features, PhaseSchedule.standard());
    }

    private static PacketHeaders udp(long t, int sport) {
        return PacketHeaders.udp(t, CLIENT, SERVER, sport, 53, 60, 64);
    }

    private static PacketHeaders tcp(long t, boolean fromClient, int flags) {
        return fromClient ? PacketHeaders.tcp(t, CLIENT, SERVER, 40000, 80, 60, 64, flags, 1000)
                : PacketHeaders.tcp(t, SERVER, CLIENT, 80, 40000, 60, 64, flags, 1000);
    }

    private long value(FlowEvent event, String feature) {
        return event.dataPlaneValues()[catalog.byName(feature).orElseThrow().id()];
    }

    @Test
    public void aFlowIsClassifiedAtItsPowerOfTwoPacketsOnly() {
        SwitchReference reference = reference(DataPlaneSettings.builder().build());
        List<String> seen = new ArrayList<>();
        for (int i = 1; i <= 9; i++) {
            for (FlowEvent event : reference.accept(udp(i * 10, 5000))) {
                seen.add(event.kind() + " " + event.phase() + " at " + event.flowPackets());
            }
        }
        assertEquals(List.of("PHASE p1 at 1", "PHASE p2 at 2", "PHASE p4 at 4", "PHASE p8 at 8"), seen);
    }

    @Test
    public void aLongFlowIsClassifiedAgainEvery64thPacketAfterThe128thByTheLateTree() {
        SwitchReference reference = reference(DataPlaneSettings.builder().build());
        List<String> seen = new ArrayList<>();
        for (int i = 1; i <= 400; i++) {
            for (FlowEvent event : reference.accept(udp(i * 10, 5000))) {
                seen.add(event.phase() + " at " + event.flowPackets());
            }
        }
        assertEquals(List.of("p1 at 1", "p2 at 2", "p4 at 4", "p8 at 8", "p16 at 16", "p32 at 32", "p64 at 64",
                "p128 at 128", "late at 192", "late at 256", "late at 320", "late at 384"), seen);
    }

    private static PacketHeaders echo(long t, boolean request, int identifier) {
        return request ? PacketHeaders.icmp(t, CLIENT, SERVER, 84, 64, 8, 0, identifier)
                : PacketHeaders.icmp(t, SERVER, CLIENT, 84, 64, 0, 0, identifier);
    }

    @Test
    public void icmpQueriesAreKeyedByTheirIdentifierAsConntrackDoesWithPortFeaturesZero() {
        SwitchReference reference = reference(DataPlaneSettings.builder().build());
        // A ping (identifier 7) and its replies: one flow.
        reference.accept(echo(0, true, 7));
        List<FlowEvent> reply = reference.accept(echo(10, false, 7));
        assertEquals(1, reply.get(0).flowNumber());
        assertEquals(1, value(reply.get(0), "OUT_PKTS"));
        for (int i = 2; i <= 300; i++) {
            reference.accept(echo(i * 100, true, 7));
        }
        // Another process pinging the same host (identifier 9), while the first flow is still live: a flow of its
        // own, classified from its first packet, not the 301st packet of the first one.
        List<FlowEvent> second = reference.accept(echo(40_000, true, 9));
        assertEquals(1, second.size());
        assertEquals(Phase.atPacket(1), second.get(0).phase());
        assertEquals(2, second.get(0).flowNumber());
        assertEquals(1, value(second.get(0), "IN_PKTS"));
        assertEquals(0, value(second.get(0), "L4_SRC_PORT"));
        assertEquals(0, value(second.get(0), "L4_DST_PORT"));
        assertEquals(0, second.get(0).clientPort());
        assertEquals(0, second.get(0).serverPort());
        assertEquals(2, reference.liveFlows());
        // An error message is not a query: ports 0 (both directions one flow), whatever its bytes 4-5 hold.
        PacketHeaders unreachable = PacketHeaders.icmp(50_000, SERVER, CLIENT, 56, 64, 3, 3, 1234);
        assertEquals(0, unreachable.icmpIdentifier());
        reference.accept(unreachable);
        assertEquals(3, reference.liveFlows());
        assertEquals(3, reference.flowsStarted());
    }

    @Test
    public void aTcpFlowEndsAtFinBothWaysItsLateAckIsIgnoredAndANewSynRestartsIt() {
        SwitchReference reference = reference(DataPlaneSettings.builder().build());
        reference.accept(tcp(0, true, SYN));
        reference.accept(tcp(10, false, SYN | ACK));
        reference.accept(tcp(20, true, ACK));
        reference.accept(tcp(30, true, FIN | ACK));
        List<FlowEvent> end = reference.accept(tcp(40, false, FIN | ACK));
        assertEquals(1, end.size());
        assertEquals(FlowEvent.Kind.END, end.get(0).kind());
        assertEquals(Phase.END, end.get(0).phase());
        assertEquals(5, end.get(0).flowPackets());
        assertEquals(List.of(), reference.accept(tcp(50, true, ACK)));
        assertEquals(1, reference.ignoredPackets());
        List<FlowEvent> again = reference.accept(tcp(60, true, SYN));
        assertEquals(FlowEvent.Kind.PHASE, again.get(0).kind());
        assertEquals(2, again.get(0).flowNumber());
        assertEquals(1, value(again.get(0), "IN_PKTS"));
    }

    @Test
    public void aRstEndsTheFlowAtOnceEvenAtAPhasePacket() {
        SwitchReference reference = reference(DataPlaneSettings.builder().build());
        reference.accept(tcp(0, true, SYN));
        List<FlowEvent> events = reference.accept(tcp(10, false, RST | ACK));
        assertEquals(List.of(FlowEvent.Kind.END), events.stream().map(FlowEvent::kind).collect(Collectors.toList()));
    }

    /** Ports whose flows share both cells in a 2 x 2 table (found by the hash, as an attacker with the seed could). */
    private static List<Integer> collidingPorts(int seed, int count) {
        List<Integer> ports = new ArrayList<>();
        long first = -1;
        for (int port = 1; port < 65536 && ports.size() < count; port++) {
            long hash = FlowHash.flowHash(seed, SERVER, CLIENT, 53, port, 17);   // SERVER < CLIENT: low side
            long cells = FlowHash.cell(hash, 0, 2) * 4 + FlowHash.cell(hash, 1, 2);
            if (first < 0) {
                first = cells;
            }
            if (cells == first) {
                ports.add(port);
            }
        }
        return ports;
    }

    @Test
    public void aNewFlowEvictsTheLessBusyFlowAndTheBusierOneStays() {
        List<Integer> ports = collidingPorts(0, 3);
        SwitchReference reference = reference(DataPlaneSettings.builder().slotsPerWay(2).build());
        for (int i = 0; i < 5; i++) {
            reference.accept(udp(i, ports.get(0)));              // busy: 5 packets
        }
        reference.accept(udp(10, ports.get(1)));                 // 1 packet, the other way
        List<FlowEvent> events = reference.accept(udp(20, ports.get(2)));
        assertEquals(FlowEvent.Kind.EVICT, events.get(0).kind());
        assertEquals(ports.get(1).intValue(), events.get(0).clientPort());
        assertEquals(FlowEvent.Kind.PHASE, events.get(1).kind());
        assertEquals(1, reference.evictions());
        // The busy flow kept its state.
        List<FlowEvent> busy = reference.accept(udp(30, ports.get(0)));
        assertTrue(busy.isEmpty());                               // packet 6: no phase
        assertEquals(2, reference.liveFlows());
        reference.accept(udp(31, ports.get(0)));
        FlowEvent eighth = reference.accept(udp(32, ports.get(0))).get(0);
        assertEquals(8, value(eighth, "IN_PKTS"));
    }

    @Test
    public void anIdleFlowIsReplacedBeforeABusyOne() {
        List<Integer> ports = collidingPorts(0, 3);
        SwitchReference reference = reference(DataPlaneSettings.builder().slotsPerWay(2).idleTimeoutUs(1000)
                .build());
        reference.accept(udp(0, ports.get(0)));                   // will be idle
        for (int i = 0; i < 5; i++) {
            reference.accept(udp(1500 + i, ports.get(1)));        // busy and recent
        }
        List<FlowEvent> events = reference.accept(udp(1600, ports.get(2)));
        assertEquals(FlowEvent.Kind.IDLE_EVICT, events.get(0).kind());
        assertEquals(ports.get(0).intValue(), events.get(0).clientPort());
        assertEquals(1, reference.idleEvictions());
    }

    @Test
    public void eventsCarryTheClientsSourceContext() {
        SwitchReference reference = reference(DataPlaneSettings.builder().build());
        FlowEvent last = null;
        for (int port = 1; port <= 40; port++) {
            last = reference.accept(PacketHeaders.tcp(port, CLIENT, SERVER, 50000, port, 44, 64, SYN, 1024)).get(0);
        }
        assertEquals(40, value(last, "SRC_FLOWS"));
        assertEquals(1, value(last, "SRC_DST_HOSTS"));
        assertTrue(value(last, "SRC_DST_PORTS") >= 28);
        assertEquals(40, value(last, "SRC_HALF_OPEN"));
        // A completed handshake brings half-open down.
        reference.accept(PacketHeaders.tcp(100, SERVER, CLIENT, 1, 50000, 44, 64, SYN | ACK, 1024));
        reference.accept(PacketHeaders.tcp(101, CLIENT, SERVER, 50000, 1, 40, 64, ACK, 1024));
        FlowEvent probed = reference.probeAll(102).get(0);
        assertEquals(39, value(probed, "SRC_HALF_OPEN"));
    }

    @Test
    public void aFlowSilentForLongerThanTheSourceWindowIsClassifiedWithoutItsClientsRecord() {
        // A DNS lookup at 0 s, then, 30 s later, the same client opens 40 flows (a scan): the idle sweep at 35 s
        // ends the lookup with no source context (its client's record covers 31-35 s, none of its packets), while
        // a flow of the scan probed at once carries the scan's.
        SwitchReference reference = reference(DataPlaneSettings.builder().build());
        reference.accept(udp(0, 7000));
        for (int port = 1; port <= 40; port++) {
            reference.accept(PacketHeaders.tcp(34_000_000 + port, CLIENT, SERVER, 50000, port, 44, 64, SYN, 1024));
        }
        List<FlowEvent> swept = reference.sweepIdle(35_000_000, 30_000_000);
        assertEquals(1, swept.size());
        for (String feature : List.of("SRC_FLOWS", "SRC_DST_HOSTS", "SRC_DST_PORTS", "SRC_HALF_OPEN")) {
            assertEquals(feature, 0, value(swept.get(0), feature));
        }
        FlowEvent scanFlow = reference.probeAll(35_000_001).get(0);
        assertEquals(40, value(scanFlow, "SRC_FLOWS"));
        assertEquals(40, value(scanFlow, "SRC_HALF_OPEN"));
        // The window spans two epochs of the default 2^21 us: a flow silent for less keeps its record.
        assertEquals(2L << 21, new SourceContext(0, 21, 16).windowSpanUs());
    }

    @Test
    public void aProbeReportsTheFlowAtTheEndPhaseAndFreesItsCell() {
        SwitchReference reference = reference(DataPlaneSettings.builder().build());
        FlowEvent first = reference.accept(udp(0, 7000)).get(0);
        FlowEvent probed = reference.probe(first.slot(), 5, true).orElseThrow();
        assertEquals(FlowEvent.Kind.PROBE, probed.kind());
        assertEquals(Phase.END, probed.phase());
        assertEquals(0, reference.liveFlows());
        assertTrue(reference.probe(first.slot(), 6, true).isEmpty());
        // Its next packet starts a new flow.
        assertEquals(2, reference.accept(udp(10, 7000)).get(0).flowNumber());
    }

    @Test
    public void theIdleSweepEndsOnlyFlowsIdleLongerThanTheTimeout() {
        SwitchReference reference = reference(DataPlaneSettings.builder().build());
        reference.accept(udp(0, 7000));
        reference.accept(udp(20_000_000, 7001));
        assertTrue(reference.sweepIdle(30_000_000, 30_000_000).isEmpty());
        List<FlowEvent> swept = reference.sweepIdle(35_000_000, 30_000_000);
        assertEquals(1, swept.size());
        assertEquals(FlowEvent.Kind.PROBE, swept.get(0).kind());
        assertEquals(Phase.END, swept.get(0).phase());
        assertEquals(7000, swept.get(0).clientPort());
        assertEquals(1, reference.liveFlows());
        assertEquals(7001, reference.sweepIdle(55_000_000, 30_000_000).get(0).clientPort());
        assertEquals(0, reference.liveFlows());
    }
}
