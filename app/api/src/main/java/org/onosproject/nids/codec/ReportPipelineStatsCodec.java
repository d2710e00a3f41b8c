/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.codec;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.onosproject.nids.api.ReportPipelineStats;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * The report pipeline's counters in {@code GET /stats} ("pipeline"): reports decoded and malformed, alert-queue drops,
 * and the NetFlow export.
 */
public final class ReportPipelineStatsCodec extends JsonCodec<ReportPipelineStats> {

    static final String REPORTS_DECODED = "reportsDecoded";
    static final String REPORTS_MALFORMED = "reportsMalformed";
    static final String ALERTS_DROPPED = "alertsDropped";
    static final String NETFLOW = "netflow";
    static final String RECORDS_EXPORTED = "recordsExported";
    static final String RECORDS_DROPPED = "recordsDropped";
    static final String PACKETS_SENT = "packetsSent";
    static final String PACKETS_FAILED = "packetsFailed";

    @Override
    public ObjectNode encode(ReportPipelineStats stats, CodecContext context) {
        checkNotNull(stats, "stats");
        ObjectNode json = context.mapper().createObjectNode()
                .put(REPORTS_DECODED, stats.reportsDecoded())
                .put(REPORTS_MALFORMED, stats.reportsMalformed())
                .put(ALERTS_DROPPED, stats.alertsDropped());
        json.putObject(NETFLOW)
                .put(RECORDS_EXPORTED, stats.netflowRecordsExported())
                .put(RECORDS_DROPPED, stats.netflowRecordsDropped())
                .put(PACKETS_SENT, stats.netflowPacketsSent())
                .put(PACKETS_FAILED, stats.netflowPacketsFailed());
        return json;
    }
}
