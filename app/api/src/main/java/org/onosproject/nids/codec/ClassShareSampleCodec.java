/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.codec;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.onosproject.nids.api.ClassShareSample;

import java.time.Instant;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * One point of the class-share series in {@code GET /stats} ("drift"): packets per class in one counter-poll
 * interval and each class's share of them.
 */
public final class ClassShareSampleCodec extends JsonCodec<ClassShareSample> {

    static final String TIME = "time";
    static final String TIME_MILLIS = "timeMillis";
    static final String INTERVAL_MILLIS = "intervalMillis";
    static final String MODEL_ID = "modelId";
    static final String PACKETS = "packets";
    static final String CLASSES = "classes";
    static final String CLASS = "class";
    static final String SHARE = "share";

    @Override
    public ObjectNode encode(ClassShareSample sample, CodecContext context) {
        checkNotNull(sample, "sample");
        ObjectNode json = context.mapper().createObjectNode()
                .put(TIME, Instant.ofEpochMilli(sample.timeMillis()).toString())
                .put(TIME_MILLIS, sample.timeMillis())
                .put(INTERVAL_MILLIS, sample.intervalMillis())
                .put(MODEL_ID, sample.modelId().orElse(null))
                .put(PACKETS, sample.total());
        ArrayNode classes = json.putArray(CLASSES);
        sample.packets().forEach((name, packets) -> classes.addObject()
                .put(CLASS, name).put(PACKETS, packets).put(SHARE, sample.share(name)));
        return json;
    }
}
