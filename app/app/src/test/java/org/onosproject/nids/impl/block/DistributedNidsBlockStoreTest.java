/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.block;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.Ip4Address;
import org.onlab.packet.Ip4Prefix;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.BlockOrigin;
import org.onosproject.nids.api.BlockScope;
import org.onosproject.nids.api.NidsBlock;
import org.onosproject.nids.api.NidsBlockEvent;
import org.onosproject.nids.impl.TransactionalStorageService;
import org.onosproject.store.service.ConsistentMap;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * The block store: one block per source and scope, the cap (also under concurrent requests), removal freeing the
 * claim, repair of a store left inconsistent, events, serialization.
 */
public class DistributedNidsBlockStoreTest {

    private static final Ip4Address SRC = Ip4Address.valueOf("10.0.0.3");
    private static final BlockScope WEB = BlockScope.of(Ip4Prefix.valueOf("10.0.0.0/24"), 6, 80);

    private final List<NidsBlockEvent> events = new CopyOnWriteArrayList<>();
    private final TransactionalStorageService storage = new TransactionalStorageService();
    private DistributedNidsBlockStore store;

    @Before
    public void setUp() {
        store = new DistributedNidsBlockStore();
        store.storageService = storage;
        store.activate();
        store.setDelegate(events::add);
    }

    @After
    public void tearDown() {
        store.deactivate();
    }

    private static NidsBlock make(String id, Ip4Address src, BlockScope scope) {
        return NidsBlock.builder().id(id).src(src).scope(scope).reason("test").origin(BlockOrigin.MANUAL)
                .createdMillis(1000).expiresMillis(2000).build();
    }

    private NidsBlock add(Ip4Address src, BlockScope scope) {
        return store.add(src, scope, 10, id -> make(id, src, scope));
    }

    @Test
    public void aSourceAndScopeIsClaimedOnce() {
        NidsBlock all = add(SRC, BlockScope.ALL);
        NidsBlock web = add(SRC, WEB);
        assertNotEquals(all.id(), web.id());
        try {
            add(SRC, BlockScope.ALL);
            fail("blocked twice");
        } catch (BlockConflictException e) {
            assertEquals(Optional.of(all), e.existing());
            assertEquals("10.0.0.3 is already blocked by block " + all.id(), e.getMessage());
        }
        assertEquals(Optional.of(web), store.blockOf(SRC, WEB));
        // A refused duplicate uses up no id.
        assertEquals(Long.parseLong(web.id()) + 1, Long.parseLong(add(Ip4Address.valueOf("10.0.0.9"), WEB).id()));
        assertEquals(3, store.blocks().size());
        assertEquals(List.of(NidsBlockEvent.Type.BLOCK_ADDED, NidsBlockEvent.Type.BLOCK_ADDED,
                             NidsBlockEvent.Type.BLOCK_ADDED),
                     events.stream().map(NidsBlockEvent::type).collect(Collectors.toList()));
    }

    @Test
    public void aSourceIsCutOffWhileABlockOfScopeAllStopsIt() {
        assertFalse(store.cutOff(SRC));
        NidsBlock web = add(SRC, WEB);
        assertFalse("a scoped block leaves the source answering", store.cutOff(SRC));
        NidsBlock all = add(SRC, BlockScope.ALL);
        assertTrue(store.cutOff(SRC));
        assertFalse(store.cutOff(Ip4Address.valueOf("10.0.0.4")));
        store.remove(web.id());
        assertTrue(store.cutOff(SRC));
        // Another instance (a store on the same storage) knows the blocks stored before it started.
        DistributedNidsBlockStore other = new DistributedNidsBlockStore();
        other.storageService = storage;
        other.activate();
        try {
            assertTrue(other.cutOff(SRC));
            store.remove(all.id());
            assertFalse(store.cutOff(SRC));
            assertFalse(other.cutOff(SRC));
        } finally {
            other.deactivate();
        }
    }

    @Test
    public void removingABlockFreesItsClaimAndIdsAreNotReused() {
        NidsBlock first = add(SRC, BlockScope.ALL);
        assertEquals(Optional.of(first), store.remove(first.id()));
        assertFalse(store.remove(first.id()).isPresent());
        assertFalse(store.blockOf(SRC, BlockScope.ALL).isPresent());
        NidsBlock again = add(SRC, BlockScope.ALL);
        assertNotEquals(first.id(), again.id());
        assertEquals(NidsBlockEvent.Type.BLOCK_REMOVED, events.get(1).type());
        assertEquals(first, events.get(1).subject());
        assertEquals(3, events.size());
    }

    @Test
    public void aDuplicateAtTheCapNamesTheExistingBlock() {
        NidsBlock first = store.add(SRC, BlockScope.ALL, 1, id -> make(id, SRC, BlockScope.ALL));
        try {
            store.add(SRC, BlockScope.ALL, 1, id -> make(id, SRC, BlockScope.ALL));
            fail("blocked twice");
        } catch (BlockConflictException e) {
            assertEquals(Optional.of(first), e.existing());
        }
    }

    @Test
    public void theCapIsAConflictWithoutAnExistingBlock() {
        for (int i = 1; i <= 2; i++) {
            store.add(Ip4Address.valueOf("10.0.0." + i), BlockScope.ALL, 2,
                      id -> make(id, SRC, BlockScope.ALL));
        }
        try {
            store.add(SRC, BlockScope.ALL, 2, id -> make(id, SRC, BlockScope.ALL));
            fail("beyond the cap");
        } catch (BlockConflictException e) {
            assertFalse(e.existing().isPresent());
            assertTrue(e.getMessage(), e.getMessage().contains("maxBlocks 2"));
        }
        assertEquals(2, store.size());
    }

    @Test
    public void onlyTheStoredPartIsKept() {
        NidsBlock block = store.add(SRC, WEB, 10, id -> make(id, SRC, WEB)
                .withStatus("INSTALLED", List.of(DeviceId.deviceId("device:bmv2:s1"))));
        assertEquals(Optional.empty(), block.state());
        assertEquals(List.of(), store.block(block.id()).get().devices());
    }

    @Test
    public void theSerializerRoundTripsEveryStoredType() {
        NidsBlock block = make("7", SRC, WEB).toBuilder().alertId(42L).origin(BlockOrigin.AUTO).build();
        byte[] bytes = DistributedNidsBlockStore.SERIALIZER.encode(block);
        assertEquals(block, DistributedNidsBlockStore.SERIALIZER.decode(bytes));
        NidsBlock all = make("8", SRC, BlockScope.ALL);
        assertEquals(all, DistributedNidsBlockStore.SERIALIZER.decode(DistributedNidsBlockStore.SERIALIZER.encode(all)));
    }

    @Test
    public void parallelRequestsNeverExceedTheCap() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(20);
        try {
            List<Callable<Boolean>> requests = new java.util.ArrayList<>();
            for (int i = 1; i <= 20; i++) {
                Ip4Address src = Ip4Address.valueOf("10.0.1." + i);
                requests.add(() -> {
                    try {
                        store.add(src, BlockScope.ALL, 5, id -> make(id, src, BlockScope.ALL));
                        return true;
                    } catch (BlockConflictException e) {
                        return false;
                    }
                });
            }
            long made = 0;
            for (Future<Boolean> result : pool.invokeAll(requests, 30, TimeUnit.SECONDS)) {
                made += result.get() ? 1 : 0;
            }
            assertEquals(5, made);
            assertEquals(5, store.size());
            assertEquals(5, store.blocks().stream().map(b -> store.blockOf(b.src(), BlockScope.ALL)).count());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    public void aBlockCommittedBetweenTheCheckAndTheCommitIsCounted() {
        Ip4Address other = Ip4Address.valueOf("10.0.0.9");
        store.add(Ip4Address.valueOf("10.0.0.1"), BlockScope.ALL, 2, id -> make(id, SRC, BlockScope.ALL));
        // Another instance takes the last place while this add is between its reads and its commit.
        storage.beforeCommit = () -> store.add(other, BlockScope.ALL, 2, id -> make(id, other, BlockScope.ALL));
        try {
            store.add(SRC, BlockScope.ALL, 2, id -> make(id, SRC, BlockScope.ALL));
            fail("beyond the cap");
        } catch (BlockConflictException e) {
            assertTrue(e.getMessage(), e.getMessage().startsWith("block cap reached: 2 blocks"));
        }
        assertEquals(1, storage.failedCommits.get());
        assertEquals(2, store.size());
        assertFalse(store.blockOf(SRC, BlockScope.ALL).isPresent());
    }

    @Test
    public void theSameSourceRacingOnTwoInstancesGetsOneBlock() {
        storage.beforeCommit = () -> add(SRC, BlockScope.ALL);
        try {
            add(SRC, BlockScope.ALL);
            fail("blocked twice");
        } catch (BlockConflictException e) {
            assertTrue(e.existing().isPresent());
            assertEquals(Optional.of(e.existing().get()), store.blockOf(SRC, BlockScope.ALL));
        }
        assertEquals(1, store.size());
    }

    @Test
    public void anIndexEntryWithoutItsBlockIsRemovedAtStartAndTheCountRebuilt() {
        NidsBlock kept = add(SRC, BlockScope.ALL);
        // What a crash between the two writes of an earlier version left: a claim on a block that never came.
        ConsistentMap<String, String> index = storage.<String, String>consistentMapBuilder()
                .withName(DistributedNidsBlockStore.INDEX).withSerializer(DistributedNidsBlockStore.SERIALIZER)
                .build();
        index.put(DistributedNidsBlockStore.indexKey(Ip4Address.valueOf("10.0.0.7"), BlockScope.ALL), "99");
        ConsistentMap<String, Integer> count = storage.<String, Integer>consistentMapBuilder()
                .withName(DistributedNidsBlockStore.COUNT).withSerializer(DistributedNidsBlockStore.SERIALIZER)
                .build();
        count.remove(DistributedNidsBlockStore.COUNT_KEY);
        store.deactivate();
        store.activate();
        assertEquals(1, (int) count.get(DistributedNidsBlockStore.COUNT_KEY).value());
        NidsBlock again = store.add(Ip4Address.valueOf("10.0.0.7"), BlockScope.ALL, 2,
                                    id -> make(id, Ip4Address.valueOf("10.0.0.7"), BlockScope.ALL));
        assertEquals(2, store.size());
        assertEquals(Optional.of(kept), store.block(kept.id()));
        assertEquals(Optional.of(again), store.blockOf(Ip4Address.valueOf("10.0.0.7"), BlockScope.ALL));
    }

    @Test
    public void aRemovalFreesItsPlaceUnderTheCap() {
        NidsBlock first = store.add(SRC, BlockScope.ALL, 1, id -> make(id, SRC, BlockScope.ALL));
        Ip4Address other = Ip4Address.valueOf("10.0.0.9");
        store.remove(first.id());
        assertEquals(other, store.add(other, BlockScope.ALL, 1, id -> make(id, other, BlockScope.ALL)).src());
    }
}
