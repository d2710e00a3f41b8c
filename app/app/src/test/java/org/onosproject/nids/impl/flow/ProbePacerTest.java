/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.flow;

import org.junit.Test;

import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The sweep's probes leave within the switch's probe budget, once per slot, oldest first.
 */
public class ProbePacerTest {

    private static final long SECOND = 1_000_000_000L;
    /** The switch's PROBE budget: 1,000 per second, 100 deep (the app's defaults). */
    private static final long RATE = 1000;
    private static final long BURST = 100;

    @Test
    public void aFullSweepLeavesHalfABurstAtOnceThenAtFourFifthsOfTheRate() {
        ProbePacer pacer = new ProbePacer(65536);
        for (long slot = 0; slot < 5000; slot++) {
            assertTrue(pacer.offer(slot));
        }
        List<Long> first = pacer.release(0, RATE, BURST);
        assertEquals("half the switch's bucket at once", 50, first.size());
        assertEquals("oldest first", 0L, (long) first.get(0));
        assertEquals(0, pacer.release(0, RATE, BURST).size());
        // 50 ms later: 0.05 s x 800/s = 40
        assertEquals(40, pacer.release(SECOND / 20, RATE, BURST).size());
        // a long pause refills only to the pacer's depth, never to the switch's
        assertEquals(50, pacer.release(10 * SECOND, RATE, BURST).size());
        assertEquals(5000 - 140, pacer.pending());
    }

    @Test
    public void overAnySecondTheProbesStayWithinTheSwitchsBudget() {
        ProbePacer pacer = new ProbePacer(65536);
        for (long slot = 0; slot < 10_000; slot++) {
            pacer.offer(slot);
        }
        long sent = 0;
        for (long tick = 0; tick <= 20; tick++) {       // 50-ms ticks over one second
            sent += pacer.release(tick * SECOND / 20, RATE, BURST).size();
        }
        // the switch answers its 100-deep bucket plus 1,000 over the second
        assertTrue("sent " + sent, sent <= BURST + RATE);
        assertEquals(50 + 800, sent);
    }

    @Test
    public void aSlotIsQueuedOnceAndKeepsItsPlace() {
        ProbePacer pacer = new ProbePacer(16);
        pacer.offer(3);
        pacer.offer(5);
        pacer.offer(3);
        assertEquals(2, pacer.pending());
        assertEquals(List.of(3L, 5L), pacer.release(0, RATE, BURST));
    }

    @Test
    public void aSlotBeyondTheTableIsRefused() {
        ProbePacer pacer = new ProbePacer(16);
        assertFalse(pacer.offer(16));
        assertFalse(pacer.offer(-1));
        assertEquals(0, pacer.pending());
    }

    @Test
    public void aTinyBudgetStillLetsProbesOut() {
        ProbePacer pacer = new ProbePacer(16);
        pacer.offer(1);
        pacer.offer(2);
        assertEquals("a bucket of at least one", 1, pacer.release(0, 1, 1).size());
        assertEquals(0, pacer.release(SECOND / 2, 1, 1).size());
        assertEquals(1, pacer.release(SECOND, 1, 1).size());
    }
}
