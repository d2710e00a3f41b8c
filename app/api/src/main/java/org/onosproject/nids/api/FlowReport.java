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
 * One report as a switch sent it, decoded by the pipeline's {@link ReportFormat}: header fields, flow key, and the
 * features in feature units.
 */
public final class FlowReport {

    private final ReportReason reason;
    private final boolean occupied;
    private final boolean freed;
    private final int bank;
    private final int classId;
    private final int leafId;
    private final long slot;
    private final int ingressPort;
    private final long modelEpoch;
    private final FlowKey key;
    private final ImmutableMap<String, Long> features;
    private final long firstSeenMicros;
    private final long lastSeenMicros;

    private FlowReport(Builder b) {
        this.reason = checkNotNull(b.reason, "reason");
        this.occupied = b.occupied;
        this.freed = b.freed;
        this.bank = b.bank;
        this.classId = b.classId;
        this.leafId = b.leafId;
        this.slot = b.slot;
        this.ingressPort = b.ingressPort;
        this.modelEpoch = b.modelEpoch;
        this.key = checkNotNull(b.key, "key");
        this.features = ImmutableMap.copyOf(b.features);
        this.firstSeenMicros = b.firstSeenMicros;
        this.lastSeenMicros = b.lastSeenMicros;
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

    public int ingressPort() {
        return ingressPort;
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

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("reason", reason).add("slot", slot).add("key", key)
                .add("class", classId).add("leaf", leafId).add("bank", bank).add("epoch", modelEpoch).toString();
    }

    /** Builds a report; reason and key are required. */
    public static final class Builder {
        private ReportReason reason;
        private boolean occupied;
        private boolean freed;
        private int bank;
        private int classId;
        private int leafId;
        private long slot;
        private int ingressPort;
        private long modelEpoch;
        private FlowKey key;
        private Map<String, Long> features = Map.of();
        private long firstSeenMicros;
        private long lastSeenMicros;

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

        public Builder slot(long value) {
            slot = value;
            return this;
        }

        public Builder ingressPort(int value) {
            ingressPort = value;
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

        public FlowReport build() {
            return new FlowReport(this);
        }
    }
}
