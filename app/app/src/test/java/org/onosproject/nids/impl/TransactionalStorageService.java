/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.onosproject.store.primitives.TransactionId;
import org.onosproject.store.service.AsyncAtomicIdGenerator;
import org.onosproject.store.service.AtomicIdGeneratorBuilder;
import org.onosproject.store.service.CommitStatus;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.ConsistentMapBuilder;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.TestAtomicIdGenerator;
import org.onosproject.store.service.TestConsistentMap;
import org.onosproject.store.service.TestStorageService;
import org.onosproject.store.service.TransactionContext;
import org.onosproject.store.service.TransactionContextBuilder;
import org.onosproject.store.service.TransactionalMap;
import org.onosproject.store.service.Versioned;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * ONOS's TestStorageService with transactions, as ONOS's Atomix-backed ones behave (repeatable reads, optimistic):
 * consistent maps and id generators of one name are one (as across an app reload), and a transaction commits only if no key it read or wrote changed since
 * it first looked; otherwise it fails and writes nothing. {@link #beforeCommit} lets a test change the maps between
 * a transaction's reads and its commit.
 */
public class TransactionalStorageService extends TestStorageService {

    private final Map<String, ConsistentMap<?, ?>> maps = new ConcurrentHashMap<>();
    private final Map<String, AsyncAtomicIdGenerator> idGenerators = new ConcurrentHashMap<>();
    private final AtomicLong transactions = new AtomicLong();
    private final Object commitLock = new Object();
    /** Run once before the next commit (then cleared). */
    public volatile Runnable beforeCommit;
    /** Commits that failed because another change came first. */
    public final AtomicLong failedCommits = new AtomicLong();

    @Override
    public <K, V> ConsistentMapBuilder<K, V> consistentMapBuilder() {
        return new ConsistentMapBuilder<>() {
            @Override
            public ConsistentMap<K, V> build() {
                return map(name(), serializer());
            }

            @Override
            public org.onosproject.store.service.AsyncConsistentMap<K, V> buildAsyncMap() {
                throw new UnsupportedOperationException("buildAsyncMap");
            }
        };
    }

    @Override
    public AtomicIdGeneratorBuilder atomicIdGeneratorBuilder() {
        return new AtomicIdGeneratorBuilder() {
            @Override
            public AsyncAtomicIdGenerator build() {
                return idGenerators.computeIfAbsent(name(), n -> TestAtomicIdGenerator.builder().build());
            }
        };
    }

    @SuppressWarnings("unchecked")
    private <K, V> ConsistentMap<K, V> map(String name, Serializer serializer) {
        return (ConsistentMap<K, V>) maps.computeIfAbsent(name, n -> {
            ConsistentMapBuilder<K, V> builder = TestConsistentMap.builder();
            builder.withName(n).withSerializer(serializer);
            return builder.build();
        });
    }

    @Override
    public TransactionContextBuilder transactionContextBuilder() {
        return new TransactionContextBuilder() {
            @Override
            public TransactionContext build() {
                return new Transaction(TransactionId.from(Long.toString(transactions.incrementAndGet())));
            }
        };
    }

    /** One transaction: reads are recorded with their versions, writes buffered until the commit. */
    private final class Transaction implements TransactionContext {
        private final TransactionId id;
        private final Map<String, TxMap<?, ?>> txMaps = new LinkedHashMap<>();
        private boolean open;

        Transaction(TransactionId id) {
            this.id = id;
        }

        @Override
        public String name() {
            return id.toString();
        }

        @Override
        public TransactionId transactionId() {
            return id;
        }

        @Override
        public boolean isOpen() {
            return open;
        }

        @Override
        public void begin() {
            open = true;
        }

        @Override
        public CompletableFuture<CommitStatus> commit() {
            open = false;
            Runnable hook = beforeCommit;
            beforeCommit = null;
            if (hook != null) {
                hook.run();
            }
            synchronized (commitLock) {
                for (TxMap<?, ?> map : txMaps.values()) {
                    if (!map.unchanged()) {
                        failedCommits.incrementAndGet();
                        return CompletableFuture.completedFuture(CommitStatus.FAILURE);
                    }
                }
                txMaps.values().forEach(TxMap::apply);
            }
            return CompletableFuture.completedFuture(CommitStatus.SUCCESS);
        }

        @Override
        public void abort() {
            open = false;
            txMaps.clear();
        }

        @Override
        @SuppressWarnings("unchecked")
        public <K, V> TransactionalMap<K, V> getTransactionalMap(String mapName, Serializer serializer) {
            return (TransactionalMap<K, V>) txMaps.computeIfAbsent(
                    mapName, n -> new TxMap<K, V>(TransactionalStorageService.this.map(n, serializer)));
        }
    }

    /** A map seen from inside a transaction. */
    private static final class TxMap<K, V> implements TransactionalMap<K, V> {
        private final ConsistentMap<K, V> map;
        /** Version of each key when first seen (0: absent). */
        private final Map<K, Long> seen = new HashMap<>();
        /** Buffered writes (null value: removal). */
        private final Map<K, V> writes = new LinkedHashMap<>();

        TxMap(ConsistentMap<K, V> map) {
            this.map = map;
        }

        private static long version(Versioned<?> v) {
            return v == null ? 0 : v.version();
        }

        @Override
        public V get(K key) {
            if (writes.containsKey(key)) {
                return writes.get(key);
            }
            Versioned<V> current = map.get(key);
            seen.putIfAbsent(key, version(current));
            return Versioned.valueOrNull(current);
        }

        @Override
        public boolean containsKey(K key) {
            return get(key) != null;
        }

        @Override
        public V put(K key, V value) {
            V old = get(key);
            writes.put(key, value);
            return old;
        }

        @Override
        public V remove(K key) {
            V old = get(key);
            if (old != null) {
                writes.put(key, null);
            }
            return old;
        }

        @Override
        public V putIfAbsent(K key, V value) {
            V old = get(key);
            if (old == null) {
                writes.put(key, value);
            }
            return old;
        }

        @Override
        public boolean remove(K key, V value) {
            V old = get(key);
            if (old != null && old.equals(value)) {
                writes.put(key, null);
                return true;
            }
            return false;
        }

        @Override
        public boolean replace(K key, V oldValue, V newValue) {
            V old = get(key);
            if (Objects.equals(old, oldValue)) {
                writes.put(key, newValue);
                return true;
            }
            return false;
        }

        boolean unchanged() {
            return seen.entrySet().stream().allMatch(e -> version(map.get(e.getKey())) == e.getValue());
        }

        void apply() {
            writes.forEach((key, value) -> {
                if (value == null) {
                    map.remove(key);
                } else {
                    map.put(key, value);
                }
            });
        }
    }
}
