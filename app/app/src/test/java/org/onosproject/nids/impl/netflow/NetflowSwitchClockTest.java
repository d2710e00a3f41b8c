/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.netflow;

import org.junit.Test;
import org.onosproject.nids.api.FlowRecord;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.onosproject.nids.impl.netflow.SampleRecords.UDP;
import static org.onosproject.nids.impl.netflow.SampleRecords.flow;

/**
 * The mapping of the switch µs clock to NetFlow sysUptime and to wall-clock time.
 */
public class NetflowSwitchClockTest {

    private static final long WALL = 1_700_000_000_000L;

    @Test
    public void uptimeIsWholeMillisecondsModulo2To32() {
        assertEquals(0, SwitchClock.uptimeMillis(999));
        assertEquals(1, SwitchClock.uptimeMillis(1999));
        assertEquals(5_000_123, SwitchClock.uptimeMillis(5_000_123_456L));
        long wrap = (1L << 32) * 1000;
        assertEquals(0, SwitchClock.uptimeMillis(wrap));
        assertEquals(7, SwitchClock.uptimeMillis(wrap + 7_500));
    }

    @Test
    public void bootIsTheTightestBoundOverReports() {
        SwitchClock clock = new SwitchClock();
        assertFalse(clock.anchored());

        clock.observe(report(10_000_000L, WALL + 200), WALL + 200);    // received 200 ms after its last packet
        assertEquals(WALL + 200 - 10_000, clock.bootEpochMillis());
        clock.observe(report(20_000_000L, WALL + 10_005), WALL + 10_005); // 5 ms: tighter
        assertEquals(WALL + 10_005 - 20_000, clock.bootEpochMillis());
        clock.observe(report(30_000_000L, WALL + 25_000), WALL + 25_000); // 5 s late (idle timeout): looser, ignored
        assertEquals(WALL + 10_005 - 20_000, clock.bootEpochMillis());
        assertTrue(clock.anchored());
    }

    @Test
    public void restartedSwitchIsAnchoredAgain() {
        SwitchClock clock = new SwitchClock(60_000);
        clock.observe(report(3_600_000_000L, WALL), WALL);          // up for an hour
        long restartedAt = WALL + 120_000;
        clock.observe(report(1_000_000L, restartedAt + 1_000), restartedAt + 1_000); // clock back at 1 s

        assertEquals(restartedAt, clock.bootEpochMillis());
    }

    @Test
    public void reportWithoutReceiveTimeUsesNow() {
        SwitchClock clock = new SwitchClock();
        FlowRecord unreceived = flow("device:bmv2:s1", "10.0.0.1", 1, "10.0.0.2", 2, UDP)
                .lastSeenMicros(2_000_000L).build();

        clock.observe(unreceived, WALL);

        assertEquals(WALL - 2_000, clock.bootEpochMillis());
    }

    @Test
    public void headerTimesRebuildExactAbsoluteTimes() {
        SwitchClock clock = new SwitchClock();
        FlowRecord record = report(7_777_777_777L, WALL + 1_234);
        clock.observe(record, WALL + 1_234);
        long boot = clock.bootEpochMillis();

        for (long now = WALL + 1_234; now < WALL + 3_500; now += 111) {
            long unixSeconds = SwitchClock.exportUnixSeconds(now);
            long sysUptime = clock.sysUptimeAt(unixSeconds);
            // What a collector computes: absolute = unixSecs * 1000 - sysUptime + LAST_SWITCHED.
            long rebuilt = unixSeconds * 1000 - sysUptime + SwitchClock.uptimeMillis(record.lastSeenMicros());
            assertEquals(boot + record.lastSeenMicros() / 1000, rebuilt);
            assertTrue("unixSecs not before now", unixSeconds * 1000 >= now && unixSeconds * 1000 < now + 1000);
            assertTrue("sysUptime not before the last packet",
                       sysUptime >= SwitchClock.uptimeMillis(record.lastSeenMicros()));
        }
    }

    private static FlowRecord report(long lastSeenMicros, long receivedMillis) {
        return flow("device:bmv2:s1", "10.0.0.1", 1, "10.0.0.2", 2, UDP)
                .firstSeenMicros(lastSeenMicros - 1_000).lastSeenMicros(lastSeenMicros)
                .receivedMillis(receivedMillis).build();
    }
}
