package org.onosproject.nids.model.flow;

import org.junit.Test;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.dataplane.DataPlaneSettings;
import org.onosproject.nids.model.dataplane.FlowEvent;
import org.onosproject.nids.model.dataplane.SwitchReference;
import org.onosproject.nids.model.phase.Phase;
import org.onosproject.nids.model.phase.PhaseSchedule;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;

/**
 * The data-plane feature definitions of docs/features.md, one flow at a time: packets through the switch reference,
 * values read by a probe after the last one.
 */
public class FlowFeaturesTest {

    private static final int CLIENT = 0x0A000002;   // 10.0.0.2
    private static final int SERVER = 0x0A000001;   // 10.0.0.1: the lower address, so the key is reversed
    private static final int SYN = 0x02;
    private static final int ACK = 0x10;
    private static final int PSH = 0x08;
    private static final int FIN = 0x01;

    private final FeatureCatalog catalog = FeatureCatalog.standard();

    /** A switch reference with every phase, so each test can see the events too. */
    private final SwitchReference reference = new SwitchReference(DataPlaneSettings.builder().build(),
            new FlowFeatures(catalog), PhaseSchedule.upTo(Phase.MAX_PACKETS, true));
    private long lastTime;
    private int slot = -1;

    private FlowEvent accept(PacketHeaders packet) {
        lastTime = packet.timestampMicros();
        List<FlowEvent> events = reference.accept(packet);
        if (events.isEmpty()) {
            return null;
        }
        slot = events.get(events.size() - 1).slot();
        return events.get(events.size() - 1);
    }

    /** The flow's values, read by a probe (which leaves it in place) after the last packet. */
    private Map<String, Long> values(boolean dataPlane) {
        assertEquals("live flows", 1, reference.liveFlows());
        FlowEvent probed = reference.probe(slot, lastTime + 1, false).orElseThrow();
        long[] array = dataPlane ? probed.dataPlaneValues() : probed.featureValues();
        Map<String, Long> named = new HashMap<>();
        catalog.features().forEach(feature -> named.put(feature.name(), array[feature.id()]));
        return named;
    }

    @Test
    public void tcpConversationFollowsTheCatalogDefinitions() {
        long t0 = 1_700_000_000_000_000L;
        accept(PacketHeaders.tcp(t0, CLIENT, SERVER, 40000, 80, 60, 64, SYN, 64240));
        accept(PacketHeaders.tcp(t0 + 1500, SERVER, CLIENT, 80, 40000, 60, 63, SYN | ACK, 65160));
        accept(PacketHeaders.tcp(t0 + 2100, CLIENT, SERVER, 40000, 80, 300, 64, PSH | ACK, 502));
        accept(PacketHeaders.tcp(t0 + 9_999, SERVER, CLIENT, 80, 40000, 1500, 63, ACK, 509));
        accept(PacketHeaders.tcp(t0 + 12_345, CLIENT, SERVER, 40000, 80, 52, 64, FIN | ACK, 501));

        Map<String, Long> dp = values(true);
        assertEquals(40000L, (long) dp.get("L4_SRC_PORT"));
        assertEquals(80L, (long) dp.get("L4_DST_PORT"));
        assertEquals(6L, (long) dp.get("PROTOCOL"));
        assertEquals(60L + 300 + 52, (long) dp.get("IN_BYTES"));
        assertEquals(3L, (long) dp.get("IN_PKTS"));
        assertEquals(60L + 1500, (long) dp.get("OUT_BYTES"));
        assertEquals(2L, (long) dp.get("OUT_PKTS"));
        assertEquals((long) (SYN | ACK | PSH | FIN), (long) dp.get("TCP_FLAGS"));
        assertEquals((long) (SYN | ACK | PSH | FIN), (long) dp.get("CLIENT_TCP_FLAGS"));
        assertEquals((long) (SYN | ACK), (long) dp.get("SERVER_TCP_FLAGS"));
        assertEquals(12_345L, (long) dp.get("FLOW_DURATION_MILLISECONDS"));
        assertEquals(12_345L, (long) dp.get("DURATION_IN"));
        assertEquals(9_999L - 1500, (long) dp.get("DURATION_OUT"));
        assertEquals(63L, (long) dp.get("MIN_TTL"));
        assertEquals(64L, (long) dp.get("MAX_TTL"));
        assertEquals(1500L, (long) dp.get("LONGEST_FLOW_PKT"));
        assertEquals(52L, (long) dp.get("SHORTEST_FLOW_PKT"));
        assertEquals(52L, (long) dp.get("MIN_IP_PKT_LEN"));
        assertEquals(1500L, (long) dp.get("MAX_IP_PKT_LEN"));
        assertEquals(3L, (long) dp.get("NUM_PKTS_UP_TO_128_BYTES"));
        assertEquals(0L, (long) dp.get("NUM_PKTS_128_TO_256_BYTES"));
        assertEquals(1L, (long) dp.get("NUM_PKTS_256_TO_512_BYTES"));
        assertEquals(1L, (long) dp.get("NUM_PKTS_1024_TO_1514_BYTES"));
        assertEquals(64240L, (long) dp.get("TCP_WIN_MAX_IN"));
        assertEquals(65160L, (long) dp.get("TCP_WIN_MAX_OUT"));
        assertEquals(0L, (long) dp.get("ICMP_TYPE"));

        Map<String, Long> features = values(false);
        assertEquals("12,345 µs is 12 ms", 12L, (long) features.get("FLOW_DURATION_MILLISECONDS"));
        assertEquals(8L, (long) features.get("DURATION_OUT"));
        assertEquals(412L, (long) features.get("IN_BYTES"));
    }

    @Test
    public void bothDirectionsShareOneCanonicalKey() {
        PacketHeaders forward = PacketHeaders.udp(0, CLIENT, SERVER, 5353, 53, 80, 64);
        PacketHeaders backward = PacketHeaders.udp(1, SERVER, CLIENT, 53, 5353, 120, 64);
        assertEquals(FlowKey.of(forward), FlowKey.of(backward));
        assertEquals(SERVER, FlowKey.of(forward).lowAddress());
        accept(backward);
        FlowEvent event = accept(forward);
        // The first sender is the client, whatever the canonical order.
        assertEquals(SERVER, event.clientAddress());
        assertEquals(53, event.clientPort());
        Map<String, Long> dp = values(true);
        assertEquals(120L, (long) dp.get("IN_BYTES"));
        assertEquals(80L, (long) dp.get("OUT_BYTES"));
        assertEquals(0L, (long) dp.get("TCP_FLAGS"));
        assertEquals(0L, (long) dp.get("TCP_WIN_MAX_IN"));
    }

    @Test
    public void icmpFlowsHavePortZeroAndTheFirstPacketsTypeAndCode() {
        accept(PacketHeaders.icmp(0, CLIENT, SERVER, 84, 64, 8, 0));
        accept(PacketHeaders.icmp(700, SERVER, CLIENT, 84, 64, 0, 0));
        Map<String, Long> dp = values(true);
        assertEquals(0L, (long) dp.get("L4_SRC_PORT"));
        assertEquals(8L * 256, (long) dp.get("ICMP_TYPE"));
        assertEquals(8L, (long) dp.get("ICMP_IPV4_TYPE"));
        assertEquals(1L, (long) dp.get("OUT_PKTS"));
    }

    @Test
    public void oneWayFlowsHaveNoOutDurationAndDurationsWrapAt32Bits() {
        accept(PacketHeaders.udp(0, CLIENT, SERVER, 1, 2, 1600, 64));
        accept(PacketHeaders.udp((1L << 32) + 7000, CLIENT, SERVER, 1, 2, 1514, 64));
        Map<String, Long> dp = values(true);
        assertEquals(0L, (long) dp.get("DURATION_OUT"));
        assertEquals(7000L, (long) dp.get("FLOW_DURATION_MILLISECONDS"));
        assertEquals("1600 bytes fall in no bucket", 1L, (long) dp.get("NUM_PKTS_1024_TO_1514_BYTES"));
    }
}
