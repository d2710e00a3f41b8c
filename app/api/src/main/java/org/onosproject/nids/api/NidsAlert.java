/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.detection.AlertSeverity;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * An attack the model found: one flow (key and model) as reported by one or more switches within the dedup window,
 * raised as one of the first flows (the evidence) of an incident,
 * with the class and leaf of the latest report, the decision path that fired, the latest report's features, which
 * switches reported it how often, and where the alert is in its life (docs/alerts.md).
 */
public final class NidsAlert {

    private final long id;
    private final FlowKey flowKey;
    private final String modelId;
    private final int classId;
    private final String className;
    private final AlertSeverity severity;
    private final int leafId;
    private final ImmutableList<DecisionStep> decisionPath;
    private final ImmutableMap<String, Long> features;
    private final ImmutableMap<DeviceId, Long> deviceReports;
    private final long firstSeenMillis;
    private final long lastSeenMillis;
    private final long reportCount;
    private final AlertState state;
    private final String blockId;
    private final Long incidentId;

    private NidsAlert(Builder b) {
        checkArgument(b.reportCount >= 1, "an alert has at least one report: %s", b.reportCount);
        checkArgument(b.lastSeenMillis >= b.firstSeenMillis, "last seen %s before first seen %s", b.lastSeenMillis,
                b.firstSeenMillis);
        this.id = b.id;
        this.flowKey = checkNotNull(b.flowKey, "flowKey");
        this.modelId = b.modelId;
        this.classId = b.classId;
        this.className = checkNotNull(b.className, "className");
        this.severity = checkNotNull(b.severity, "severity");
        this.leafId = b.leafId;
        this.decisionPath = ImmutableList.copyOf(b.decisionPath);
        this.features = ImmutableMap.copyOf(b.features);
        this.deviceReports = ImmutableMap.copyOf(b.deviceReports);
        this.firstSeenMillis = b.firstSeenMillis;
        this.lastSeenMillis = b.lastSeenMillis;
        this.reportCount = b.reportCount;
        this.state = checkNotNull(b.state, "state");
        this.blockId = b.blockId;
        this.incidentId = b.incidentId;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder holding this alert's values */
    public Builder toBuilder() {
        return new Builder().id(id).flowKey(flowKey).modelId(modelId).classId(classId).className(className)
                .severity(severity).leafId(leafId).decisionPath(decisionPath).features(features)
                .deviceReports(deviceReports).firstSeenMillis(firstSeenMillis).lastSeenMillis(lastSeenMillis)
                .reportCount(reportCount).state(state).blockId(blockId).incidentId(incidentId);
    }

    /** @return the alert id, unique in the cluster */
    public long id() {
        return id;
    }

    /** @return the flow */
    public FlowKey flowKey() {
        return flowKey;
    }

    /** @return the model that called the flow an attack, if the reporting switch's model was known */
    public Optional<String> modelId() {
        return Optional.ofNullable(modelId);
    }

    /** @return the class of the latest report (never 0, benign) */
    public int classId() {
        return classId;
    }

    /** @return the class name in the model, or the class id as text when the model is not known */
    public String className() {
        return className;
    }

    public AlertSeverity severity() {
        return severity;
    }

    /** @return the tree leaf of the latest report */
    public int leafId() {
        return leafId;
    }

    /**
     * @return the tests on the way to the leaf, root first, with the latest report's values; empty when the model
     *         or the leaf is not known
     */
    public List<DecisionStep> decisionPath() {
        return decisionPath;
    }

    /** @return the latest report's features: catalog name to value, in feature units */
    public Map<String, Long> features() {
        return features;
    }

    /** @return reports per switch, in the order the switches first reported the flow */
    public Map<DeviceId, Long> deviceReports() {
        return deviceReports;
    }

    /** @return the switches that reported the flow, first reporter first */
    public Set<DeviceId> devices() {
        return deviceReports.keySet();
    }

    /** @return when the first report arrived (ms since the epoch, controller clock) */
    public long firstSeenMillis() {
        return firstSeenMillis;
    }

    /** @return when the latest report arrived (ms since the epoch, controller clock) */
    public long lastSeenMillis() {
        return lastSeenMillis;
    }

    /** @return reports folded into this alert, from every switch */
    public long reportCount() {
        return reportCount;
    }

    public AlertState state() {
        return state;
    }

    /** @return the block that stopped the flow, once the alert is BLOCKED */
    public Optional<String> blockId() {
        return Optional.ofNullable(blockId);
    }

    /** @return the incident whose evidence this flow is, if it is one (an alert raised through incidents) */
    public Optional<Long> incidentId() {
        return Optional.ofNullable(incidentId);
    }

    /**
     * @param newState the state
     * @return this alert in another state
     */
    public NidsAlert withState(AlertState newState) {
        return toBuilder().state(newState).build();
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof NidsAlert)) {
            return false;
        }
        NidsAlert that = (NidsAlert) o;
        return id == that.id && classId == that.classId && leafId == that.leafId
                && firstSeenMillis == that.firstSeenMillis && lastSeenMillis == that.lastSeenMillis
                && reportCount == that.reportCount && flowKey.equals(that.flowKey)
                && Objects.equals(modelId, that.modelId) && className.equals(that.className)
                && severity == that.severity && decisionPath.equals(that.decisionPath)
                && features.equals(that.features) && deviceReports.equals(that.deviceReports)
                && state == that.state && Objects.equals(blockId, that.blockId)
                && Objects.equals(incidentId, that.incidentId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, flowKey, modelId, classId, leafId, lastSeenMillis, reportCount, state, blockId);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).omitNullValues()
                .add("id", id).add("state", state).add("severity", severity).add("class", className)
                .add("flow", flowKey).add("model", modelId).add("leaf", leafId).add("reports", reportCount)
                .add("devices", deviceReports.keySet()).add("block", blockId).add("incident", incidentId)
                .toString();
    }

    /** Builder of alerts. */
    public static final class Builder {
        private long id;
        private FlowKey flowKey;
        private String modelId;
        private int classId;
        private String className;
        private AlertSeverity severity = AlertSeverity.HIGH;
        private int leafId;
        private List<DecisionStep> decisionPath = ImmutableList.of();
        private Map<String, Long> features = ImmutableMap.of();
        private Map<DeviceId, Long> deviceReports = ImmutableMap.of();
        private long firstSeenMillis;
        private long lastSeenMillis;
        private long reportCount = 1;
        private AlertState state = AlertState.OPEN;
        private String blockId;
        private Long incidentId;

        private Builder() {
        }

        public Builder id(long id) {
            this.id = id;
            return this;
        }

        public Builder flowKey(FlowKey flowKey) {
            this.flowKey = flowKey;
            return this;
        }

        public Builder modelId(String modelId) {
            this.modelId = modelId;
            return this;
        }

        public Builder classId(int classId) {
            this.classId = classId;
            return this;
        }

        public Builder className(String className) {
            this.className = className;
            return this;
        }

        public Builder severity(AlertSeverity severity) {
            this.severity = severity;
            return this;
        }

        public Builder leafId(int leafId) {
            this.leafId = leafId;
            return this;
        }

        public Builder decisionPath(List<DecisionStep> decisionPath) {
            this.decisionPath = checkNotNull(decisionPath, "decisionPath");
            return this;
        }

        public Builder features(Map<String, Long> features) {
            this.features = checkNotNull(features, "features");
            return this;
        }

        public Builder deviceReports(Map<DeviceId, Long> deviceReports) {
            this.deviceReports = checkNotNull(deviceReports, "deviceReports");
            return this;
        }

        public Builder firstSeenMillis(long firstSeenMillis) {
            this.firstSeenMillis = firstSeenMillis;
            return this;
        }

        public Builder lastSeenMillis(long lastSeenMillis) {
            this.lastSeenMillis = lastSeenMillis;
            return this;
        }

        public Builder reportCount(long reportCount) {
            this.reportCount = reportCount;
            return this;
        }

        public Builder state(AlertState state) {
            this.state = state;
            return this;
        }

        public Builder blockId(String blockId) {
            this.blockId = blockId;
            return this;
        }

        /** The incident whose evidence the flow is, or null. */
        public Builder incidentId(Long incidentId) {
            this.incidentId = incidentId;
            return this;
        }

        public NidsAlert build() {
            return new NidsAlert(this);
        }
    }
}
