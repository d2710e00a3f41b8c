/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import com.google.common.collect.ImmutableMap;
import org.junit.Test;
import org.onosproject.nids.api.ClassShareSample;

import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/** One switch's read after another: baselines, resets, the idle bank across a flip, unreadable switches. */
public class ClassCounterReadTest {

    private static Map<Integer, Map<Integer, Long>> banks(Map<Integer, Long> bank0, Map<Integer, Long> bank1) {
        return ImmutableMap.of(0, bank0, 1, bank1);
    }

    @Test
    public void theFirstReadIsABaselineThenIncreasesCount() {
        ClassCounterRead.Step first = ClassCounterRead.step(null, 1_000, 0, banks(Map.of(0, 500L, 1, 20L), Map.of()));
        assertTrue(first.counted.isEmpty());
        assertEquals(0, first.intervalMillis);

        ClassCounterRead.Step second = ClassCounterRead.step(first.read, 11_000, 0,
                                                             banks(Map.of(0, 560L, 1, 50L, 2, 7L), Map.of()));
        // Class 2 is new on a switch read before: it counted from zero.
        assertEquals(ImmutableMap.of(0, 60L, 1, 30L, 2, 7L), second.counted);
        assertEquals(10_000, second.intervalMillis);
    }

    @Test
    public void aCounterThatWentDownWasResetAndCountsWhole() {
        ClassCounterRead.Step before = ClassCounterRead.step(null, 0, 0, banks(Map.of(0, 900L), Map.of()));
        ClassCounterRead.Step afterRestart = ClassCounterRead.step(before.read, 1, 0, banks(Map.of(0, 40L), Map.of()));
        assertEquals(ImmutableMap.of(0, 40L), afterRestart.counted);
    }

    @Test
    public void onlyTheActiveBankCountsButTheIdleBankKeepsItsBaselineAcrossAFlip() {
        ClassCounterRead.Step before = ClassCounterRead.step(null, 0, 0, banks(Map.of(0, 100L), Map.of(0, 7L)));
        // Straggler packets on the old bank do not count; the new bank 1 counts from its baseline 7.
        ClassCounterRead.Step flipped = ClassCounterRead.step(before.read, 1, 1,
                                                              banks(Map.of(0, 130L), Map.of(0, 27L, 1, 5L)));
        assertEquals(ImmutableMap.of(0, 20L, 1, 5L), flipped.counted);
    }

    @Test
    public void anUnreadableSwitchKeepsItsBaselines() {
        ClassCounterRead.Step before = ClassCounterRead.step(null, 0, 0, banks(Map.of(0, 100L, 1, 10L), Map.of()));
        // The switch did not answer (no counters): nothing counted, and the baselines stay.
        ClassCounterRead.Step unreadable = ClassCounterRead.step(before.read, 1, 0, banks(Map.of(), Map.of()));
        assertTrue(unreadable.counted.isEmpty());
        assertEquals(before.read.countersByBank(), unreadable.read.countersByBank());
        ClassCounterRead.Step back = ClassCounterRead.step(unreadable.read, 2, 0, banks(Map.of(0, 150L), Map.of()));
        assertEquals(ImmutableMap.of(0, 50L), back.counted);
        assertEquals(10L, (long) back.read.countersByBank().get(0).get(1));
    }

    @Test
    public void anEmptyIntervalHasNoShares() {
        ClassShareSample empty = new ClassShareSample(0, 0, null, Map.of());
        assertEquals(0.0, empty.share("attack"), 0.0);
        assertTrue(empty.modelId().isEmpty());
    }
}
