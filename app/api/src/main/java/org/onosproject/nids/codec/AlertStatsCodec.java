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
import org.onosproject.nids.api.AlertStats;

import java.util.ArrayList;
import java.util.List;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.onosproject.nids.codec.CodecUtil.number;
import static org.onosproject.nids.codec.CodecUtil.required;
import static org.onosproject.nids.codec.CodecUtil.text;

/**
 * {@link AlertStats} ⇄ JSON, the body of {@code GET /stats}:
 * <pre>
 * {"alerts": {"total": 3, "open": 2, "acknowledged": 1, "blocked": 0}, "flowsAvailable": true,
 *  "classes": [{"class": "Benign", "openAlerts": 0, "alerts": 0, "reports": 0, "flows": 120},
 *              {"class": "DoS", "openAlerts": 2, "alerts": 3, "reports": 7, "flows": 9}],
 *  "devices": [{"deviceId": "device:s1", "openAlerts": 2, "alerts": 3, "reports": 5, "flows": 80}]}
 * </pre>
 * {@code flows} is null in every row when the flow service is not running ({@code flowsAvailable} false).
 */
public final class AlertStatsCodec extends JsonCodec<AlertStats> {

    static final String ALERTS = "alerts";
    static final String TOTAL = "total";
    static final String OPEN = "open";
    static final String ACKNOWLEDGED = "acknowledged";
    static final String BLOCKED = "blocked";
    static final String FLOWS_AVAILABLE = "flowsAvailable";
    static final String CLASSES = "classes";
    static final String CLASS = "class";
    static final String DEVICES = "devices";
    static final String DEVICE_ID = "deviceId";
    static final String OPEN_ALERTS = "openAlerts";
    static final String REPORTS = "reports";
    static final String FLOWS = "flows";

    @Override
    public ObjectNode encode(AlertStats stats, CodecContext context) {
        checkNotNull(stats, "stats");
        ObjectNode json = context.mapper().createObjectNode();
        json.putObject(ALERTS)
                .put(TOTAL, stats.total())
                .put(OPEN, stats.open())
                .put(ACKNOWLEDGED, stats.acknowledged())
                .put(BLOCKED, stats.blocked());
        json.put(FLOWS_AVAILABLE, stats.flowsAvailable());
        encodeRows(json.putArray(CLASSES), CLASS, stats.classes());
        encodeRows(json.putArray(DEVICES), DEVICE_ID, stats.devices());
        return json;
    }

    private static void encodeRows(ArrayNode array, String nameField, List<AlertStats.Row> rows) {
        for (AlertStats.Row row : rows) {
            ObjectNode node = array.addObject()
                    .put(nameField, row.name())
                    .put(OPEN_ALERTS, row.openAlerts())
                    .put(ALERTS, row.alerts())
                    .put(REPORTS, row.reports());
            if (row.flows().isPresent()) {
                node.put(FLOWS, row.flows().get());
            } else {
                node.putNull(FLOWS);
            }
        }
    }

    @Override
    public AlertStats decode(ObjectNode json, CodecContext context) {
        checkNotNull(json, "json");
        JsonNode alerts = required(json, ALERTS);
        return new AlertStats(number(alerts, TOTAL), number(alerts, OPEN), number(alerts, ACKNOWLEDGED),
                number(alerts, BLOCKED), required(json, FLOWS_AVAILABLE).asBoolean(),
                decodeRows(required(json, CLASSES), CLASS), decodeRows(required(json, DEVICES), DEVICE_ID));
    }

    private static List<AlertStats.Row> decodeRows(JsonNode array, String nameField) {
        List<AlertStats.Row> rows = new ArrayList<>();
        for (JsonNode node : array) {
            JsonNode flows = node.get(FLOWS);
            rows.add(new AlertStats.Row(text(node, nameField), number(node, OPEN_ALERTS), number(node, ALERTS),
                    number(node, REPORTS), flows == null || flows.isNull() ? null : number(node, FLOWS)));
        }
        return rows;
    }
}
