/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableMap;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * One flow as a switch reported it: the key, the catalog features (by their NetFlow v2 names, in feature units:
 * bytes, packets, milliseconds), and what the active model said about it: class and leaf at a phase (a packet count,
 * 0 for the flow's end) with the leaf's confidence, and whether that verdict raised an alert.
 */
public final class FlowRecord {

    private final DeviceId deviceId;
    private final PortNumber ingressPort;
    private final PortNumber clientIngressPort;
    private final FlowKey key;
    private final String reason;
    private final ImmutableMap<String, Long> features;
    private final String modelId;
    private final int classId;
    private final String className;
    private final int leafId;
    private final int phase;
    private final int confidencePermille;
    private final boolean alert;
    private final int bank;
    private final long slot;
    private final long firstSeenMicros;
    private final long lastSeenMicros;
    private final long receivedMillis;

    private FlowRecord(Builder b) {
        this.deviceId = checkNotNull(b.deviceId, "deviceId");
        this.ingressPort = checkNotNull(b.ingressPort, "ingressPort");
        this.clientIngressPort = b.clientIngressPort != null ? b.clientIngressPort : b.ingressPort;
        this.key = checkNotNull(b.key, "key");
        this.reason = checkNotNull(b.reason, "reason");
        this.features = ImmutableMap.copyOf(b.features);
        this.modelId = b.modelId;
        this.classId = b.classId;
        this.className = b.className;
        this.leafId = b.leafId;
        this.phase = b.phase;
        this.confidencePermille = b.confidencePermille;
        this.alert = b.alert;
        this.bank = b.bank;
        this.slot = b.slot;
        this.firstSeenMicros = b.firstSeenMicros;
        this.lastSeenMicros = b.lastSeenMicros;
        this.receivedMillis = b.receivedMillis;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** @return the switch that reported the flow */
    public DeviceId deviceId() {
        return deviceId;
    }

    /** @return the switch port the flow's reported packet came in on */
    public PortNumber ingressPort() {
        return ingressPort;
    }

    /**
     * @return the switch port the flow's first packet (its client's) came in on, whichever packet triggered the
     *         report: where the spoofed-source check looks for the client
     */
    public PortNumber clientIngressPort() {
        return clientIngressPort;
    }

    public FlowKey key() {
        return key;
    }

    /** @return why the switch reported the flow (ALERT, FLOW_END, EVICT, ACTIVE_TIMEOUT, PROBE) */
    public String reason() {
        return reason;
    }

    /** @return catalog feature name to value, in feature units */
    public Map<String, Long> features() {
        return features;
    }

    /**
     * A feature value.
     *
     * @param name catalog feature name
     * @return its value, 0 if the record does not hold it
     */
    public long feature(String name) {
        return features.getOrDefault(name, 0L);
    }

    /** @return the model that classified the flow, if one was active */
    public Optional<String> modelId() {
        return Optional.ofNullable(modelId);
    }

    /** @return the class id (0 = benign) */
    public int classId() {
        return classId;
    }

    /** @return the class name of the model, or the class id as text when no model is known */
    public String className() {
        return className != null ? className : Integer.toString(classId);
    }

    /** @return the tree leaf that decided the class (0 = no decision entry matched) */
    public int leafId() {
        return leafId;
    }

    public int bank() {
        return bank;
    }

    /** @return the switch's flow-table slot */
    public long slot() {
        return slot;
    }

    /** @return the switch's clock (µs since switch start) at the flow's first packet */
    public long firstSeenMicros() {
        return firstSeenMicros;
    }

    /** @return the switch's clock (µs) at the flow's last packet */
    public long lastSeenMicros() {
        return lastSeenMicros;
    }

    /** @return wall-clock time (ms since the epoch) the controller received the report */
    public long receivedMillis() {
        return receivedMillis;
    }

    /** @return whether the model called the flow an attack (confidently or not) */
    public boolean isAttack() {
        return classId != 0;
    }

    /** @return the phase of the verdict: the flow's packet count at it, 65535 for the late phase (every 64th packet after the 128th), 0 for the flow's end */
    public int phase() {
        return phase;
    }

    /** @return the confidence of the verdict's leaf, per mille */
    public int confidencePermille() {
        return confidencePermille;
    }

    /**
     * @return whether the verdict raises an alert: the switch alerted with this report, or the app classified an
     *         evicted flow as an attack at a leaf at least as confident as the alert threshold
     */
    public boolean alert() {
        return alert;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof FlowRecord)) {
            return false;
        }
        FlowRecord that = (FlowRecord) o;
        return classId == that.classId && leafId == that.leafId && phase == that.phase
                && confidencePermille == that.confidencePermille && alert == that.alert && bank == that.bank
                && slot == that.slot
                && firstSeenMicros == that.firstSeenMicros && lastSeenMicros == that.lastSeenMicros
                && receivedMillis == that.receivedMillis && deviceId.equals(that.deviceId)
                && ingressPort.equals(that.ingressPort) && clientIngressPort.equals(that.clientIngressPort)
                && key.equals(that.key) && reason.equals(that.reason)
                && features.equals(that.features) && Objects.equals(modelId, that.modelId)
                && Objects.equals(className, that.className);
    }

    @Override
    public int hashCode() {
        return Objects.hash(deviceId, key, reason, slot, lastSeenMicros, receivedMillis);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).omitNullValues()
                .add("device", deviceId).add("port", ingressPort)
                .add("clientPort", clientIngressPort).add("key", key).add("reason", reason)
                .add("model", modelId).add("class", className()).add("leaf", leafId)
                .add("phase", phase).add("confidence", confidencePermille).add("alert", alert)
                .toString();
    }

    /** Builder of flow records. */
    public static final class Builder {
        private DeviceId deviceId;
        private PortNumber ingressPort;
        private PortNumber clientIngressPort;
        private FlowKey key;
        private String reason;
        private Map<String, Long> features = ImmutableMap.of();
        private String modelId;
        private int classId;
        private String className;
        private int leafId;
        private int phase;
        private int confidencePermille;
        private boolean alert;
        private int bank;
        private long slot;
        private long firstSeenMicros;
        private long lastSeenMicros;
        private long receivedMillis;

        private Builder() {
        }

        public Builder deviceId(DeviceId deviceId) {
            this.deviceId = deviceId;
            return this;
        }

        public Builder ingressPort(PortNumber ingressPort) {
            this.ingressPort = ingressPort;
            return this;
        }

        /**
         * @param clientIngressPort the port of the flow's first packet; unset, the reported packet's port
         * @return this builder
         */
        public Builder clientIngressPort(PortNumber clientIngressPort) {
            this.clientIngressPort = clientIngressPort;
            return this;
        }

        public Builder key(FlowKey key) {
            this.key = key;
            return this;
        }

        public Builder reason(String reason) {
            this.reason = reason;
            return this;
        }

        public Builder features(Map<String, Long> features) {
            this.features = features;
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

        public Builder leafId(int leafId) {
            this.leafId = leafId;
            return this;
        }

        public Builder phase(int phase) {
            this.phase = phase;
            return this;
        }

        public Builder confidencePermille(int confidencePermille) {
            this.confidencePermille = confidencePermille;
            return this;
        }

        public Builder alert(boolean alert) {
            this.alert = alert;
            return this;
        }

        public Builder bank(int bank) {
            this.bank = bank;
            return this;
        }

        public Builder slot(long slot) {
            this.slot = slot;
            return this;
        }

        public Builder firstSeenMicros(long firstSeenMicros) {
            this.firstSeenMicros = firstSeenMicros;
            return this;
        }

        public Builder lastSeenMicros(long lastSeenMicros) {
            this.lastSeenMicros = lastSeenMicros;
            return this;
        }

        public Builder receivedMillis(long receivedMillis) {
            this.receivedMillis = receivedMillis;
            return this;
        }

        public FlowRecord build() {
            return new FlowRecord(this);
        }
    }
}
