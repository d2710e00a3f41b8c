/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.audit;

import org.junit.After;
import org.junit.Test;
import org.onosproject.nids.api.AuditEntry;
import org.onosproject.nids.impl.AtomixLikeStorageService;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/** One audit log for the cluster: two store instances over one storage, as two ONOS instances over Atomix. */
public class DistributedNidsAuditStoreTest {

    private final AtomixLikeStorageService storage = new AtomixLikeStorageService();
    private final List<DistributedNidsAuditStore> stores = new ArrayList<>();

    private DistributedNidsAuditStore instance(int maxEntries) {
        DistributedNidsAuditStore store = new DistributedNidsAuditStore();
        store.storageService = storage;
        store.maxEntries = maxEntries;
        store.activate();
        stores.add(store);
        return store;
    }

    @After
    public void tearDown() {
        stores.forEach(DistributedNidsAuditStore::deactivate);
    }

    private static AuditEntry entry(String instance, int n) {
        return new AuditEntry(1_000 + n, instance, "onos", "block.add", "10.0.0." + n, "ok");
    }

    private static List<String> targets(List<AuditEntry> entries) {
        return entries.stream().map(e -> e.instance() + " " + e.target()).collect(Collectors.toList());
    }

    @Test
    public void aChangeRecordedThroughOneInstanceIsListedByEveryInstanceNewestFirst() {
        DistributedNidsAuditStore onos1 = instance(100);
        DistributedNidsAuditStore onos2 = instance(100);
        onos1.add(entry("onos-1", 1));
        onos2.add(entry("onos-2", 2));
        onos1.add(entry("onos-1", 3));
        List<String> expected = List.of("onos-1 10.0.0.3", "onos-2 10.0.0.2", "onos-1 10.0.0.1");
        assertEquals(expected, targets(onos1.newest(10)));
        assertEquals(expected, targets(onos2.newest(10)));
        assertEquals(expected.subList(0, 2), targets(onos2.newest(2)));
        // An instance started later reads what is stored.
        assertEquals(expected, targets(instance(100).newest(10)));
    }

    @Test
    public void theOldestAreLetGoToTheBoundAndCountedOnce() throws InterruptedException {
        DistributedNidsAuditStore onos1 = instance(20);
        DistributedNidsAuditStore onos2 = instance(20);
        int total = 60;
        for (int n = 1; n <= total; n++) {
            (n % 2 == 0 ? onos2 : onos1).add(entry(n % 2 == 0 ? "onos-2" : "onos-1", n));
        }
        // Pruning runs on each instance's own thread: wait (bounded) until it has caught up.
        for (int i = 0; i < 500 && onos1.newest(total).size() > 20; i++) {
            Thread.sleep(10);
        }
        Thread.sleep(50);
        List<AuditEntry> kept = onos2.newest(total);
        assertTrue("kept " + kept.size(), kept.size() >= 18 && kept.size() <= 20);
        assertEquals("what is kept and what was let go add up: nothing lost, nothing counted twice",
                     total, kept.size() + onos1.evicted());
        assertEquals(onos1.evicted(), onos2.evicted());
        assertEquals("the newest are kept", "10.0.0." + total, kept.get(0).target());
        assertEquals("10.0.0." + (total - kept.size() + 1), kept.get(kept.size() - 1).target());
    }
}
