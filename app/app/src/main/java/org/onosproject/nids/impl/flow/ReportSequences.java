/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.flow;

import com.google.common.collect.ImmutableMap;
import org.onosproject.net.DeviceId;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Gaps in each switch's report sequence: a switch numbers the reports it sends (1, 2, ... from its pipeline's start),
 * so a report that never reached the app shows as a number skipped by the next one. Such a report was cloned and
 * counted as sent by the switch, then lost on the way (BMv2 drops a packet uncounted when the CPU port's queue is
 * full), or dropped by the app's full report queue, or malformed; the last two are also counted apart.
 *
 * <p>A number at or below the last one seen means the switch's count started over (its pipeline was set again): the
 * reports numbered below it since then are missing. A switch is forgotten when it goes away or its mastership moves
 * (its reports then go to another instance, and the next ones here start from a new first number). Bounded: at most
 * {@link #MAX_SWITCHES} switches are followed at once and kept per switch (far more than one instance masters);
 * the missing reports of switches beyond that count in the total only.
 */
final class ReportSequences {

    static final int MAX_SWITCHES = 4096;

    private final ConcurrentMap<DeviceId, Sequence> switches = new ConcurrentHashMap<>();
    private final ConcurrentMap<DeviceId, LongAdder> missing = new ConcurrentHashMap<>();
    private final LongAdder missingElsewhere = new LongAdder();

    /**
     * Takes one report's number (reports of one switch come one at a time, in the order it sent them).
     *
     * @param deviceId the switch
     * @param sequence the report's number; 0 when the report format carries none (not followed)
     * @return reports found missing before this one
     */
    long observe(DeviceId deviceId, long sequence) {
        if (sequence <= 0) {
            return 0;
        }
        Sequence followed = switches.get(deviceId);
        if (followed == null) {
            if (switches.size() >= MAX_SWITCHES) {
                return 0;
            }
            followed = switches.computeIfAbsent(deviceId, d -> new Sequence());
        }
        long gap = followed.next(sequence);
        if (gap > 0) {
            LongAdder count = missing.get(deviceId);
            if (count == null && missing.size() >= MAX_SWITCHES) {
                missingElsewhere.add(gap);
            } else {
                (count != null ? count : missing.computeIfAbsent(deviceId, d -> new LongAdder())).add(gap);
            }
        }
        return gap;
    }

    /** The switch restarted, went away or is now mastered elsewhere: its next report starts a new sequence here. */
    void forget(DeviceId deviceId) {
        switches.remove(deviceId);
    }

    /** @return the switches followed now */
    Iterable<DeviceId> followed() {
        return switches.keySet();
    }

    /** @return missing reports in all, since the app started */
    long missing() {
        return missing.values().stream().mapToLong(LongAdder::sum).sum() + missingElsewhere.sum();
    }

    /** @return missing reports per switch (device id), since the app started; at most {@link #MAX_SWITCHES} */
    Map<String, Long> missingBySwitch() {
        ImmutableMap.Builder<String, Long> bySwitch = ImmutableMap.builder();
        missing.forEach((deviceId, count) -> bySwitch.put(deviceId.toString(), count.sum()));
        return bySwitch.build();
    }

    private static final class Sequence {
        private long last;

        synchronized long next(long sequence) {
            long gap;
            if (last == 0) {
                gap = 0;                    // the first report seen here: nothing known before it
            } else if (sequence > last) {
                gap = sequence - last - 1;
            } else {
                gap = sequence - 1;         // the switch's count started over
            }
            last = sequence;
            return gap;
        }
    }
}
