/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.incident;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.Ip4Address;
import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;
import org.onlab.packet.VlanId;
import org.onosproject.cluster.NodeId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DefaultHost;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Host;
import org.onosproject.net.HostId;
import org.onosproject.net.HostLocation;
import org.onosproject.net.PortNumber;
import org.onosproject.net.edge.EdgePortServiceAdapter;
import org.onosproject.net.host.HostServiceAdapter;
import org.onosproject.net.provider.ProviderId;
import org.onosproject.nids.api.AlertQuery;
import org.onosproject.nids.api.FlowKey;
import org.onosproject.nids.api.FlowRecord;
import org.onosproject.nids.api.IncidentQuery;
import org.onosproject.nids.api.NidsAlert;
import org.onosproject.nids.api.NidsAlertService;
import org.onosproject.nids.api.NidsException;
import org.onosproject.nids.api.NidsIncidentEvent;
import org.onosproject.nids.detection.AlertSeverity;
import org.onosproject.nids.detection.AttackFamily;
import org.onosproject.nids.detection.BlockDecision;
import org.onosproject.nids.detection.Incident;
import org.onosproject.nids.detection.IncidentBook;
import org.onosproject.nids.detection.IncidentState;
import org.onosproject.nids.detection.LocationCheck;
import org.onosproject.nids.detection.LocationStatus;
import org.onosproject.nids.detection.SeverityPolicy;
import org.onosproject.nids.impl.block.NidsBlockStoreAdapter;
import org.osgi.service.component.ComponentContext;

import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import static org.easymock.EasyMock.anyLong;
import static org.easymock.EasyMock.anyObject;
import static org.easymock.EasyMock.createMock;
import static org.easymock.EasyMock.createNiceMock;
import static org.easymock.EasyMock.expect;
import static org.easymock.EasyMock.replay;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * The incident manager over the distributed store on ONOS's test storage: grouping per source and family, evidence
 * alerts for the first flows only, the location check against ONOS's hosts and edge ports, the window, the bound,
 * events.
 */
public class NidsIncidentManagerTest {

    private static final long T0 = 1_768_471_200_000L;
    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    private static final DeviceId S2 = DeviceId.deviceId("device:bmv2:s2");

    private final List<FlowRecord> evidence = new ArrayList<>();
    private final List<Long> evidenceIncidents = new ArrayList<>();
    private final List<NidsIncidentEvent> events = new ArrayList<>();
    private long now = T0;
    /** The instance that leads the idle sweep: ClusterServiceAdapter's local node unless a test says otherwise. */
    private NodeId sweepLeader = NodeId.nodeId("local");
    private int nextPort = 40000;
    private NidsIncidentManager manager;

    private static Host host(String ip, DeviceId device, long port) {
        MacAddress mac = MacAddress.valueOf(0x0200_0000_0000L + Ip4Address.valueOf(ip).toInt());
        return new DefaultHost(ProviderId.NONE, HostId.hostId(mac, VlanId.NONE), mac, VlanId.NONE,
                               Set.of(new HostLocation(device, PortNumber.portNumber(port), 0)),
                               Set.of(IpAddress.valueOf(ip)), true);
    }

    private static ComponentContext context(Map<String, Object> properties) {
        ComponentContext context = createMock(ComponentContext.class);
        expect(context.getProperties()).andReturn(new Hashtable<>(properties)).anyTimes();
        replay(context);
        return context;
    }

    @Before
    public void setUp() {
        List<Host> hosts = List.of(host("10.0.0.1", S1, 1), host("10.0.0.2", S2, 1), host("10.0.0.3", S1, 4));
        NidsAlertService alerts = createNiceMock(NidsAlertService.class);
        expect(alerts.report(anyObject(), anyLong())).andStubAnswer(() -> {
            FlowRecord record = (FlowRecord) org.easymock.EasyMock.getCurrentArguments()[0];
            evidence.add(record);
            evidenceIncidents.add((Long) org.easymock.EasyMock.getCurrentArguments()[1]);
            return NidsAlert.builder().id(evidence.size()).flowKey(record.key()).className(record.className())
                    .classId(record.classId()).severity(AlertSeverity.HIGH).leafId(record.leafId())
                    .deviceReports(Map.of(record.deviceId(), 1L)).firstSeenMillis(now).lastSeenMillis(now).build();
        });
        expect(alerts.explain(anyObject())).andStubReturn("IN_PKTS = 3 <= 4");
        expect(alerts.severities()).andStubReturn(SeverityPolicy.DEFAULT);
        expect(alerts.alerts(anyObject(AlertQuery.class))).andStubReturn(List.of());
        replay(alerts);
        manager = TestIncidents.start(alerts, new HostServiceAdapter() {
            @Override
            public Set<Host> getHostsByIp(IpAddress ip) {
                return hosts.stream().filter(h -> h.ipAddresses().contains(ip)).collect(Collectors.toSet());
            }
        }, new EdgePortServiceAdapter() {
            // s1/9 <-> s2/9 is the fabric's link; every other port is an edge port.
            @Override
            public boolean isEdgePoint(ConnectPoint point) {
                return point.port().toLong() != 9;
            }
        }, () -> now, context(Map.of("incidentEvidenceFlows", 2, "incidentWindowSeconds", 10,
                                     "maxIncidents", 3)), () -> sweepLeader);
        manager.addListener(events::add);
    }

    @After
    public void tearDown() {
        TestIncidents.stop(manager);
    }

    private FlowRecord record(String client, String server, DeviceId device, long port, String className,
                              String reason) {
        return FlowRecord.builder().deviceId(device).ingressPort(PortNumber.portNumber(port))
                .key(FlowKey.of(Ip4Address.valueOf(client), Ip4Address.valueOf(server), nextPort++, 22, 6))
                .reason(reason).features(Map.of()).modelId("m1").classId(1).className(className).leafId(3)
                .receivedMillis(now).build();
    }

    private FlowRecord attack(String client, DeviceId device, long port, String className) {
        return record(client, "10.0.0.2", device, port, className, "ALERT");
    }

    @Test
    public void verdictsOfASourceAndFamilyFormOneIncidentWithAlertsForItsFirstFlowsOnly() {
        Incident incident = null;
        for (int i = 0; i < 4; i++) {
            incident = manager.report(attack("10.0.0.3", S1, 4, "SSH-Patator")).orElseThrow();
            now += 1000;
        }
        assertEquals(4, incident.flows());
        assertEquals(AttackFamily.BRUTE_FORCE, incident.family());
        assertEquals(LocationStatus.CONFIRMED, incident.location());
        assertEquals(2, incident.evidence().size());
        assertEquals("IN_PKTS = 3 <= 4", incident.evidence().get(0).decisionPath());
        assertEquals("device:bmv2:s1", incident.evidence().get(0).device());
        assertEquals("alerts for the first incidentEvidenceFlows flows", 2, evidence.size());
        assertEquals(List.of(incident.id(), incident.id()), evidenceIncidents);
        // A report of an evidence flow again updates its alert; another family is another incident.
        manager.report(evidence.get(0));
        assertEquals(3, evidence.size());
        Incident scan = manager.report(attack("10.0.0.3", S1, 4, "PortScan")).orElseThrow();
        assertFalse(scan.id() == incident.id());
        long id = incident.id();
        assertEquals(List.of(NidsIncidentEvent.Type.INCIDENT_OPENED, NidsIncidentEvent.Type.INCIDENT_UPDATED),
                     events.stream().filter(e -> e.subject().id() == id).map(NidsIncidentEvent::type)
                             .distinct().collect(Collectors.toList()));
        assertEquals(List.of(scan, manager.incident(incident.id()).orElseThrow()),
                     manager.incidents(IncidentQuery.builder().source(Ip4Address.valueOf("10.0.0.3")).build()));
        assertEquals(List.of(scan), manager.incidents(IncidentQuery.builder().family("scan").build()));
    }

    /** An attack record whose flow's first packet came in on {@code clientPort}, reported at {@code port}. */
    private FlowRecord attackEntering(String client, DeviceId device, long clientPort, long port, String reason) {
        return FlowRecord.builder().deviceId(device).ingressPort(PortNumber.portNumber(port))
                .clientIngressPort(PortNumber.portNumber(clientPort))
                .key(FlowKey.of(Ip4Address.valueOf(client), Ip4Address.valueOf("10.0.0.2"), nextPort++, 22, 6))
                .reason(reason).features(Map.of()).modelId("m1").classId(1).className("DoS").leafId(3)
                .receivedMillis(now).build();
    }

    /** One flow of 10.0.0.3 (s1/4) as {@code device} reports it, its client's packets entering at {@code port}. */
    private FlowRecord flowOf10003(DeviceId device, long port, String reason) {
        return FlowRecord.builder().deviceId(device).ingressPort(PortNumber.portNumber(port))
                .clientIngressPort(PortNumber.portNumber(port))
                .key(FlowKey.of(Ip4Address.valueOf("10.0.0.3"), Ip4Address.valueOf("10.0.0.2"), 41000, 22, 6))
                .reason(reason).features(Map.of()).modelId("m1").classId(1).className("DoS").leafId(3)
                .receivedMillis(now).build();
    }

    @Test
    public void aTransitSwitchsRepeatedReportWritesNothing() {
        Incident opened = manager.report(flowOf10003(S1, 4, "ALERT")).orElseThrow();
        now += 10;
        Incident withS2 = manager.report(flowOf10003(S2, 9, "ALERT")).orElseThrow();
        assertEquals(List.of(S1.toString(), S2.toString()), withS2.devices());
        assertEquals(2, withS2.reports());
        int eventsBefore = events.size();
        int alertsBefore = evidence.size();
        now += 1000;
        assertTrue("the flow's end as the transit switch reports it adds nothing",
                   manager.report(flowOf10003(S2, 9, "FLOW_END")).isEmpty());
        assertEquals(withS2, manager.incident(opened.id()).orElseThrow());
        assertEquals("no store write, so no event", eventsBefore, events.size());
        assertEquals("no second alert write for the evidence flow", alertsBefore, evidence.size());
        assertEquals(Long.valueOf(1), manager.counters().get(IncidentBook.TRANSIT_REPEAT));
        // The edge switch's report of the flow's end still counts (its activity keeps the incident open).
        assertEquals(3, manager.report(flowOf10003(S1, 4, "FLOW_END")).orElseThrow().reports());
    }

    @Test
    public void aVerdictOnAFlowTowardsACutOffHostOpensNoIncident() {
        ((NidsBlockStoreAdapter) manager.blockStore).cutOffSources.add(Ip4Address.valueOf("10.0.0.2"));
        assertTrue(manager.report(attack("10.0.0.3", S1, 4, "PortScan")).isEmpty());
        assertTrue(manager.incidents(IncidentQuery.builder().build()).isEmpty());
        assertEquals(Long.valueOf(1), manager.counters().get(IncidentBook.TO_BLOCKED_HOST));
        ((NidsBlockStoreAdapter) manager.blockStore).cutOffSources.clear();
        assertTrue(manager.report(attack("10.0.0.3", S1, 4, "PortScan")).isPresent());
    }

    @Test
    public void theLocationCheckLooksWhereTheFlowsClientSentFrom() {
        SourceLocations locations = new SourceLocations(manager.hostService, p -> p.port().toLong() != 9);
        assertEquals(LocationCheck.MATCH, locations.check(attack("10.0.0.3", S1, 4, "DoS")).check());
        SourceLocations.Result spoofed = locations.check(attack("10.0.0.3", S2, 5, "DoS"));
        assertEquals(LocationCheck.MISMATCH, spoofed.check());
        assertEquals("10.0.0.3 sent from device:bmv2:s2 port 5; ONOS locates it at device:bmv2:s1/4",
                     spoofed.detail());
        SourceLocations.Result transit = locations.check(attack("10.0.0.3", S2, 9, "DoS"));
        assertEquals(LocationCheck.NEUTRAL, transit.check());
        assertEquals("10.0.0.3 sent from device:bmv2:s2 port 9 (not an edge port: the flow entered the fabric at "
                             + "another switch)", transit.detail());
        assertEquals(LocationCheck.UNKNOWN, locations.check(attack("10.0.0.77", S2, 5, "DoS")).check());
        // The server's RST or FIN (on the server's port 1) triggered the report: the client's port decides.
        assertEquals(LocationCheck.MATCH,
                     locations.check(attackEntering("10.0.0.3", S1, 4, 1, "FLOW_END")).check());
        assertEquals(LocationCheck.MISMATCH,
                     locations.check(attackEntering("10.0.0.3", S1, 1, 4, "FLOW_END")).check());
        // An evicted flow and a probed one carry their client's port too: they count like any report.
        assertEquals(LocationCheck.MATCH, locations.check(attackEntering("10.0.0.3", S1, 4, 1, "EVICT")).check());
        assertEquals(LocationCheck.MISMATCH,
                     locations.check(attackEntering("10.0.0.3", S2, 5, 255, "PROBE")).check());

        // Spoofed reports have an incident of their own, MISMATCH for good; the owner's stays CONFIRMED.
        Incident own = manager.report(attack("10.0.0.3", S1, 4, "DoS")).orElseThrow();
        Incident spoofedIncident = manager.report(attack("10.0.0.3", S2, 5, "DoS")).orElseThrow();
        assertTrue(spoofedIncident.id() != own.id() && spoofedIncident.spoofedSource());
        assertEquals(LocationStatus.MISMATCH, spoofedIncident.location());
        Incident ownAgain = manager.report(attack("10.0.0.3", S1, 4, "DoS")).orElseThrow();
        assertEquals(own.id(), ownAgain.id());
        assertEquals(LocationStatus.CONFIRMED, ownAgain.location());
        assertEquals(LocationStatus.MISMATCH,
                     manager.report(attack("10.0.0.3", S2, 5, "DoS")).orElseThrow().location());
    }

    @Test
    public void anIncidentClosesAfterTheWindowAndTheNextVerdictOpensAnother() {
        Incident first = manager.report(attack("10.0.0.3", S1, 4, "DoS")).orElseThrow();
        now += 9_000;
        assertEquals(first.id(), manager.report(attack("10.0.0.3", S1, 4, "DoS")).orElseThrow().id());
        now += 10_000;
        assertEquals("the state a reader sees follows the clock", IncidentState.CLOSED,
                     manager.incident(first.id()).orElseThrow().state());
        manager.closeIdle();
        assertEquals(NidsIncidentEvent.Type.INCIDENT_CLOSED, events.get(events.size() - 1).type());
        Incident second = manager.report(attack("10.0.0.3", S1, 4, "DoS")).orElseThrow();
        assertTrue(second.id() != first.id());
        assertEquals(List.of(second), manager.incidents(IncidentQuery.builder().state(IncidentState.OPEN).build()));
    }

    @Test
    public void onlyTheSweepsLeaderClosesIdleIncidents() {
        Incident first = manager.report(attack("10.0.0.3", S1, 4, "DoS")).orElseThrow();
        now += 11_000;
        sweepLeader = NodeId.nodeId("onos-2");
        manager.closeIdle();
        assertTrue("another instance leads the sweep: nothing closed here",
                   events.stream().noneMatch(e -> e.type() == NidsIncidentEvent.Type.INCIDENT_CLOSED));
        sweepLeader = null;
        manager.closeIdle();
        assertTrue("no leader (an election under way): nothing closed",
                   events.stream().noneMatch(e -> e.type() == NidsIncidentEvent.Type.INCIDENT_CLOSED));
        sweepLeader = NodeId.nodeId("local");
        manager.closeIdle();
        assertEquals(NidsIncidentEvent.Type.INCIDENT_CLOSED, events.get(events.size() - 1).type());
        assertEquals(first.id(), events.get(events.size() - 1).subject().id());
    }

    @Test
    public void aFullStoreEvictsClosedIncidentsFirstAndNeverDropsAnOpenOneSilently() {
        manager.report(attack("10.0.0.3", S1, 4, "DoS"));
        manager.report(attack("10.0.0.1", S1, 1, "DoS"));
        Incident acked = manager.report(attack("10.0.0.2", S2, 5, "DoS")).orElseThrow();
        manager.acknowledge(acked.id());
        // Full (maxIncidents 3): the acknowledged one makes room.
        Incident fourth = manager.report(attack("10.0.0.3", S1, 4, "PortScan")).orElseThrow();
        assertFalse(manager.incident(acked.id()).isPresent());
        assertEquals(1L, (long) manager.counters().get(IncidentBook.EVICTED));
        // Full of open incidents: another family of a source with one is merged, a new source refused; both counted.
        Incident merged = manager.report(attack("10.0.0.3", S1, 4, "SSH-Patator")).orElseThrow();
        assertEquals(fourth.id(), merged.id());
        assertEquals(1, merged.mergedReports());
        assertEquals(Optional.empty(), manager.report(attack("10.0.0.77", S2, 5, "DoS")));
        assertEquals(Map.of(IncidentBook.EVICTED, 1L, IncidentBook.MERGED, 1L, IncidentBook.REFUSED, 1L),
                     manager.counters());
        assertEquals(3, manager.incidents(IncidentQuery.builder().build()).size());
    }

    @Test
    public void acknowledgeBlockAndDecisionAreRecordedAndAnUnknownIdIsNotFound() {
        Incident incident = manager.report(attack("10.0.0.3", S1, 4, "DoS")).orElseThrow();
        BlockDecision waiting = new BlockDecision(BlockDecision.Kind.WAITING, "1 of 5", null);
        assertEquals(Optional.of(BlockDecision.Kind.WAITING),
                     manager.recordDecision(incident.id(), waiting).orElseThrow().decision());
        int before = events.size();
        manager.recordDecision(incident.id(), waiting);
        assertEquals("the same decision again changes nothing", before, events.size());
        Incident blocked = manager.markBlocked(incident.id(), "4");
        assertEquals(IncidentState.BLOCKED, blocked.state());
        assertEquals(NidsIncidentEvent.Type.INCIDENT_BLOCKED, events.get(events.size() - 1).type());
        assertEquals("a blocked incident is not acknowledged", IncidentState.BLOCKED,
                     manager.acknowledge(incident.id()).state());
        try {
            manager.acknowledge(99);
            fail("acknowledged an unknown incident");
        } catch (NidsException e) {
            assertEquals(NidsException.Kind.NOT_FOUND, e.kind());
            assertEquals("incident 99 does not exist", e.getMessage());
        }
    }

    @Test
    public void theStoresSerializerKeepsAnIncidentWhole() {
        Incident incident = null;
        for (int i = 0; i < 3; i++) {
            incident = manager.report(attack("10.0.0.3", S1, 4, "DoS")).orElseThrow();
        }
        incident = incident.decided(new BlockDecision(BlockDecision.Kind.WAITING, "2 of 5", null)).blocked("7");
        byte[] bytes = DistributedNidsIncidentStore.SERIALIZER.encode(incident);
        Incident decoded = DistributedNidsIncidentStore.SERIALIZER.decode(bytes);
        assertEquals(incident, decoded);
        assertEquals(incident.evidence(), decoded.evidence());
        assertEquals(incident.describe(), decoded.describe());
    }
}
