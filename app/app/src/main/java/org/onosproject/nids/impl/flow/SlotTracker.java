/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.flow;

import org.onosproject.nids.api.FlowReport;
import org.onosproject.nids.api.ReportReason;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The flow-table slots of one switch known to hold a flow, and when each flow last sent a packet, for the idle
 * sweep. The switch's clock (µs since it started) is mapped onto the controller's by the smallest
 * "received − last seen" difference seen, i.e. the report that waited least.
 *
 * <p>A flow is freed in two steps so a busy flow that simply has not reported lately is never cut: a flow that
 * looks idle is first probed without freeing (its report refreshes "last seen"); only if it still looks idle
 * after that fresh report is it probed again with the free flag.
 *
 * <p>Bounded by construction: arrays as long as the switch's flow table (about 1 MiB for 65,536 slots), whatever the
 * switch reports; a slot beyond the table is refused, not stored.
 */
final class SlotTracker {

    private static final long FREE = -1;

    /** The slots a sweep probes. */
    static final class Sweep {
        final List<Long> toRefresh = new ArrayList<>();
        final List<Long> toFree = new ArrayList<>();
    }

    private final long[] lastSeenMicros;
    /** When the slot was probed without freeing (ms), negative: not since its last non-probe report. */
    private final long[] probedAtMillis;
    private final boolean[] refreshedByProbe;
    private int occupied;
    private long bootMillis = Long.MAX_VALUE;

    /**
     * @param slots the switch's flow-table size
     */
    SlotTracker(int slots) {
        lastSeenMicros = new long[slots];
        probedAtMillis = new long[slots];
        refreshedByProbe = new boolean[slots];
        Arrays.fill(lastSeenMicros, FREE);
        Arrays.fill(probedAtMillis, -1);
    }

    /**
     * @param report         a report of the switch
     * @param receivedMillis when it arrived
     * @return false if the report names a slot beyond the table (nothing tracked)
     */
    synchronized boolean update(FlowReport report, long receivedMillis) {
        long index = report.slot();
        if (index < 0 || index >= lastSeenMicros.length) {
            return false;
        }
        int slot = (int) index;
        if (report.occupied()) {
            bootMillis = Math.min(bootMillis, receivedMillis - report.lastSeenMicros() / 1000);
        }
        if (!report.occupied() || report.freed()) {
            if (lastSeenMicros[slot] != FREE) {
                occupied--;
            }
            lastSeenMicros[slot] = FREE;
            probedAtMillis[slot] = -1;
            refreshedByProbe[slot] = false;
            return true;
        }
        if (lastSeenMicros[slot] == FREE) {
            occupied++;
        }
        lastSeenMicros[slot] = Math.max(0, report.lastSeenMicros());
        refreshedByProbe[slot] = probedAtMillis[slot] >= 0 && report.reason() == ReportReason.PROBE;
        if (report.reason() != ReportReason.PROBE) {
            probedAtMillis[slot] = -1;
        }
        return true;
    }

    synchronized Sweep sweep(long nowMillis, long timeoutMillis) {
        Sweep sweep = new Sweep();
        for (int slot = 0; slot < lastSeenMicros.length; slot++) {
            if (lastSeenMicros[slot] == FREE) {
                continue;
            }
            long idle = nowMillis - (bootMillis + lastSeenMicros[slot] / 1000);
            if (idle <= timeoutMillis) {
                continue;
            }
            if (refreshedByProbe[slot]) {
                sweep.toFree.add((long) slot);
            } else if (probedAtMillis[slot] < 0 || nowMillis - probedAtMillis[slot] > timeoutMillis) {
                probedAtMillis[slot] = nowMillis;
                sweep.toRefresh.add((long) slot);
            }
        }
        return sweep;
    }

    /**
     * @param slot a slot a free probe is about to name
     * @return whether its flow still looks idle: its last report was the answer to its refresh probe
     */
    synchronized boolean stillIdle(long slot) {
        return slot >= 0 && slot < lastSeenMicros.length && lastSeenMicros[(int) slot] != FREE
                && refreshedByProbe[(int) slot];
    }

    synchronized int size() {
        return occupied;
    }

    /** @return the slots the tracker can hold */
    int capacity() {
        return lastSeenMicros.length;
    }
}
