/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.junit.Test;
import org.onosproject.store.service.AtomicIdGenerator;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.MapEvent;
import org.onosproject.store.service.Versioned;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

/**
 * The latest record per key over Atomix-like maps: concurrent reports of one key (threads of one instance, or two
 * instances) make one record; a record that no longer takes reports is followed by a new one; an index entry without
 * its record is completed, one whose record was evicted is not brought back; a change that changes nothing writes
 * nothing.
 */
public class LatestRecordsTest {

    /** A record: its id, the reports folded into it, and whether it still takes reports. */
    static final class Rec {
        final long id;
        final int reports;
        final boolean open;

        Rec(long id, int reports, boolean open) {
            this.id = id;
            this.reports = reports;
            this.open = open;
        }

        Rec plusOne() {
            return new Rec(id, reports + 1, open);
        }

        Rec closed() {
            return new Rec(id, reports, false);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Rec && ((Rec) o).id == id && ((Rec) o).reports == reports && ((Rec) o).open == open;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(id) * 31 + reports * 2 + (open ? 1 : 0);
        }

        @Override
        public String toString() {
            return id + ":" + reports + (open ? "" : " closed");
        }
    }

    private static final Predicate<Rec> OPEN = r -> r.open;

    private final AtomixLikeStorageService storage = new AtomixLikeStorageService();

    /** An instance's view of the shared primitives. */
    private LatestRecords<String, Rec> instance() {
        ConsistentMap<String, Long> index = storage.<String, Long>consistentMapBuilder().withName("index").build();
        ConsistentMap<Long, Rec> records = storage.<Long, Rec>consistentMapBuilder().withName("records").build();
        AtomicIdGenerator ids = storage.atomicIdGeneratorBuilder().withName("ids").build().asAtomicIdGenerator();
        return new LatestRecords<>(index, records, ids);
    }

    private ConsistentMap<String, Long> index() {
        return storage.<String, Long>consistentMapBuilder().withName("index").build();
    }

    private ConsistentMap<Long, Rec> records() {
        return storage.<Long, Rec>consistentMapBuilder().withName("records").build();
    }

    private static Rec report(LatestRecords<String, Rec> latest, String key) {
        return latest.openOrJoin(key, null, OPEN, id -> new Rec(id, 1, true), Rec::plusOne);
    }

    @Test
    public void concurrentReportsOfOneKeyOnTwoInstancesMakeOneRecord() throws Exception {
        List<LatestRecords<String, Rec>> instances = List.of(instance(), instance());
        int threads = 8;
        int reports = 40;
        List<Rec> opened = Collections.synchronizedList(new ArrayList<>());
        Concurrently.run(threads, t -> {
            for (int i = 0; i < reports; i++) {
                Rec after = report(instances.get(t % 2), "10.0.0.1/Scan");
                if (after.reports == 1) {
                    opened.add(after);
                }
            }
        });
        Map<Long, Versioned<Rec>> all = records().entrySet().stream()
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
        assertEquals("one record: " + all, 1, all.size());
        Rec only = all.values().iterator().next().value();
        assertEquals("every report in it", threads * reports, only.reports);
        assertEquals("opened once", 1, opened.size());
        assertEquals(Long.valueOf(only.id), index().get("10.0.0.1/Scan").value());
        assertTrue("the race was real: conditional writes lost to another writer and retried",
                   storage.refusedWrites.get() > 0);
    }

    @Test
    public void concurrentReportsOfManyKeysEachMakeOneRecord() throws Exception {
        LatestRecords<String, Rec> latest = instance();
        int threads = 6;
        int keys = 5;
        int reports = 30;
        Concurrently.run(threads, t -> {
            for (int i = 0; i < reports; i++) {
                report(latest, "src" + (i % keys));
            }
        });
        List<Rec> all = records().values().stream().map(Versioned::value).collect(Collectors.toList());
        assertEquals(all.toString(), keys, all.size());
        all.forEach(r -> assertEquals(r.toString(), threads * reports / keys, r.reports));
    }

    @Test
    public void aRecordThatTakesNoMoreIsFollowedByANewOne() {
        LatestRecords<String, Rec> latest = instance();
        Rec first = report(latest, "k");
        assertEquals(first.id, report(latest, "k").id);
        latest.change(first.id, Rec::closed);
        Rec second = report(latest, "k");
        assertNotEquals(first.id, second.id);
        assertEquals(1, second.reports);
        assertEquals(Long.valueOf(second.id), index().get("k").value());
        assertEquals("the old one is kept", new Rec(first.id, 2, false), records().get(first.id).value());
    }

    @Test
    public void anIndexEntryWithoutItsRecordIsCompletedUnderItsId() {
        // What a concurrent opener, or an instance that died between the two writes, leaves.
        index().put("k", 77L);
        LatestRecords<String, Rec> latest = instance();
        Rec after = report(latest, "k");
        assertEquals(77, after.id);
        assertEquals(1, after.reports);
        assertEquals(after, records().get(77L).value());
    }

    @Test
    public void aRecordEvictedAfterItsKeyWasReadIsNotBroughtBack() {
        LatestRecords<String, Rec> latest = instance();
        Rec first = report(latest, "k").closed();
        latest.change(first.id, r -> first);
        // A report read the key (index names the record, the record there), then the record was evicted as the
        // stores evict: the index entry first, then the record.
        LatestRecords.Read<String, Rec> read = latest.read("k");
        assertTrue(read.record().isPresent());
        assertTrue(index().remove("k", first.id));
        records().remove(first.id);
        Rec after = latest.openOrJoin("k", read, OPEN, id -> new Rec(id, 1, true), Rec::plusOne);
        assertNotEquals(first.id, after.id);
        assertNull("the evicted record stays gone", records().get(first.id));
        assertEquals(Long.valueOf(after.id), index().get("k").value());
    }

    @Test
    public void anIndexEntryThatWentBetweenTheReadsIsNotCompleted() {
        // The read saw the index entry but not its record (just evicted: entry removed first, then the record).
        LatestRecords<String, Rec> latest = instance();
        index().put("k", 5L);
        LatestRecords.Read<String, Rec> read = latest.read("k");
        assertFalse(read.record().isPresent());
        index().remove("k");
        Rec after = latest.openOrJoin("k", read, OPEN, id -> new Rec(id, 1, true), Rec::plusOne);
        assertNotEquals(5, after.id);
        assertNull("no record under the id the index no longer names", records().get(5L));
    }

    @Test
    public void aGivenReadOfTheKeySavesTheReads() {
        LatestRecords<String, Rec> latest = instance();
        Rec first = report(latest, "k");
        LatestRecords.Read<String, Rec> read = latest.read("k");
        List<String> calls = new ArrayList<>();
        records().addListener(e -> calls.add(e.type() + " " + e.key()));
        Rec after = latest.openOrJoin("k", read, OPEN, id -> new Rec(id, 1, true), Rec::plusOne);
        assertEquals(2, after.reports);
        assertEquals(List.of(MapEvent.Type.UPDATE + " " + first.id), calls);
        // A stale read (another report came between) only costs a retry.
        latest.openOrJoin("k", null, OPEN, id -> new Rec(id, 1, true), Rec::plusOne);
        assertEquals(4, latest.openOrJoin("k", read, OPEN, id -> new Rec(id, 1, true), Rec::plusOne).reports);
    }

    @Test
    public void aChangeThatChangesNothingWritesNothing() {
        LatestRecords<String, Rec> latest = instance();
        Rec first = report(latest, "k");
        long version = records().get(first.id).version();
        List<MapEvent<Long, Rec>> events = new ArrayList<>();
        records().addListener(events::add);
        assertEquals(first, latest.change(first.id, r -> r).get());
        assertEquals(version, records().get(first.id).version());
        assertTrue(events.isEmpty());
        assertEquals(2, latest.change(first.id, Rec::plusOne).get().reports);
        assertEquals(1, events.size());
        assertFalse(latest.change(12345, Rec::plusOne).isPresent());
    }

    @Test
    public void concurrentChangesAreAllKept() throws Exception {
        LatestRecords<String, Rec> latest = instance();
        long id = report(latest, "k").id;
        Concurrently.run(6, t -> {
            for (int i = 0; i < 25; i++) {
                latest.change(id, Rec::plusOne);
            }
        });
        assertEquals(1 + 6 * 25, records().get(id).value().reports);
    }
}
