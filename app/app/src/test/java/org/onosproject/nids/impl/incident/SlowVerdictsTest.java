/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.incident;

import org.junit.Test;
import org.onosproject.nids.detection.FlowVerdict;
import org.onosproject.nids.detection.IncidentBook;
import org.onosproject.nids.detection.LocationCheck;

import java.util.concurrent.TimeUnit;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/** A verdict over the threshold is counted as slow; one under it is not. */
public class SlowVerdictsTest {

    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

    @Test
    public void onlyVerdictsOverTheThresholdCount() {
        FlowVerdict verdict = FlowVerdict.builder().timeMicros(1).flow("10.0.0.1", 40000, "10.0.0.9", 80, 6)
                .verdict(1, "DoS", 5).decisionPath("").modelId("m").reportedBy("device:bmv2:s1", 1)
                .location(LocationCheck.MATCH, "").build();
        SlowVerdicts slow = new SlowVerdicts();
        long t0 = 1_000 * MS;
        assertFalse(slow.check(verdict, IncidentBook.Placement.Kind.JOINED, t0, t0 + MS, t0 + 2 * MS, t0 + 900 * MS,
                               t0 + 999 * MS));
        assertEquals(0, slow.count());
        assertTrue(slow.check(verdict, IncidentBook.Placement.Kind.OPENED, t0, t0 + MS, t0 + 2 * MS,
                              t0 + 1500 * MS, t0 + 1600 * MS));
        assertTrue("counted even when not logged again within the minute",
                   slow.check(verdict, IncidentBook.Placement.Kind.JOINED, t0, t0, t0, t0, t0 + 2000 * MS));
        assertEquals(2, slow.count());
    }
}
