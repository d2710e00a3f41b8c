/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.flow;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The probes the idle sweep has for one switch and not yet sent, released no faster than the switch answers them.
 *
 * <p>The switch answers probes out of a token bucket of its own (the PROBE report budget: the app's
 * {@code reportRatePps} per second, {@code reportBurst} deep) and refuses the rest silently, so a sweep after a burst of
 * short flows (a scan, a UDP spray) that sent its thousands of probes back to back got about a burst's worth
 * answered; the others were probed again a whole inactive timeout later, each costing the controller a packet-out.
 * Here the sweep queues its probes and a tick releases them through a bucket of a smaller rate and depth than the
 * switch's, so every probe sent finds a token there (the margin absorbs the packet-outs' jitter on their way).
 *
 * <p>Bounded by construction: one pending probe per flow-table slot (a slot queued again keeps its place), so the
 * queue never holds more than the switch's table.
 */
final class ProbePacer {

    /** Share of the switch's probe rate and burst the pacer uses. */
    static final double RATE_SHARE = 0.8;
    static final double BURST_SHARE = 0.5;

    private final Set<Long> pending = new LinkedHashSet<>();
    private final int capacity;
    private double tokens = -1;
    private long lastNanos;

    /**
     * @param capacity the switch's flow-table size
     */
    ProbePacer(int capacity) {
        this.capacity = capacity;
    }

    /**
     * Queues a probe of a slot, unless one is queued already (it keeps its place).
     *
     * @param slot flow-table slot
     * @return false when the slot is beyond the table (nothing queued)
     */
    synchronized boolean offer(long slot) {
        if (slot < 0 || slot >= capacity) {
            return false;
        }
        pending.add(slot);
        return true;
    }

    /**
     * Takes the probes the switch can answer now: up to the tokens its share of the switch's bucket holds, refilled
     * at its share of the rate since the last call (the first call finds the bucket full).
     *
     * @param nowNanos        a monotonic clock
     * @param switchRatePps   the switch's probe budget, per second
     * @param switchBurst     the switch's probe bucket depth
     * @return the slots to probe now, oldest first
     */
    synchronized List<Long> release(long nowNanos, long switchRatePps, long switchBurst) {
        double depth = Math.max(1, Math.floor(switchBurst * BURST_SHARE));
        double rate = Math.max(1, switchRatePps * RATE_SHARE);
        if (tokens < 0) {
            tokens = depth;
        } else {
            tokens = Math.min(depth, tokens + Math.max(0, nowNanos - lastNanos) * rate / 1e9);
        }
        lastNanos = nowNanos;
        List<Long> due = new ArrayList<>();
        Iterator<Long> queued = pending.iterator();
        while (tokens >= 1 && queued.hasNext()) {
            due.add(queued.next());
            queued.remove();
            tokens -= 1;
        }
        return due;
    }

    /** @return the probes waiting */
    synchronized int pending() {
        return pending.size();
    }

    /** @return the probes the pacer can hold (the switch's table size) */
    int capacity() {
        return capacity;
    }
}
