/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.alert;

import org.junit.After;
import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.AlertState;
import org.onosproject.nids.api.NidsAlert;
import org.onosproject.nids.api.NidsAlertEvent;
import org.onosproject.nids.codec.AlertTestData;
import org.onosproject.nids.impl.AtomixLikeStorageService;
import org.onosproject.nids.impl.Concurrently;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.store.service.TestStorageService;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongFunction;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;
import static org.onosproject.nids.api.NidsAlertEvent.Type.ALERT_ACKNOWLEDGED;
import static org.onosproject.nids.api.NidsAlertEvent.Type.ALERT_BLOCKED;
import static org.onosproject.nids.api.NidsAlertEvent.Type.ALERT_RAISED;
import static org.onosproject.nids.api.NidsAlertEvent.Type.ALERT_UPDATED;
import static org.onosproject.nids.codec.AlertTestData.KEY;
import static org.onosproject.nids.codec.AlertTestData.MODEL;
import static org.onosproject.nids.codec.AlertTestData.OTHER_KEY;
import static org.onosproject.nids.codec.AlertTestData.S2;
import static org.onosproject.nids.codec.AlertTestData.T0;
import static org.onosproject.nids.codec.AlertTestData.alert;

/** The distributed alert store on ONOS's test storage: dedup index, transitions, events, pruning, reload. */
public class DistributedNidsAlertStoreTest {

    private static final long WINDOW = 300_000;
    private static final AlertKey K1 = AlertKey.of(KEY, MODEL.modelId());

    private final List<NidsAlertEvent> events = new ArrayList<>();
    private final NidsAlertStoreDelegate delegate = events::add;
    private DistributedNidsAlertStore store;

    @BeforeClass
    public static void openJavaBaseForKryo() {
    }

    @Before
    public void setUp() {
        store = storeOn(new TestStorageService());
    }

    @After
    public void tearDown() {
        store.unsetDelegate(delegate);
        store.deactivate();
    }

    private DistributedNidsAlertStore storeOn(TestStorageService storage) {
        DistributedNidsAlertStore s = new DistributedNidsAlertStore();
        s.storageService = storage;
        s.activate();
        s.setDelegate(delegate);
        return s;
    }

    /** Opens the alert of a report at {@code time}, with the key's flow and model. */
    private static LongFunction<NidsAlert> open(AlertKey key, long time) {
        return id -> alert(id, AlertState.OPEN, time).toBuilder().flowKey(key.flowKey())
                .modelId(key.modelId().orElse(null)).build();
    }

    /** Folds a report of S2 at {@code time}. */
    private static UnaryOperator<NidsAlert> fold(long time) {
        return alert -> {
            Map<DeviceId, Long> devices = new LinkedHashMap<>(alert.deviceReports());
            devices.merge(S2, 1L, Long::sum);
            return alert.toBuilder().reportCount(alert.reportCount() + 1).deviceReports(devices)
                    .lastSeenMillis(Math.max(time, alert.lastSeenMillis())).build();
        };
    }

    private NidsAlert report(AlertKey key, long time) {
        return store.report(key, time, WINDOW, open(key, time), fold(time));
    }

    private List<NidsAlertEvent.Type> eventTypes() {
        return events.stream().map(NidsAlertEvent::type).collect(Collectors.toList());
    }

    @Test
    public void aReportWithinTheWindowFoldsIntoTheAlertAndOneAfterItRaisesANewOne() {
        NidsAlert first = report(K1, T0);
        NidsAlert second = report(K1, T0 + WINDOW - 1);
        assertEquals(first.id(), second.id());
        assertEquals(2, second.reportCount());
        assertEquals(T0 + WINDOW - 1, second.lastSeenMillis());

        // The window slides with the last report.
        NidsAlert third = report(K1, T0 + 2 * WINDOW - 2);
        assertEquals(first.id(), third.id());

        NidsAlert fourth = report(K1, T0 + 3 * WINDOW);
        assertNotEquals(first.id(), fourth.id());
        assertEquals(1, fourth.reportCount());
        assertEquals(2, store.size());
        assertEquals(List.of(ALERT_RAISED, ALERT_UPDATED, ALERT_UPDATED, ALERT_RAISED), eventTypes());
        assertEquals(first.id(), events.get(1).previous().get().id());
        assertFalse(events.get(0).previous().isPresent());
    }

    @Test
    public void otherFlowsAndOtherModelsAreOtherAlerts() {
        NidsAlert a = report(K1, T0);
        NidsAlert b = report(AlertKey.of(OTHER_KEY, MODEL.modelId()), T0);
        NidsAlert c = report(AlertKey.of(KEY, "nids-0000000000000001"), T0);
        NidsAlert d = report(AlertKey.of(KEY, null), T0);
        assertEquals(4, Set.of(a.id(), b.id(), c.id(), d.id()).size());
        assertEquals(Optional.of("nids-0000000000000001"), c.modelId());
        assertEquals(Optional.empty(), d.modelId());
        assertEquals(d.id(), report(AlertKey.of(KEY, null), T0 + 1).id());
    }

    @Test
    public void updatesTransitionTheStateAndFireTheirEventsOnce() {
        long id = report(K1, T0).id();
        events.clear();

        NidsAlert acked = store.update(id, a -> a.state() == AlertState.OPEN,
                a -> a.withState(AlertState.ACKNOWLEDGED)).get();
        assertEquals(AlertState.ACKNOWLEDGED, acked.state());
        // Not needed any more: nothing changes, no event.
        assertEquals(acked, store.update(id, a -> a.state() == AlertState.OPEN,
                a -> a.withState(AlertState.ACKNOWLEDGED)).get());

        NidsAlert blocked = store.update(id, a -> a.state() != AlertState.BLOCKED,
                a -> a.toBuilder().state(AlertState.BLOCKED).blockId("b-1").build()).get();
        assertEquals(Optional.of("b-1"), blocked.blockId());
        // A report of a blocked flow still counts; the alert stays blocked.
        assertEquals(AlertState.BLOCKED, report(K1, T0 + 5).state());

        assertEquals(List.of(ALERT_ACKNOWLEDGED, ALERT_BLOCKED, ALERT_UPDATED), eventTypes());
        assertEquals(Optional.empty(), store.update(999, a -> true, a -> a.withState(AlertState.BLOCKED)));
    }

    @Test
    public void eventOfMapChanges() {
        NidsAlert open = alert(1, AlertState.OPEN, T0);
        assertEquals(ALERT_RAISED, DistributedNidsAlertStore.eventOf(null, open).get().type());
        assertEquals(Optional.empty(), DistributedNidsAlertStore.eventOf(open, null));
        assertEquals(Optional.empty(), DistributedNidsAlertStore.eventOf(open, open));
        assertEquals(ALERT_ACKNOWLEDGED, DistributedNidsAlertStore.eventOf(open,
                open.withState(AlertState.ACKNOWLEDGED)).get().type());
        NidsAlert blocked = open.toBuilder().state(AlertState.BLOCKED).blockId("b").build();
        assertEquals(ALERT_BLOCKED, DistributedNidsAlertStore.eventOf(open, blocked).get().type());
        assertEquals(ALERT_BLOCKED, DistributedNidsAlertStore.eventOf(blocked,
                blocked.toBuilder().blockId("b2").build()).get().type());
        assertEquals(ALERT_UPDATED, DistributedNidsAlertStore.eventOf(open,
                open.toBuilder().reportCount(2).build()).get().type());
    }

    @Test
    public void pruningRemovesTheOldestClosedAlertsFirstThenTheOldestOpenOnes() {
        AlertState[] states = {AlertState.OPEN, AlertState.ACKNOWLEDGED, AlertState.OPEN, AlertState.BLOCKED,
                AlertState.ACKNOWLEDGED, AlertState.OPEN};
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < states.length; i++) {
            AlertKey key = AlertKey.of(KEY, "nids-000000000000000" + i);
            long id = report(key, T0 + i).id();
            AlertState state = states[i];
            store.update(id, a -> state != AlertState.OPEN,
                    a -> a.toBuilder().state(state).blockId(state == AlertState.BLOCKED ? "b" : null).build());
            ids.add(id);
        }
        events.clear();

        assertEquals(List.of(), store.prune(6));
        Collection<NidsAlert> removed = store.prune(4);
        assertEquals(Set.of(ids.get(1), ids.get(3)), ids(removed));
        assertEquals(Set.of(ids.get(0), ids.get(2), ids.get(4), ids.get(5)), ids(store.alerts()));

        removed = store.prune(2);
        assertEquals(Set.of(ids.get(4), ids.get(0)), ids(removed));
        assertEquals(Set.of(ids.get(2), ids.get(5)), ids(store.alerts()));
        assertEquals("pruning fires no event", List.of(), events);

        // The dedup index forgets pruned alerts: the flow's next report raises a new alert.
        NidsAlert again = report(AlertKey.of(KEY, "nids-0000000000000000"), T0 + 10);
        assertFalse(ids.contains(again.id()));
        assertEquals(1, again.reportCount());
    }

    private static Set<Long> ids(Collection<NidsAlert> alerts) {
        return alerts.stream().map(NidsAlert::id).collect(Collectors.toSet());
    }

    @Test
    public void concurrentReportsOfOneFlowOnTwoInstancesFoldIntoOneAlert() throws Exception {
        // Several detection threads on two instances, on storage that behaves as Atomix's toward concurrent writers
        // (and fails a store call made inside a compute function, which timed out in ONOS).
        AtomixLikeStorageService storage = new AtomixLikeStorageService();
        List<NidsAlertEvent> otherEvents = Collections.synchronizedList(new ArrayList<>());
        List<DistributedNidsAlertStore> instances = List.of(storeOn(storage), storeOn(storage));
        instances.get(1).unsetDelegate(delegate);
        instances.get(1).setDelegate(otherEvents::add);
        try {
            int threads = 6;
            int reports = 20;
            Concurrently.run(threads, t -> {
                for (int i = 0; i < reports; i++) {
                    instances.get(t % 2).report(K1, T0 + i, WINDOW, open(K1, T0 + i), fold(T0 + i));
                }
            });
            Collection<NidsAlert> alerts = instances.get(0).alerts();
            assertEquals(alerts.toString(), 1, alerts.size());
            assertEquals(threads * reports, alerts.iterator().next().reportCount());
            assertEquals(alerts, instances.get(1).alerts());
            assertEquals(1, otherEvents.stream().filter(e -> e.type() == ALERT_RAISED).count());
        } finally {
            instances.forEach(DistributedNidsAlertStore::deactivate);
        }
    }

    @Test
    public void alertsSurviveAReloadOfTheStore() {
        SharedTestStorageService storage = new SharedTestStorageService();
        store.unsetDelegate(delegate);
        store.deactivate();
        store = storeOn(storage);
        NidsAlert raised = report(K1, T0);
        store.update(raised.id(), a -> true, a -> a.withState(AlertState.ACKNOWLEDGED));
        store.unsetDelegate(delegate);
        store.deactivate();

        store = storeOn(storage);
        assertEquals(AlertState.ACKNOWLEDGED, store.alert(raised.id()).get().state());
        // Dedup continues across the reload, and new ids do not reuse old ones.
        assertEquals(raised.id(), report(K1, T0 + 1).id());
        assertNotEquals(raised.id(), report(AlertKey.of(OTHER_KEY, null), T0 + 1).id());
    }

    @Test
    public void theSerializerCarriesEveryStoredType() {
        for (NidsAlert alert : List.of(
                alert(1, AlertState.OPEN, T0),
                alert(2, AlertState.BLOCKED, T0).toBuilder().modelId(null).decisionPath(List.of())
                        .features(Map.of()).build(),
                alert(3, AlertState.ACKNOWLEDGED, T0).toBuilder()
                        .deviceReports(Map.of(S2, 3L, org.onosproject.nids.codec.AlertTestData.S1, 1L))
                        .decisionPath(org.onosproject.nids.impl.alert.DecisionPaths.explain(MODEL.phases().get(0).compiled(), 3,
                                org.onosproject.nids.codec.AlertTestData.SCAN_FEATURES,
                                org.onosproject.nids.model.catalog.FeatureCatalog.standard()))
                        .build())) {
            byte[] bytes = DistributedNidsAlertStore.SERIALIZER.encode(alert);
            assertEquals(alert, DistributedNidsAlertStore.SERIALIZER.decode(bytes));
        }
        for (AlertKey key : List.of(K1, AlertKey.of(OTHER_KEY, null))) {
            assertEquals(key, DistributedNidsAlertStore.SERIALIZER.decode(
                    DistributedNidsAlertStore.SERIALIZER.encode(key)));
        }
        assertTrue(DistributedNidsAlertStore.SERIALIZER.decode(
                DistributedNidsAlertStore.SERIALIZER.encode(7L)).equals(7L));
    }
}
