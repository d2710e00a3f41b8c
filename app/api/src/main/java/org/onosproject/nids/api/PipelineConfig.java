/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import com.google.common.base.MoreObjects;
import com.google.common.collect.Sets;

import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * The run-time knobs of one switch's pipeline: the bank and model epoch that classify, and how flows are tracked and
 * reported. The pipeline behaviour writes them in one atomic write ({@link NidsProgrammable#configure}), so switching
 * the bank switches the whole model at once.
 */
public final class PipelineConfig {

    private final int bank;
    private final long epoch;
    private final TrackMode trackMode;
    private final long activeTimeoutPackets;
    private final long activeTimeoutMicros;
    private final long reportRatePps;
    private final long reportBurst;
    private final Set<ReportReason> reportReasons;

    /**
     * @param bank                 the bank that classifies
     * @param epoch                the epoch of the model in that bank (stamped on reports)
     * @param trackMode            where flows are tracked
     * @param activeTimeoutPackets a long flow reports every this many packets (0: never)
     * @param activeTimeoutMicros  a long flow reports when a packet arrives this long after its last report
     * @param reportRatePps        reports a switch may send per second
     * @param reportBurst          reports a switch may send in a burst
     * @param reportReasons        the reasons the switch reports flows for
     */
    public PipelineConfig(int bank, long epoch, TrackMode trackMode, long activeTimeoutPackets,
                          long activeTimeoutMicros, long reportRatePps, long reportBurst,
                          Set<ReportReason> reportReasons) {
        this.bank = bank;
        this.epoch = epoch;
        this.trackMode = trackMode;
        this.activeTimeoutPackets = activeTimeoutPackets;
        this.activeTimeoutMicros = activeTimeoutMicros;
        this.reportRatePps = reportRatePps;
        this.reportBurst = reportBurst;
        this.reportReasons = Sets.immutableEnumSet(reportReasons.isEmpty() ? EnumSet.noneOf(ReportReason.class)
                                                                            : EnumSet.copyOf(reportReasons));
    }

    /**
     * @param newBank  the bank to classify with
     * @param newEpoch the epoch of the model in it
     * @return these knobs with another bank and epoch
     */
    public PipelineConfig withBank(int newBank, long newEpoch) {
        return new PipelineConfig(newBank, newEpoch, trackMode, activeTimeoutPackets, activeTimeoutMicros,
                                  reportRatePps, reportBurst, reportReasons);
    }

    public int bank() {
        return bank;
    }

    public long epoch() {
        return epoch;
    }

    public TrackMode trackMode() {
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

    public Set<ReportReason> reportReasons() {
        return reportReasons;
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
                && reportBurst == that.reportBurst && reportReasons.equals(that.reportReasons);
    }

    @Override
    public int hashCode() {
        return Objects.hash(bank, epoch, trackMode, activeTimeoutPackets, activeTimeoutMicros, reportRatePps,
                            reportBurst, reportReasons);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("bank", bank).add("epoch", epoch).add("track", trackMode)
                .add("timeoutPkts", activeTimeoutPackets).add("timeoutUs", activeTimeoutMicros)
                .add("reportPps", reportRatePps).add("burst", reportBurst).add("reasons", reportReasons).toString();
    }
}
