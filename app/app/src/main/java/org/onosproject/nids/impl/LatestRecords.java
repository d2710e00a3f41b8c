/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.onosproject.store.service.AtomicIdGenerator;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.ConsistentMapException;
import org.onosproject.store.service.Versioned;

import java.util.Collection;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.LongFunction;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * The latest record of each key over ONOS's distributed primitives, as the alert store (a flow's latest alert) and the
 * incident store (a source and family's latest incident) keep them: a consistent map of records by id, a consistent
 * map from each key to the id of its latest record (the index), and an id generator.
 *
 * <p>Every step is one read, or one conditional write of one map (put-if-absent, or a replace of the version read);
 * a write that finds the entry changed since it was read reads again and tries again. No store call runs inside a
 * map's compute function: Atomix runs that function on the thread that completes the compute's read, and a store call
 * made from there waits for an answer that thread would have to deliver, until it times out (the
 * {@code ConsistentMapException$Timeout} on {@code nids-incident-latest} with 8 detection threads, issue 16). Ids come
 * from ONOS's {@link AtomicIdGenerator}, which reserves them in blocks (Atomix 3.1: 1,000 per instance), so a new id
 * rarely costs a round trip; an id taken for a write that then loses its race is not used (ids have gaps).
 *
 * <p>Opening a record: the key's index entry is claimed for a new id first (put-if-absent, or a replace of the entry
 * read), then the record is stored under the id (put-if-absent). Whoever stores the record of an id first opens it: a
 * concurrent report of the same key that finds the index naming an id with no record yet stores its own record under
 * that id or, losing that race, folds into the winner's, so concurrent reports of one key make one record, on one
 * instance or several. An index entry naming an id with no record is also what an instance that died between the two
 * writes leaves; the key's next report completes it. Eviction removes the index entry before the record, so such an
 * entry is confirmed (replaced by itself, which fails if it went meanwhile) before a record is stored under its id: a
 * record just evicted is never stored again under an id the index no longer names.
 *
 * <p>Reads of a report's first attempt come from this instance's event-fed copies of both maps ({@link MapView}): a
 * copy a few milliseconds behind only makes the conditional write fail, and the retry reads the maps themselves. So
 * joining the latest record costs one round trip (its replace) and opening two (the index entry, the record); the
 * record lists ({@link #values}) come from the copy too. A change reads the map itself (a change that leaves a record
 * as it was writes nothing, so it must not be decided on a stale copy), then replaces.
 *
 * @param <K> the key
 * @param <V> the record
 */
public final class LatestRecords<K, V> {

    /** Lost races before an operation gives up (ConcurrentModification): far more than concurrent writers of a key. */
    static final int MAX_ATTEMPTS = 32;
    /** Lost races after which a retry first waits a little (random, up to this many ms times the attempt). */
    static final int BACKOFF_AFTER = 3;
    private static final int BACKOFF_MILLIS = 2;

    /**
     * A key's index entry and its record as read together.
     *
     * @param <K> the key
     * @param <V> the record
     */
    public static final class Read<K, V> {
        private final K key;
        private final Versioned<Long> latest;
        private final Versioned<V> record;

        private Read(K key, Versioned<Long> latest, Versioned<V> record) {
            this.key = key;
            this.latest = latest;
            this.record = record;
        }

        /** @return the key's latest record, if the index names one and it is stored */
        public Optional<V> record() {
            return Optional.ofNullable(Versioned.valueOrNull(record));
        }

        @Override
        public String toString() {
            return key + " -> " + Versioned.valueOrNull(latest) + (record == null ? " (no record)" : "");
        }
    }

    private final ConsistentMap<K, Long> index;
    private final ConsistentMap<Long, V> records;
    private final AtomicIdGenerator ids;
    private final MapView<K, Long> indexCopy;
    private final MapView<Long, V> recordCopy;

    /**
     * @param index   each key's latest record id
     * @param records the records by id
     * @param ids     the ids of new records
     */
    public LatestRecords(ConsistentMap<K, Long> index, ConsistentMap<Long, V> records, AtomicIdGenerator ids) {
        this.index = Objects.requireNonNull(index, "index");
        this.records = Objects.requireNonNull(records, "records");
        this.ids = Objects.requireNonNull(ids, "ids");
        this.indexCopy = new MapView<>(index);
        this.recordCopy = new MapView<>(records);
    }

    /** Stops following the maps (the store's deactivation). */
    public void close() {
        indexCopy.close();
        recordCopy.close();
    }

    /** @return every record, from this instance's copy (a few milliseconds behind the map at most) */
    public Collection<V> values() {
        return recordCopy.values();
    }

    /** @return the number of records, from this instance's copy */
    public int size() {
        return recordCopy.size();
    }

    /**
     * Reads a key's latest record from this instance's copies of the maps (no round trip; possibly a few milliseconds
     * old, which the conditional writes of {@link #openOrJoin} catch).
     *
     * @param key the key
     * @return what was read
     */
    public Read<K, V> read(K key) {
        Versioned<Long> latest = indexCopy.get(key);
        Versioned<V> record = latest == null ? null : recordCopy.get(latest.value());
        return new Read<>(key, latest, record);
    }

    /** Reads a key's latest record from the maps themselves: the index, then the record it names. */
    private Read<K, V> readMaps(K key) {
        Versioned<Long> latest = index.get(key);
        Versioned<V> record = latest == null ? null : records.get(latest.value());
        return new Read<>(key, latest, record);
    }

    /**
     * Folds a report into the key's latest record if that takes it, else stores a new record under a new id and makes
     * it the key's latest; atomic against concurrent reports of the key on any instance.
     *
     * @param key   the key
     * @param given the caller's read of the key ({@link #read}), used as the first attempt's; null to read it here
     * @param takes whether a record takes the report
     * @param open  the new record, given its id
     * @param fold  a record with the report
     * @return the record after the report
     * @throws ConsistentMapException.ConcurrentModification after {@value #MAX_ATTEMPTS} lost races
     */
    public V openOrJoin(K key, Read<K, V> given, Predicate<? super V> takes, LongFunction<? extends V> open,
                        UnaryOperator<V> fold) {
        Read<K, V> read = given != null && given.key.equals(key) ? given : read(key);
        for (int attempt = 1; ; attempt++) {
            V placed = place(key, read, takes, open, fold);
            if (placed != null) {
                return placed;
            }
            if (attempt >= MAX_ATTEMPTS) {
                throw new ConsistentMapException.ConcurrentModification();
            }
            backOff(attempt);
            read = readMaps(key);
        }
    }

    /** One attempt on what was read: the record after the report, or null if a write lost its race. */
    private V place(K key, Read<K, V> read, Predicate<? super V> takes, LongFunction<? extends V> open,
                    UnaryOperator<V> fold) {
        if (read.record != null) {
            V current = read.record.value();
            if (takes.test(current)) {
                V after = fold.apply(current);
                return records.replace(read.latest.value(), read.record.version(), after) ? after : null;
            }
            Long id = ids.nextId();
            return replaceIndex(key, read.latest.version(), id) ? store(id, takes, open, fold) : null;
        }
        if (read.latest != null) {
            // The index names an id with no record yet: a concurrent report is opening it (class comment).
            Long id = read.latest.value();
            return replaceIndex(key, read.latest.version(), id) ? store(id, takes, open, fold) : null;
        }
        long id = ids.nextId();
        return index.putIfAbsent(key, id) == null ? store(id, takes, open, fold) : null;
    }

    /** The index entry's replace if it still has the version read (not ConsistentMap's replace of a value). */
    private boolean replaceIndex(K key, long version, Long id) {
        return index.replace(key, version, id);
    }

    /** Stores the record of an id the index names, or folds into the one a concurrent report stored first. */
    private V store(long id, Predicate<? super V> takes, LongFunction<? extends V> open, UnaryOperator<V> fold) {
        V opened = open.apply(id);
        Versioned<V> first = records.putIfAbsent(id, opened);
        if (first == null) {
            return opened;
        }
        if (takes.test(first.value())) {
            V after = fold.apply(first.value());
            if (records.replace(id, first.version(), after)) {
                return after;
            }
        }
        return null;
    }

    /**
     * Changes a stored record: a read and, unless the change leaves it as it was, a replace of the version read,
     * again after a lost race.
     *
     * @param id     the record
     * @param change the change (pure: it may run more than once; never null, a record is removed otherwise)
     * @return the record after the change; empty if it is not stored
     * @throws ConsistentMapException.ConcurrentModification after {@value #MAX_ATTEMPTS} lost races
     */
    public Optional<V> change(long id, UnaryOperator<V> change) {
        for (int attempt = 1; ; attempt++) {
            Versioned<V> current = records.get(id);
            if (current == null) {
                return Optional.empty();
            }
            V after = Objects.requireNonNull(change.apply(current.value()), "a change must give a record");
            if (after.equals(current.value()) || records.replace(id, current.version(), after)) {
                return Optional.of(after);
            }
            if (attempt >= MAX_ATTEMPTS) {
                throw new ConsistentMapException.ConcurrentModification();
            }
            backOff(attempt);
        }
    }

    /** After a few lost races in a row, a short random wait lets the other writers' round trips finish. */
    private static void backOff(int attempt) {
        if (attempt < BACKOFF_AFTER) {
            return;
        }
        try {
            TimeUnit.MILLISECONDS.sleep(ThreadLocalRandom.current().nextInt(1, BACKOFF_MILLIS * attempt + 1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ConsistentMapException.Interrupted();
        }
    }
}
