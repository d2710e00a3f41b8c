/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.codec;

import org.junit.Test;
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
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotSame;

/** Every NIDS value that REST or CLI shows has a codec, and every call gives new codec instances. */
public class NidsCodecsTest {

    @Test
    public void everyShownValueHasItsCodec() {
        assertEquals(Set.of(ModelBundle.class, ModelSummary.class, RolloutResult.class, DeviceView.class,
                            FlowKey.class, NidsAlert.class, Incident.class, FlowRecord.class, AlertStats.class,
                            ReportPipelineStats.class, ClassShareSample.class, NidsBlock.class, BlockRequest.class,
                            BlockPolicy.class, BlockIntent.class, SiemExportStats.class),
                     NidsCodecs.codecs().keySet());
    }

    @Test
    public void codecsAreNotSharedSingletons() {
        Map<Class<?>, JsonCodec<?>> first = NidsCodecs.codecs();
        Map<Class<?>, JsonCodec<?>> second = NidsCodecs.codecs();
        first.forEach((type, codec) -> assertNotSame(type.getSimpleName(), codec, second.get(type)));
    }
}
