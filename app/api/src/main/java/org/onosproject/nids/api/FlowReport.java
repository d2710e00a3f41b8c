/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableMap;

import java.util.Map;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * One report as a switch sent it, decoded by the pipeline's {@link ReportFormat}: header fields, flow key, the
 * verdict (class, leaf, phase, leaf confidence; whether it raised an alert), and the features in feature units and as
 * the data plane's values (what a model's entries match on, e.g. to classify an evicted flow).
 */
public final class FlowReport {

    private final ReportReason reason;
    private final boolean occupied;
    private final boolean freed;
    private final int bank;
    private final int classId;
    private final int leafId;
    private final int phase;
    private final int confidencePermille;
    private final boolean classified;
    private final boolean alert;
    private final long slot;
    private final int ingressPort;
    private final int clientIngressPort;
    private final long modelEpoch;
    private final FlowKey key;
    private final ImmutableMap<String, Long> features;
    private final long[] dataPlaneValues;
    private final long firstSeenMicros;
    private final long lastSeenMicros;
    private final long sequence;

    private FlowReport(Builder b) {
        this.reason = checkNotNull(b.reason, "reason");
        this.occupied = b.occupied;
        this.freed = b.freed;
        this.bank = b.bank;
        this.classId = b.classId;
        this.leafId = b.leafId;
        this.phase = b.phase;
        this.confidencePermille = b.confidencePermille;
        this.classified = b.classified;
        this.alert = b.alert;
        this.slot = b.slot;
        this.ingressPort = b.ingressPort;
        this.clientIngressPort = b.clientIngressPort;
        this.modelEpoch = b.modelEpoch;
        this.key = checkNotNull(b.key, "key");
        this.features = ImmutableMap.copyOf(b.features);
        this.dataPlaneValues = b.dataPlaneValues.clone();
        this.firstSeenMicros = b.firstSeenMicros;
        this.lastSeenMicros = b.lastSeenMicros;
        this.sequence = b.sequence;
    }

    public static Builder builder() {
        return new Builder();
    }

    public ReportReason reason() {
        return reason;
    }

    /** @return whether the slot held a live flow (a probe of an empty slot reports none) */
    public boolean occupied() {
        return occupied;
    }

    /** @return whether the switch freed the slot after this report */
    public boolean freed() {
        return freed;
    }

    /** @return the bank that classified the flow */
    public int bank() {
        return bank;
    }

    public int classId() {
        return classId;
    }

    public int leafId() {
        return leafId;
    }

    /** @return the flow-table slot of the flow */
    public long slot() {
        return slot;
    }

    /** @return the port of the packet that triggered the report (the CPU port for a probe) */
    public int ingressPort() {
        return ingressPort;
    }

    /** @return the port the flow's first packet (its client's) came in on */
    public int clientIngressPort() {
        return clientIngressPort;
    }

    /** @return the epoch of the model that classified the flow */
    public long modelEpoch() {
        return modelEpoch;
    }

    public FlowKey key() {
        return key;
    }

    /** @return feature name to value, in feature units */
    public Map<String, Long> features() {
        return features;
    }

    public long firstSeenMicros() {
        return firstSeenMicros;
    }

    public long lastSeenMicros() {
        return lastSeenMicros;
    }

    /**
     * @return the switch's count of reports sent, this one included (since its pipeline was set); a gap between two
     *         reports of one switch is reports lost on the way; 0 if the format does not carry it
     */
    public long sequence() {
        return sequence;
    }

    /** @return the phase of the verdict: the flow's packet count at it, 0 for the flow's end */
    public int phase() {
        return phase;
    }

    /** @return the confidence of the verdict's leaf, per mille */
    public int confidencePermille() {
        return confidencePermille;
    }

    /** @return whether the verdict fields hold a verdict about this flow (an EVICT report's flow is not classified) */
    public boolean classified() {
        return classified;
    }

    /** @return whether the switch raised an alert with this report (a confident attack verdict, once per flow) */
    public boolean alert() {
        return alert;
    }

    /**
     * @return the flow's features as the data plane holds them, indexed by catalog feature id (index 0 unused);
     *         empty if the format does not carry them
     */
    public long[] dataPlaneValues() {
        return dataPlaneValues.clone();
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("reason", reason).add("slot", slot).add("key", key)
                .add("class", classId).add("leaf", leafId).add("phase", phase).add("confidence", confidencePermille)
                .add("alert", alert).add("bank", bank).add("epoch", modelEpoch).toString();
    }

    /** Builds a report; reason and key are required. */
    public static final class Builder {
        private ReportReason reason;
        private boolean occupied;
        private boolean freed;
        private int bank;
        private int classId;
        private int leafId;
        private int phase;
        private int confidencePermille;
        private boolean classified;
        private boolean alert;
        private long slot;
        private int ingressPort;
        private int clientIngressPort;
        private long modelEpoch;
        private FlowKey key;
        private Map<String, Long> features = Map.of();
        private long[] dataPlaneValues = new long[0];
        private long firstSeenMicros;
        private long lastSeenMicros;
        private long sequence;

        private Builder() {
        }

        public Builder reason(ReportReason value) {
            reason = value;
            return this;
        }

        public Builder occupied(boolean value) {
            occupied = value;
            return this;
        }

        public Builder freed(boolean value) {
            freed = value;
            return this;
        }

        public Builder bank(int value) {
            bank = value;
            return this;
        }

        public Builder classId(int value) {
            classId = value;
            return this;
        }

        public Builder leafId(int value) {
            leafId = value;
            return this;
        }

        public Builder phase(int value) {
            phase = value;
            return this;
        }

        public Builder confidencePermille(int value) {
            confidencePermille = value;
            return this;
        }

        public Builder classified(boolean value) {
            classified = value;
            return this;
        }

        public Builder alert(boolean value) {
            alert = value;
            return this;
        }

        public Builder dataPlaneValues(long[] value) {
            dataPlaneValues = checkNotNull(value, "dataPlaneValues");
            return this;
        }

        public Builder slot(long value) {
            slot = value;
            return this;
        }

        public Builder ingressPort(int value) {
            ingressPort = value;
            return this;
        }

        public Builder clientIngressPort(int value) {
            clientIngressPort = value;
            return this;
        }

        public Builder modelEpoch(long value) {
            modelEpoch = value;
            return this;
        }

        public Builder key(FlowKey value) {
            key = value;
            return this;
        }

        public Builder features(Map<String, Long> value) {
            features = value;
            return this;
        }

        public Builder firstSeenMicros(long value) {
            firstSeenMicros = value;
            return this;
        }

        public Builder lastSeenMicros(long value) {
            lastSeenMicros = value;
            return this;
        }

        public Builder sequence(long value) {
            sequence = value;
            return this;
        }

        public FlowReport build() {
            return new FlowReport(this);
        }
    }
}
