/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.flow;

import org.onosproject.nids.api.FlowReport;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The flow-table slots of one switch known to hold a flow, and when each flow last sent a packet, for the idle
 * sweep. The switch's clock (µs since it started) is mapped onto the controller's by the smallest
 * "received − last seen" difference seen, i.e. the report that waited least; so the silence computed here never
 * exceeds the switch's own, and a flow idle here is idle there.
 *
 * <p>A busy flow that simply has not reported lately is never cut: the sweep's probe asks the switch to free the
 * slot only if its flow has been silent for the inactive timeout when the probe arrives, and the switch itself
 * decides that from its last packet. A flow that was not silent after all stays, and its answer tells the tracker
 * its last packet.
 *
 * <p>Bounded by construction: arrays as long as the switch's flow table (about 1 MiB for 65,536 slots), whatever the
 * switch reports; a slot beyond the table is refused, not stored.
 */
final class SlotTracker {

    private static final long FREE = -1;

    private final long[] lastSeenMicros;
    /** When the slot was last probed (ms) with no report of it since; negative: not probed since its last report. */
    private final long[] probedAtMillis;
    private int occupied;
    private long bootMillis = Long.MAX_VALUE;

    /**
     * @param slots the switch's flow-table size
     */
    SlotTracker(int slots) {
        lastSeenMicros = new long[slots];
        probedAtMillis = new long[slots];
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
        probedAtMillis[slot] = -1;
        if (!report.occupied() || report.freed()) {
            if (lastSeenMicros[slot] != FREE) {
                occupied--;
            }
            lastSeenMicros[slot] = FREE;
            return true;
        }
        if (lastSeenMicros[slot] == FREE) {
            occupied++;
        }
        lastSeenMicros[slot] = Math.max(0, report.lastSeenMicros());
        return true;
    }

    /**
     * The slots whose flows have been silent for longer than the timeout and have no probe of theirs unanswered for
     * less than a timeout (an answer the switch's budget refused is asked for again after that); marks them probed.
     *
     * @param nowMillis     the controller's clock
     * @param timeoutMillis the inactive timeout
     * @return the slots to probe, in slot order
     */
    synchronized List<Long> sweep(long nowMillis, long timeoutMillis) {
        List<Long> idle = new ArrayList<>();
        for (int slot = 0; slot < lastSeenMicros.length; slot++) {
            if (silentFor(slot, nowMillis) > timeoutMillis
                    && (probedAtMillis[slot] < 0 || nowMillis - probedAtMillis[slot] > timeoutMillis)) {
                probedAtMillis[slot] = nowMillis;
                idle.add((long) slot);
            }
        }
        return idle;
    }

    /**
     * @param slot          a slot a queued probe is about to name
     * @param nowMillis     the controller's clock
     * @param timeoutMillis the inactive timeout
     * @return whether its flow still looks idle: no report since the sweep queued the probe said otherwise
     */
    synchronized boolean stillIdle(long slot, long nowMillis, long timeoutMillis) {
        return slot >= 0 && slot < lastSeenMicros.length && silentFor((int) slot, nowMillis) > timeoutMillis;
    }

    /** How long the slot's flow has been silent by the controller's clock (ms); negative for a free slot. */
    private long silentFor(int slot, long nowMillis) {
        return lastSeenMicros[slot] == FREE ? -1 : nowMillis - (bootMillis + lastSeenMicros[slot] / 1000);
    }

    synchronized int size() {
        return occupied;
    }

    /** @return the slots the tracker can hold */
    int capacity() {
        return lastSeenMicros.length;
    }
}
