/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.flow;

import org.onosproject.nids.api.FlowReport;
import org.onosproject.nids.api.ReportReason;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The flow-table slots of one switch known to hold a flow, and when each flow last sent a packet, for the idle
 * sweep. The switch's clock (µs since it started) is mapped onto the controller's by the smallest
 * "received − last seen" difference seen, i.e. the report that waited least.
 *
 * <p>A flow is freed in two steps so a busy flow that simply has not reported lately is never cut: a flow that
 * looks idle is first probed without freeing (its report refreshes "last seen"); only if it still looks idle
 * after that fresh report is it probed again with the free flag.
 */
final class SlotTracker {

    /** The slots a sweep probes. */
    static final class Sweep {
        final List<Long> toRefresh = new ArrayList<>();
        final List<Long> toFree = new ArrayList<>();
    }

    private static final class Slot {
        long lastSeenMicros;
        long probedAtMillis = -1;
        boolean refreshedByProbe;
    }

    private final Map<Long, Slot> slots = new HashMap<>();
    private long bootMillis = Long.MAX_VALUE;

    synchronized void update(FlowReport report, long receivedMillis) {
        if (report.occupied()) {
            bootMillis = Math.min(bootMillis, receivedMillis - report.lastSeenMicros() / 1000);
        }
        if (!report.occupied() || report.freed()) {
            slots.remove(report.slot());
            return;
        }
        Slot slot = slots.computeIfAbsent(report.slot(), s -> new Slot());
        slot.lastSeenMicros = report.lastSeenMicros();
        slot.refreshedByProbe = slot.probedAtMillis >= 0
                && report.reason() == ReportReason.PROBE;
        if (report.reason() != ReportReason.PROBE) {
            slot.probedAtMillis = -1;
        }
    }

    synchronized Sweep sweep(long nowMillis, long timeoutMillis) {
        Sweep sweep = new Sweep();
        for (Map.Entry<Long, Slot> e : slots.entrySet()) {
            Slot slot = e.getValue();
            long idle = nowMillis - (bootMillis + slot.lastSeenMicros / 1000);
            if (idle <= timeoutMillis) {
                continue;
            }
            if (slot.refreshedByProbe) {
                sweep.toFree.add(e.getKey());
            } else if (slot.probedAtMillis < 0 || nowMillis - slot.probedAtMillis > timeoutMillis) {
                slot.probedAtMillis = nowMillis;
                sweep.toRefresh.add(e.getKey());
            }
        }
        return sweep;
    }

    synchronized int size() {
        return slots.size();
    }
}
