/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import com.google.common.collect.ImmutableMap;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.ClassShareSample;

import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/** Cumulative per-class counters of several switches and banks → per-interval class shares. */
public class ClassShareSeriesTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:s1");
    private static final DeviceId S2 = DeviceId.deviceId("device:s2");
    private static final List<String> NAMES = List.of("benign", "attack");

    private static ClassShareSeries.DeviceRead read(int activeBank, Map<Integer, Long> bank0,
                                                    Map<Integer, Long> bank1) {
        return new ClassShareSeries.DeviceRead(activeBank, ImmutableMap.of(0, bank0, 1, bank1));
    }

    private static ClassShareSample add(ClassShareSeries series, long now, Map<DeviceId,
            ClassShareSeries.DeviceRead> reads) {
        return series.add(now, "m", reads, id -> id < NAMES.size() ? NAMES.get(id) : "class-" + id);
    }

    @Test
    public void theFirstReadIsABaselineThenDeltasSumAcrossSwitches() {
        ClassShareSeries series = new ClassShareSeries(10);
        ClassShareSample first = add(series, 1_000, Map.of(S1, read(0, Map.of(0, 500L, 1, 20L), Map.of()),
                                                          S2, read(0, Map.of(0, 100L), Map.of())));
        assertEquals(0, first.total());
        assertEquals(0, first.intervalMillis());

        ClassShareSample second = add(series, 11_000, Map.of(S1, read(0, Map.of(0, 560L, 1, 50L), Map.of()),
                                                            S2, read(0, Map.of(0, 130L, 1, 10L), Map.of())));
        assertEquals(10_000, second.intervalMillis());
        // s2's attack counter is new on a switch read before: it counted from zero.
        assertEquals(ImmutableMap.of("benign", 90L, "attack", 40L), second.packets());
        assertEquals(40.0 / 130, second.share("attack"), 1e-9);
        assertEquals(List.of(first, second), series.recent(5));
    }

    @Test
    public void aCounterThatWentDownWasResetAndCountsWhole() {
        ClassShareSeries series = new ClassShareSeries(10);
        add(series, 0, Map.of(S1, read(0, Map.of(0, 900L), Map.of())));
        ClassShareSample afterRestart = add(series, 1, Map.of(S1, read(0, Map.of(0, 40L), Map.of())));
        assertEquals(ImmutableMap.of("benign", 40L), afterRestart.packets());
    }

    @Test
    public void onlyTheActiveBankCountsButTheIdleBankKeepsItsBaselineAcrossAFlip() {
        ClassShareSeries series = new ClassShareSeries(10);
        add(series, 0, Map.of(S1, read(0, Map.of(0, 100L), Map.of(0, 7L))));
        // Straggler packets on the old bank... and the new bank 1 counts from its baseline 7.
        ClassShareSample flipped = add(series, 1, Map.of(S1, read(1, Map.of(0, 130L), Map.of(0, 27L, 1, 5L))));
        assertEquals(ImmutableMap.of("benign", 20L, "attack", 5L), flipped.packets());
    }

    @Test
    public void classesBeyondTheModelKeepTheirIdAndTheWindowIsBounded() {
        ClassShareSeries series = new ClassShareSeries(2);
        add(series, 0, Map.of(S1, read(0, Map.of(5, 1L), Map.of())));
        ClassShareSample unknown = add(series, 1, Map.of(S1, read(0, Map.of(5, 4L), Map.of())));
        assertEquals(ImmutableMap.of("class-5", 3L), unknown.packets());
        add(series, 2, Map.of());
        assertEquals(2, series.recent(10).size());
        assertEquals(1, series.recent(10).get(0).timeMillis());
        series.resize(1);
        assertEquals(2, series.recent(10).get(0).timeMillis());
        assertTrue(series.latest().isPresent());
    }

    @Test
    public void anEmptyIntervalHasNoShares() {
        ClassShareSample empty = new ClassShareSample(0, 0, null, Map.of());
        assertEquals(0.0, empty.share("attack"), 0.0);
        assertTrue(empty.modelId().isEmpty());
    }
}
