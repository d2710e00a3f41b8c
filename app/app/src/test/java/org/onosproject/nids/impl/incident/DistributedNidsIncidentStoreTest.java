/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.incident;

import org.junit.After;
import org.junit.Test;
import org.onosproject.nids.api.NidsIncidentEvent;
import org.onosproject.nids.detection.FlowVerdict;
import org.onosproject.nids.detection.Incident;
import org.onosproject.nids.detection.IncidentBook;
import org.onosproject.nids.detection.IncidentPolicy;
import org.onosproject.nids.detection.LocationCheck;
import org.onosproject.nids.detection.SeverityPolicy;
import org.onosproject.nids.impl.AtomixLikeStorageService;
import org.onosproject.nids.impl.Concurrently;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.onosproject.nids.api.NidsIncidentEvent.Type.INCIDENT_OPENED;
import static org.onosproject.nids.detection.IncidentBook.NO_HOST_BLOCKED;
import static org.onosproject.nids.api.NidsIncidentEvent.Type.INCIDENT_UPDATED;

/**
 * The incident store as several detection threads on several instances use it, on storage that behaves as ONOS's
 * Atomix-backed primitives do toward concurrent writers (and fails a store call made inside a compute function):
 * concurrent verdicts of one source and family join one incident, every instance sees its events, the counts add up.
 */
public class DistributedNidsIncidentStoreTest {

    private static final long T0_MICROS = 1_768_471_200_000_000L;

    private final AtomixLikeStorageService storage = new AtomixLikeStorageService();
    private final List<DistributedNidsIncidentStore> stores = new ArrayList<>();

    /** An instance's incident store on the shared storage, its events collected in {@code events}. */
    private DistributedNidsIncidentStore instance(List<NidsIncidentEvent> events) {
        DistributedNidsIncidentStore store = new DistributedNidsIncidentStore();
        store.storageService = storage;
        store.activate();
        store.setDelegate(events::add);
        stores.add(store);
        return store;
    }

    @After
    public void tearDown() {
        stores.forEach(DistributedNidsIncidentStore::deactivate);
    }

    /** Flow {@code n} of {@code src} to 10.0.0.9:80, a DoS verdict at T0 + n ms, from the source's edge switch. */
    private static FlowVerdict verdict(String src, int n, int confidencePermille) {
        return FlowVerdict.builder().timeMicros(T0_MICROS + n * 1000L).flow(src, 20000 + n, "10.0.0.9", 80, 6)
                .verdict(1, "DoS", 5).confidencePermille(confidencePermille).decisionPath("IN_PKTS = 1 <= 2")
                .modelId("m").reportedBy("device:bmv2:s1", 1).location(LocationCheck.MATCH, "")
                .build();
    }

    @Test
    public void concurrentVerdictsOfOneKeyOnTwoInstancesJoinOneIncident() throws Exception {
        List<NidsIncidentEvent> events1 = Collections.synchronizedList(new ArrayList<>());
        List<NidsIncidentEvent> events2 = Collections.synchronizedList(new ArrayList<>());
        List<DistributedNidsIncidentStore> instances = List.of(instance(events1), instance(events2));
        int threads = 8;
        int verdicts = 25;
        AtomicInteger opened = new AtomicInteger();
        Concurrently.run(threads, t -> {
            IncidentBook book = instances.get(t % 2).book();
            for (int i = 0; i < verdicts; i++) {
                IncidentBook.Placement placed = book.report(verdict("10.0.0.1", t * verdicts + i, 1000),
                                                            IncidentPolicy.DEFAULT, SeverityPolicy.DEFAULT,
                                                            NO_HOST_BLOCKED);
                if (placed.kind() == IncidentBook.Placement.Kind.OPENED) {
                    opened.incrementAndGet();
                }
            }
        });
        List<Incident> incidents = new ArrayList<>(instances.get(0).book().incidents());
        assertEquals("one incident of 10.0.0.1/Flood: " + incidents, 1, incidents.size());
        Incident incident = incidents.get(0);
        assertEquals("every verdict in it", threads * verdicts, incident.reports());
        assertEquals(threads * verdicts, incident.flows());
        assertEquals("opened once", 1, opened.get());
        assertEquals("the same on the other instance", incident, instances.get(1).incident(incident.id()).get());
        assertTrue("the race was real: writes lost to another writer and retried", storage.refusedWrites.get() > 0);
        for (List<NidsIncidentEvent> events : List.of(events1, events2)) {
            assertEquals("every instance sees the incident opened once",
                         1, events.stream().filter(e -> e.type() == INCIDENT_OPENED).count());
            assertEquals("and each verdict after the first as an update",
                         threads * verdicts - 1, events.stream().filter(e -> e.type() == INCIDENT_UPDATED).count());
        }
    }

    @Test
    public void concurrentVerdictsOfManySourcesEachOpenOneIncident() throws Exception {
        DistributedNidsIncidentStore store = instance(Collections.synchronizedList(new ArrayList<>()));
        int sources = 6;
        int verdicts = 20;
        Concurrently.run(4, t -> {
            for (int i = 0; i < verdicts * sources / 4; i++) {
                int n = t * 1000 + i;
                store.book().report(verdict("10.0.1." + (n % sources), n, 1000), IncidentPolicy.DEFAULT,
                                    SeverityPolicy.DEFAULT, NO_HOST_BLOCKED);
            }
        });
        Map<Integer, Long> reportsBySource = store.book().incidents().stream()
                .collect(Collectors.toMap(Incident::source, Incident::reports));
        assertEquals(reportsBySource.toString(), sources, reportsBySource.size());
        assertEquals(verdicts * sources, reportsBySource.values().stream().mapToLong(Long::longValue).sum());
    }

    @Test
    public void countsFromSeveralThreadsAndInstancesAddUp() throws Exception {
        List<DistributedNidsIncidentStore> instances = List.of(instance(new ArrayList<>()),
                                                               instance(new ArrayList<>()));
        IncidentPolicy policy = IncidentPolicy.DEFAULT.withMinConfidencePermille(900);
        Concurrently.run(4, t -> {
            for (int i = 0; i < 30; i++) {
                instances.get(t % 2).book().report(verdict("10.0.2." + t, i, 500), policy, SeverityPolicy.DEFAULT,
                                                   NO_HOST_BLOCKED);
            }
        });
        assertEquals(Map.of("lowConfidence:DoS", 120L), instances.get(0).counters());
        assertEquals(instances.get(0).counters(), instances.get(1).counters());
        assertTrue(instances.get(0).book().incidents().isEmpty());
    }

    @Test
    public void aFullStoreEvictsWithACountAndTheNextVerdictOpensAnew() {
        DistributedNidsIncidentStore store = instance(new ArrayList<>());
        IncidentPolicy policy = IncidentPolicy.DEFAULT.withMaxIncidents(2);
        store.book().report(verdict("10.0.3.1", 1, 1000), policy, SeverityPolicy.DEFAULT, NO_HOST_BLOCKED);
        long first = store.book().incidents().iterator().next().id();
        store.book().change(first, Incident::acknowledged);
        store.book().report(verdict("10.0.3.2", 2, 1000), policy, SeverityPolicy.DEFAULT, NO_HOST_BLOCKED);
        IncidentBook.Placement placed = store.book().report(verdict("10.0.3.3", 3, 1000), policy,
                                                            SeverityPolicy.DEFAULT, NO_HOST_BLOCKED);
        assertEquals(first, placed.evicted().get().id());
        assertEquals(Map.of("evicted", 1L), store.counters());
        assertTrue(store.incident(first).isEmpty());
        // Both stored incidents are open now: the evicted incident's source is refused (counted), not brought back.
        assertEquals(IncidentBook.Placement.Kind.REFUSED,
                     store.book().report(verdict("10.0.3.1", 4, 1000), policy, SeverityPolicy.DEFAULT,
                                         NO_HOST_BLOCKED).kind());
        assertTrue(store.incident(first).isEmpty());
        assertEquals(Map.of("evicted", 1L, "refused", 1L), store.counters());
    }

    @Test
    public void aChangeThatChangesNothingPostsNothing() {
        List<NidsIncidentEvent> events = new ArrayList<>();
        DistributedNidsIncidentStore store = instance(events);
        long id = store.book().report(verdict("10.0.4.1", 1, 1000), IncidentPolicy.DEFAULT, SeverityPolicy.DEFAULT,
                                      NO_HOST_BLOCKED)
                .incident().get().id();
        events.clear();
        long writes = storage.writes.get(DistributedNidsIncidentStore.INCIDENTS).get();
        assertTrue(store.book().change(id, i -> i).isPresent());
        assertEquals(writes, storage.writes.get(DistributedNidsIncidentStore.INCIDENTS).get());
        assertTrue(events.isEmpty());
    }
}
