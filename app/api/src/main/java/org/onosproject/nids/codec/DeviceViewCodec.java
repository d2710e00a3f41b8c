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
import org.onosproject.nids.api.DeviceModelState;
import org.onosproject.nids.api.DeviceView;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.onosproject.nids.codec.CodecUtil.integer;
import static org.onosproject.nids.codec.CodecUtil.number;
import static org.onosproject.nids.codec.CodecUtil.putNullable;
import static org.onosproject.nids.codec.CodecUtil.required;
import static org.onosproject.nids.codec.CodecUtil.text;
import static org.onosproject.nids.codec.CodecUtil.textOrNull;

/**
 * {@link DeviceView} ⇄ JSON, one element of {@code GET /devices}:
 * <pre>
 * {"deviceId": "device:s1", "pipeconfId": "org.onosproject.nids.bmv2", "available": true, "activeBank": 1,
 *  "modelId": "nids-…", "entries": 60, "lastError": null, "updatedMillis": 1767225600000,
 *  "classCounters": [{"classId": 0, "class": "Benign", "packets": 1200}, …],
 *  "reportCounters": {"dropped.ALERT": 0, "evictions": 3, "sent.ALERT": 12, …}}
 * </pre>
 * {@code activeBank} is null while the app has not set the switch's bank; {@code class} is null when the model
 * of the bank is not stored.
 */
public final class DeviceViewCodec extends JsonCodec<DeviceView> {

    static final String DEVICE_ID = "deviceId";
    static final String PIPECONF_ID = "pipeconfId";
    static final String AVAILABLE = "available";
    static final String ACTIVE_BANK = "activeBank";
    static final String MODEL_ID = "modelId";
    static final String ENTRIES = "entries";
    static final String LAST_ERROR = "lastError";
    static final String UPDATED_MILLIS = "updatedMillis";
    static final String CLASS_COUNTERS = "classCounters";
    static final String CLASS_ID = "classId";
    static final String CLASS = "class";
    static final String PACKETS = "packets";
    static final String REPORT_COUNTERS = "reportCounters";

    @Override
    public ObjectNode encode(DeviceView view, CodecContext context) {
        checkNotNull(view, "view");
        ObjectNode json = context.mapper().createObjectNode().put(DEVICE_ID, view.deviceId().toString());
        putNullable(json, PIPECONF_ID, view.pipeconfId().orElse(null));
        json.put(AVAILABLE, view.available());
        if (view.activeBank() == DeviceModelState.NO_BANK) {
            json.putNull(ACTIVE_BANK);
        } else {
            json.put(ACTIVE_BANK, view.activeBank());
        }
        putNullable(json, MODEL_ID, view.modelId().orElse(null));
        json.put(ENTRIES, view.entries());
        putNullable(json, LAST_ERROR, view.lastError().orElse(null));
        json.put(UPDATED_MILLIS, view.updatedMillis());
        ArrayNode classes = json.putArray(CLASS_COUNTERS);
        for (DeviceView.ClassCounter counter : view.classCounters()) {
            ObjectNode node = classes.addObject().put(CLASS_ID, counter.classId());
            putNullable(node, CLASS, counter.className().orElse(null));
            node.put(PACKETS, counter.packets());
        }
        ObjectNode reports = json.putObject(REPORT_COUNTERS);
        view.reportCounters().forEach(reports::put);
        return json;
    }

    @Override
    public DeviceView decode(ObjectNode json, CodecContext context) {
        checkNotNull(json, "json");
        JsonNode bank = json.get(ACTIVE_BANK);
        List<DeviceView.ClassCounter> classes = new ArrayList<>();
        for (JsonNode node : required(json, CLASS_COUNTERS)) {
            classes.add(new DeviceView.ClassCounter(integer(node, CLASS_ID), textOrNull(node, CLASS),
                    number(node, PACKETS)));
        }
        Map<String, Long> reports = new LinkedHashMap<>();
        required(json, REPORT_COUNTERS).fields()
                .forEachRemaining(field -> reports.put(field.getKey(), field.getValue().asLong()));
        return new DeviceView(DeviceId.deviceId(text(json, DEVICE_ID)), textOrNull(json, PIPECONF_ID),
                required(json, AVAILABLE).asBoolean(),
                bank == null || bank.isNull() ? DeviceModelState.NO_BANK : integer(json, ACTIVE_BANK),
                textOrNull(json, MODEL_ID), integer(json, ENTRIES), textOrNull(json, LAST_ERROR),
                number(json, UPDATED_MILLIS), classes, reports);
    }
}
