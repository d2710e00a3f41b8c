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
 * The report pipeline's counters in {@code GET /stats} ("pipeline"): reports taken, decoded, malformed and missing
 * from the switches' report sequences (in all and per switch), records
 * made, drops per reason, the bounded queues, report handling time, an attack record's time to its incident, the
 * packet thread's share, the NetFlow export and the idle sweep's probes.
 */
public final class ReportPipelineStatsCodec extends JsonCodec<ReportPipelineStats> {

    static final String REPORTS_RECEIVED = "reportsReceived";
    static final String REPORTS_DECODED = "reportsDecoded";
    static final String REPORTS_MALFORMED = "reportsMalformed";
    static final String REPORTS_MISSING = "reportsMissing";
    static final String REPORTS_MISSING_BY_SWITCH = "reportsMissingBySwitch";
    static final String RECORDS = "records";
    static final String ALERTS_DROPPED = "alertsDropped";
    static final String WORKERS = "workers";
    static final String DROPS = "drops";
    static final String QUEUES = "queues";
    static final String LENGTH = "length";
    static final String CAPACITY = "capacity";
    static final String HANDLING = "handlingMicros";
    static final String DETECTION_WORKERS = "detectionWorkers";
    static final String DETECTION = "detectionMicros";
    static final String DETECTION_SERVICE = "detectionServiceMicros";
    static final String COUNT = "count";
    static final String P50 = "p50";
    static final String P99 = "p99";
    static final String MAX = "max";
    static final String PACKET_THREAD = "packetThreadNanos";
    static final String MEAN = "mean";
    static final String NETFLOW = "netflow";
    static final String RECORDS_EXPORTED = "recordsExported";
    static final String RECORDS_DROPPED = "recordsDropped";
    static final String PACKETS_SENT = "packetsSent";
    static final String PACKETS_FAILED = "packetsFailed";
    static final String PROBES = "probes";
    static final String SENT = "sent";
    static final String CANCELLED = "cancelled";

    @Override
    public ObjectNode encode(ReportPipelineStats stats, CodecContext context) {
        checkNotNull(stats, "stats");
        ObjectNode json = context.mapper().createObjectNode()
                .put(REPORTS_RECEIVED, stats.reportsReceived())
                .put(REPORTS_DECODED, stats.reportsDecoded())
                .put(REPORTS_MALFORMED, stats.reportsMalformed())
                .put(REPORTS_MISSING, stats.reportsMissing())
                .put(RECORDS, stats.records())
                .put(ALERTS_DROPPED, stats.alertsDropped())
                .put(WORKERS, stats.workers());
        ObjectNode missing = json.putObject(REPORTS_MISSING_BY_SWITCH);
        stats.reportsMissingBySwitch().forEach(missing::put);
        ObjectNode drops = json.putObject(DROPS);
        stats.drops().forEach(drops::put);
        ObjectNode queues = json.putObject(QUEUES);
        stats.queues().forEach((name, queue) -> queues.putObject(name)
                .put(LENGTH, queue.length()).put(CAPACITY, queue.capacity()));
        latency(json.putObject(HANDLING), stats.handling());
        json.put(DETECTION_WORKERS, stats.detectionWorkers());
        latency(json.putObject(DETECTION), stats.detection());
        latency(json.putObject(DETECTION_SERVICE), stats.detectionService());
        json.putObject(PACKET_THREAD).put(MEAN, stats.packetThreadMeanNanos()).put(MAX, stats.packetThreadMaxNanos());
        json.putObject(NETFLOW)
                .put(RECORDS_EXPORTED, stats.netflowRecordsExported())
                .put(RECORDS_DROPPED, stats.netflowRecordsDropped())
                .put(PACKETS_SENT, stats.netflowPacketsSent())
                .put(PACKETS_FAILED, stats.netflowPacketsFailed());
        json.putObject(PROBES).put(SENT, stats.probesSent()).put(CANCELLED, stats.probesCancelled());
        return json;
    }

    private static void latency(ObjectNode json, ReportPipelineStats.Latency latency) {
        json.put(COUNT, latency.count()).put(P50, latency.p50Micros()).put(P99, latency.p99Micros())
                .put(MAX, latency.maxMicros());
    }
}
