/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.junit.Test;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.ConsistentMapAdapter;
import org.onosproject.store.service.DistributedPrimitive;
import org.onosproject.store.service.MapEvent;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.Versioned;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

/**
 * The instance's copy of a consistent map: follows the map's events, never goes back to an older version, does not
 * bring back a key removed while it loads, reads the map itself while its session is suspended; and over it a stale
 * first read of {@link LatestRecords} costs a retry, never a lost or misplaced report.
 */
public class MapViewTest {

    private final AtomixLikeStorageService storage = new AtomixLikeStorageService();

    private ConsistentMap<String, Integer> map(String name) {
        return storage.<String, Integer>consistentMapBuilder().withName(name).build();
    }

    @Test
    public void theCopyFollowsTheMapsWritesAndRemovals() {
        ConsistentMap<String, Integer> map = map("m");
        map.put("a", 1);
        MapView<String, Integer> copy = new MapView<>(map);
        assertTrue(copy.current());
        assertEquals(Integer.valueOf(1), copy.get("a").value());
        map.put("b", 2);
        map.put("a", 3);
        map.remove("b");
        assertEquals(Integer.valueOf(3), copy.get("a").value());
        assertEquals(map.get("a").version(), copy.get("a").version());
        assertNull(copy.get("b"));
        assertEquals(1, copy.size());
        assertEquals(List.of(3), new ArrayList<>(copy.values()));
        copy.close();
        map.put("c", 4);
        assertFalse("a closed copy reads the map", copy.current());
        assertEquals(Integer.valueOf(4), copy.get("c").value());
    }

    @Test
    public void anEventOlderThanTheEntryIsIgnored() {
        Scripted map = new Scripted();
        MapView<String, Integer> copy = new MapView<>(map);
        map.fire(new MapEvent<>("s", "k", new Versioned<>(2, 20), null));
        map.fire(new MapEvent<>("s", "k", new Versioned<>(1, 10), null));
        assertEquals(Integer.valueOf(2), copy.get("k").value());
        // A removal of the older version does not remove the newer entry.
        map.fire(new MapEvent<>("s", "k", null, new Versioned<>(1, 10)));
        assertEquals(Integer.valueOf(2), copy.get("k").value());
        map.fire(new MapEvent<>("s", "k", null, new Versioned<>(2, 20)));
        assertNull(copy.get("k"));
    }

    @Test
    public void aKeyRemovedWhileTheCopyLoadsIsNotBroughtBack() {
        Scripted map = new Scripted();
        map.snapshot.put("gone", new Versioned<>(1, 5));
        map.snapshot.put("kept", new Versioned<>(2, 6));
        // The removal's event arrives after the snapshot was taken, before the copy took it in.
        map.duringSnapshot = () -> map.fire(new MapEvent<>("s", "gone", null, new Versioned<>(1, 5)));
        MapView<String, Integer> copy = new MapView<>(map);
        assertNull(copy.get("gone"));
        assertEquals(Integer.valueOf(2), copy.get("kept").value());
        assertEquals(1, copy.size());
    }

    @Test
    public void aSuspendedSessionSendsReadsToTheMapUntilTheCopyIsLoadedAgain() throws Exception {
        Scripted map = new Scripted();
        map.snapshot.put("k", new Versioned<>(1, 5));
        MapView<String, Integer> copy = new MapView<>(map);
        map.status.forEach(l -> l.accept(DistributedPrimitive.Status.SUSPENDED));
        assertFalse(copy.current());
        map.snapshot.put("k", new Versioned<>(7, 9));   // written while the events did not come
        assertEquals("read from the map", Integer.valueOf(7), copy.get("k").value());
        map.status.forEach(l -> l.accept(DistributedPrimitive.Status.ACTIVE));
        for (int i = 0; i < 200 && !copy.current(); i++) {
            Thread.sleep(10);
        }
        assertTrue("loaded again", copy.current());
        map.snapshot.put("k", new Versioned<>(8, 10));   // no event: the copy answers from what it loaded
        assertEquals(Integer.valueOf(7), copy.get("k").value());
    }

    @Test
    public void aStaleCopyCostsARetryNotAReport() {
        ConsistentMap<String, Long> index = storage.<String, Long>consistentMapBuilder().withName("index").build();
        ConsistentMap<Long, Integer> records = storage.<Long, Integer>consistentMapBuilder().withName("recs").build();
        LatestRecords<String, Integer> here = new LatestRecords<>(index, records, storage.atomicIdGeneratorBuilder()
                .withName("ids").build().asAtomicIdGenerator());
        LatestRecords<String, Integer> there = new LatestRecords<>(index, records, storage.atomicIdGeneratorBuilder()
                .withName("ids").build().asAtomicIdGenerator());
        int first = here.openOrJoin("k", null, r -> true, id -> 1, r -> r + 1);
        assertEquals(1, first);
        // Another instance's reports, whose events have not reached this instance yet.
        storage.holdEvents = true;
        there.openOrJoin("k", null, r -> true, id -> 1, r -> r + 1);
        there.openOrJoin("k", null, r -> true, id -> 1, r -> r + 1);
        assertEquals("this instance's copy is behind", Integer.valueOf(1), here.read("k").record().orElseThrow());
        long refused = storage.refusedWrites.get();
        assertEquals("folded into the record as the map has it", 4,
                     (int) here.openOrJoin("k", null, r -> true, id -> 1, r -> r + 1));
        assertTrue("the stale first attempt was refused", storage.refusedWrites.get() > refused);
        storage.releaseEvents();
        assertEquals(Integer.valueOf(4), here.read("k").record().orElseThrow());
        assertEquals(1, records.size());
    }

    /** A map whose snapshot, events and status the test gives. */
    private static final class Scripted extends ConsistentMapAdapter<String, Integer> {
        final Map<String, Versioned<Integer>> snapshot = new LinkedHashMap<>();
        final List<MapEventListener<String, Integer>> listeners = new ArrayList<>();
        final List<Consumer<DistributedPrimitive.Status>> status = new ArrayList<>();
        Runnable duringSnapshot = () -> { };

        void fire(MapEvent<String, Integer> event) {
            listeners.forEach(l -> l.event(event));
        }

        @Override
        public String name() {
            return "s";
        }

        @Override
        public Set<Map.Entry<String, Versioned<Integer>>> entrySet() {
            Set<Map.Entry<String, Versioned<Integer>>> taken = new LinkedHashMap<>(snapshot).entrySet();
            duringSnapshot.run();
            return taken;
        }

        @Override
        public Versioned<Integer> get(String key) {
            return snapshot.get(key);
        }

        @Override
        public void addListener(MapEventListener<String, Integer> listener) {
            listeners.add(listener);
        }

        @Override
        public void removeListener(MapEventListener<String, Integer> listener) {
            listeners.remove(listener);
        }

        @Override
        public void addStatusChangeListener(Consumer<DistributedPrimitive.Status> listener) {
            status.add(listener);
        }

        @Override
        public void removeStatusChangeListener(Consumer<DistributedPrimitive.Status> listener) {
            status.remove(listener);
        }
    }
}
