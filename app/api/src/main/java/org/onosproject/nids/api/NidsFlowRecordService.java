/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import org.onosproject.net.DeviceId;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The recent flow records of the flow-report pipeline (a bounded window per switch), for {@code GET /flows},
 * {@code nids-flows} and {@code GET /stats}. Implemented by the flow-report pipeline.
 */
public interface NidsFlowRecordService {

    /**
     * Recent records, newest (received) first.
     *
     * @param device one switch, or every switch when empty
     * @param limit  at most this many (positive)
     * @return the records
     */
    List<FlowRecord> recentFlows(Optional<DeviceId> device, int limit);

    /**
     * @return records in the window per class name ({@link FlowRecord#className()}), benign included
     */
    Map<String, Long> classCounts();

    /**
     * @return records in the window per reporting switch
     */
    Map<DeviceId, Long> deviceCounts();

    /**
     * @return report decoding, alert queue and NetFlow export counters since activation
     */
    ReportPipelineStats pipelineStats();
}
