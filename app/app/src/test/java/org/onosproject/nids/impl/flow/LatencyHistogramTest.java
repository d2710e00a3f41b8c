/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.flow;

import org.junit.Test;
import org.onosproject.nids.api.ReportPipelineStats;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Percentiles within a quarter of the true value, whatever the number of samples.
 */
public class LatencyHistogramTest {

    @Test
    public void everyValueLiesInItsBucket() {
        for (long value = 0; value < 5_000_000; value = value < 64 ? value + 1 : value * 17 / 16) {
            int bucket = LatencyHistogram.bucketOf(value);
            long upper = LatencyHistogram.upperBound(bucket);
            assertTrue(value + " <= " + upper, value <= upper);
            assertTrue(value + " within 25% of " + upper, upper <= value + Math.max(0, value / 4));
            if (bucket > 0) {
                assertTrue("buckets ascend", LatencyHistogram.upperBound(bucket - 1) < value);
            }
        }
    }

    @Test
    public void percentilesAndMaximum() {
        LatencyHistogram histogram = new LatencyHistogram();
        for (int i = 1; i <= 1000; i++) {
            histogram.record(i);
        }
        histogram.record(-5);
        ReportPipelineStats.Latency latency = histogram.snapshot();
        assertEquals(1001, latency.count());
        assertEquals(1000, latency.maxMicros());
        assertTrue(latency.p50Micros() >= 500 && latency.p50Micros() <= 625);
        assertTrue(latency.p99Micros() >= 990 && latency.p99Micros() <= 1000);
    }

    @Test
    public void emptyIsZero() {
        ReportPipelineStats.Latency latency = new LatencyHistogram().snapshot();
        assertEquals(0, latency.count());
        assertEquals(0, latency.p99Micros());
    }
}
