/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.flow;

import org.onosproject.nids.api.ReportPipelineStats;

import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAccumulator;

/**
 * Durations in µs counted in log-linear buckets (four per power of two, so a percentile is off by at most a
 * quarter of its value), lock-free: one array of counters whatever the number of samples.
 */
final class LatencyHistogram {

    /** Sub-buckets per power of two. */
    private static final int SUB_BITS = 2;
    private static final int SUB = 1 << SUB_BITS;
    /** Values up to 2^40 µs (12 days) get their own bucket; longer ones share the last. */
    private static final int BUCKETS = (40 - SUB_BITS + 1) * SUB + SUB;

    private final AtomicLongArray counts = new AtomicLongArray(BUCKETS);
    private final LongAccumulator max = new LongAccumulator(Math::max, 0);

    /**
     * @param micros a duration (negative counts as 0)
     */
    void record(long micros) {
        long value = Math.max(0, micros);
        counts.incrementAndGet(bucketOf(value));
        max.accumulate(value);
    }

    /** The bucket of a value: values below SUB map to themselves, then SUB buckets per power of two. */
    static int bucketOf(long value) {
        if (value < SUB) {
            return (int) value;
        }
        int msb = 63 - Long.numberOfLeadingZeros(value);
        int sub = (int) (value >>> (msb - SUB_BITS)) & (SUB - 1);
        return Math.min(BUCKETS - 1, (msb - SUB_BITS + 1) * SUB + sub);
    }

    /** The largest value of a bucket (what a percentile in it is reported as). */
    static long upperBound(int bucket) {
        if (bucket < SUB) {
            return bucket;
        }
        int msb = bucket / SUB + SUB_BITS - 1;
        long sub = bucket % SUB;
        return ((SUB + sub + 1) << (msb - SUB_BITS)) - 1;
    }

    /** @return count, median, 99th percentile (bucket upper bounds) and maximum */
    ReportPipelineStats.Latency snapshot() {
        long[] copy = new long[BUCKETS];
        long total = 0;
        for (int i = 0; i < BUCKETS; i++) {
            copy[i] = counts.get(i);
            total += copy[i];
        }
        long largest = max.get();
        return new ReportPipelineStats.Latency(total, Math.min(largest, percentile(copy, total, 0.50)),
                                                Math.min(largest, percentile(copy, total, 0.99)), largest);
    }

    private static long percentile(long[] counts, long total, double quantile) {
        if (total == 0) {
            return 0;
        }
        long rank = (long) Math.ceil(quantile * total);
        long seen = 0;
        for (int i = 0; i < counts.length; i++) {
            seen += counts[i];
            if (seen >= rank) {
                return upperBound(i);
            }
        }
        return upperBound(counts.length - 1);
    }
}
