package org.onosproject.nids.model.dataplane;

import org.junit.Test;

import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/** The app's idle sweep over a capture's time. */
public class IdleSweepTest {

    @Test
    public void sweepsRunEveryPeriodFromThePeriodAfterTheFirstPacket() {
        IdleSweep sweep = new IdleSweep(IdleSweep.DEFAULT_INACTIVE_MICROS);
        assertTrue(sweep.dueBefore(1_000_000).isEmpty());
        assertTrue(sweep.dueBefore(5_999_999).isEmpty());
        assertEquals(List.of(6_000_000L), sweep.dueBefore(6_000_000));
        // A gap in the traffic: every sweep of it, in order.
        assertEquals(List.of(11_000_000L, 16_000_000L, 21_000_000L), sweep.dueBefore(24_000_000));
    }

    @Test
    public void offMeansNoSweep() {
        IdleSweep sweep = new IdleSweep(0);
        sweep.dueBefore(0);
        assertTrue(sweep.dueBefore(3_600_000_000L).isEmpty());
    }

    @Test(expected = IllegalArgumentException.class)
    public void aNegativeTimeoutIsRefused() {
        new IdleSweep(-1);
    }
}
