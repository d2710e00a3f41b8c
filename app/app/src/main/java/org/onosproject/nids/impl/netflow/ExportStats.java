/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.netflow;

import com.google.common.base.MoreObjects;

/**
 * Counters of a NetFlow exporter since it started. A packet sent to two collectors counts twice in
 * {@code packetsSent}/{@code packetsFailed}; a record counts once.
 */
public final class ExportStats {

    private final long packetsSent;
    private final long packetsFailed;
    private final long recordsExported;
    private final long recordsDropped;

    ExportStats(long packetsSent, long packetsFailed, long recordsExported, long recordsDropped) {
        this.packetsSent = packetsSent;
        this.packetsFailed = packetsFailed;
        this.recordsExported = recordsExported;
        this.recordsDropped = recordsDropped;
    }

    /** @return datagrams handed to the network, one per collector and packet */
    public long packetsSent() {
        return packetsSent;
    }

    /** @return datagrams that could not be sent, one per collector and packet */
    public long packetsFailed() {
        return packetsFailed;
    }

    /** @return records in packets that went out to at least one collector */
    public long recordsExported() {
        return recordsExported;
    }

    /** @return records that reached no collector: unsendable packets, unencodable records, exporter closed */
    public long recordsDropped() {
        return recordsDropped;
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this)
                .add("packetsSent", packetsSent).add("packetsFailed", packetsFailed)
                .add("recordsExported", recordsExported).add("recordsDropped", recordsDropped)
                .toString();
    }
}
