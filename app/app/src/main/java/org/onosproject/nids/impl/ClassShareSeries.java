/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import com.google.common.collect.ImmutableList;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.ClassShareSample;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.IntFunction;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * Turns successive reads of the switches' cumulative per-class counters into per-interval samples, kept in a bounded
 * window. Pure: the caller reads the counters and the clock.
 *
 * Counters are cumulative and live per (switch, bank, class); a read lists only counters above zero. On a switch's
 * first read every counter only sets a baseline (its history is unknown); later, a counter not seen before counts from
 * zero, and one that went down was reset (switch restart, pipeline re-push),
 * so its whole new value is the delta. Only the active bank's deltas count — its model gave those classes — but both
 * banks keep baselines, so packets counted between a flip and the next read are not lost.
 */
final class ClassShareSeries {

    /** One switch's read: its active bank and every class counter of both banks. */
    static final class DeviceRead {
        final int activeBank;
        final Map<Integer, Map<Integer, Long>> countersByBank;

        DeviceRead(int activeBank, Map<Integer, Map<Integer, Long>> countersByBank) {
            this.activeBank = activeBank;
            this.countersByBank = countersByBank;
        }
    }

    private static final class CounterKey {
        final DeviceId device;
        final int bank;
        final int classId;

        CounterKey(DeviceId device, int bank, int classId) {
            this.device = device;
            this.bank = bank;
            this.classId = classId;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof CounterKey)) {
                return false;
            }
            CounterKey that = (CounterKey) o;
            return bank == that.bank && classId == that.classId && device.equals(that.device);
        }

        @Override
        public int hashCode() {
            return Objects.hash(device, bank, classId);
        }
    }

    private final Map<CounterKey, Long> baselines = new HashMap<>();
    private final Set<DeviceId> known = new HashSet<>();
    private final Deque<ClassShareSample> samples = new ArrayDeque<>();
    private int capacity;
    private long lastReadMillis = -1;

    ClassShareSeries(int capacity) {
        resize(capacity);
    }

    /** Keeps at most this many samples (drops the oldest beyond). */
    synchronized void resize(int newCapacity) {
        checkArgument(newCapacity > 0, "capacity must be positive");
        capacity = newCapacity;
        trim();
    }

    /**
     * Adds one read of the fabric and returns the sample it makes.
     *
     * @param nowMillis  read time
     * @param modelId    active model, or null
     * @param reads      per switch: active bank and counters
     * @param className  class id to name under the active model
     * @return the new sample (every class of the active bank that counted packets, class-id order)
     */
    synchronized ClassShareSample add(long nowMillis, String modelId, Map<DeviceId, DeviceRead> reads,
                                      IntFunction<String> className) {
        SortedMap<Integer, Long> deltas = new TreeMap<>();
        // A switch that left the fabric starts over with a baseline if it comes back.
        Set.copyOf(known).stream().filter(device -> !reads.containsKey(device)).forEach(this::forget);
        reads.forEach((device, read) -> {
            boolean firstRead = known.add(device);
            read.countersByBank.forEach((bank, counters) -> counters.forEach((classId, value) -> {
                Long previous = baselines.put(new CounterKey(device, bank, classId), value);
                long delta = firstRead ? 0 : previous == null ? value : value >= previous ? value - previous : value;
                if (bank == read.activeBank && delta > 0) {
                    deltas.merge(classId, delta, Long::sum);
                }
            }));
        });
        Map<String, Long> packets = new LinkedHashMap<>();
        deltas.forEach((classId, delta) -> packets.merge(className.apply(classId), delta, Long::sum));
        long interval = lastReadMillis < 0 ? 0 : Math.max(0, nowMillis - lastReadMillis);
        lastReadMillis = nowMillis;
        ClassShareSample sample = new ClassShareSample(nowMillis, interval, modelId, packets);
        samples.addLast(sample);
        trim();
        return sample;
    }

    private void forget(DeviceId device) {
        baselines.keySet().removeIf(key -> key.device.equals(device));
        known.remove(device);
    }

    /** @return the most recent samples, oldest first */
    synchronized List<ClassShareSample> recent(int limit) {
        checkArgument(limit > 0, "limit must be positive");
        List<ClassShareSample> all = ImmutableList.copyOf(samples);
        return all.subList(Math.max(0, all.size() - limit), all.size());
    }

    /** @return the newest sample */
    synchronized Optional<ClassShareSample> latest() {
        return Optional.ofNullable(samples.peekLast());
    }

    private void trim() {
        while (samples.size() > capacity) {
            samples.removeFirst();
        }
    }
}
