/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.codec;

import com.google.common.collect.ImmutableMap;
import org.onosproject.codec.JsonCodec;
import org.onosproject.nids.api.AlertStats;
import org.onosproject.nids.api.BlockIntent;
import org.onosproject.nids.api.BlockRequest;
import org.onosproject.nids.api.ClassShareSample;
import org.onosproject.nids.api.DeviceView;
import org.onosproject.nids.api.FlowKey;
import org.onosproject.nids.api.FlowRecord;
import org.onosproject.nids.api.ModelSummary;
import org.onosproject.nids.api.NidsAlert;
import org.onosproject.nids.api.NidsBlock;
import org.onosproject.nids.api.ReportPipelineStats;
import org.onosproject.nids.api.RolloutResult;
import org.onosproject.nids.api.SiemExportStats;
import org.onosproject.nids.detection.BlockPolicy;
import org.onosproject.nids.detection.Incident;
import org.onosproject.nids.model.bundle.ModelBundle;

import java.util.Map;

/**
 * Which codec encodes which NIDS value: the list the app's codec registrar gives ONOS's codec service (and tests
 * give theirs). Everyone else asks the codec service, {@code codec(X.class)}.
 */
public final class NidsCodecs {

    private NidsCodecs() {
    }

    /**
     * @return a new codec for each NIDS value class
     */
    public static Map<Class<?>, JsonCodec<?>> codecs() {
        return ImmutableMap.<Class<?>, JsonCodec<?>>builder()
                .put(ModelBundle.class, new ModelBundleJsonCodec())
                .put(ModelSummary.class, new ModelSummaryCodec())
                .put(RolloutResult.class, new RolloutResultCodec())
                .put(DeviceView.class, new DeviceViewCodec())
                .put(FlowKey.class, new AlertFlowKeyCodec())
                .put(NidsAlert.class, new AlertCodec())
                .put(Incident.class, new IncidentCodec())
                .put(FlowRecord.class, new AlertFlowRecordCodec())
                .put(AlertStats.class, new AlertStatsCodec())
                .put(ReportPipelineStats.class, new ReportPipelineStatsCodec())
                .put(ClassShareSample.class, new ClassShareSampleCodec())
                .put(NidsBlock.class, new BlockCodec())
                .put(BlockRequest.class, new BlockRequestCodec())
                .put(BlockPolicy.class, new BlockPolicyCodec())
                .put(BlockIntent.class, new BlockIntentCodec())
                .put(SiemExportStats.class, new SiemExportStatsCodec())
                .build();
    }
}
