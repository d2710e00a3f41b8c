/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.flow;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableMap;
import org.onosproject.nids.api.FlowKey;
import org.onosproject.nids.api.ReportReason;

import java.util.Map;

/**
 * One report as a switch sent it, decoded: header fields, flow key, and the 28 features in feature units.
 */
public final class FlowReport {

    final ReportReason reason;
    final int flags;
    final int bank;
    final int classId;
    final int leafId;
    final long slot;
    final int ingressPort;
    final long modelEpoch;
    final FlowKey key;
    final ImmutableMap<String, Long> features;
    final long firstSeenMicros;
    final long lastSeenMicros;

    FlowReport(ReportReason reason, int flags, int bank, int classId, int leafId, long slot, int ingressPort,
               long modelEpoch, FlowKey key, Map<String, Long> features, long firstSeenMicros,
               long lastSeenMicros) {
        this.reason = reason;
        this.flags = flags;
        this.bank = bank;
        this.classId = classId;
        this.leafId = leafId;
        this.slot = slot;
        this.ingressPort = ingressPort;
        this.modelEpoch = modelEpoch;
        this.key = key;
        this.features = ImmutableMap.copyOf(features);
        this.firstSeenMicros = firstSeenMicros;
        this.lastSeenMicros = lastSeenMicros;
    }

    public ReportReason reason() {
        return reason;
    }

    /** @return whether the slot held a live flow (a probe of an empty slot reports none) */
    public boolean occupied() {
        return (flags & org.onosproject.nids.pipeconf.NidsConstants.REPORT_FLAG_OCCUPIED) != 0;
    }

    /** @return whether the switch freed the slot after this report */
    public boolean freed() {
        return (flags & org.onosproject.nids.pipeconf.NidsConstants.REPORT_FLAG_FREED) != 0;
    }

    public int bank() {
        return bank;
    }

    public int classId() {
        return classId;
    }

    public int leafId() {
        return leafId;
    }

    public long slot() {
        return slot;
    }

    public int ingressPort() {
        return ingressPort;
    }

    public long modelEpoch() {
        return modelEpoch;
    }

    public FlowKey key() {
        return key;
    }

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
}
