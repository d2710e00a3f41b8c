/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableMap;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Packets the fabric classified per class during one counter-poll interval (the per-class counters of every switch's
 * active bank, read over P4Runtime): one point of the class-share time series that shows drift.
 */
public final class ClassShareSample {

    private final long timeMillis;
    private final long intervalMillis;
    private final String modelId;
    private final Map<String, Long> packets;

    /**
     * A sample.
     *
     * @param timeMillis     when the counters were read
     * @param intervalMillis time since the previous read the deltas cover
     * @param modelId        the model active at the read, or null
     * @param packets        packets per class name in the interval, in class-id order
     */
    public ClassShareSample(long timeMillis, long intervalMillis, String modelId, Map<String, Long> packets) {
        checkArgument(intervalMillis >= 0, "intervalMillis must not be negative");
        this.timeMillis = timeMillis;
        this.intervalMillis = intervalMillis;
        this.modelId = modelId;
        this.packets = ImmutableMap.copyOf(checkNotNull(packets, "packets"));
        this.packets.values().forEach(v -> checkArgument(v >= 0, "packet counts must not be negative"));
    }

    public long timeMillis() {
        return timeMillis;
    }

    public long intervalMillis() {
        return intervalMillis;
    }

    public Optional<String> modelId() {
        return Optional.ofNullable(modelId);
    }

    /** @return packets per class name, in class-id order */
    public Map<String, Long> packets() {
        return packets;
    }

    /** @return packets classified in the interval, every class */
    public long total() {
        return packets.values().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * @param className a class
     * @return its share of the interval's packets, 0 when nothing was classified
     */
    public double share(String className) {
        long total = total();
        return total == 0 ? 0.0 : (double) packets.getOrDefault(className, 0L) / total;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ClassShareSample)) {
            return false;
        }
        ClassShareSample that = (ClassShareSample) o;
        return timeMillis == that.timeMillis && intervalMillis == that.intervalMillis
                && Objects.equals(modelId, that.modelId) && packets.equals(that.packets);
    }

    @Override
    public int hashCode() {
        return Objects.hash(timeMillis, intervalMillis, modelId, packets);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("time", timeMillis).add("interval", intervalMillis)
                .add("model", modelId).add("packets", packets).toString();
    }
}
