/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.flow;

import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.ReportFormat;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Report packet-ins handed to the report path the way ONOS's packet thread hands them over, for `make bench-app`
 * (the `nids-replay-reports` command): the app's share of report handling measured inside a running ONOS, without
 * the P4Runtime southbound in front of it. Implemented by the flow manager; not part of the app's API.
 */
public interface ReportReplay {

    /**
     * @param deviceId a switch
     * @return the layout of its reports, if it runs the NIDS pipeline
     */
    Optional<ReportFormat> format(DeviceId deviceId);

    /**
     * @param deviceId switch the report is from
     * @param format   its report layout
     * @param frame    the Ethernet frame
     * @return false when the report queue was full (dropped and counted)
     */
    boolean offerFrame(DeviceId deviceId, ReportFormat format, byte[] frame);

    /** What a paced replay offered and what the report path took. */
    final class Outcome {
        public final long offered;
        public final long accepted;
        public final double seconds;

        Outcome(long offered, long accepted, double seconds) {
            this.offered = offered;
            this.accepted = accepted;
            this.seconds = seconds;
        }
    }

    /**
     * Offers frames round-robin over switches at a total rate for a time, topping up every millisecond (one thread;
     * a rate the thread cannot reach shows as fewer offered than rate × seconds).
     *
     * @param target   the report path
     * @param devices  the switches
     * @param formats  their report layouts, in the same order
     * @param frames   the frames, cycled
     * @param rate     frames per second in all
     * @param seconds  how long
     * @param nanos    the clock
     * @param pause    waits about a millisecond (tests pass a clock step)
     * @return offered and accepted counts and the time taken
     */
    static Outcome replay(ReportReplay target, List<DeviceId> devices, List<ReportFormat> formats,
                          List<byte[]> frames, double rate, double seconds, LongSupplier nanos, Runnable pause) {
        if (devices.isEmpty() || devices.size() != formats.size() || frames.isEmpty() || rate <= 0 || seconds <= 0) {
            throw new IllegalArgumentException("need switches with their formats, frames, rate > 0, seconds > 0");
        }
        long start = nanos.getAsLong();
        long end = start + (long) (seconds * TimeUnit.SECONDS.toNanos(1));
        long offered = 0;
        long accepted = 0;
        long now = start;
        while (true) {
            long due = (long) (rate * (Math.min(now, end) - start) / 1e9);
            while (offered < due) {
                int device = (int) (offered % devices.size());
                byte[] frame = frames.get((int) ((offered / devices.size() + device * 7919L) % frames.size()));
                if (target.offerFrame(devices.get(device), formats.get(device), frame.clone())) {
                    accepted++;
                }
                offered++;
            }
            if (now >= end) {
                break;
            }
            pause.run();
            now = nanos.getAsLong();
        }
        return new Outcome(offered, accepted, (now - start) / 1e9);
    }

    /** Waits about a millisecond. */
    static void pauseAMillisecond() {
        try {
            Thread.sleep(1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("replay interrupted", e);
        }
    }
}
