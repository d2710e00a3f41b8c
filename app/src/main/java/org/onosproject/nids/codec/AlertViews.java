/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.codec;

import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.AlertState;
import org.onosproject.nids.api.NidsAlert;
import org.onosproject.nids.api.NidsAlertService;
import org.onosproject.nids.api.NidsFlowRecordService;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The alert views the REST API and the CLI both show, gathered in one place so the two agree.
 */
public final class AlertViews {

    private AlertViews() {
    }

    /**
     * Alerts by state, and per class and per switch: open alerts, alerts, reports, flows.
     *
     * @param alerts the alert service
     * @param flows  the flow-record service, empty when it is not running
     * @return the statistics; rows sorted by class name and by device id
     */
    public static AlertStats stats(NidsAlertService alerts, Optional<NidsFlowRecordService> flows) {
        SortedMap<String, long[]> classes = new TreeMap<>();
        SortedMap<String, long[]> devices = new TreeMap<>();
        long[] states = new long[AlertState.values().length];
        List<NidsAlert> all = alerts.alerts();
        for (NidsAlert alert : all) {
            boolean open = alert.state() == AlertState.OPEN;
            states[alert.state().ordinal()]++;
            add(classes, alert.className(), open, alert.reportCount());
            alert.deviceReports().forEach((device, reports) -> add(devices, device.toString(), open, reports));
        }
        Map<String, Long> classFlows = flows.map(NidsFlowRecordService::classCounts).orElse(Map.of());
        Map<String, Long> deviceFlows = new TreeMap<>();
        flows.map(NidsFlowRecordService::deviceCounts).orElse(Map.of())
                .forEach((DeviceId device, Long count) -> deviceFlows.put(device.toString(), count));
        classFlows.keySet().forEach(name -> classes.computeIfAbsent(name, n -> new long[3]));
        deviceFlows.keySet().forEach(name -> devices.computeIfAbsent(name, n -> new long[3]));
        boolean available = flows.isPresent();
        return new AlertStats(all.size(), states[AlertState.OPEN.ordinal()],
                states[AlertState.ACKNOWLEDGED.ordinal()], states[AlertState.BLOCKED.ordinal()], available,
                rows(classes, classFlows, available), rows(devices, deviceFlows, available));
    }

    /** Counts one alert into a row: {open alerts, alerts, reports}. */
    private static void add(Map<String, long[]> rows, String name, boolean open, long reports) {
        long[] row = rows.computeIfAbsent(name, n -> new long[3]);
        row[0] += open ? 1 : 0;
        row[1]++;
        row[2] += reports;
    }

    private static List<AlertStats.Row> rows(SortedMap<String, long[]> counts, Map<String, Long> flows,
                                             boolean available) {
        List<AlertStats.Row> rows = new ArrayList<>(counts.size());
        counts.forEach((name, row) -> rows.add(new AlertStats.Row(name, row[0], row[1], row[2],
                available ? flows.getOrDefault(name, 0L) : null)));
        return rows;
    }
}
