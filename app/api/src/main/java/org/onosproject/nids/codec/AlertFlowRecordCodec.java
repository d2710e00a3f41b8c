/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.codec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.nids.api.FlowKey;
import org.onosproject.nids.api.FlowRecord;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.onosproject.nids.codec.CodecUtil.integer;
import static org.onosproject.nids.codec.CodecUtil.number;
import static org.onosproject.nids.codec.CodecUtil.putNullable;
import static org.onosproject.nids.codec.CodecUtil.required;
import static org.onosproject.nids.codec.CodecUtil.text;
import static org.onosproject.nids.codec.CodecUtil.textOrNull;

/**
 * {@link FlowRecord} ⇄ JSON, an element of {@code GET /flows} (the flows window that feeds the alerts):
 * <pre>
 * {"deviceId": "device:s1", "ingressPort": 1, "clientIngressPort": 1,
 *  "flow": {"clientIp": "10.0.0.1", "clientPort": 51512, "serverIp": "10.0.0.2", "serverPort": 80, "protocol": 6},
 *  "reason": "FLOW_END", "modelId": "nids-…", "classId": 1, "class": "DoS", "attack": true, "leafId": 1,
 *  "phase": 0, "confidencePermille": 982, "alert": true, "bank": 0, "slot": 1234, "firstSeenMicros": 1000, "lastSeenMicros": 250000,
 *  "received": "2026-01-15T10:00:00Z", "receivedMillis": 1768471200000, "features": {"IN_BYTES": 412, …}}
 * </pre>
 * {@code phase} is the packet count of the verdict (0: the flow's end), {@code confidencePermille} its leaf's
 * confidence, {@code alert} whether the verdict raised an alert (an attack at a leaf as confident as the alert
 * threshold: the flow counts for its incident); the three are optional when decoding.
 * {@code class} is the class id as text when no model was known; {@code attack} and {@code received} are derived and
 * ignored when decoding; {@code ingressPort} is the port of the reported packet, {@code clientIngressPort} the port
 * of the flow's first packet (its client's; when absent in a decoded record, the reported packet's).
 */
public final class AlertFlowRecordCodec extends JsonCodec<FlowRecord> {

    static final String DEVICE_ID = "deviceId";
    static final String INGRESS_PORT = "ingressPort";
    static final String CLIENT_INGRESS_PORT = "clientIngressPort";
    static final String FLOW = "flow";
    static final String REASON = "reason";
    static final String MODEL_ID = "modelId";
    static final String CLASS_ID = "classId";
    static final String CLASS = "class";
    static final String ATTACK = "attack";
    static final String LEAF_ID = "leafId";
    static final String PHASE = "phase";
    static final String CONFIDENCE_PERMILLE = "confidencePermille";
    static final String ALERT = "alert";
    static final String BANK = "bank";
    static final String SLOT = "slot";
    static final String FIRST_SEEN_MICROS = "firstSeenMicros";
    static final String LAST_SEEN_MICROS = "lastSeenMicros";
    static final String RECEIVED = "received";
    static final String RECEIVED_MILLIS = "receivedMillis";
    static final String FEATURES = "features";

    @Override
    public ObjectNode encode(FlowRecord record, CodecContext context) {
        checkNotNull(record, "record");
        ObjectNode json = context.mapper().createObjectNode()
                .put(DEVICE_ID, record.deviceId().toString())
                .put(INGRESS_PORT, record.ingressPort().toLong())
                .put(CLIENT_INGRESS_PORT, record.clientIngressPort().toLong());
        json.set(FLOW, context.codec(FlowKey.class).encode(record.key(), context));
        json.put(REASON, record.reason());
        putNullable(json, MODEL_ID, record.modelId().orElse(null));
        json.put(CLASS_ID, record.classId())
                .put(CLASS, record.className())
                .put(ATTACK, record.isAttack())
                .put(LEAF_ID, record.leafId())
                .put(PHASE, record.phase())
                .put(CONFIDENCE_PERMILLE, record.confidencePermille())
                .put(ALERT, record.alert())
                .put(BANK, record.bank())
                .put(SLOT, record.slot())
                .put(FIRST_SEEN_MICROS, record.firstSeenMicros())
                .put(LAST_SEEN_MICROS, record.lastSeenMicros())
                .put(RECEIVED, Instant.ofEpochMilli(record.receivedMillis()).toString())
                .put(RECEIVED_MILLIS, record.receivedMillis());
        ObjectNode features = json.putObject(FEATURES);
        record.features().forEach(features::put);
        return json;
    }

    @Override
    public FlowRecord decode(ObjectNode json, CodecContext context) {
        checkNotNull(json, "json");
        JsonNode flow = required(json, FLOW);
        if (!flow.isObject()) {
            throw new IllegalArgumentException("field \"" + FLOW + "\" is not an object");
        }
        Map<String, Long> features = new LinkedHashMap<>();
        required(json, FEATURES).fields().forEachRemaining(
                field -> features.put(field.getKey(), field.getValue().asLong()));
        int classId = integer(json, CLASS_ID);
        String className = textOrNull(json, CLASS);
        return FlowRecord.builder()
                .deviceId(DeviceId.deviceId(text(json, DEVICE_ID)))
                .ingressPort(PortNumber.portNumber(number(json, INGRESS_PORT)))
                .clientIngressPort(json.has(CLIENT_INGRESS_PORT)
                                           ? PortNumber.portNumber(number(json, CLIENT_INGRESS_PORT)) : null)
                .key(context.codec(FlowKey.class).decode((ObjectNode) flow, context))
                .reason(text(json, REASON))
                .modelId(textOrNull(json, MODEL_ID))
                .classId(classId)
                // The class id as text stands for "no class name" (FlowRecord#className()).
                .className(Integer.toString(classId).equals(className) ? null : className)
                .leafId(integer(json, LEAF_ID))
                .phase(json.path(PHASE).asInt(0))
                .confidencePermille(json.path(CONFIDENCE_PERMILLE).asInt(0))
                .alert(json.path(ALERT).asBoolean(false))
                .bank(integer(json, BANK))
                .slot(number(json, SLOT))
                .firstSeenMicros(number(json, FIRST_SEEN_MICROS))
                .lastSeenMicros(number(json, LAST_SEEN_MICROS))
                .receivedMillis(number(json, RECEIVED_MILLIS))
                .features(features)
                .build();
    }
}
