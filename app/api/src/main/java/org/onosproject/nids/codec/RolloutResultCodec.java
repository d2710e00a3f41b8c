/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.codec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.RolloutResult.DeviceResult;
import org.onosproject.nids.api.RolloutResult.Outcome;
import org.onosproject.nids.api.RolloutResult;

import java.util.ArrayList;
import java.util.List;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.onosproject.nids.codec.CodecUtil.integer;
import static org.onosproject.nids.codec.CodecUtil.number;
import static org.onosproject.nids.codec.CodecUtil.putNullable;
import static org.onosproject.nids.codec.CodecUtil.required;
import static org.onosproject.nids.codec.CodecUtil.text;
import static org.onosproject.nids.codec.CodecUtil.textOrNull;

/**
 * {@link RolloutResult} ⇄ JSON, the body of {@code POST /models/{id}/activate} and {@code POST /models/rollback}:
 * <pre>
 * {"modelId": "nids-…", "previousModelId": "nids-…" | null, "succeeded": true, "elapsedMillis": 120,
 *  "devices": [{"deviceId": "device:s1", "outcome": "FLIPPED", "bank": 1, "entries": 60, "error": null,
 *               "millis": 80}, …]}
 * </pre>
 * {@code succeeded} is derived (every device FLIPPED) and ignored when decoding.
 */
public final class RolloutResultCodec extends JsonCodec<RolloutResult> {

    static final String MODEL_ID = "modelId";
    static final String PREVIOUS_MODEL_ID = "previousModelId";
    static final String SUCCEEDED = "succeeded";
    static final String ELAPSED_MILLIS = "elapsedMillis";
    static final String DEVICES = "devices";
    static final String DEVICE_ID = "deviceId";
    static final String OUTCOME = "outcome";
    static final String BANK = "bank";
    static final String ENTRIES = "entries";
    static final String ERROR = "error";
    static final String MILLIS = "millis";

    @Override
    public ObjectNode encode(RolloutResult result, CodecContext context) {
        checkNotNull(result, "result");
        ObjectNode json = context.mapper().createObjectNode().put(MODEL_ID, result.modelId());
        putNullable(json, PREVIOUS_MODEL_ID, result.previousModelId().orElse(null));
        json.put(SUCCEEDED, result.succeeded()).put(ELAPSED_MILLIS, result.elapsedMillis());
        ArrayNode devices = json.putArray(DEVICES);
        for (DeviceResult device : result.devices()) {
            ObjectNode node = devices.addObject()
                    .put(DEVICE_ID, device.deviceId().toString())
                    .put(OUTCOME, device.outcome().name())
                    .put(BANK, device.bank())
                    .put(ENTRIES, device.entries());
            putNullable(node, ERROR, device.error().orElse(null));
            node.put(MILLIS, device.millis());
        }
        return json;
    }

    @Override
    public RolloutResult decode(ObjectNode json, CodecContext context) {
        checkNotNull(json, "json");
        List<DeviceResult> devices = new ArrayList<>();
        for (JsonNode node : required(json, DEVICES)) {
            Outcome outcome;
            try {
                outcome = Outcome.valueOf(text(node, OUTCOME));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("unknown rollout outcome \"" + text(node, OUTCOME) + "\"");
            }
            devices.add(new DeviceResult(DeviceId.deviceId(text(node, DEVICE_ID)), outcome, integer(node, BANK),
                    integer(node, ENTRIES), textOrNull(node, ERROR), number(node, MILLIS)));
        }
        return new RolloutResult(text(json, MODEL_ID), textOrNull(json, PREVIOUS_MODEL_ID), devices,
                number(json, ELAPSED_MILLIS));
    }
}
