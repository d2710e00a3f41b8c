/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import com.google.common.base.MoreObjects;

/**
 * Counters of the app's report pipeline since activation: report packet-ins decoded and refused, attack records the
 * alert queue could not take, and the NetFlow v9 export.
 */
public final class ReportPipelineStats {

    private final long reportsDecoded;
    private final long reportsMalformed;
    private final long alertsDropped;
    private final long netflowRecordsExported;
    private final long netflowRecordsDropped;
    private final long netflowPacketsSent;
    private final long netflowPacketsFailed;

    /**
     * The counters.
     *
     * @param reportsDecoded         report packet-ins decoded
     * @param reportsMalformed       report packet-ins that could not be decoded
     * @param alertsDropped          attack records dropped because the alert queue was full
     * @param netflowRecordsExported records sent to at least one collector
     * @param netflowRecordsDropped  records that reached no collector
     * @param netflowPacketsSent     export datagrams sent (one per collector and packet)
     * @param netflowPacketsFailed   export datagrams that could not be sent
     */
    public ReportPipelineStats(long reportsDecoded, long reportsMalformed, long alertsDropped,
                               long netflowRecordsExported, long netflowRecordsDropped, long netflowPacketsSent,
                               long netflowPacketsFailed) {
        this.reportsDecoded = reportsDecoded;
        this.reportsMalformed = reportsMalformed;
        this.alertsDropped = alertsDropped;
        this.netflowRecordsExported = netflowRecordsExported;
        this.netflowRecordsDropped = netflowRecordsDropped;
        this.netflowPacketsSent = netflowPacketsSent;
        this.netflowPacketsFailed = netflowPacketsFailed;
    }

    public long reportsDecoded() {
        return reportsDecoded;
    }

    public long reportsMalformed() {
        return reportsMalformed;
    }

    public long alertsDropped() {
        return alertsDropped;
    }

    public long netflowRecordsExported() {
        return netflowRecordsExported;
    }

    public long netflowRecordsDropped() {
        return netflowRecordsDropped;
    }

    public long netflowPacketsSent() {
        return netflowPacketsSent;
    }

    public long netflowPacketsFailed() {
        return netflowPacketsFailed;
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("decoded", reportsDecoded).add("malformed", reportsMalformed)
                .add("alertsDropped", alertsDropped).add("netflowExported", netflowRecordsExported)
                .add("netflowDropped", netflowRecordsDropped).add("netflowSent", netflowPacketsSent)
                .add("netflowFailed", netflowPacketsFailed).toString();
    }
}
