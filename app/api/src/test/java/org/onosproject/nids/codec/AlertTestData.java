/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.codec;

import com.google.common.collect.ImmutableMap;
import org.onlab.packet.Ip4Address;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.nids.api.AlertQuery;
import org.onosproject.nids.api.AlertState;
import org.onosproject.nids.api.DecisionStep;
import org.onosproject.nids.api.FlowKey;
import org.onosproject.nids.api.FlowRecord;
import org.onosproject.nids.api.NidsAlert;
import org.onosproject.nids.api.NidsAlertListener;
import org.onosproject.nids.api.NidsAlertService;
import org.onosproject.nids.api.NidsFlowRecordService;
import org.onosproject.nids.api.ReportPipelineStats;
import org.onosproject.nids.detection.AlertSeverity;
import org.onosproject.nids.detection.SeverityPolicy;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.tree.Condition;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Flow keys, flow records and alerts for the alert tests (store, manager, codecs, REST, CLI). The model is
 * {@link NidsTestModels#multiClass}: IN_BYTES &lt;= 1000 ? DoS (leaf 1) : (PROTOCOL &lt;= 6 ? Benign (leaf 2) :
 * Scan (leaf 3)).
 */
public final class AlertTestData {

    /** 2026-01-15T10:00:00Z. */
    public static final long T0 = 1_768_471_200_000L;
    public static final DeviceId S1 = DeviceId.deviceId("device:s1");
    public static final DeviceId S2 = DeviceId.deviceId("device:s2");
    public static final FlowKey KEY = FlowKey.of(Ip4Address.valueOf("10.0.0.1"), Ip4Address.valueOf("10.0.0.2"),
            51512, 80, 6);
    public static final FlowKey OTHER_KEY = FlowKey.of(Ip4Address.valueOf("10.0.0.3"),
            Ip4Address.valueOf("10.0.0.2"), 40000, 53, 17);
    public static final ModelBundle MODEL = NidsTestModels.multiClass("three", "2026-02-01T09:30:00Z");
    public static final int DOS = 1;
    public static final int SCAN = 2;
    public static final int DOS_LEAF = 1;
    public static final int SCAN_LEAF = 3;
    /** Features of a DoS flow: IN_BYTES 412 &lt;= 1000. */
    public static final Map<String, Long> DOS_FEATURES = ImmutableMap.of("PROTOCOL", 6L, "IN_BYTES", 412L,
            "IN_PKTS", 9L);
    /** Features of a Scan flow: IN_BYTES 1412 &gt; 1000, PROTOCOL 17 &gt; 6. */
    public static final Map<String, Long> SCAN_FEATURES = ImmutableMap.of("PROTOCOL", 17L, "IN_BYTES", 1412L,
            "IN_PKTS", 30L);

    private AlertTestData() {
    }

    /**
     * A DoS record of {@link #MODEL}.
     *
     * @param device   reporting switch
     * @param key      flow
     * @param received controller time of the report
     * @return the record
     */
    public static FlowRecord dos(DeviceId device, FlowKey key, long received) {
        return record(device, key, MODEL.modelId(), DOS, "DoS", DOS_LEAF, DOS_FEATURES, received);
    }

    /**
     * A Scan record of {@link #MODEL}.
     *
     * @param device   reporting switch
     * @param key      flow
     * @param received controller time of the report
     * @return the record
     */
    public static FlowRecord scan(DeviceId device, FlowKey key, long received) {
        return record(device, key, MODEL.modelId(), SCAN, "Scan", SCAN_LEAF, SCAN_FEATURES, received);
    }

    /**
     * A record.
     *
     * @param device    reporting switch
     * @param key       flow
     * @param modelId   model, or null
     * @param classId   class id
     * @param className class name, or null
     * @param leafId    leaf id
     * @param features  features
     * @param received  controller time of the report
     * @return the record
     */
    public static FlowRecord record(DeviceId device, FlowKey key, String modelId, int classId, String className,
                                    int leafId, Map<String, Long> features, long received) {
        return FlowRecord.builder().deviceId(device).ingressPort(PortNumber.portNumber(1)).key(key)
                .reason("ALERT").features(features).modelId(modelId).classId(classId).className(className)
                .leafId(leafId).bank(0).slot(77).firstSeenMicros(1_000).lastSeenMicros(250_000)
                .receivedMillis(received).build();
    }

    /**
     * A DoS alert as the manager raises it from {@link #dos} (one report of S1), in some state.
     *
     * @param id       alert id
     * @param state    state
     * @param lastSeen first and last seen
     * @return the alert
     */
    public static NidsAlert alert(long id, AlertState state, long lastSeen) {
        return NidsAlert.builder().id(id).flowKey(KEY).modelId(MODEL.modelId()).classId(DOS).className("DoS")
                .severity(AlertSeverity.HIGH).leafId(DOS_LEAF)
                .decisionPath(List.of(new DecisionStep(4, "IN_BYTES", Condition.Operator.LESS_OR_EQUAL, 1000,
                        412)))
                .features(DOS_FEATURES).deviceReports(Map.of(S1, 1L)).firstSeenMillis(lastSeen)
                .lastSeenMillis(lastSeen).reportCount(1).state(state)
                .blockId(state == AlertState.BLOCKED ? "block-" + id : null).build();
    }

    /**
     * An alert service holding three alerts: DoS open (s1 ×1), DoS acknowledged (s1 ×2, s2 ×1), Scan blocked
     * (s2 ×4); only {@code alerts()} answers.
     *
     * @return the service
     */
    public static NidsAlertService statsAlerts() {
        List<NidsAlert> all = List.of(
                alert(1, AlertState.OPEN, T0),
                alert(2, AlertState.ACKNOWLEDGED, T0).toBuilder().deviceReports(Map.of(S1, 2L, S2, 1L))
                        .reportCount(3).build(),
                alert(3, AlertState.BLOCKED, T0).toBuilder().className("Scan").classId(2)
                        .deviceReports(Map.of(S2, 4L)).reportCount(4).build());
        return new NidsAlertService() {
            @Override
            public NidsAlert report(FlowRecord record) {
                throw new UnsupportedOperationException();
            }

            @Override
            public NidsAlert report(FlowRecord record, long incidentId) {
                throw new UnsupportedOperationException();
            }

            @Override
            public String explain(FlowRecord record) {
                throw new UnsupportedOperationException();
            }

            @Override
            public SeverityPolicy severities() {
                return SeverityPolicy.DEFAULT;
            }

            @Override
            public List<NidsAlert> alerts(AlertQuery query) {
                throw new UnsupportedOperationException();
            }

            @Override
            public List<NidsAlert> alerts() {
                return all;
            }

            @Override
            public Optional<NidsAlert> alert(long alertId) {
                return Optional.empty();
            }

            @Override
            public NidsAlert acknowledge(long alertId) {
                throw new UnsupportedOperationException();
            }

            @Override
            public NidsAlert markBlocked(long alertId, String blockId) {
                throw new UnsupportedOperationException();
            }

            @Override
            public void addListener(NidsAlertListener listener) {
            }

            @Override
            public void removeListener(NidsAlertListener listener) {
            }
        };
    }

    /**
     * A flow-record service counting Benign 120, DoS 9; s1 80, s3 49 (no records).
     *
     * @return the service
     */
    public static NidsFlowRecordService statsFlows() {
        return new NidsFlowRecordService() {
            @Override
            public List<FlowRecord> recentFlows(Optional<DeviceId> device, int limit) {
                return List.of();
            }

            @Override
            public Map<String, Long> classCounts() {
                return Map.of("Benign", 120L, "DoS", 9L);
            }

            @Override
            public Map<DeviceId, Long> deviceCounts() {
                return Map.of(S1, 80L, DeviceId.deviceId("device:s3"), 49L);
            }

            @Override
            public ReportPipelineStats pipelineStats() {
                return ReportPipelineStats.builder().reports(145, 140, 2, 138).missing(7, Map.of("device:bmv2:s1", 7L)).workers(2)
                        .drops(Map.of(ReportPipelineStats.REPORT_QUEUE_FULL, 5L,
                                      ReportPipelineStats.DETECTION_QUEUE_FULL, 1L,
                                      ReportPipelineStats.NETFLOW_QUEUE_FULL, 0L,
                                      ReportPipelineStats.SLOT_OUT_OF_RANGE, 0L))
                        .queues(Map.of(ReportPipelineStats.REPORTS, new ReportPipelineStats.Queue(3, 16384),
                                       ReportPipelineStats.DETECTION, new ReportPipelineStats.Queue(0, 10000),
                                       ReportPipelineStats.NETFLOW, new ReportPipelineStats.Queue(1, 8192)))
                        .handling(new ReportPipelineStats.Latency(138, 40, 900, 2100))
                        .detection(4, new ReportPipelineStats.Latency(9, 30_000, 70_000, 71_000),
                                   new ReportPipelineStats.Latency(9, 25_000, 60_000, 61_000))
                        .packetThread(800, 25_000)
                        .netflow(129, 0, 11, 0).probes(12, 1).build();
            }
        };
    }
}
