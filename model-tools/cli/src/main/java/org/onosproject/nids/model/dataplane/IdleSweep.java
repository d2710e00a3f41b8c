package org.onosproject.nids.model.dataplane;

import java.util.ArrayList;
import java.util.List;

/**
 * When the app's idle sweep runs over a capture's time: every {@link #PERIOD_MICROS} it classifies at their end and
 * frees the flows idle for longer than its inactive timeout ({@link SwitchReference#sweepIdle}; the app's
 * NidsFlowManager, {@code inactiveTimeoutSeconds}). Flows that never end by FIN or RST (UDP, ICMP, a scan's
 * one-packet flows) get their END verdict then, without source context (SRC_* = 0: the client's record no longer
 * holds any of their packets; {@link SwitchReference}), in the switch and
 * in the replays alike ({@code nids-model dataset}, {@code eval}).
 */
public final class IdleSweep {

    /** The app's default {@code inactiveTimeoutSeconds}, in µs. */
    public static final long DEFAULT_INACTIVE_MICROS = 30_000_000L;
    /** The app's sweep period. */
    public static final long PERIOD_MICROS = 5_000_000L;

    private final long inactiveMicros;
    private long nextMicros = Long.MIN_VALUE;

    /** @param inactiveMicros idle time after which a flow is swept; 0: never (only an explicit sweep at the end) */
    public IdleSweep(long inactiveMicros) {
        if (inactiveMicros < 0) {
            throw new IllegalArgumentException("inactive timeout " + inactiveMicros + " is negative");
        }
        this.inactiveMicros = inactiveMicros;
    }

    public long inactiveMicros() {
        return inactiveMicros;
    }

    /**
     * The sweeps due before a packet at {@code micros} (the first one a period after the first packet).
     *
     * @return their times, in order; none when off
     */
    public List<Long> dueBefore(long micros) {
        List<Long> due = new ArrayList<>(0);
        if (inactiveMicros == 0) {
            return due;
        }
        if (nextMicros == Long.MIN_VALUE) {
            nextMicros = micros + PERIOD_MICROS;
        }
        while (micros >= nextMicros) {
            due.add(nextMicros);
            nextMicros += PERIOD_MICROS;
        }
        return due;
    }
}
