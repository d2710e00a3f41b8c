/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.netflow;

import com.google.common.base.MoreObjects;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * When to send the template again (RFC 3954 section 9: templates are refreshed every N packets and every T
 * seconds), so that a collector that started, restarted or lost a packet learns it within a bounded delay.
 */
final class TemplateRefreshPolicy {

    private final int everyPackets;
    private final long everyMillis;

    /**
     * A policy.
     *
     * @param everyPackets resend when this many packets went out since the last template (1 = every packet)
     * @param everyMillis  resend when the last template is this old
     */
    TemplateRefreshPolicy(int everyPackets, long everyMillis) {
        checkArgument(everyPackets >= 1, "template refresh packets must be >= 1: %s", everyPackets);
        checkArgument(everyMillis >= 0, "template refresh time must be >= 0: %s", everyMillis);
        this.everyPackets = everyPackets;
        this.everyMillis = everyMillis;
    }

    /**
     * Whether the next packet carries the template.
     *
     * @param packetsSinceTemplate packets sent since the last one that carried it
     * @param millisSinceTemplate  time since that packet
     * @return whether it is due
     */
    boolean due(long packetsSinceTemplate, long millisSinceTemplate) {
        return packetsSinceTemplate >= everyPackets || millisSinceTemplate >= everyMillis;
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this)
                .add("everyPackets", everyPackets).add("everyMillis", everyMillis).toString();
    }
}
