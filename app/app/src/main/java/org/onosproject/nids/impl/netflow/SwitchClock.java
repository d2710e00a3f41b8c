/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.netflow;

import org.onosproject.nids.api.FlowRecord;

/**
 * Places one switch's clock (µs since the switch started) on the wall clock, so that the switch can be exported as
 * a NetFlow device whose sysUptime is its own clock.
 * <p>
 * FIRST/LAST_SWITCHED are the switch timestamps in ms, exactly; only the switch's boot time has to be estimated, for
 * the header. Every report was received after its flow's last packet, so {@code received - lastSeen} is an upper
 * bound of the boot time, and the smallest one seen is the best estimate (off by the lowest report latency). A bound
 * far above the estimate means the switch clock started again, i.e. the switch restarted: then the estimate starts
 * over from that report.
 */
final class SwitchClock {

    /** Report latencies (idle/active timeouts included) stay well below this; a switch restart jumps past it. */
    static final long DEFAULT_RESTART_TOLERANCE_MILLIS = 10 * 60 * 1000L;

    private static final long UNSIGNED_32_MASK = 0xffffffffL;

    private final long restartToleranceMillis;
    private boolean anchored;
    private long bootEpochMillis;

    SwitchClock() {
        this(DEFAULT_RESTART_TOLERANCE_MILLIS);
    }

    SwitchClock(long restartToleranceMillis) {
        this.restartToleranceMillis = restartToleranceMillis;
    }

    /**
     * A switch timestamp as NetFlow sysUptime: whole milliseconds, modulo 2^32 like every v9 sysUptime value.
     *
     * @param switchMicros switch clock, µs since switch start
     * @return ms since switch start, 32-bit
     */
    static long uptimeMillis(long switchMicros) {
        return Math.floorDiv(switchMicros, 1000L) & UNSIGNED_32_MASK;
    }

    /**
     * Refines the boot time estimate with a report.
     *
     * @param record    the report
     * @param nowMillis wall clock now, used when the record has no receive time
     */
    void observe(FlowRecord record, long nowMillis) {
        long received = record.receivedMillis() > 0 ? record.receivedMillis() : nowMillis;
        long bootBound = received - Math.floorDiv(record.lastSeenMicros(), 1000L);
        if (!anchored || bootBound < bootEpochMillis || bootBound - bootEpochMillis > restartToleranceMillis) {
            bootEpochMillis = bootBound;
            anchored = true;
        }
    }

    /** @return whether a report has been seen, i.e. the boot time is known */
    boolean anchored() {
        return anchored;
    }

    /** @return estimated wall-clock time (ms since the epoch) at which the switch clock read 0 */
    long bootEpochMillis() {
        return bootEpochMillis;
    }

    /**
     * The unixSecs of a packet leaving now.
     * <p>
     * Collectors rebuild absolute times as {@code unixSecs * 1000 - sysUptime + FIRST_SWITCHED}. The header has whole
     * seconds only, so sysUptime is taken at the second boundary given as unixSecs (see {@link #sysUptimeAt}): then
     * that sum is exactly {@code boot + FIRST_SWITCHED}, with no sub-second error. Rounding up, not down, keeps
     * sysUptime from being earlier than the LAST_SWITCHED of a record already received.
     *
     * @param nowMillis wall clock now
     * @return seconds since the epoch, rounded up
     */
    static long exportUnixSeconds(long nowMillis) {
        return Math.floorDiv(nowMillis + 999L, 1000L);
    }

    /**
     * The switch's uptime at a wall-clock second, as header sysUptime.
     *
     * @param unixSeconds the packet's unixSecs
     * @return ms since the estimated switch boot, modulo 2^32
     */
    long sysUptimeAt(long unixSeconds) {
        return (unixSeconds * 1000L - bootEpochMillis) & UNSIGNED_32_MASK;
    }
}
