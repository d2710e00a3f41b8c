/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.flow;

import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.ReportFormat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotSame;
import static org.junit.Assert.assertTrue;

/**
 * A paced replay offers rate × seconds frames, spread evenly over the switches, each a copy, counting what the
 * report path refused; the clock is the test's, so nothing here depends on the machine's speed.
 */
public class ReportReplayTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    private static final DeviceId S2 = DeviceId.deviceId("device:bmv2:s2");

    /** Takes every frame but each tenth, and remembers what each switch got. */
    private static final class Recorder implements ReportReplay {
        final Map<DeviceId, List<byte[]>> got = new HashMap<>();
        long calls;

        @Override
        public Optional<ReportFormat> format(DeviceId deviceId) {
            return Optional.empty();
        }

        @Override
        public boolean offerFrame(DeviceId deviceId, ReportFormat format, byte[] frame) {
            got.computeIfAbsent(deviceId, d -> new ArrayList<>()).add(frame);
            return ++calls % 10 != 0;
        }
    }

    @Test
    public void offersRateTimesSecondsOverTheSwitchesAndCountsRefusals() {
        Recorder target = new Recorder();
        AtomicLong clock = new AtomicLong(1_000_000_000L);
        List<byte[]> frames = List.of(new byte[]{1}, new byte[]{2}, new byte[]{3});
        ReportReplay.Outcome outcome = ReportReplay.replay(target, List.of(S1, S2), Arrays.asList(null, null),
                                                           frames, 5_000, 0.1, clock::get,
                                                           () -> clock.addAndGet(1_000_000));
        assertEquals(500, outcome.offered);
        assertEquals(450, outcome.accepted);
        assertEquals(0.1, outcome.seconds, 1e-9);
        assertEquals(250, target.got.get(S1).size());
        assertEquals(250, target.got.get(S2).size());
        // every frame of the file is used, and each offer is a copy (the packet thread copies too)
        assertTrue(target.got.get(S1).stream().anyMatch(f -> f[0] == 3));
        assertNotSame(frames.get(0), target.got.get(S1).get(0));
    }

    @Test(expected = IllegalArgumentException.class)
    public void refusesAReplayWithoutSwitches() {
        ReportReplay.replay(new Recorder(), List.of(), List.of(), List.of(new byte[]{1}), 1, 1, System::nanoTime,
                            () -> { });
    }
}
