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
import org.onosproject.nids.api.AlertState;
import org.onosproject.nids.api.DecisionStep;
import org.onosproject.nids.api.FlowKey;
import org.onosproject.nids.api.NidsAlert;
import org.onosproject.nids.detection.AlertSeverity;
import org.onosproject.nids.model.tree.Condition;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.onosproject.nids.codec.CodecUtil.integer;
import static org.onosproject.nids.codec.CodecUtil.number;
import static org.onosproject.nids.codec.CodecUtil.putNullable;
import static org.onosproject.nids.codec.CodecUtil.required;
import static org.onosproject.nids.codec.CodecUtil.text;
import static org.onosproject.nids.codec.CodecUtil.textOrNull;

/**
 * {@link NidsAlert} ⇄ JSON, the body of {@code GET /alerts/{id}} and an element of {@code GET /alerts}:
 * <pre>
 * {"id": 42, "state": "OPEN", "severity": "HIGH", "classId": 1, "class": "DoS", "modelId": "nids-…", "leafId": 1,
 *  "flow": {"clientIp": "10.0.0.1", "clientPort": 51512, "serverIp": "10.0.0.2", "serverPort": 80, "protocol": 6},
 *  "firstSeen": "2026-01-15T10:00:00Z", "firstSeenMillis": 1768471200000,
 *  "lastSeen": "2026-01-15T10:00:02Z", "lastSeenMillis": 1768471202000,
 *  "reportCount": 3, "devices": {"device:s1": 2, "device:s2": 1}, "blockId": null, "incidentId": 7,
 *  "explanation": "IN_BYTES = 412 &lt;= 1000",
 *  "decisionPath": [{"featureId": 4, "feature": "IN_BYTES", "operator": "&lt;=", "bound": 1000, "value": 412,
 *                    "holds": true, "text": "IN_BYTES = 412 &lt;= 1000"}],
 *  "features": {"IN_BYTES": 412, "IN_PKTS": 9, …}}
 * </pre>
 * {@code firstSeen}, {@code lastSeen}, {@code explanation}, {@code holds} and {@code text} are derived (ISO-8601 UTC
 * and the decision path in words) and ignored when decoding.
 */
public final class AlertCodec extends JsonCodec<NidsAlert> {

    static final String ID = "id";
    static final String STATE = "state";
    static final String SEVERITY = "severity";
    static final String CLASS_ID = "classId";
    static final String CLASS = "class";
    static final String MODEL_ID = "modelId";
    static final String LEAF_ID = "leafId";
    static final String FLOW = "flow";
    static final String FIRST_SEEN = "firstSeen";
    static final String FIRST_SEEN_MILLIS = "firstSeenMillis";
    static final String LAST_SEEN = "lastSeen";
    static final String LAST_SEEN_MILLIS = "lastSeenMillis";
    static final String REPORT_COUNT = "reportCount";
    static final String DEVICES = "devices";
    static final String BLOCK_ID = "blockId";
    static final String INCIDENT_ID = "incidentId";
    static final String EXPLANATION = "explanation";
    static final String DECISION_PATH = "decisionPath";
    static final String FEATURE_ID = "featureId";
    static final String FEATURE = "feature";
    static final String OPERATOR = "operator";
    static final String BOUND = "bound";
    static final String VALUE = "value";
    static final String HOLDS = "holds";
    static final String TEXT = "text";
    static final String FEATURES = "features";

    @Override
    public ObjectNode encode(NidsAlert alert, CodecContext context) {
        checkNotNull(alert, "alert");
        ObjectNode json = context.mapper().createObjectNode()
                .put(ID, alert.id())
                .put(STATE, alert.state().name())
                .put(SEVERITY, alert.severity().name())
                .put(CLASS_ID, alert.classId())
                .put(CLASS, alert.className());
        putNullable(json, MODEL_ID, alert.modelId().orElse(null));
        json.put(LEAF_ID, alert.leafId());
        json.set(FLOW, context.codec(FlowKey.class).encode(alert.flowKey(), context));
        json.put(FIRST_SEEN, Instant.ofEpochMilli(alert.firstSeenMillis()).toString())
                .put(FIRST_SEEN_MILLIS, alert.firstSeenMillis())
                .put(LAST_SEEN, Instant.ofEpochMilli(alert.lastSeenMillis()).toString())
                .put(LAST_SEEN_MILLIS, alert.lastSeenMillis())
                .put(REPORT_COUNT, alert.reportCount());
        ObjectNode devices = json.putObject(DEVICES);
        alert.deviceReports().forEach((device, reports) -> devices.put(device.toString(), reports));
        putNullable(json, BLOCK_ID, alert.blockId().orElse(null));
        if (alert.incidentId().isPresent()) {
            json.put(INCIDENT_ID, alert.incidentId().get());
        } else {
            json.putNull(INCIDENT_ID);
        }
        json.put(EXPLANATION, explanation(alert));
        ArrayNode path = json.putArray(DECISION_PATH);
        for (DecisionStep step : alert.decisionPath()) {
            path.addObject()
                    .put(FEATURE_ID, step.featureId())
                    .put(FEATURE, step.feature())
                    .put(OPERATOR, step.operator().symbol())
                    .put(BOUND, step.bound())
                    .put(VALUE, step.value())
                    .put(HOLDS, step.holds())
                    .put(TEXT, step.explain());
        }
        ObjectNode features = json.putObject(FEATURES);
        alert.features().forEach(features::put);
        return json;
    }

    @Override
    public NidsAlert decode(ObjectNode json, CodecContext context) {
        checkNotNull(json, "json");
        List<DecisionStep> path = new ArrayList<>();
        for (JsonNode step : required(json, DECISION_PATH)) {
            Condition.Operator operator;
            try {
                operator = Condition.Operator.ofSymbol(text(step, OPERATOR));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("unknown operator \"" + text(step, OPERATOR)
                        + "\" (expected <= or >)");
            }
            path.add(new DecisionStep(integer(step, FEATURE_ID), text(step, FEATURE), operator, number(step, BOUND),
                    number(step, VALUE)));
        }
        Map<DeviceId, Long> devices = new LinkedHashMap<>();
        required(json, DEVICES).fields().forEachRemaining(
                field -> devices.put(DeviceId.deviceId(field.getKey()), field.getValue().asLong()));
        Map<String, Long> features = new LinkedHashMap<>();
        required(json, FEATURES).fields().forEachRemaining(
                field -> features.put(field.getKey(), field.getValue().asLong()));
        JsonNode flow = required(json, FLOW);
        if (!flow.isObject()) {
            throw new IllegalArgumentException("field \"" + FLOW + "\" is not an object");
        }
        return NidsAlert.builder()
                .id(number(json, ID))
                .state(enumValue(AlertState.class, text(json, STATE), STATE))
                .severity(enumValue(AlertSeverity.class, text(json, SEVERITY), SEVERITY))
                .classId(integer(json, CLASS_ID))
                .className(text(json, CLASS))
                .modelId(textOrNull(json, MODEL_ID))
                .leafId(integer(json, LEAF_ID))
                .flowKey(context.codec(FlowKey.class).decode((ObjectNode) flow, context))
                .firstSeenMillis(number(json, FIRST_SEEN_MILLIS))
                .lastSeenMillis(number(json, LAST_SEEN_MILLIS))
                .reportCount(number(json, REPORT_COUNT))
                .deviceReports(devices)
                .blockId(textOrNull(json, BLOCK_ID))
                .incidentId(json.hasNonNull(INCIDENT_ID) ? json.get(INCIDENT_ID).asLong() : null)
                .decisionPath(path)
                .features(features)
                .build();
    }

    /**
     * @param alert an alert
     * @return its decision path in words, e.g. {@code IN_BYTES = 1412 > 1000 and PROTOCOL = 17 > 6}; "leaf N" when
     *         the path is not known
     */
    public static String explanation(NidsAlert alert) {
        if (alert.decisionPath().isEmpty()) {
            return "leaf " + alert.leafId() + " (decision path unknown)";
        }
        return alert.decisionPath().stream().map(DecisionStep::explain).collect(Collectors.joining(" and "));
    }

    private static <E extends Enum<E>> E enumValue(Class<E> type, String value, String field) {
        try {
            return Enum.valueOf(type, value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown " + field + " \"" + value + "\"");
        }
    }
}
