/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.ui;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import org.easymock.Capture;
import org.easymock.CaptureType;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.Ip4Address;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.AlertQuery;
import org.onosproject.nids.api.AlertState;
import org.onosproject.nids.api.BlockRequest;
import org.onosproject.nids.api.DecisionStep;
import org.onosproject.nids.api.FlowKey;
import org.onosproject.nids.api.NidsAlert;
import org.onosproject.nids.api.NidsAlertEvent;
import org.onosproject.nids.api.NidsAlertListener;
import org.onosproject.nids.api.NidsAlertService;
import org.onosproject.nids.api.NidsAuditService;
import org.onosproject.nids.api.NidsBlock;
import org.onosproject.nids.api.NidsBlockService;
import org.onosproject.nids.api.IncidentQuery;
import org.onosproject.nids.api.NidsIncidentListener;
import org.onosproject.nids.api.NidsIncidentEvent;
import org.onosproject.nids.api.NidsIncidentService;
import org.onosproject.nids.detection.AttackFamily;
import org.onosproject.nids.detection.BlockDecision;
import org.onosproject.nids.detection.FlowVerdict;
import org.onosproject.nids.detection.Incident;
import org.onosproject.nids.detection.LocationCheck;
import org.onosproject.nids.api.NidsException;
import org.onosproject.nids.api.RecordingAudit;
import org.onosproject.nids.detection.AlertSeverity;
import org.onosproject.nids.model.tree.Condition;

import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.stream.Collectors;

import static org.easymock.EasyMock.anyLong;
import static org.easymock.EasyMock.anyObject;
import static org.easymock.EasyMock.capture;
import static org.easymock.EasyMock.expect;
import static org.easymock.EasyMock.expectLastCall;
import static org.easymock.EasyMock.mock;
import static org.easymock.EasyMock.replay;
import static org.easymock.EasyMock.verify;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.onosproject.nids.ui.NidsAlertsMessageHandler.ACK_REQ;
import static org.onosproject.nids.ui.NidsAlertsMessageHandler.ACK_RESP;
import static org.onosproject.nids.ui.NidsAlertsMessageHandler.BLOCK_REQ;
import static org.onosproject.nids.ui.NidsAlertsMessageHandler.BLOCK_RESP;
import static org.onosproject.nids.ui.NidsAlertsMessageHandler.DATA_REQ;
import static org.onosproject.nids.ui.NidsAlertsMessageHandler.DATA_RESP;
import static org.onosproject.nids.ui.NidsAlertsMessageHandler.DETAILS_REQ;
import static org.onosproject.nids.ui.NidsAlertsMessageHandler.DETAILS_RESP;
import static org.onosproject.nids.ui.NidsAlertsMessageHandler.MAX_ROWS;
import static org.onosproject.nids.ui.NidsAlertsMessageHandler.ROWS;
import static org.onosproject.nids.ui.NidsAlertsMessageHandler.WATCH_REQ;
import static org.onosproject.nids.ui.UiTestSupport.MAPPER;
import static org.onosproject.nids.ui.UiTestSupport.message;

/**
 * Rows, details, acknowledgement and pushes of the alerts view's message handler.
 */
public class NidsAlertsMessageHandlerTest {

    /** 2026-01-15 10:00:00 UTC. */
    private static final long T0 = 1_768_471_200_000L;
    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    private static final DeviceId S2 = DeviceId.deviceId("device:bmv2:s2");
    private static final DeviceId S3 = DeviceId.deviceId("device:bmv2:s3");

    private final NidsAlert attack = NidsAlert.builder()
            .id(7)
            .flowKey(FlowKey.of(Ip4Address.valueOf("10.0.0.1"), Ip4Address.valueOf("10.0.0.3"), 40000, 9999, 6))
            .modelId("nids-0123456789abcdef").classId(1).className("Attack").severity(AlertSeverity.HIGH).leafId(3)
            .decisionPath(ImmutableList.of(
                    new DecisionStep(2, "L4_DST_PORT", Condition.Operator.GREATER, 9000, 9999),
                    new DecisionStep(5, "IN_PKTS", Condition.Operator.LESS_OR_EQUAL, 10, 12)))
            .features(orderedFeatures())
            .deviceReports(orderedReports())
            .firstSeenMillis(T0).lastSeenMillis(T0 + 2_000).reportCount(3).state(AlertState.OPEN)
            .build();

    private final NidsAlert scan = NidsAlert.builder()
            .id(8)
            .flowKey(FlowKey.of(Ip4Address.valueOf("10.0.0.2"), Ip4Address.valueOf("10.0.0.4"), 0, 0, 1))
            .classId(2).className("PortScan").severity(AlertSeverity.MEDIUM).leafId(4)
            .deviceReports(ImmutableMap.of(S2, 1L))
            .firstSeenMillis(T0 + 4_000).lastSeenMillis(T0 + 5_000).state(AlertState.ACKNOWLEDGED)
            .build();

    private NidsAlertService alertService;
    private UiTestSupport.RecordingConnection conn;
    private NidsAlertsMessageHandler handler;
    private ScheduledExecutorService pushExecutor;
    private final Capture<AlertQuery> queries = Capture.newInstance(CaptureType.ALL);

    private static Map<String, Long> orderedFeatures() {
        Map<String, Long> features = new LinkedHashMap<>();
        features.put("L4_DST_PORT", 9999L);
        features.put("PROTOCOL", 6L);
        features.put("IN_PKTS", 12L);
        return features;
    }

    private static Map<DeviceId, Long> orderedReports() {
        Map<DeviceId, Long> reports = new LinkedHashMap<>();
        reports.put(S3, 2L);
        reports.put(S1, 1L);
        return reports;
    }

    @Before
    public void setUp() {
        alertService = mock(NidsAlertService.class);
        conn = new UiTestSupport.RecordingConnection();
        pushExecutor = Executors.newSingleThreadScheduledExecutor();
        handler = new NidsAlertsMessageHandler(pushExecutor, 0, ZoneOffset.UTC);
    }

    @After
    public void tearDown() {
        pushExecutor.shutdownNow();
    }

    private void start() {
        replay(alertService);
        handler.init(conn.connection, UiTestSupport.directory(ImmutableMap.of(NidsAlertService.class, alertService)));
    }

    private void expectAlerts(List<NidsAlert> alerts) {
        expect(alertService.alerts(capture(queries))).andReturn(alerts).anyTimes();
    }

    private JsonNode rowsOf(ObjectNode response) {
        return response.get(ROWS);
    }

    @Test
    public void handlesTheViewsMessageTypes() {
        start();
        assertEquals(ImmutableList.of(ACK_REQ, BLOCK_REQ, DATA_REQ, DETAILS_REQ, WATCH_REQ).stream().sorted()
                        .collect(Collectors.toList()),
                handler.messageTypes().stream().sorted().collect(Collectors.toList()));
    }

    @Test
    public void rowsHoldEveryColumnNewestFirstByDefault() {
        expectAlerts(ImmutableList.of(attack, scan));
        start();

        handler.process(message(DATA_REQ, MAPPER.createObjectNode()));

        JsonNode rows = rowsOf(conn.only(DATA_RESP));
        assertEquals(2, rows.size());
        JsonNode first = rows.get(0);
        assertEquals("8", first.get("id").asText());
        assertEquals("2026-01-15 10:00:05", first.get("time").asText());
        assertEquals("MEDIUM", first.get("severity").asText());
        assertEquals("PortScan", first.get("class").asText());
        assertEquals("10.0.0.2 \u2192 10.0.0.4 ICMP", first.get("flow").asText());
        assertEquals("device:bmv2:s2", first.get("device").asText());
        assertEquals("-", first.get("model").asText());
        assertEquals("ACKNOWLEDGED", first.get("state").asText());
        assertEquals("1", first.get("reports").asText());

        JsonNode second = rows.get(1);
        assertEquals("7", second.get("id").asText());
        assertEquals("2026-01-15 10:00:02", second.get("time").asText());
        assertEquals("HIGH", second.get("severity").asText());
        assertEquals("Attack", second.get("class").asText());
        assertEquals("10.0.0.1:40000 \u2192 10.0.0.3:9999 TCP", second.get("flow").asText());
        assertEquals("first reporter first", "device:bmv2:s3, device:bmv2:s1", second.get("device").asText());
        assertEquals("nids-0123456789abcdef", second.get("model").asText());
        assertEquals("OPEN", second.get("state").asText());
        assertEquals("3", second.get("reports").asText());

        assertEquals(1, queries.getValues().size());
        assertEquals(MAX_ROWS, queries.getValue().limit());
        assertFalse(queries.getValue().state().isPresent());
    }

    @Test
    public void rowsSortAsTheViewAsks() {
        expectAlerts(ImmutableList.of(scan, attack));
        start();

        ObjectNode bySeverity = MAPPER.createObjectNode().put("firstCol", "severity").put("firstDir", "desc");
        handler.process(message(DATA_REQ, bySeverity));
        assertEquals("HIGH", rowsOf(conn.payloads(DATA_RESP).get(0)).get(0).get("severity").asText());

        ObjectNode byTimeAscending = MAPPER.createObjectNode().put("firstCol", "time").put("firstDir", "asc");
        handler.process(message(DATA_REQ, byTimeAscending));
        assertEquals("7", rowsOf(conn.payloads(DATA_RESP).get(1)).get(0).get("id").asText());
    }

    @Test
    public void noAlertsSaySo() {
        expectAlerts(ImmutableList.of());
        start();

        handler.process(message(DATA_REQ, MAPPER.createObjectNode()));

        ObjectNode response = conn.only(DATA_RESP);
        assertEquals(0, rowsOf(response).size());
        assertTrue(response.get("annots").get("no_rows_msg").asText().startsWith("No alerts"));
    }

    @Test
    public void detailsCarryTheDecisionPathAndTheFeatures() {
        expect(alertService.alert(7)).andReturn(Optional.of(attack));
        start();

        handler.process(message(DETAILS_REQ, MAPPER.createObjectNode().put("id", "7")));

        JsonNode d = conn.only(DETAILS_RESP).get("details");
        assertEquals("7", d.get("id").asText());
        assertEquals("Attack", d.get("class").asText());
        assertEquals("HIGH", d.get("severity").asText());
        assertEquals("OPEN", d.get("state").asText());
        assertTrue(d.get("canAck").asBoolean());
        assertTrue(d.get("canBlock").asBoolean());
        assertEquals("10.0.0.1:40000", d.get("source").asText());
        assertEquals("10.0.0.3:9999", d.get("destination").asText());
        assertEquals("TCP", d.get("protocol").asText());
        assertEquals("2026-01-15 10:00:00", d.get("firstSeen").asText());
        assertEquals("2026-01-15 10:00:02", d.get("lastSeen").asText());
        assertEquals(3, d.get("leaf").asInt());

        JsonNode path = d.get("decisionPath");
        assertEquals(2, path.size());
        assertEquals("L4_DST_PORT = 9999 > 9000", path.get(0).get("text").asText());
        assertTrue(path.get(0).get("holds").asBoolean());
        assertEquals("IN_PKTS = 12, not <= 10", path.get(1).get("text").asText());
        assertFalse(path.get(1).get("holds").asBoolean());

        JsonNode features = d.get("features");
        assertEquals(3, features.size());
        assertEquals("L4_DST_PORT", features.get(0).get("name").asText());
        assertEquals(9999, features.get(0).get("value").asLong());
        assertEquals("IN_PKTS", features.get(2).get("name").asText());

        JsonNode devices = d.get("devices");
        assertEquals("device:bmv2:s3", devices.get(0).get("device").asText());
        assertEquals(2, devices.get(0).get("reports").asLong());
        verify(alertService);
    }

    @Test
    public void detailsOfAnUnknownAlertSaySo() {
        expect(alertService.alert(99)).andReturn(Optional.empty());
        start();

        handler.process(message(DETAILS_REQ, MAPPER.createObjectNode().put("id", 99)));

        ObjectNode response = conn.only(DETAILS_RESP);
        assertEquals("No alert 99", response.get("error").asText());
        assertEquals(0, response.get("details").size());
    }

    @Test
    public void acknowledgeCallsTheServiceAndAnswersWithTheNewState() {
        expect(alertService.acknowledge(7)).andReturn(attack.withState(AlertState.ACKNOWLEDGED));
        start();

        handler.process(message(ACK_REQ, MAPPER.createObjectNode().put("id", "7")));

        ObjectNode ack = conn.only(ACK_RESP);
        assertEquals(7, ack.get("id").asLong());
        assertEquals("ACKNOWLEDGED", ack.get("state").asText());
        assertFalse(ack.has("error"));
        JsonNode d = conn.only(DETAILS_RESP).get("details");
        assertEquals("ACKNOWLEDGED", d.get("state").asText());
        assertFalse(d.get("canAck").asBoolean());
        verify(alertService);
    }

    @Test
    public void blockBlocksTheAlertsSourceLinkedToTheAlert() {
        NidsBlockService blockService = mock(NidsBlockService.class);
        Capture<BlockRequest> request = Capture.newInstance();
        expect(blockService.block(capture(request))).andReturn(NidsBlock.builder().id("3")
                .src(Ip4Address.valueOf("10.0.0.1")).reason("r").createdMillis(T0).build());
        expect(blockService.block(org.easymock.EasyMock.<BlockRequest>anyObject())).andThrow(new NidsException(
                NidsException.Kind.CONFLICT, "10.0.0.1 is already blocked by block 3"));
        replay(blockService);
        NidsAlert blocked = attack.toBuilder().state(AlertState.BLOCKED).blockId("3").build();
        expect(alertService.alert(7)).andReturn(Optional.of(attack));
        expect(alertService.alert(7)).andReturn(Optional.of(blocked)).times(3);
        replay(alertService);
        handler.init(conn.connection, UiTestSupport.directory(ImmutableMap.of(NidsAlertService.class, alertService,
                                                                              NidsBlockService.class, blockService)));

        handler.process(message(BLOCK_REQ, MAPPER.createObjectNode().put("id", "7")));
        ObjectNode answer = conn.only(BLOCK_RESP);
        assertEquals("3", answer.get("blockId").asText());
        assertEquals("10.0.0.1", answer.get("src").asText());
        assertEquals(Ip4Address.valueOf("10.0.0.1"), request.getValue().src());
        assertEquals(Optional.of(7L), request.getValue().alertId());
        JsonNode d = conn.only(DETAILS_RESP).get("details");
        assertEquals("BLOCKED", d.get("state").asText());
        assertFalse(d.get("canBlock").asBoolean());
        assertEquals("3", d.get("block").asText());

        handler.process(message(BLOCK_REQ, MAPPER.createObjectNode().put("id", 7)));
        assertEquals("Cannot block 10.0.0.1: 10.0.0.1 is already blocked by block 3",
                     conn.payloads(BLOCK_RESP).get(1).get("error").asText());
        verify(blockService);
    }

    /** Issue 14: a viewer can neither block nor acknowledge from the GUI; nothing changes, refusals are audited. */
    @Test
    public void aViewerCannotBlockOrAcknowledgeAndTheRefusalsAreAudited() {
        NidsBlockService blockService = mock(NidsBlockService.class);
        replay(blockService);
        expect(alertService.alert(7)).andReturn(Optional.of(attack)).anyTimes();
        replay(alertService);
        RecordingAudit audit = RecordingAudit.onosUsers();
        conn = new UiTestSupport.RecordingConnection("guest");
        handler.init(conn.connection, UiTestSupport.directory(ImmutableMap.of(NidsAlertService.class, alertService,
                                                                              NidsBlockService.class, blockService,
                                                                              NidsAuditService.class, audit)));

        handler.process(message(BLOCK_REQ, MAPPER.createObjectNode().put("id", "7")));
        handler.process(message(ACK_REQ, MAPPER.createObjectNode().put("id", "7")));

        assertEquals("Cannot block 10.0.0.1: guest lacks ONOS's admin role: viewers change nothing",
                     conn.only(BLOCK_RESP).get("error").asText());
        assertEquals("Cannot acknowledge alert 7: guest lacks ONOS's admin role: viewers change nothing",
                     conn.only(ACK_RESP).get("error").asText());
        verify(blockService);
        verify(alertService);
        assertEquals(List.of("guest block.add 10.0.0.1 refused: guest lacks ONOS's admin role: viewers change nothing",
                             "guest alert.ack 7 refused: guest lacks ONOS's admin role: viewers change nothing"),
                     audit.recorded());
    }

    @Test
    public void anAlertOfAnIncidentShowsItAndItsBlockAnswersTheIncident() {
        Incident incident = Incident.open(5, FlowVerdict.builder().timeMicros(T0 * 1000)
                        .flow("10.0.0.1", 51512, "10.0.0.2", 80, 6).verdict(1, "DoS", 1)
                        .location(LocationCheck.MATCH, "reported by device:s1 port 1").build(),
                                          AttackFamily.FLOOD, "Flood", AlertSeverity.HIGH, 5)
                .decided(new BlockDecision(BlockDecision.Kind.WAITING, "fewer than the 10 …", null));
        NidsIncidentService incidents = mock(NidsIncidentService.class);
        expect(incidents.incident(5)).andReturn(Optional.of(incident)).anyTimes();
        replay(incidents);
        NidsBlockService blockService = mock(NidsBlockService.class);
        Capture<BlockRequest> request = Capture.newInstance();
        expect(blockService.block(capture(request))).andReturn(NidsBlock.builder().id("3")
                .src(Ip4Address.valueOf("10.0.0.1")).reason("r").createdMillis(T0).build());
        replay(blockService);
        NidsAlert evidence = attack.toBuilder().incidentId(5L).build();
        expect(alertService.alert(7)).andReturn(Optional.of(evidence)).anyTimes();
        replay(alertService);
        handler.init(conn.connection, UiTestSupport.directory(ImmutableMap.of(NidsAlertService.class, alertService,
                                                                              NidsBlockService.class, blockService,
                                                                              NidsIncidentService.class, incidents)));

        handler.process(message(BLOCK_REQ, MAPPER.createObjectNode().put("id", 7)));
        assertEquals(Optional.of(5L), request.getValue().incidentId());
        assertEquals("5 OPEN: " + incident.describe() + "; location CONFIRMED; WAITING: fewer than the 10 …",
                     conn.only(DETAILS_RESP).get("details").get("incident").asText());
        verify(blockService);
    }

    @Test
    public void rowsNameTheirIncidentAndIncidentEventsPushTheTable() throws Exception {
        // An attack whose incident already has its evidence alerts raises no new alert: the view shows the incident
        // growing instead.
        FlowVerdict first = FlowVerdict.builder().timeMicros(T0 * 1000).flow("10.0.0.1", 40000, "10.0.0.3", 9999, 6)
                .verdict(1, "Attack", 3).build();
        Incident opened = Incident.open(5, first, AttackFamily.OTHER, "Other", AlertSeverity.HIGH, 1);
        Incident grown = opened.fold(FlowVerdict.builder().timeMicros(T0 * 1000 + 1000)
                                             .flow("10.0.0.1", 40001, "10.0.0.3", 9999, 6).verdict(1, "Attack", 3)
                                             .build(), AlertSeverity.HIGH, 1);
        List<Incident> stored = new ArrayList<>(List.of(opened));
        NidsIncidentService incidents = mock(NidsIncidentService.class);
        expect(incidents.incidents(anyObject(IncidentQuery.class))).andAnswer(() -> List.copyOf(stored)).anyTimes();
        Capture<NidsIncidentListener> listener = Capture.newInstance();
        incidents.addListener(capture(listener));
        expectLastCall().once();
        incidents.removeListener(anyObject(NidsIncidentListener.class));
        expectLastCall().once();
        replay(incidents);
        expectAlerts(ImmutableList.of(attack.toBuilder().incidentId(5L).build(), scan.toBuilder().incidentId(4L)
                .build(), attack.toBuilder().id(9).build()));
        alertService.addListener(anyObject(NidsAlertListener.class));
        alertService.removeListener(anyObject(NidsAlertListener.class));
        replay(alertService);
        handler.init(conn.connection, UiTestSupport.directory(ImmutableMap.of(NidsAlertService.class, alertService,
                                                                              NidsIncidentService.class, incidents)));

        handler.process(message(DATA_REQ, MAPPER.createObjectNode().put("firstCol", "id").put("firstDir", "asc")));
        handler.process(message(WATCH_REQ, MAPPER.createObjectNode().put("watch", true)));
        JsonNode rows = rowsOf(conn.payloads(DATA_RESP).get(0));
        assertEquals("5: 1 flow, OPEN", rows.get(0).get("incident").asText());
        assertEquals("an incident no longer stored: its id", "4", rows.get(1).get("incident").asText());
        assertEquals("no incident", "-", rows.get(2).get("incident").asText());

        stored.set(0, grown);
        listener.getValue().event(new NidsIncidentEvent(NidsIncidentEvent.Type.INCIDENT_UPDATED, grown, opened));
        waitForPushes();
        assertEquals("5: 2 flows, OPEN", rowsOf(conn.payloads(DATA_RESP).get(1)).get(0).get("incident").asText());
        handler.destroy();
        verify(incidents);
    }

    @Test
    public void acknowledgingAnUnknownAlertAnswersWithTheReason() {
        expect(alertService.acknowledge(99)).andThrow(new NidsException(NidsException.Kind.NOT_FOUND, "no alert 99"));
        expect(alertService.alert(99)).andReturn(Optional.empty());
        start();

        handler.process(message(ACK_REQ, MAPPER.createObjectNode().put("id", 99)));

        assertEquals("Cannot acknowledge alert 99: no alert 99", conn.only(ACK_RESP).get("error").asText());
        assertEquals("No alert 99", conn.only(DETAILS_RESP).get("error").asText());
    }

    @Test
    public void alertEventsPushTheTableWhileTheViewWatches() throws Exception {
        Capture<NidsAlertListener> listener = Capture.newInstance();
        alertService.addListener(capture(listener));
        expectLastCall().once();
        alertService.removeListener(anyObject(NidsAlertListener.class));
        expectLastCall().once();
        List<NidsAlert> stored = new ArrayList<>(ImmutableList.of(attack));
        expect(alertService.alerts(anyObject(AlertQuery.class))).andAnswer(() -> ImmutableList.copyOf(stored))
                .anyTimes();
        start();

        ObjectNode byClass = MAPPER.createObjectNode().put("firstCol", "class").put("firstDir", "asc");
        handler.process(message(DATA_REQ, byClass));
        handler.process(message(WATCH_REQ, MAPPER.createObjectNode().put("watch", true)));
        assertTrue(handler.watching());

        stored.add(scan);
        listener.getValue().event(new NidsAlertEvent(NidsAlertEvent.Type.ALERT_RAISED, scan, null));
        waitForPushes();

        List<ObjectNode> responses = conn.payloads(DATA_RESP);
        assertEquals("the request, then one push", 2, responses.size());
        JsonNode pushed = rowsOf(responses.get(1));
        assertEquals(2, pushed.size());
        assertEquals("pushed with the view's sort order", "Attack", pushed.get(0).get("class").asText());
        assertEquals("PortScan", pushed.get(1).get("class").asText());

        handler.process(message(WATCH_REQ, MAPPER.createObjectNode().put("watch", false)));
        assertFalse(handler.watching());
        listener.getValue().event(new NidsAlertEvent(NidsAlertEvent.Type.ALERT_UPDATED, scan, scan));
        waitForPushes();
        assertEquals("no push once the view stopped watching", 2, conn.payloads(DATA_RESP).size());

        handler.destroy();
        handler.destroy();
        verify(alertService);
    }

    @Test
    public void destroyStopsListening() {
        Capture<NidsAlertListener> listener = Capture.newInstance();
        alertService.addListener(capture(listener));
        expectLastCall().once();
        Capture<NidsAlertListener> removed = Capture.newInstance();
        alertService.removeListener(capture(removed));
        expectLastCall().once();
        start();

        handler.process(message(WATCH_REQ, MAPPER.createObjectNode().put("watch", true)));
        handler.process(message(WATCH_REQ, MAPPER.createObjectNode().put("watch", true)));
        handler.destroy();
        handler.destroy();

        assertSame(listener.getValue(), removed.getValue());
        assertFalse(handler.watching());
        verify(alertService);
    }

    @Test
    public void eventsBeforeAnyTableRequestPushNothing() throws Exception {
        Capture<NidsAlertListener> listener = Capture.newInstance();
        alertService.addListener(capture(listener));
        alertService.removeListener(anyObject(NidsAlertListener.class));
        expect(alertService.alerts(anyObject(AlertQuery.class))).andReturn(ImmutableList.of()).anyTimes();
        expect(alertService.alert(anyLong())).andReturn(Optional.empty()).anyTimes();
        start();

        handler.process(message(WATCH_REQ, MAPPER.createObjectNode().put("watch", true)));
        listener.getValue().event(new NidsAlertEvent(NidsAlertEvent.Type.ALERT_RAISED, attack, null));
        waitForPushes();

        assertTrue(conn.payloads(DATA_RESP).isEmpty());
    }

    private void waitForPushes() throws Exception {
        UiTestSupport.waitForPushes(pushExecutor);
    }
}
