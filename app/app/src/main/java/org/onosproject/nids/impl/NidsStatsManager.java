/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.AlertState;
import org.onosproject.nids.api.AlertStats;
import org.onosproject.nids.api.NidsAlert;
import org.onosproject.nids.api.NidsAlertService;
import org.onosproject.nids.api.NidsFlowRecordService;
import org.onosproject.nids.api.NidsStatsService;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Counts alerts per state, class and switch, beside the flow records of the recent window when the flow-report
 * pipeline runs (GET /stats and the CLI show the same numbers).
 */
@Component(immediate = true, service = NidsStatsService.class)
public class NidsStatsManager implements NidsStatsService {

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NidsAlertService alertService;
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    protected volatile NidsFlowRecordService flowRecordService;

    @Override
    public AlertStats alertStats() {
        return stats(alertService, Optional.ofNullable(flowRecordService));
    }

    /**
     * @param alerts the alert service
     * @param flows  the flow-record service, empty when it is not running
     * @return the statistics; rows sorted by class name and by device id
     */
    static AlertStats stats(NidsAlertService alerts, Optional<NidsFlowRecordService> flows) {
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
