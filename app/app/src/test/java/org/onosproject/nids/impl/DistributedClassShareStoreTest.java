/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import com.google.common.collect.ImmutableMap;
import org.junit.After;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.ClassShareSample;
import org.onosproject.store.service.Versioned;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The class-share store as the instances of a cluster use it, on storage that behaves as ONOS's Atomix primitives
 * (every value goes through the store's serializer): one series for the cluster, bounded with the drops counted,
 * rounds merged from several instances, a switch's read replaced only by one instance at a time.
 */
public class DistributedClassShareStoreTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:s1");

    private final AtomixLikeStorageService storage = new AtomixLikeStorageService();
    private final List<DistributedClassShareStore> stores = new ArrayList<>();

    /** An instance's store on the shared storage. */
    private DistributedClassShareStore instance() {
        DistributedClassShareStore store = new DistributedClassShareStore();
        store.storageService = storage;
        store.activate();
        stores.add(store);
        return store;
    }

    @After
    public void tearDown() {
        stores.forEach(DistributedClassShareStore::deactivate);
    }

    private static ClassShareSample sample(long round, long benign, long attack) {
        return new ClassShareSample(round, 10_000, "m", ImmutableMap.of("benign", benign, "attack", attack));
    }

    @Test
    public void theSeriesIsBoundedTheOldestDroppedAndCountedAndTheSameOnEveryInstance() {
        DistributedClassShareStore one = instance();
        DistributedClassShareStore two = instance();
        one.setCapacity(3);
        two.setCapacity(3);
        for (int round = 0; round < 5; round++) {
            (round % 2 == 0 ? one : two).addToRound(sample(round * 10_000L, round, 1));
        }
        List<Long> rounds = one.recent(10).stream().map(ClassShareSample::timeMillis).collect(Collectors.toList());
        assertEquals("the newest three, oldest first", List.of(20_000L, 30_000L, 40_000L), rounds);
        assertEquals(one.recent(10), two.recent(10));
        assertEquals(List.of(sample(40_000, 4, 1)), two.recent(1));
        assertEquals("two dropped, counted for the cluster", 2, one.samplesDropped());
        assertEquals(2, two.samplesDropped());
        assertEquals("the store itself holds three", 3,
                     storage.consistentMapBuilder().withName(DistributedClassShareStore.SAMPLES).build().size());

        // An instance that starts later loads the series.
        DistributedClassShareStore three = instance();
        assertEquals(one.recent(10), three.recent(10));
    }

    @Test
    public void roundsFromSeveralInstancesAndThreadsAddUp() throws Exception {
        List<DistributedClassShareStore> instances = List.of(instance(), instance(), instance());
        int threads = 6;
        int rounds = 20;
        Concurrently.run(threads, t -> {
            for (int round = 0; round < rounds; round++) {
                instances.get(t % 3).addToRound(sample(round * 1_000L, 10, t));
            }
        });
        List<ClassShareSample> series = instances.get(2).recent(100);
        assertEquals(rounds, series.size());
        for (ClassShareSample round : series) {
            assertEquals(ImmutableMap.of("benign", 10L * threads, "attack", 15L), round.packets());
        }
        assertEquals(series, instances.get(0).recent(100));
        assertTrue("the race was real: writes lost to another writer and retried", storage.refusedWrites.get() > 0);
        assertEquals(0, instances.get(0).samplesDropped());
    }

    @Test
    public void aMergedRoundSumsPerClassAndKeepsTheLongerInterval() {
        ClassShareSample merged = DistributedClassShareStore.merged(
                new ClassShareSample(0, 10_000, "m", ImmutableMap.of("benign", 5L)),
                new ClassShareSample(0, 20_000, null, ImmutableMap.of("attack", 2L, "benign", 1L)));
        assertEquals(ImmutableMap.of("benign", 6L, "attack", 2L), merged.packets());
        assertEquals(20_000, merged.intervalMillis());
        assertEquals("m", merged.modelId().get());
    }

    @Test
    public void aReadIsReplacedOnlyFromTheVersionReadAndForgotten() {
        DistributedClassShareStore one = instance();
        DistributedClassShareStore two = instance();
        ClassCounterRead first = new ClassCounterRead(1_000, ImmutableMap.of(0, Map.of(0, 5L), 1, Map.of()));
        assertTrue(one.replaceRead(S1, null, first));
        assertFalse("a second first read loses", two.replaceRead(S1, null, first));
        Versioned<ClassCounterRead> seenByOne = one.lastRead(S1);
        Versioned<ClassCounterRead> seenByTwo = two.lastRead(S1);
        assertEquals(first, seenByTwo.value());
        ClassCounterRead next = new ClassCounterRead(2_000, ImmutableMap.of(0, Map.of(0, 9L, 3, 1L)));
        assertTrue(two.replaceRead(S1, seenByTwo, next));
        assertFalse("a read of the same switch stored meanwhile wins", one.replaceRead(S1, seenByOne, next));
        assertEquals(next, one.lastRead(S1).value());
        assertEquals(Set.of(S1), one.readDevices());
        two.forgetRead(S1);
        assertTrue(one.readDevices().isEmpty());
    }

    @Test
    public void theSerializerKeepsSamplesAndReads() {
        for (Object value : List.of(sample(1, 2, 3), new ClassShareSample(5, 0, null, Map.of()),
                                    new ClassShareSample(5, 1, "m", ImmutableMap.of("a", 1L)),
                                    new ClassCounterRead(7, ImmutableMap.of(0, Map.of(1, 2L, 3, 4L), 1, Map.of())),
                                    new ClassCounterRead(8, Map.of()))) {
            byte[] bytes = DistributedClassShareStore.SERIALIZER.encode(value);
            assertEquals(value, DistributedClassShareStore.SERIALIZER.decode(bytes));
        }
    }
}
