/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.codec;

import org.junit.Test;
import org.onosproject.codec.CodecService;
import org.onosproject.nids.api.RolloutResult;
import org.onosproject.nids.model.bundle.ModelBundle;

import static org.easymock.EasyMock.createStrictMock;
import static org.easymock.EasyMock.replay;
import static org.easymock.EasyMock.verify;

/** Registration of the NIDS codecs with ONOS's codec service. */
public class NidsCodecsTest {

    @Test
    public void registersAndUnregistersEveryCodec() {
        CodecService codecService = createStrictMock(CodecService.class);
        codecService.registerCodec(ModelBundle.class, NidsCodecs.MODEL_BUNDLE);
        codecService.registerCodec(ModelSummary.class, NidsCodecs.MODEL_SUMMARY);
        codecService.registerCodec(RolloutResult.class, NidsCodecs.ROLLOUT_RESULT);
        codecService.registerCodec(DeviceView.class, NidsCodecs.DEVICE_VIEW);
        codecService.unregisterCodec(ModelBundle.class);
        codecService.unregisterCodec(ModelSummary.class);
        codecService.unregisterCodec(RolloutResult.class);
        codecService.unregisterCodec(DeviceView.class);
        replay(codecService);
        NidsCodecs.register(codecService);
        NidsCodecs.unregister(codecService);
        verify(codecService);
    }
}
