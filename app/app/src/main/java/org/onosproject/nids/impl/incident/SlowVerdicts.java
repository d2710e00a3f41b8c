/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.incident;

import org.onosproject.nids.detection.FlowVerdict;
import org.onosproject.nids.detection.IncidentBook;
import org.slf4j.Logger;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Verdicts the incident service took long over: counted, and one a minute logged with where its time went (the
 * location check, the decision path, the incident stores, the evidence alert), since a slow verdict holds up the
 * later verdicts of its detection thread.
 */
final class SlowVerdicts {

    /** A verdict slower than this is slow. */
    static final long SLOW_MILLIS = 1000;
    private static final long LOG_INTERVAL_NANOS = TimeUnit.MINUTES.toNanos(1);

    private final Logger log = getLogger(NidsIncidentManager.class);
    private final AtomicLong slow = new AtomicLong();
    private final AtomicLong lastLog = new AtomicLong(System.nanoTime() - LOG_INTERVAL_NANOS);

    /**
     * @param verdict   the verdict
     * @param kind      what became of it
     * @param started   System.nanoTime() at the start, then after each step: the location check, the decision path
     *                  and verdict, the placement in the stores, the evidence alert
     * @param located   after the location check
     * @param explained after the decision path
     * @param placed    after the placement
     * @param ended     at the end
     * @return whether it was slow
     */
    boolean check(FlowVerdict verdict, IncidentBook.Placement.Kind kind, long started, long located, long explained,
                  long placed, long ended) {
        if (ended - started < TimeUnit.MILLISECONDS.toNanos(SLOW_MILLIS)) {
            return false;
        }
        long count = slow.incrementAndGet();
        long last = lastLog.get();
        if (ended - last >= LOG_INTERVAL_NANOS && lastLog.compareAndSet(last, ended)) {
            log.warn("Slow verdict ({} so far over {} ms): {} {} in {} ms: location check {} ms, decision path {} ms, "
                             + "incident stores {} ms, evidence alert {} ms", count, SLOW_MILLIS,
                     verdict.describeFlow(), kind, millis(ended - started), millis(located - started),
                     millis(explained - located), millis(placed - explained), millis(ended - placed));
        }
        return true;
    }

    /** @return verdicts slower than {@link #SLOW_MILLIS} so far */
    long count() {
        return slow.get();
    }

    private static long millis(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(nanos);
    }
}
