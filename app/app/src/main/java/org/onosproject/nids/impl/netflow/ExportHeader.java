/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.netflow;

import com.google.common.base.MoreObjects;

/**
 * The per-packet values of a NetFlow v9 packet header (RFC 3954 section 5.1); version and count follow from the
 * packet's content. All four are unsigned 32-bit on the wire: values are kept as longs and cut to 32 bits when
 * encoded, which is how the sequence number and sysUptime wrap.
 */
public final class ExportHeader {

    private final long sysUptimeMillis;
    private final long unixSeconds;
    private final long sequence;
    private final long sourceId;

    private ExportHeader(long sysUptimeMillis, long unixSeconds, long sequence, long sourceId) {
        this.sysUptimeMillis = sysUptimeMillis;
        this.unixSeconds = unixSeconds;
        this.sequence = sequence;
        this.sourceId = sourceId;
    }

    /**
     * A header.
     *
     * @param sysUptimeMillis the exporting device's uptime (ms) when the packet leaves
     * @param unixSeconds     seconds since the epoch when the packet leaves
     * @param sequence        count of export packets sent before this one by the same source id
     * @param sourceId        the observation domain (here: one switch)
     * @return the header
     */
    public static ExportHeader of(long sysUptimeMillis, long unixSeconds, long sequence, long sourceId) {
        return new ExportHeader(sysUptimeMillis, unixSeconds, sequence, sourceId);
    }

    public long sysUptimeMillis() {
        return sysUptimeMillis;
    }

    public long unixSeconds() {
        return unixSeconds;
    }

    public long sequence() {
        return sequence;
    }

    public long sourceId() {
        return sourceId;
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this)
                .add("sysUptime", sysUptimeMillis).add("unixSecs", unixSeconds)
                .add("sequence", sequence).add("sourceId", sourceId)
                .toString();
    }
}
