/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableMap;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * One switch's cumulative per-class counters (both banks) as last read, kept cluster-wide so that the switch's next
 * read, by the same master or a new one, counts the packets since this one. Pure: the caller reads the counters.
 *
 * <p>Counters are cumulative and live per (bank, class); a read lists only counters above zero, and an unreadable
 * switch answers with none. So a counter missing from a read keeps its last value as baseline; one not seen before
 * counts from zero, and one that went down was reset (switch restart, pipeline re-push), so its whole new value is
 * counted. A switch's first read only sets baselines (its history is unknown). Only the active bank's increases
 * count (its model gave those classes), but both banks keep baselines, so packets counted between a flip and the
 * next read are not lost.
 */
public final class ClassCounterRead {

    private final long timeMillis;
    /** bank to class id to packets, cumulative. */
    private final Map<Integer, Map<Integer, Long>> countersByBank;

    ClassCounterRead(long timeMillis, Map<Integer, Map<Integer, Long>> countersByBank) {
        this.timeMillis = timeMillis;
        ImmutableMap.Builder<Integer, Map<Integer, Long>> copy = ImmutableMap.builder();
        checkNotNull(countersByBank, "countersByBank")
                .forEach((bank, counters) -> copy.put(bank, ImmutableMap.copyOf(counters)));
        this.countersByBank = copy.build();
    }

    /** @return when the counters were read */
    long timeMillis() {
        return timeMillis;
    }

    /** @return bank to class id to packets (cumulative; counters missing from later reads keep their value) */
    Map<Integer, Map<Integer, Long>> countersByBank() {
        return countersByBank;
    }

    /** What one read of a switch adds: its new baselines, the packets its active bank counted, the time covered. */
    static final class Step {
        final ClassCounterRead read;
        final SortedMap<Integer, Long> counted;
        final long intervalMillis;

        private Step(ClassCounterRead read, SortedMap<Integer, Long> counted, long intervalMillis) {
            this.read = read;
            this.counted = counted;
            this.intervalMillis = intervalMillis;
        }
    }

    /**
     * The step from a switch's last read to a new one.
     *
     * @param previous   the switch's last read, null if it has none (the new read is only a baseline)
     * @param timeMillis when the counters were read
     * @param activeBank the bank the switch classifies with
     * @param read       bank to class id to packets, as read now (counters above zero only; empty if unreadable)
     * @return the new baselines, and the packets per class id the active bank counted since {@code previous}
     */
    static Step step(ClassCounterRead previous, long timeMillis, int activeBank,
                     Map<Integer, Map<Integer, Long>> read) {
        Map<Integer, Map<Integer, Long>> baselines = new HashMap<>();
        if (previous != null) {
            previous.countersByBank.forEach((bank, counters) -> baselines.put(bank, new HashMap<>(counters)));
        }
        SortedMap<Integer, Long> counted = new TreeMap<>();
        read.forEach((bank, counters) -> counters.forEach((classId, value) -> {
            Long before = baselines.computeIfAbsent(bank, b -> new HashMap<>()).put(classId, value);
            long delta = previous == null ? 0 : before == null ? value : value >= before ? value - before : value;
            if (bank == activeBank && delta > 0) {
                counted.merge(classId, delta, Long::sum);
            }
        }));
        long interval = previous == null ? 0 : Math.max(0, timeMillis - previous.timeMillis);
        return new Step(new ClassCounterRead(timeMillis, baselines), counted, interval);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ClassCounterRead)) {
            return false;
        }
        ClassCounterRead that = (ClassCounterRead) o;
        return timeMillis == that.timeMillis && countersByBank.equals(that.countersByBank);
    }

    @Override
    public int hashCode() {
        return Objects.hash(timeMillis, countersByBank);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("time", timeMillis).add("counters", countersByBank).toString();
    }
}
