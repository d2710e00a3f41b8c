/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.block;

import org.onlab.packet.Ip4Address;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.AlertQuery;
import org.onosproject.nids.api.AlertState;
import org.onosproject.nids.api.FlowKey;
import org.onosproject.nids.api.FlowRecord;
import org.onosproject.nids.api.NidsAlert;
import org.onosproject.nids.api.NidsAlertEvent;
import org.onosproject.nids.api.NidsAlertListener;
import org.onosproject.nids.api.NidsAlertService;
import org.onosproject.nids.api.NidsException;
import org.onosproject.nids.detection.AlertSeverity;
import org.onosproject.nids.detection.SeverityPolicy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/** Alerts in a map; {@link #raise} posts ALERT_RAISED to the listeners as the alert manager would. */
final class TestAlerts implements NidsAlertService {

    final Map<Long, NidsAlert> alerts = new LinkedHashMap<>();
    final List<NidsAlertListener> listeners = new ArrayList<>();

    static NidsAlert alert(long id, String client, AlertSeverity severity) {
        return NidsAlert.builder().id(id)
                .flowKey(FlowKey.of(Ip4Address.valueOf(client), Ip4Address.valueOf("10.0.0.9"), 40000, 80, 6))
                .className("Attack").classId(1).severity(severity).leafId(1)
                .deviceReports(Map.of(DeviceId.deviceId("device:bmv2:s1"), 1L))
                .firstSeenMillis(1000).lastSeenMillis(1000).build();
    }

    NidsAlert raise(NidsAlert alert) {
        alerts.put(alert.id(), alert);
        NidsAlertEvent event = new NidsAlertEvent(NidsAlertEvent.Type.ALERT_RAISED, alert, null);
        List.copyOf(listeners).forEach(l -> l.event(event));
        return alert;
    }

    @Override
    public NidsAlert report(FlowRecord record) {
        throw new UnsupportedOperationException();
    }

    /** An alert per flow key, as the alert manager's dedup keeps them, with the incident it is evidence of. */
    @Override
    public NidsAlert report(FlowRecord record, long incidentId) {
        Optional<NidsAlert> existing = alerts.values().stream().filter(a -> a.flowKey().equals(record.key()))
                .findFirst();
        NidsAlert alert = existing.map(a -> a.toBuilder().reportCount(a.reportCount() + 1).build())
                .orElseGet(() -> NidsAlert.builder().id(alerts.size() + 1L).flowKey(record.key())
                        .className(record.className()).classId(record.classId()).severity(severities().of(
                                record.className())).leafId(record.leafId())
                        .deviceReports(Map.of(record.deviceId(), 1L)).firstSeenMillis(record.receivedMillis())
                        .lastSeenMillis(record.receivedMillis()).incidentId(incidentId).build());
        alerts.put(alert.id(), alert);
        return alert;
    }

    @Override
    public String explain(FlowRecord record) {
        return "leaf " + record.leafId();
    }

    @Override
    public SeverityPolicy severities() {
        return SeverityPolicy.DEFAULT;
    }

    @Override
    public List<NidsAlert> alerts(AlertQuery query) {
        return alerts.values().stream().filter(query::matches).limit(query.limit())
                .collect(java.util.stream.Collectors.toList());
    }

    @Override
    public List<NidsAlert> alerts() {
        return List.copyOf(alerts.values());
    }

    @Override
    public Optional<NidsAlert> alert(long alertId) {
        return Optional.ofNullable(alerts.get(alertId));
    }

    @Override
    public NidsAlert acknowledge(long alertId) {
        NidsAlert alert = alert(alertId).orElseThrow(
                () -> new NidsException(NidsException.Kind.NOT_FOUND, "alert " + alertId + " does not exist"));
        NidsAlert acknowledged = alert.state() == AlertState.OPEN ? alert.withState(AlertState.ACKNOWLEDGED) : alert;
        alerts.put(alertId, acknowledged);
        return acknowledged;
    }

    @Override
    public NidsAlert markBlocked(long alertId, String blockId) {
        NidsAlert alert = alert(alertId).orElseThrow(
                () -> new NidsException(NidsException.Kind.NOT_FOUND, "alert " + alertId + " does not exist"));
        NidsAlert blocked = alert.toBuilder().state(AlertState.BLOCKED).blockId(blockId).build();
        alerts.put(alertId, blocked);
        return blocked;
    }

    @Override
    public void addListener(NidsAlertListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeListener(NidsAlertListener listener) {
        listeners.remove(listener);
    }
}
