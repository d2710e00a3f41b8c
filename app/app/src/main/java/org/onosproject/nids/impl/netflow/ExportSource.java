/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.netflow;

/**
 * Export state of one switch, i.e. of one v9 source id: the packet sequence, when the template last went out, and
 * the switch's clock. Not thread-safe: the exporter holds its lock.
 */
final class ExportSource {

    private final long sourceId;
    private final SwitchClock clock = new SwitchClock();
    private long nextSequence;
    private boolean templateSent;
    private long packetsSinceTemplate;
    private long lastTemplateMillis;

    ExportSource(long sourceId) {
        this.sourceId = sourceId;
    }

    long sourceId() {
        return sourceId;
    }

    SwitchClock clock() {
        return clock;
    }

    /**
     * Whether the next packet must carry the template.
     *
     * @param policy    refresh policy
     * @param nowMillis wall clock now
     * @return true before the first packet, after {@link #forgetTemplate()}, and when the policy says so
     */
    boolean templateDue(TemplateRefreshPolicy policy, long nowMillis) {
        return !templateSent || policy.due(packetsSinceTemplate, nowMillis - lastTemplateMillis);
    }

    /**
     * The header of the next packet, which takes the next sequence number. RFC 3954: the sequence counts export
     * packets of this source id, whether or not they reach a collector, so collectors can count losses.
     *
     * @param nowMillis wall clock now
     * @return the header
     */
    ExportHeader nextHeader(long nowMillis) {
        long unixSeconds = SwitchClock.exportUnixSeconds(nowMillis);
        ExportHeader header = ExportHeader.of(clock.sysUptimeAt(unixSeconds), unixSeconds, nextSequence, sourceId);
        nextSequence = (nextSequence + 1) & 0xffffffffL;
        return header;
    }

    /**
     * Records that a packet went out.
     *
     * @param withTemplate whether it carried the template
     * @param nowMillis    wall clock now
     */
    void packetSent(boolean withTemplate, long nowMillis) {
        if (withTemplate) {
            templateSent = true;
            packetsSinceTemplate = 0;
            lastTemplateMillis = nowMillis;
        }
        packetsSinceTemplate++;
    }

    /** Makes the next packet carry the template, e.g. because a collector was added. */
    void forgetTemplate() {
        templateSent = false;
    }
}
