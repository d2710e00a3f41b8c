/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.codec;

import org.onosproject.codec.CodecService;
import org.onosproject.nids.api.RolloutResult;
import org.onosproject.nids.model.bundle.ModelBundle;

/**
 * The NIDS codecs. The REST resources and CLI commands use these instances directly (they do not depend on a
 * registration); {@link #register(CodecService)} additionally offers them to other ONOS components.
 */
public final class NidsCodecs {

    /** model.json of a stored bundle. */
    public static final ModelBundleJsonCodec MODEL_BUNDLE = new ModelBundleJsonCodec();
    /** One element of the model list. */
    public static final ModelSummaryCodec MODEL_SUMMARY = new ModelSummaryCodec();
    /** A rollout's per-device outcome. */
    public static final RolloutResultCodec ROLLOUT_RESULT = new RolloutResultCodec();
    /** One switch's state and counters. */
    public static final DeviceViewCodec DEVICE_VIEW = new DeviceViewCodec();

    private NidsCodecs() {
    }

    /**
     * Registers every NIDS codec with ONOS.
     *
     * @param codecService ONOS's codec service
     */
    public static void register(CodecService codecService) {
        codecService.registerCodec(ModelBundle.class, MODEL_BUNDLE);
        codecService.registerCodec(ModelSummary.class, MODEL_SUMMARY);
        codecService.registerCodec(RolloutResult.class, ROLLOUT_RESULT);
        codecService.registerCodec(DeviceView.class, DEVICE_VIEW);
    }

    /**
     * Unregisters every NIDS codec.
     *
     * @param codecService ONOS's codec service
     */
    public static void unregister(CodecService codecService) {
        codecService.unregisterCodec(ModelBundle.class);
        codecService.unregisterCodec(ModelSummary.class);
        codecService.unregisterCodec(RolloutResult.class);
        codecService.unregisterCodec(DeviceView.class);
    }
}
