/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.audit;

import com.google.common.collect.ImmutableList;
import org.onlab.util.KryoNamespace;
import org.onosproject.nids.api.AuditEntry;
import org.onosproject.nids.impl.MapView;
import org.onosproject.store.serializers.KryoNamespaces;
import org.onosproject.store.service.AtomicCounter;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.StorageException;
import org.onosproject.store.service.StorageService;
import org.onosproject.store.service.Versioned;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.slf4j.Logger;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;

import static org.onlab.util.Tools.groupedThreads;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * The audit log on ONOS's distributed primitives, so a change made through any instance is listed by every instance:
 * a consistent map of entries by a sequence number from a cluster-wide atomic counter (their order: ONOS's atomic id
 * generator hands each instance blocks of ids, which would list an instance's later entries before another's earlier
 * ones), and a cluster-wide count of the entries let go. Each instance follows the map's size and keys in an
 * event-fed copy ({@link MapView}), so storing an entry costs two round trips (its number, the put), none to check the
 * bound. An instance that finds the log over its bound after storing an entry removes the oldest down to 90% of it, on
 * a thread of its own (the change being recorded does not wait for it); two instances pruning at once remove the same
 * entries, each removal counted once.
 */
@Component(immediate = true, service = NidsAuditStore.class)
public class DistributedNidsAuditStore implements NidsAuditStore {

    static final String ENTRIES = "nids-audit";
    static final String SEQUENCE = "nids-audit-sequence";
    static final String EVICTED = "nids-audit-evicted";
    /** Entries kept (the cluster's); older ones are let go, counted, and stay in the ONOS logs as lines. */
    static final int MAX_ENTRIES = 10_000;

    static final Serializer SERIALIZER = Serializer.using(KryoNamespace.newBuilder()
            .register(KryoNamespaces.API)
            .register(AuditEntry.class)
            .build("nids-audit"));

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected StorageService storageService;

    /** The bound; tests lower it. */
    int maxEntries = MAX_ENTRIES;

    private ConsistentMap<Long, AuditEntry> entries;
    private MapView<Long, AuditEntry> copy;
    private AtomicCounter sequence;
    private AtomicCounter evicted;
    private ExecutorService pruner;
    private final AtomicBoolean pruning = new AtomicBoolean();

    @Activate
    protected void activate() {
        entries = storageService.<Long, AuditEntry>consistentMapBuilder()
                .withName(ENTRIES).withSerializer(SERIALIZER).build();
        sequence = storageService.atomicCounterBuilder().withName(SEQUENCE).build().asAtomicCounter();
        evicted = storageService.atomicCounterBuilder().withName(EVICTED).build().asAtomicCounter();
        copy = new MapView<>(entries);
        pruner = Executors.newSingleThreadExecutor(groupedThreads("onos/nids", "audit-prune-%d", log));
        log.info("Started with {} stored audit entries", copy.size());
    }

    @Deactivate
    protected void deactivate() {
        pruner.shutdownNow();
        copy.close();
        log.info("Stopped");
    }

    @Override
    public void add(AuditEntry entry) {
        entries.put(sequence.incrementAndGet(), entry);
        pruneIfOver();
    }

    /** Over the bound: one prune at a time, checked again after it (entries stored meanwhile). */
    private void pruneIfOver() {
        if (copy.size() <= maxEntries || !pruning.compareAndSet(false, true)) {
            return;
        }
        try {
            pruner.execute(() -> {
                boolean pruned = false;
                try {
                    pruned = prune();
                } finally {
                    pruning.set(false);
                }
                if (pruned) {
                    pruneIfOver();
                }
            });
        } catch (RejectedExecutionException e) {
            pruning.set(false);   // stopping: the next instance to store an entry prunes
        }
    }

    /** Removes the oldest entries down to 90% of the bound; false if the storage nodes refused. */
    private boolean prune() {
        long removed = 0;
        try {
            List<Long> oldestFirst = copy.keys().stream().sorted().collect(Collectors.toList());
            int excess = oldestFirst.size() - (maxEntries - maxEntries / 10);
            for (int i = 0; i < excess; i++) {
                if (entries.remove(oldestFirst.get(i)) != null) {
                    removed++;
                }
            }
            return true;
        } catch (StorageException e) {
            log.warn("Audit log not pruned ({}): the next stored entry tries again", e.getMessage());
            return false;
        } finally {
            countEvicted(removed);
        }
    }

    /** What a prune removed, also when it stopped half-way. */
    private void countEvicted(long removed) {
        if (removed == 0) {
            return;
        }
        try {
            evicted.addAndGet(removed);
        } catch (StorageException e) {
            log.warn("{} audit entries let go but not counted: {}", removed, e.getMessage());
        }
    }

    /**
     * Read from the map itself, not the copy: an operator who just made a change sees it listed (the copy may be a
     * few milliseconds behind); the log is read rarely.
     */
    @Override
    public List<AuditEntry> newest(int limit) {
        return entries.entrySet().stream()
                .sorted(Map.Entry.<Long, Versioned<AuditEntry>>comparingByKey().reversed())
                .limit(limit).map(e -> e.getValue().value())
                .collect(ImmutableList.toImmutableList());
    }

    @Override
    public long evicted() {
        return evicted.get();
    }
}
