/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.codec;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.onosproject.nids.api.SiemExportStats;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.onosproject.nids.codec.CodecUtil.putNullable;

/**
 * The SIEM export's counters in {@code GET /stats} ("siem"):
 * <pre>
 * {"queueCapacity": 10000, "queueDepth": 0, "eventsQueued": 12, "eventsDropped": 0,
 *  "outputs": [{"name": "file:/var/log/nids/eve.json", "sent": 12, "failed": 0, "lastError": null},
 *              {"name": "tcp://127.0.0.1:6514", "sent": 11, "failed": 1, "lastError": "connection refused"}],
 *  "configuration": {"eveFile": "/var/log/nids/eve.json", …}, "lastRefusal": null}
 * </pre>
 */
public final class SiemExportStatsCodec extends JsonCodec<SiemExportStats> {

    static final String QUEUE_CAPACITY = "queueCapacity";
    static final String QUEUE_DEPTH = "queueDepth";
    static final String EVENTS_QUEUED = "eventsQueued";
    static final String EVENTS_DROPPED = "eventsDropped";
    static final String OUTPUTS = "outputs";
    static final String NAME = "name";
    static final String SENT = "sent";
    static final String FAILED = "failed";
    static final String LAST_ERROR = "lastError";
    static final String CONFIGURATION = "configuration";
    static final String LAST_REFUSAL = "lastRefusal";

    @Override
    public ObjectNode encode(SiemExportStats stats, CodecContext context) {
        checkNotNull(stats, "stats");
        ObjectNode json = context.mapper().createObjectNode()
                .put(QUEUE_CAPACITY, stats.queueCapacity())
                .put(QUEUE_DEPTH, stats.queueDepth())
                .put(EVENTS_QUEUED, stats.eventsQueued())
                .put(EVENTS_DROPPED, stats.eventsDropped());
        ArrayNode outputs = json.putArray(OUTPUTS);
        for (SiemExportStats.Output output : stats.outputs()) {
            ObjectNode node = outputs.addObject().put(NAME, output.name()).put(SENT, output.sent())
                    .put(FAILED, output.failed());
            putNullable(node, LAST_ERROR, output.lastError().orElse(null));
        }
        ObjectNode configuration = json.putObject(CONFIGURATION);
        stats.configuration().forEach(configuration::put);
        putNullable(json, LAST_REFUSAL, stats.lastRefusal().orElse(null));
        return json;
    }
}
