/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import org.onlab.util.SharedExecutors;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.DistributedPrimitive;
import org.onosproject.store.service.MapEvent;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.StorageException;
import org.onosproject.store.service.Versioned;
import org.slf4j.Logger;

import java.util.Collection;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * This instance's copy of a consistent map, kept from the map's own events: what a reader that can take a state a few
 * milliseconds old reads without a round trip to the storage nodes (the incident and alert lists, a report's first
 * guess of its key's latest record). Every write still goes to the map, conditional on the version read, so a stale
 * copy costs a retry, never a lost update.
 *
 * <p>Each entry keeps its version: an event older than the entry is ignored, so the copy converges whatever order
 * the events of different keys arrive in. While the copy is (re)loaded from a snapshot of the map, the keys removed
 * meanwhile are remembered so the snapshot does not bring them back. When the map's session is suspended (the
 * storage nodes unreachable, events possibly missed) the copy is not trusted and every read goes to the map until it is
 * loaded again. It holds what the map holds, so it is bounded by the bound of the store that owns the map.
 *
 * @param <K> key
 * @param <V> value
 */
public final class MapView<K, V> {

    private final Logger log = getLogger(getClass());

    private final ConsistentMap<K, V> map;
    private final ConcurrentHashMap<K, Versioned<V>> entries = new ConcurrentHashMap<>();
    /** While a load runs: each key removed meanwhile, with the version it was removed at. */
    private volatile Map<K, Long> removedWhileLoading;
    /** False until loaded, and from a suspension of the map's session until it is loaded again. */
    private volatile boolean current;
    private final MapEventListener<K, V> listener = this::apply;
    private final Consumer<DistributedPrimitive.Status> statusListener = this::statusChanged;

    /**
     * Starts following the map and loads it.
     *
     * @param map the consistent map
     */
    public MapView(ConsistentMap<K, V> map) {
        this.map = Objects.requireNonNull(map, "map");
        map.addListener(listener);
        map.addStatusChangeListener(statusListener);
        load();
    }

    /** Stops following the map. */
    public void close() {
        map.removeListener(listener);
        map.removeStatusChangeListener(statusListener);
        current = false;
    }

    /**
     * @param key a key
     * @return its entry as this instance last heard of it (null if absent); the map's own when the copy is not current
     */
    public Versioned<V> get(K key) {
        return current ? entries.get(key) : map.get(key);
    }

    /** @return every value, as {@link #get} */
    public Collection<V> values() {
        if (current) {
            return entries.values().stream().map(Versioned::value).collect(ImmutableList.toImmutableList());
        }
        return map.values().stream().map(Versioned::value).collect(ImmutableList.toImmutableList());
    }

    /** @return every key, as {@link #get} */
    public Set<K> keys() {
        return current ? ImmutableSet.copyOf(entries.keySet()) : ImmutableSet.copyOf(map.keySet());
    }

    /** @return the number of entries, as {@link #get} */
    public int size() {
        return current ? entries.size() : map.size();
    }

    /** @return whether reads come from the copy (loaded, and no suspension since) */
    public boolean current() {
        return current;
    }

    private void apply(MapEvent<K, V> event) {
        if (event.type() == MapEvent.Type.REMOVE) {
            Versioned<V> gone = event.oldValue();
            long version = gone == null ? Long.MAX_VALUE : gone.version();
            entries.computeIfPresent(event.key(), (k, v) -> v.version() <= version ? null : v);
            Map<K, Long> removed = removedWhileLoading;
            if (removed != null) {
                removed.merge(event.key(), version, Math::max);
            }
        } else if (event.newValue() != null) {
            entries.merge(event.key(), event.newValue(), MapView::newer);
        }
    }

    private static <V> Versioned<V> newer(Versioned<V> a, Versioned<V> b) {
        return b.version() >= a.version() ? b : a;
    }

    /** (Re)loads the copy from a snapshot of the map; the copy is current again once it succeeds. */
    private synchronized void load() {
        current = false;
        Map<K, Long> removed = new ConcurrentHashMap<>();
        removedWhileLoading = removed;
        try {
            entries.clear();
            for (Map.Entry<K, Versioned<V>> entry : map.entrySet()) {
                Long gone = removed.get(entry.getKey());
                if (gone == null || gone < entry.getValue().version()) {
                    entries.merge(entry.getKey(), entry.getValue(), MapView::newer);
                }
            }
            current = true;
        } catch (StorageException e) {
            // Reads keep going to the map; the next reconnection loads again.
            log.warn("Copy of {} not loaded ({}); reading the map itself", map.name(), e.getMessage());
        } finally {
            removedWhileLoading = null;
        }
    }

    private void statusChanged(DistributedPrimitive.Status status) {
        if (status != DistributedPrimitive.Status.ACTIVE) {
            current = false;
        } else if (!current) {
            // Not on the storage thread that reports the status: a load waits for that thread's answers.
            SharedExecutors.getSingleThreadExecutor().execute(this::load);
        }
    }
}
