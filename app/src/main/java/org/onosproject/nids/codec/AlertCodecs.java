/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.codec;

import org.onosproject.codec.CodecService;
import org.onosproject.nids.api.ClassShareSample;
import org.onosproject.nids.api.FlowKey;
import org.onosproject.nids.api.FlowRecord;
import org.onosproject.nids.api.NidsAlert;
import org.onosproject.nids.api.ReportPipelineStats;

/**
 * The codecs of alerts, flow records and statistics. The REST resources and CLI commands use these instances
 * directly; {@link #register(CodecService)} additionally offers them to other ONOS components.
 */
public final class AlertCodecs {

    /** A flow's 5-tuple. */
    public static final AlertFlowKeyCodec FLOW_KEY = new AlertFlowKeyCodec();
    /** One alert. */
    public static final AlertCodec ALERT = new AlertCodec();
    /** One flow record of the flow window. */
    public static final AlertFlowRecordCodec FLOW_RECORD = new AlertFlowRecordCodec();
    /** GET /stats. */
    public static final AlertStatsCodec STATS = new AlertStatsCodec();
    /** GET /stats: the report pipeline's counters. */
    public static final ReportPipelineStatsCodec PIPELINE_STATS = new ReportPipelineStatsCodec();
    /** GET /stats: one point of the class-share series. */
    public static final ClassShareSampleCodec CLASS_SHARE = new ClassShareSampleCodec();

    private AlertCodecs() {
    }

    /**
     * Registers the alert codecs with ONOS.
     *
     * @param codecService ONOS's codec service
     */
    public static void register(CodecService codecService) {
        codecService.registerCodec(FlowKey.class, FLOW_KEY);
        codecService.registerCodec(NidsAlert.class, ALERT);
        codecService.registerCodec(FlowRecord.class, FLOW_RECORD);
        codecService.registerCodec(AlertStats.class, STATS);
        codecService.registerCodec(ReportPipelineStats.class, PIPELINE_STATS);
        codecService.registerCodec(ClassShareSample.class, CLASS_SHARE);
    }

    /**
     * Unregisters the alert codecs.
     *
     * @param codecService ONOS's codec service
     */
    public static void unregister(CodecService codecService) {
        codecService.unregisterCodec(FlowKey.class);
        codecService.unregisterCodec(NidsAlert.class);
        codecService.unregisterCodec(FlowRecord.class);
        codecService.unregisterCodec(AlertStats.class);
        codecService.unregisterCodec(ReportPipelineStats.class);
        codecService.unregisterCodec(ClassShareSample.class);
    }
}
