/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import com.google.common.base.MoreObjects;

import java.util.Objects;

/**
 * The run-time knobs of one switch's pipeline, written as the config table's default action in one atomic write.
 */
public final class PipelineConfig {

    private final int bank;
    private final long epoch;
    private final int trackMode;
    private final long activeTimeoutPackets;
    private final long activeTimeoutMicros;
    private final long reportRatePps;
    private final long reportBurst;
    private final int reportMask;

    public PipelineConfig(int bank, long epoch, int trackMode, long activeTimeoutPackets, long activeTimeoutMicros,
                          long reportRatePps, long reportBurst, int reportMask) {
        this.bank = bank;
        this.epoch = epoch;
        this.trackMode = trackMode;
        this.activeTimeoutPackets = activeTimeoutPackets;
        this.activeTimeoutMicros = activeTimeoutMicros;
        this.reportRatePps = reportRatePps;
        this.reportBurst = reportBurst;
        this.reportMask = reportMask;
    }

    /**
     * @param newBank  the bank to classify with
     * @param newEpoch the epoch of the model in it
     * @return these knobs with another bank and epoch
     */
    public PipelineConfig withBank(int newBank, long newEpoch) {
        return new PipelineConfig(newBank, newEpoch, trackMode, activeTimeoutPackets, activeTimeoutMicros,
                                  reportRatePps, reportBurst, reportMask);
    }

    public int bank() {
        return bank;
    }

    public long epoch() {
        return epoch;
    }

    public int trackMode() {
        return trackMode;
    }

    public long activeTimeoutPackets() {
        return activeTimeoutPackets;
    }

    public long activeTimeoutMicros() {
        return activeTimeoutMicros;
    }

    public long reportRatePps() {
        return reportRatePps;
    }

    public long reportBurst() {
        return reportBurst;
    }

    public int reportMask() {
        return reportMask;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof PipelineConfig)) {
            return false;
        }
        PipelineConfig that = (PipelineConfig) o;
        return bank == that.bank && epoch == that.epoch && trackMode == that.trackMode
                && activeTimeoutPackets == that.activeTimeoutPackets
                && activeTimeoutMicros == that.activeTimeoutMicros && reportRatePps == that.reportRatePps
                && reportBurst == that.reportBurst && reportMask == that.reportMask;
    }

    @Override
    public int hashCode() {
        return Objects.hash(bank, epoch, trackMode, activeTimeoutPackets, activeTimeoutMicros, reportRatePps,
                            reportBurst, reportMask);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("bank", bank).add("epoch", epoch).add("track", trackMode)
                .add("timeoutPkts", activeTimeoutPackets).add("timeoutUs", activeTimeoutMicros)
                .add("reportPps", reportRatePps).add("burst", reportBurst).add("mask", reportMask).toString();
    }
}
