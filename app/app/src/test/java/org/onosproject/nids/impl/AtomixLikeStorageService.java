/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.onosproject.store.service.AsyncAtomicIdGenerator;
import org.onosproject.store.service.AtomicCounterMap;
import org.onosproject.store.service.AsyncAtomicCounter;
import org.onosproject.store.service.AtomicCounterBuilder;
import org.onosproject.store.service.AtomicCounterMapBuilder;
import org.onosproject.store.service.AtomicIdGeneratorBuilder;
import org.onosproject.store.service.AsyncAtomicCounterMap;
import org.onosproject.store.service.AsyncDistributedSet;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.ConsistentMapAdapter;
import org.onosproject.store.service.ConsistentMapBuilder;
import org.onosproject.store.service.ConsistentMapException;
import org.onosproject.store.service.DistributedSetBuilder;
import org.onosproject.store.service.MapEvent;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.TestAtomicCounterMap;
import org.onosproject.store.service.TestDistributedSet;
import org.onosproject.store.service.TestStorageService;
import org.onosproject.store.service.Versioned;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * ONOS storage as its Atomix-backed primitives behave toward concurrent writers, for tests of stores that several
 * threads and instances use at once: one primitive per name (two stores built on it are two instances of a cluster,
 * each getting every map event); each map operation is atomic, with a version from one counter (as a Raft log
 * index); a compute reads, runs its function, then writes only if the entry still has the version read, else throws
 * {@link ConsistentMapException.ConcurrentModification}, as Atomix's does; an id generator built by each instance
 * hands out ids from blocks it reserves, as Atomix's does. A store call made from inside a compute
 * function fails the test ({@link IllegalStateException}): in ONOS the function runs on the thread that completes the
 * read, and such a call waits on that thread until it times out. Each operation first waits a random 0-{@link
 * #roundTripMicros} µs (a round trip), so concurrent writers interleave.
 */
public final class AtomixLikeStorageService extends TestStorageService {

    /** Set while a compute function runs on this thread. */
    private static final ThreadLocal<Boolean> IN_FUNCTION = ThreadLocal.withInitial(() -> false);

    private final Map<String, Object> primitives = new ConcurrentHashMap<>();
    private final AtomicLong versions = new AtomicLong();
    /** Operations run one at a time, as a Raft partition applies them (one lock: listeners may call other maps). */
    private final Object lock = new Object();
    /** Upper bound of the random wait before each operation. */
    public volatile int roundTripMicros = 50;
    /** Compute operations that found their entry changed (ConcurrentModification). */
    public final AtomicLong conflicts = new AtomicLong();
    /** Conditional writes (put-if-absent, replace or remove of a version or value) refused: the entry had changed. */
    public final AtomicLong refusedWrites = new AtomicLong();
    /** Writes, by map name. */
    public final Map<String, AtomicLong> writes = new ConcurrentHashMap<>();
    /** While set, map events wait in {@link #held} (listeners a few milliseconds behind the maps). */
    public volatile boolean holdEvents;
    private final List<Runnable> held = new CopyOnWriteArrayList<>();

    /** Delivers the events held so far, in order, and delivers the next ones at once. */
    public void releaseEvents() {
        holdEvents = false;
        List<Runnable> due = new ArrayList<>(held);
        held.clear();
        due.forEach(Runnable::run);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <K, V> ConsistentMapBuilder<K, V> consistentMapBuilder() {
        return new ConsistentMapBuilder<>() {
            @Override
            public ConsistentMap<K, V> build() {
                return (ConsistentMap<K, V>) primitives.computeIfAbsent("map:" + name(),
                                                                          n -> new Map1<K, V>(name(), serializer()));
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
                return new IdBlocks(name(), (AtomicLong) primitives.computeIfAbsent("ids:" + name(),
                                                                                   n -> new AtomicLong()));
            }
        };
    }

    /** Ids a generator built by one instance hands out, as Atomix's: from blocks it reserves of the shared counter. */
    public static final int ID_BLOCK = 1000;

    /**
     * An id generator as each instance builds it: Atomix's reserves a block of ids at a time, so ids are unique across
     * the cluster but not in the order they were handed out (the second instance's first id comes after the first
     * instance's thousandth).
     */
    private static final class IdBlocks implements AsyncAtomicIdGenerator {
        private final String name;
        private final AtomicLong reserved;
        private long next;
        private long end;

        IdBlocks(String name, AtomicLong reserved) {
            this.name = name;
            this.reserved = reserved;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public synchronized CompletableFuture<Long> nextId() {
            if (next == end) {
                end = reserved.addAndGet(ID_BLOCK) + 1;
                next = end - ID_BLOCK;
            }
            return CompletableFuture.completedFuture(next++);
        }
    }

    @Override
    public AtomicCounterBuilder atomicCounterBuilder() {
        return new AtomicCounterBuilder() {
            @Override
            public AsyncAtomicCounter build() {
                return (AsyncAtomicCounter) primitives.computeIfAbsent("counter:" + name(), Counter::new);
            }
        };
    }

    /** A counter shared by name, each operation done at once, its future completed. */
    private static final class Counter implements AsyncAtomicCounter {
        private final String name;
        private final AtomicLong value = new AtomicLong();

        Counter(String name) {
            this.name = name;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public Type primitiveType() {
            return Type.COUNTER;
        }

        @Override
        public CompletableFuture<Long> incrementAndGet() {
            return CompletableFuture.completedFuture(value.incrementAndGet());
        }

        @Override
        public CompletableFuture<Long> getAndIncrement() {
            return CompletableFuture.completedFuture(value.getAndIncrement());
        }

        @Override
        public CompletableFuture<Long> getAndAdd(long delta) {
            return CompletableFuture.completedFuture(value.getAndAdd(delta));
        }

        @Override
        public CompletableFuture<Long> addAndGet(long delta) {
            return CompletableFuture.completedFuture(value.addAndGet(delta));
        }

        @Override
        public CompletableFuture<Long> get() {
            return CompletableFuture.completedFuture(value.get());
        }

        @Override
        public CompletableFuture<Void> set(long newValue) {
            value.set(newValue);
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletableFuture<Boolean> compareAndSet(long expected, long update) {
            return CompletableFuture.completedFuture(value.compareAndSet(expected, update));
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public <K> AtomicCounterMapBuilder<K> atomicCounterMapBuilder() {
        return new AtomicCounterMapBuilder<>() {
            @Override
            public AtomicCounterMap<K> build() {
                return (AtomicCounterMap<K>) primitives.computeIfAbsent(
                        "counters:" + name(), n -> TestAtomicCounterMap.builder().build());
            }

            @Override
            public AsyncAtomicCounterMap<K> buildAsyncMap() {
                return new AsyncCounters<>(build());
            }
        };
    }

    /** The asynchronous face of a counter map: each operation done at once, its future completed. */
    private static final class AsyncCounters<K> implements AsyncAtomicCounterMap<K> {
        private final AtomicCounterMap<K> counters;

        AsyncCounters(AtomicCounterMap<K> counters) {
            this.counters = counters;
        }

        @Override
        public String name() {
            return counters.name();
        }

        @Override
        public CompletableFuture<Void> destroy() {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletableFuture<Long> incrementAndGet(K key) {
            return CompletableFuture.completedFuture(counters.incrementAndGet(key));
        }

        @Override
        public CompletableFuture<Long> decrementAndGet(K key) {
            return CompletableFuture.completedFuture(counters.decrementAndGet(key));
        }

        @Override
        public CompletableFuture<Long> getAndIncrement(K key) {
            return CompletableFuture.completedFuture(counters.getAndIncrement(key));
        }

        @Override
        public CompletableFuture<Long> getAndDecrement(K key) {
            return CompletableFuture.completedFuture(counters.getAndDecrement(key));
        }

        @Override
        public CompletableFuture<Long> addAndGet(K key, long delta) {
            return CompletableFuture.completedFuture(counters.addAndGet(key, delta));
        }

        @Override
        public CompletableFuture<Long> getAndAdd(K key, long delta) {
            return CompletableFuture.completedFuture(counters.getAndAdd(key, delta));
        }

        @Override
        public CompletableFuture<Long> get(K key) {
            return CompletableFuture.completedFuture(counters.get(key));
        }

        @Override
        public CompletableFuture<Long> put(K key, long value) {
            return CompletableFuture.completedFuture(counters.put(key, value));
        }

        @Override
        public CompletableFuture<Long> putIfAbsent(K key, long value) {
            return CompletableFuture.completedFuture(counters.putIfAbsent(key, value));
        }

        @Override
        public CompletableFuture<Boolean> replace(K key, long expected, long value) {
            return CompletableFuture.completedFuture(counters.replace(key, expected, value));
        }

        @Override
        public CompletableFuture<Long> remove(K key) {
            return CompletableFuture.completedFuture(counters.remove(key));
        }

        @Override
        public CompletableFuture<Boolean> remove(K key, long value) {
            return CompletableFuture.completedFuture(counters.remove(key, value));
        }

        @Override
        public CompletableFuture<Integer> size() {
            return CompletableFuture.completedFuture(counters.size());
        }

        @Override
        public CompletableFuture<Boolean> isEmpty() {
            return CompletableFuture.completedFuture(counters.isEmpty());
        }

        @Override
        public CompletableFuture<Void> clear() {
            counters.clear();
            return CompletableFuture.completedFuture(null);
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public <E> DistributedSetBuilder<E> setBuilder() {
        return new TestDistributedSet.Builder<>() {
            @Override
            public AsyncDistributedSet<E> build() {
                return (AsyncDistributedSet<E>) primitives.computeIfAbsent(
                        "set:" + name(), n -> new SynchronizedSet<E>(name()));
            }
        };
    }

    /** ONOS's test set, its operations one at a time (it is not thread-safe). */
    private static final class SynchronizedSet<E> extends org.onosproject.store.service.DistributedSetAdapter<E> {
        private final TestDistributedSet<E> set;

        SynchronizedSet(String name) {
            set = new TestDistributedSet<>(name);
        }

        @Override
        public synchronized java.util.concurrent.CompletableFuture<Boolean> add(E element) {
            return set.add(element);
        }

        @Override
        public synchronized java.util.concurrent.CompletableFuture<? extends Set<E>> getAsImmutableSet() {
            return set.getAsImmutableSet();
        }

        @Override
        public synchronized java.util.concurrent.CompletableFuture<Boolean> contains(E element) {
            return set.contains(element);
        }

        @Override
        public synchronized java.util.concurrent.CompletableFuture<Integer> size() {
            return set.size();
        }

        @Override
        public String name() {
            return set.name();
        }
    }

    /** Fails when called from inside a compute function, then waits a round trip. */
    private void call(String map) {
        if (IN_FUNCTION.get()) {
            throw new IllegalStateException("store call (map " + map + ") inside a compute function");
        }
        int micros = roundTripMicros;
        if (micros > 0) {
            LockSupport.parkNanos(ThreadLocalRandom.current().nextInt(micros + 1) * 1_000L);
        }
    }

    /** A consistent map with Atomix's semantics toward concurrent writers (class comment). */
    private final class Map1<K, V> extends ConsistentMapAdapter<K, V> {
        private final String name;
        private final Serializer serializer;
        private final Map<K, Versioned<V>> entries = new HashMap<>();
        private final List<MapEventListener<K, V>> listeners = new CopyOnWriteArrayList<>();

        Map1(String name, Serializer serializer) {
            this.name = name;
            this.serializer = serializer;
        }

        @Override
        public String name() {
            return name;
        }

        /** The value as the store would give it back (serialized and read again), versioned. */
        private Versioned<V> stored(V value) {
            V copy = serializer == null ? value : serializer.decode(serializer.encode(value));
            return new Versioned<>(copy, versions.incrementAndGet());
        }

        /** Writes (or removes, value null) under the lock and tells the listeners. */
        private Versioned<V> write(K key, V value) {
            Versioned<V> before = entries.get(key);
            Versioned<V> after = value == null ? null : stored(value);
            if (after == null) {
                entries.remove(key);
            } else {
                entries.put(key, after);
            }
            writes.computeIfAbsent(name, n -> new AtomicLong()).incrementAndGet();
            MapEvent<K, V> event = new MapEvent<>(name, key, after, before);
            if (holdEvents) {
                held.add(() -> listeners.forEach(l -> l.event(event)));
            } else {
                listeners.forEach(l -> l.event(event));
            }
            return after;
        }

        @Override
        public int size() {
            call(name);
            synchronized (lock) {
                return entries.size();
            }
        }

        @Override
        public boolean isEmpty() {
            return size() == 0;
        }

        @Override
        public boolean containsKey(K key) {
            return get(key) != null;
        }

        @Override
        public Versioned<V> get(K key) {
            call(name);
            synchronized (lock) {
                return entries.get(key);
            }
        }

        @Override
        public Versioned<V> computeIf(K key, Predicate<? super V> condition,
                                      BiFunction<? super K, ? super V, ? extends V> function) {
            Versioned<V> read = get(key);
            V current = Versioned.valueOrNull(read);
            if (!condition.test(current)) {
                return read;
            }
            V next;
            IN_FUNCTION.set(true);
            try {
                next = function.apply(key, current);
            } finally {
                IN_FUNCTION.set(false);
            }
            if (next == null && read == null) {
                return null;
            }
            call(name);
            synchronized (lock) {
                Versioned<V> now = entries.get(key);
                if (!Objects.equals(now == null ? null : now.version(), read == null ? null : read.version())) {
                    conflicts.incrementAndGet();
                    refusedWrites.incrementAndGet();
                    throw new ConsistentMapException.ConcurrentModification();
                }
                return write(key, next);
            }
        }

        @Override
        public Versioned<V> compute(K key, BiFunction<? super K, ? super V, ? extends V> function) {
            return computeIf(key, v -> true, function);
        }

        @Override
        public Versioned<V> computeIfPresent(K key, BiFunction<? super K, ? super V, ? extends V> function) {
            return computeIf(key, Objects::nonNull, function);
        }

        @Override
        public Versioned<V> computeIfAbsent(K key, Function<? super K, ? extends V> function) {
            return computeIf(key, Objects::isNull, (k, v) -> function.apply(k));
        }

        @Override
        public Versioned<V> put(K key, V value) {
            call(name);
            synchronized (lock) {
                Versioned<V> before = entries.get(key);
                write(key, value);
                return before;
            }
        }

        @Override
        public Versioned<V> putAndGet(K key, V value) {
            call(name);
            synchronized (lock) {
                return write(key, value);
            }
        }

        @Override
        public Versioned<V> putIfAbsent(K key, V value) {
            call(name);
            synchronized (lock) {
                Versioned<V> before = entries.get(key);
                if (before == null) {
                    write(key, value);
                } else {
                    refusedWrites.incrementAndGet();
                }
                return before;
            }
        }

        @Override
        public Versioned<V> remove(K key) {
            call(name);
            synchronized (lock) {
                Versioned<V> before = entries.get(key);
                if (before != null) {
                    write(key, null);
                }
                return before;
            }
        }

        @Override
        public boolean remove(K key, V value) {
            call(name);
            synchronized (lock) {
                Versioned<V> before = entries.get(key);
                if (before == null || !before.value().equals(value)) {
                    return false;
                }
                write(key, null);
                return true;
            }
        }

        @Override
        public boolean remove(K key, long version) {
            call(name);
            synchronized (lock) {
                Versioned<V> before = entries.get(key);
                if (before == null || before.version() != version) {
                    refusedWrites.incrementAndGet();
                    return false;
                }
                write(key, null);
                return true;
            }
        }

        @Override
        public Versioned<V> replace(K key, V value) {
            call(name);
            synchronized (lock) {
                Versioned<V> before = entries.get(key);
                if (before != null) {
                    write(key, value);
                }
                return before;
            }
        }

        @Override
        public boolean replace(K key, V oldValue, V newValue) {
            call(name);
            synchronized (lock) {
                Versioned<V> before = entries.get(key);
                if (before == null || !before.value().equals(oldValue)) {
                    return false;
                }
                write(key, newValue);
                return true;
            }
        }

        @Override
        public boolean replace(K key, long oldVersion, V newValue) {
            call(name);
            synchronized (lock) {
                Versioned<V> before = entries.get(key);
                if (before == null || before.version() != oldVersion) {
                    refusedWrites.incrementAndGet();
                    return false;
                }
                write(key, newValue);
                return true;
            }
        }

        @Override
        public Set<K> keySet() {
            call(name);
            synchronized (lock) {
                return Set.copyOf(entries.keySet());
            }
        }

        @Override
        public Collection<Versioned<V>> values() {
            call(name);
            synchronized (lock) {
                return new ArrayList<>(entries.values());
            }
        }

        @Override
        public Set<Map.Entry<K, Versioned<V>>> entrySet() {
            call(name);
            synchronized (lock) {
                return new LinkedHashMap<>(entries).entrySet();
            }
        }

        @Override
        public void clear() {
            call(name);
            synchronized (lock) {
                for (K key : entries.keySet().stream().collect(Collectors.toList())) {
                    write(key, null);
                }
            }
        }

        @Override
        public void addListener(MapEventListener<K, V> listener) {
            listeners.add(listener);
        }

        @Override
        public void removeListener(MapEventListener<K, V> listener) {
            listeners.remove(listener);
        }
    }
}
