/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.flow;

import org.junit.Test;
import org.onlab.packet.Ip4Address;
import org.onosproject.nids.api.FlowKey;
import org.onosproject.nids.api.FlowReport;
import org.onosproject.nids.api.ReportReason;

import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The idle sweep probes a flow silent for the inactive timeout once, and follows what the switch answered.
 */
public class SlotTrackerTest {

    private static final FlowKey KEY = FlowKey.of(Ip4Address.valueOf("10.0.0.1"), Ip4Address.valueOf("10.0.0.2"),
                                                  1, 2, 17);

    /** Whether the report's slot held a flow, and whether the switch freed it after reporting. */
    private static final int OCCUPIED = 1;
    private static final int OCCUPIED_AND_FREED = 2;

    private static FlowReport report(ReportReason reason, int slotState, long slot, long lastSeenMicros) {
        return FlowReport.builder().reason(reason).occupied(true).freed(slotState == OCCUPIED_AND_FREED)
                .slot(slot).ingressPort(1).key(KEY).features(Map.of()).lastSeenMicros(lastSeenMicros).build();
    }

    @Test
    public void anIdleFlowIsProbedOnceAndForgottenWhenTheSwitchFreedIt() {
        SlotTracker tracker = new SlotTracker(65536);
        // switch clock 1 s at controller time 10 s: the switch started at 9 s
        tracker.update(report(ReportReason.ACTIVE_TIMEOUT, OCCUPIED, 42, 1_000_000), 10_000);
        assertTrue(tracker.sweep(15_000, 30_000).isEmpty());
        assertEquals(List.of(42L), tracker.sweep(50_000, 30_000));
        assertTrue("a probe not answered yet is not queued again", tracker.sweep(55_000, 30_000).isEmpty());
        assertTrue(tracker.stillIdle(42, 55_000, 30_000));

        tracker.update(report(ReportReason.PROBE, OCCUPIED_AND_FREED, 42, 1_000_000), 55_010);
        assertEquals(0, tracker.size());
        assertFalse(tracker.stillIdle(42, 60_000, 30_000));
        assertTrue(tracker.sweep(90_000, 30_000).isEmpty());
    }

    @Test
    public void aProbeTheSwitchNeverAnsweredIsSentAgainAfterATimeout() {
        SlotTracker tracker = new SlotTracker(65536);
        tracker.update(report(ReportReason.ACTIVE_TIMEOUT, OCCUPIED, 42, 1_000_000), 10_000);
        assertEquals(List.of(42L), tracker.sweep(50_000, 30_000));
        assertTrue(tracker.sweep(80_000, 30_000).isEmpty());
        assertEquals("its answer refused by the switch's budget", List.of(42L), tracker.sweep(80_001, 30_000));
    }

    @Test
    public void aFlowTheSwitchKeptIsSweptAgainFromItsLastPacket() {
        SlotTracker tracker = new SlotTracker(65536);
        tracker.update(report(ReportReason.ACTIVE_TIMEOUT, OCCUPIED, 7, 1_000_000), 10_000);
        assertEquals(List.of(7L), tracker.sweep(50_000, 30_000));
        // the switch kept it: a packet 1 s ago (switch clock 40 s, controller 49 s)
        tracker.update(report(ReportReason.PROBE, OCCUPIED, 7, 40_000_000), 50_010);
        assertEquals(1, tracker.size());
        assertTrue(tracker.sweep(51_000, 30_000).isEmpty());
        assertTrue(tracker.sweep(79_000, 30_000).isEmpty());
        assertEquals(List.of(7L), tracker.sweep(79_001, 30_000));
    }

    @Test
    public void aReportAfterTheSweepMeansTheFlowIsNotIdle() {
        SlotTracker tracker = new SlotTracker(65536);
        tracker.update(report(ReportReason.ACTIVE_TIMEOUT, OCCUPIED, 7, 1_000_000), 10_000);
        assertEquals(List.of(7L), tracker.sweep(50_000, 30_000));
        tracker.update(report(ReportReason.ALERT, OCCUPIED, 7, 40_900_000), 50_000);
        assertFalse(tracker.stillIdle(7, 50_100, 30_000));
    }

    @Test
    public void endedFlowsAreForgotten() {
        SlotTracker tracker = new SlotTracker(65536);
        tracker.update(report(ReportReason.ALERT, OCCUPIED, 3, 1_000), 1_000);
        tracker.update(report(ReportReason.FLOW_END, OCCUPIED_AND_FREED, 3, 2_000), 1_001);
        assertEquals(0, tracker.size());
    }

    @Test
    public void aSlotBeyondTheTableIsRefusedAndNothingGrows() {
        SlotTracker tracker = new SlotTracker(16);
        assertTrue(tracker.update(report(ReportReason.ALERT, OCCUPIED, 15, 1_000), 10_000));
        assertFalse(tracker.update(report(ReportReason.ALERT, OCCUPIED, 16, 1_000), 10_000));
        assertFalse(tracker.update(report(ReportReason.ALERT, OCCUPIED, 1L << 40, 1_000), 10_000));
        assertEquals(1, tracker.size());
        assertEquals(16, tracker.capacity());
    }
}
