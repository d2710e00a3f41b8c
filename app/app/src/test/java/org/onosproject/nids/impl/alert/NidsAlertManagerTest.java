/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.alert;

import org.junit.After;
import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.Test;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.net.NetTestTools;
import org.onosproject.nids.api.AlertQuery;
import org.onosproject.nids.api.AlertState;
import org.onosproject.nids.api.DecisionStep;
import org.onosproject.nids.api.FlowRecord;
import org.onosproject.nids.api.NidsAlert;
import org.onosproject.nids.api.NidsAlertEvent;
import org.onosproject.nids.api.NidsAlertListener;
import org.onosproject.nids.api.NidsException;
import org.onosproject.nids.codec.AlertTestData;
import org.onosproject.nids.detection.AlertSeverity;
import org.onosproject.store.service.TestStorageService;
import org.osgi.service.component.ComponentContext;

import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.easymock.EasyMock.createMock;
import static org.easymock.EasyMock.expect;
import static org.easymock.EasyMock.replay;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.onosproject.nids.api.NidsAlertEvent.Type.ALERT_ACKNOWLEDGED;
import static org.onosproject.nids.api.NidsAlertEvent.Type.ALERT_BLOCKED;
import static org.onosproject.nids.api.NidsAlertEvent.Type.ALERT_RAISED;
import static org.onosproject.nids.api.NidsAlertEvent.Type.ALERT_UPDATED;
import static org.onosproject.nids.codec.AlertTestData.DOS;
import static org.onosproject.nids.codec.AlertTestData.DOS_FEATURES;
import static org.onosproject.nids.codec.AlertTestData.DOS_LEAF;
import static org.onosproject.nids.codec.AlertTestData.KEY;
import static org.onosproject.nids.codec.AlertTestData.MODEL;
import static org.onosproject.nids.codec.AlertTestData.OTHER_KEY;
import static org.onosproject.nids.codec.AlertTestData.S1;
import static org.onosproject.nids.codec.AlertTestData.S2;
import static org.onosproject.nids.codec.AlertTestData.SCAN_LEAF;
import static org.onosproject.nids.codec.AlertTestData.T0;
import static org.onosproject.nids.codec.AlertTestData.dos;
import static org.onosproject.nids.codec.AlertTestData.record;
import static org.onosproject.nids.codec.AlertTestData.scan;
import static org.onosproject.nids.impl.alert.AlertPropertyConstants.ALERT_DEDUP_WINDOW_SECONDS;
import static org.onosproject.nids.impl.alert.AlertPropertyConstants.ALERT_SEVERITIES;
import static org.onosproject.nids.impl.alert.AlertPropertyConstants.MAX_ALERTS;

/**
 * The alert manager over the distributed store on ONOS's test storage: deduplication, decision paths, severities,
 * transitions, events to listeners, pruning, queries.
 */
public class NidsAlertManagerTest {

    private static final long WINDOW = 300_000;

    private final List<NidsAlertEvent> events = new ArrayList<>();
    private final NidsAlertListener listener = events::add;
    private final TestModelService models = new TestModelService().add(MODEL);
    private DistributedNidsAlertStore store;
    private NidsAlertManager manager;

    @BeforeClass
    public static void openJavaBaseForKryo() {
    }

    @Before
    public void setUp() {
        store = new DistributedNidsAlertStore();
        store.storageService = new TestStorageService();
        store.activate();
        manager = new NidsAlertManager();
        manager.store = store;
        manager.modelService = models;
        manager.componentConfigService = new ComponentConfigAdapter();
        NetTestTools.injectEventDispatcher(manager, new SyncEventDispatcher());
        manager.activate(context(Map.of()));
        manager.addListener(listener);
    }

    @After
    public void tearDown() {
        manager.removeListener(listener);
        manager.deactivate();
        store.deactivate();
    }

    private static ComponentContext context(Map<String, Object> properties) {
        ComponentContext context = createMock(ComponentContext.class);
        expect(context.getProperties()).andReturn(new Hashtable<>(properties)).anyTimes();
        replay(context);
        return context;
    }

    private List<NidsAlertEvent.Type> eventTypes() {
        return events.stream().map(NidsAlertEvent::type).collect(Collectors.toList());
    }

    @Test
    public void theSameFlowFromSeveralSwitchesWithinTheWindowIsOneAlert() {
        NidsAlert first = manager.report(dos(S1, KEY, T0));
        manager.report(dos(S2, KEY, T0 + 10));
        NidsAlert alert = manager.report(dos(S1, KEY, T0 + 20));

        assertEquals(first.id(), alert.id());
        assertEquals(3, alert.reportCount());
        assertEquals(Map.of(S1, 2L, S2, 1L), alert.deviceReports());
        assertEquals(List.of(S1, S2), List.copyOf(alert.devices()));
        assertEquals(T0, alert.firstSeenMillis());
        assertEquals(T0 + 20, alert.lastSeenMillis());
        assertEquals(AlertState.OPEN, alert.state());
        assertEquals(1, manager.alerts().size());
        assertEquals(List.of(ALERT_RAISED, ALERT_UPDATED, ALERT_UPDATED), eventTypes());
        assertEquals(alert, events.get(2).subject());
        assertEquals(2, events.get(2).previous().get().reportCount());
    }

    @Test
    public void aReportAfterTheWindowRaisesANewAlert() {
        NidsAlert first = manager.report(dos(S1, KEY, T0));
        assertEquals(first.id(), manager.report(dos(S1, KEY, T0 + WINDOW - 1)).id());
        NidsAlert second = manager.report(dos(S2, KEY, T0 + 2 * WINDOW));
        assertNotEquals(first.id(), second.id());
        assertEquals(1, second.reportCount());
        assertEquals(Map.of(S2, 1L), second.deviceReports());
        assertEquals(2, first.reportCount() + 1);
        assertEquals(List.of(ALERT_RAISED, ALERT_UPDATED, ALERT_RAISED), eventTypes());
    }

    @Test
    public void theWindowIsAComponentProperty() {
        manager.modified(context(Map.of(ALERT_DEDUP_WINDOW_SECONDS, 60)));
        NidsAlert first = manager.report(dos(S1, KEY, T0));
        assertEquals(first.id(), manager.report(dos(S1, KEY, T0 + 59_999)).id());
        assertNotEquals(first.id(), manager.report(dos(S1, KEY, T0 + 59_999 + 60_000)).id());

        // 0: no dedup at all.
        manager.modified(context(Map.of(ALERT_DEDUP_WINDOW_SECONDS, 0)));
        NidsAlert a = manager.report(dos(S1, OTHER_KEY, T0));
        assertNotEquals(a.id(), manager.report(dos(S2, OTHER_KEY, T0)).id());
    }

    @Test
    public void otherFlowsAndOtherModelsAreOtherAlerts() {
        NidsAlert a = manager.report(dos(S1, KEY, T0));
        NidsAlert b = manager.report(dos(S1, OTHER_KEY, T0));
        FlowRecord otherModel = record(S1, KEY, "nids-00000000000000ff", 3, "Botnet", 7, DOS_FEATURES, T0 + 1);
        NidsAlert c = manager.report(otherModel);
        assertEquals(3, List.of(a.id(), b.id(), c.id()).stream().distinct().count());

        // The other model is not stored: the record's class name, no decision path.
        assertEquals("Botnet", c.className());
        assertEquals(Optional.of("nids-00000000000000ff"), c.modelId());
        assertEquals(7, c.leafId());
        assertEquals(List.of(), c.decisionPath());
        assertEquals(AlertSeverity.HIGH, c.severity());
        assertEquals(3, manager.alerts().size());
    }

    @Test
    public void theAlertExplainsItselfWithTheDecisionPathOfItsLeaf() {
        NidsAlert dos = manager.report(dos(S1, KEY, T0));
        assertEquals("DoS", dos.className());
        assertEquals(DOS, dos.classId());
        assertEquals(DOS_LEAF, dos.leafId());
        assertEquals(List.of("IN_BYTES = 412 <= 1000"),
                dos.decisionPath().stream().map(DecisionStep::explain).collect(Collectors.toList()));
        assertEquals(AlertSeverity.HIGH, dos.severity());
        assertEquals(DOS_FEATURES, dos.features());

        // The class name comes from the model even when the record has none.
        FlowRecord unnamed = record(S2, OTHER_KEY, MODEL.modelId(), 2, null, SCAN_LEAF,
                org.onosproject.nids.codec.AlertTestData.SCAN_FEATURES, T0);
        NidsAlert scan = manager.report(unnamed);
        assertEquals("Scan", scan.className());
        assertEquals(AlertSeverity.MEDIUM, scan.severity());
        assertEquals(List.of("IN_BYTES = 1412 > 1000", "PROTOCOL = 17 > 6"),
                scan.decisionPath().stream().map(DecisionStep::explain).collect(Collectors.toList()));
        assertTrue(scan.decisionPath().stream().allMatch(DecisionStep::holds));
        // The model was read once: its class names and leaves are kept.
        assertEquals(1, models.lookups);
    }

    @Test
    public void theLatestReportGivesClassLeafPathAndFeaturesAnOlderOneOnlyCounts() {
        manager.report(dos(S1, KEY, T0));
        NidsAlert latest = manager.report(scan(S2, KEY, T0 + 100));
        assertEquals("Scan", latest.className());
        assertEquals(SCAN_LEAF, latest.leafId());
        assertEquals(2, latest.decisionPath().size());
        assertEquals(AlertSeverity.MEDIUM, latest.severity());

        NidsAlert late = manager.report(dos(S1, KEY, T0 + 50));
        assertEquals(3, late.reportCount());
        assertEquals("Scan", late.className());
        assertEquals(T0 + 100, late.lastSeenMillis());
        assertEquals(latest.features(), late.features());
    }

    @Test
    public void onlyAttacksAreReported() {
        try {
            manager.report(record(S1, KEY, MODEL.modelId(), 0, "Benign", 2, DOS_FEATURES, T0));
            fail("benign record accepted");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("not an attack"));
        }
        assertEquals(List.of(), manager.alerts());
        assertEquals(List.of(), events);
    }

    @Test
    public void aRecordWithoutReceiveTimeIsStampedNow() {
        long before = System.currentTimeMillis();
        NidsAlert alert = manager.report(dos(S1, KEY, 0));
        assertTrue(alert.firstSeenMillis() >= before && alert.firstSeenMillis() <= System.currentTimeMillis());
    }

    @Test
    public void acknowledgeOpenAlertsOnlyAndTellTheListeners() {
        long id = manager.report(dos(S1, KEY, T0)).id();
        NidsAlert acked = manager.acknowledge(id);
        assertEquals(AlertState.ACKNOWLEDGED, acked.state());
        assertEquals(acked, manager.acknowledge(id));
        assertEquals(acked, manager.alert(id).get());
        // New reports keep the state.
        assertEquals(AlertState.ACKNOWLEDGED, manager.report(dos(S2, KEY, T0 + 1)).state());
        assertEquals(List.of(ALERT_RAISED, ALERT_ACKNOWLEDGED, ALERT_UPDATED), eventTypes());
        assertEquals(AlertState.OPEN, events.get(1).previous().get().state());

        try {
            manager.acknowledge(id + 100);
            fail("unknown alert acknowledged");
        } catch (NidsException e) {
            assertEquals(NidsException.Kind.NOT_FOUND, e.kind());
            assertEquals("alert " + (id + 100) + " does not exist", e.getMessage());
        }
    }

    @Test
    public void markBlockedRecordsTheBlockAndAckingItChangesNothing() {
        long id = manager.report(dos(S1, KEY, T0)).id();
        manager.acknowledge(id);
        NidsAlert blocked = manager.markBlocked(id, "block-7");
        assertEquals(AlertState.BLOCKED, blocked.state());
        assertEquals(Optional.of("block-7"), blocked.blockId());
        assertEquals(blocked, manager.markBlocked(id, "block-7"));
        assertEquals(blocked, manager.acknowledge(id));
        assertEquals(List.of(ALERT_RAISED, ALERT_ACKNOWLEDGED, ALERT_BLOCKED), eventTypes());

        try {
            manager.markBlocked(id + 1, "block-8");
            fail("unknown alert blocked");
        } catch (NidsException e) {
            assertEquals(NidsException.Kind.NOT_FOUND, e.kind());
        }
    }

    @Test
    public void listenersRemovedHearNothing() {
        manager.removeListener(listener);
        manager.report(dos(S1, KEY, T0));
        assertEquals(List.of(), events);
        manager.addListener(listener);
    }

    @Test
    public void theStoreIsPrunedToNinetyPercentOfMaxAlertsClosedAlertsFirst() {
        manager.modified(context(Map.of(MAX_ALERTS, 10)));
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            FlowRecord record = dos(S1, org.onosproject.nids.api.FlowKey.of(KEY.clientIp(), KEY.serverIp(),
                    1000 + i, 80, 6), T0 + i);
            ids.add(manager.report(record).id());
        }
        manager.acknowledge(ids.get(5));
        manager.markBlocked(ids.get(7), "b");
        assertEquals(10, manager.alerts().size());

        manager.report(dos(S1, KEY, T0 + 100));
        List<Long> left = manager.alerts().stream().map(NidsAlert::id).collect(Collectors.toList());
        assertEquals(9, left.size());
        assertTrue(!left.contains(ids.get(5)) && !left.contains(ids.get(7)));
        assertTrue(left.contains(ids.get(0)));

        // Lowering the bound prunes at once; with no closed alert left, the oldest open ones go.
        manager.modified(context(Map.of(MAX_ALERTS, 3)));
        assertEquals(List.of(left.get(0), ids.get(9), ids.get(8)),
                manager.alerts().stream().map(NidsAlert::id).collect(Collectors.toList()));
    }

    @Test
    public void queriesFilterAndListNewestFirst() {
        long a = manager.report(dos(S1, KEY, T0)).id();
        long b = manager.report(scan(S1, OTHER_KEY, T0 + 1000)).id();
        long c = manager.report(dos(S2, org.onosproject.nids.api.FlowKey.of(KEY.clientIp(), KEY.serverIp(), 1, 2,
                17), T0 + 2000)).id();
        manager.acknowledge(c);

        assertEquals(List.of(c, b, a), ids(manager.alerts(AlertQuery.all())));
        assertEquals(List.of(c, b), ids(manager.alerts(AlertQuery.builder().limit(2).build())));
        assertEquals(List.of(b, a), ids(manager.alerts(AlertQuery.builder().state(AlertState.OPEN).build())));
        assertEquals(List.of(c, a), ids(manager.alerts(AlertQuery.builder().className("DoS").build())));
        assertEquals(List.of(c, b), ids(manager.alerts(AlertQuery.builder().sinceMillis(T0 + 1000).build())));
        assertEquals(List.of(a), ids(manager.alerts(AlertQuery.builder().className("DoS")
                .state(AlertState.OPEN).build())));
        assertEquals(List.of(), ids(manager.alerts(AlertQuery.builder().className("dos").build())));
    }

    private static List<Long> ids(List<NidsAlert> alerts) {
        return alerts.stream().map(NidsAlert::id).collect(Collectors.toList());
    }

    @Test
    public void severitiesCanBeOverriddenPerClass() {
        manager.modified(context(Map.of(ALERT_SEVERITIES, "scan=low, DoS=Medium")));
        assertEquals(AlertSeverity.MEDIUM, manager.report(dos(S1, KEY, T0)).severity());
        assertEquals(AlertSeverity.LOW, manager.report(scan(S1, OTHER_KEY, T0)).severity());

        // A malformed value is ignored: the previous policy stays.
        manager.modified(context(Map.of(ALERT_SEVERITIES, "DoS=URGENT")));
        FlowRecord another = dos(S2, org.onosproject.nids.api.FlowKey.of(KEY.clientIp(), KEY.serverIp(), 9, 9, 6),
                T0);
        assertEquals(AlertSeverity.MEDIUM, manager.report(another).severity());
    }
}
