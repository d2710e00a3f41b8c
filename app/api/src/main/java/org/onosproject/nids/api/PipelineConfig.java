/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import com.google.common.base.MoreObjects;
import com.google.common.collect.Sets;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.bundle.SourceWindow;

import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * The run-time knobs of one switch's pipeline: the bank and model epoch that classify, the model's alert threshold
 * and source window, and how flows are tracked and reported. The pipeline behaviour writes them in one atomic write
 * ({@link NidsProgrammable#configure}), so switching the bank switches the whole model at once.
 */
public final class PipelineConfig {

    /** {@link #alertThresholdOverridePermille()} when the model's own threshold applies. */
    public static final int MODEL_THRESHOLD = -1;

    /**
     * The longest interval the switches measure: they time a flow's duration and silence in 32-bit microseconds (about
     * 71 minutes), so active, idle and inactive timeouts stay within it.
     */
    public static final long MAX_SWITCH_INTERVAL_MICROS = 0xffffffffL;
    /** {@link #MAX_SWITCH_INTERVAL_MICROS} in whole seconds. */
    public static final int MAX_SWITCH_INTERVAL_SECONDS = (int) (MAX_SWITCH_INTERVAL_MICROS / 1_000_000L);

    private final int bank;
    private final long epoch;
    private final TrackMode trackMode;
    private final long activeTimeoutPackets;
    private final long activeTimeoutMicros;
    private final long reportRatePps;
    private final long reportBurst;
    private final Set<ReportReason> reportReasons;
    private final long flowHashSeed;
    private final long idleTimeoutMicros;
    private final int sourceAlertCap;
    private final int alertThresholdOverridePermille;
    private final int modelThresholdPermille;
    private final int sourceWindowLog2Us;

    /**
     * Knobs with no model (bank 0, epoch 0), the default flow table (seed 0, no idle take-over), no per-source alert
     * cap, the model's alert threshold.
     *
     * @param bank                 the bank that classifies
     * @param epoch                the epoch of the model in that bank (stamped on reports)
     * @param trackMode            where flows are tracked
     * @param activeTimeoutPackets a long flow reports every this many packets (0: never)
     * @param activeTimeoutMicros  a long flow reports when a packet arrives this long after its last report
     * @param reportRatePps        reports a switch may send per second, per kind (alerts, records, evictions, probes)
     * @param reportBurst          reports a switch may send in a burst, per kind
     * @param reportReasons        the reasons the switch reports flows for
     */
    public PipelineConfig(int bank, long epoch, TrackMode trackMode, long activeTimeoutPackets,
                          long activeTimeoutMicros, long reportRatePps, long reportBurst,
                          Set<ReportReason> reportReasons) {
        this(bank, epoch, trackMode, activeTimeoutPackets, activeTimeoutMicros, reportRatePps, reportBurst,
             reportReasons, 0, 0, 0, MODEL_THRESHOLD, 0, SourceWindow.DEFAULT_WINDOW_LOG2_US);
    }

    private PipelineConfig(int bank, long epoch, TrackMode trackMode, long activeTimeoutPackets,
                           long activeTimeoutMicros, long reportRatePps, long reportBurst,
                           Set<ReportReason> reportReasons, long flowHashSeed, long idleTimeoutMicros,
                           int sourceAlertCap, int alertThresholdOverridePermille, int modelThresholdPermille,
                           int sourceWindowLog2Us) {
        this.bank = bank;
        this.epoch = epoch;
        this.trackMode = trackMode;
        this.activeTimeoutPackets = activeTimeoutPackets;
        this.activeTimeoutMicros = activeTimeoutMicros;
        this.reportRatePps = reportRatePps;
        this.reportBurst = reportBurst;
        this.reportReasons = Sets.immutableEnumSet(reportReasons.isEmpty() ? EnumSet.noneOf(ReportReason.class)
                                                                            : EnumSet.copyOf(reportReasons));
        this.flowHashSeed = flowHashSeed;
        this.idleTimeoutMicros = idleTimeoutMicros;
        this.sourceAlertCap = sourceAlertCap;
        this.alertThresholdOverridePermille = alertThresholdOverridePermille;
        this.modelThresholdPermille = modelThresholdPermille;
        this.sourceWindowLog2Us = sourceWindowLog2Us;
    }

    /**
     * @param newBank  the bank to classify with
     * @param newEpoch the epoch of the model in it
     * @return these knobs with another bank and epoch (the model's threshold and window unchanged)
     */
    public PipelineConfig withBank(int newBank, long newEpoch) {
        return new PipelineConfig(newBank, newEpoch, trackMode, activeTimeoutPackets, activeTimeoutMicros,
                                  reportRatePps, reportBurst, reportReasons, flowHashSeed, idleTimeoutMicros,
                                  sourceAlertCap, alertThresholdOverridePermille, modelThresholdPermille,
                                  sourceWindowLog2Us);
    }

    /**
     * @param newBank  the bank the model is in
     * @param newEpoch the epoch of the model
     * @param model    the model: its alert threshold (unless overridden) and source window apply
     * @return these knobs classifying with that model
     */
    public PipelineConfig withModel(int newBank, long newEpoch, ModelBundle model) {
        return new PipelineConfig(newBank, newEpoch, trackMode, activeTimeoutPackets, activeTimeoutMicros,
                                  reportRatePps, reportBurst, reportReasons, flowHashSeed, idleTimeoutMicros,
                                  sourceAlertCap, alertThresholdOverridePermille, model.alertThresholdPermille(),
                                  model.sourceWindowLog2Us());
    }

    /**
     * @param seed              the flow table's hash seed (32 bits): which flows collide depends on it
     * @param idleMicros        a new flow may take the cell of a flow idle this long (0: only free cells, or
     *                          eviction of the flow with fewer packets)
     * @param alertCapPerSource alerts a switch reports about one source's flows per source epoch (0: no cap)
     * @param thresholdOverride the alert threshold in per mille instead of the model's, or {@link #MODEL_THRESHOLD}
     * @return these knobs with those flow-table and alert settings
     */
    public PipelineConfig withDetection(long seed, long idleMicros, int alertCapPerSource, int thresholdOverride) {
        return new PipelineConfig(bank, epoch, trackMode, activeTimeoutPackets, activeTimeoutMicros, reportRatePps,
                                  reportBurst, reportReasons, seed & 0xffffffffL, idleMicros, alertCapPerSource,
                                  thresholdOverride, modelThresholdPermille, sourceWindowLog2Us);
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

    public long flowHashSeed() {
        return flowHashSeed;
    }

    public long idleTimeoutMicros() {
        return idleTimeoutMicros;
    }

    public int sourceAlertCap() {
        return sourceAlertCap;
    }

    /** @return the deployment's alert threshold (per mille), or {@link #MODEL_THRESHOLD} */
    public int alertThresholdOverridePermille() {
        return alertThresholdOverridePermille;
    }

    /** @return the confidence (per mille) an attack verdict's leaf needs for an alert: the override, else the model's */
    public int alertThresholdPermille() {
        return alertThresholdOverridePermille >= 0 ? alertThresholdOverridePermille : modelThresholdPermille;
    }

    /** @return the source-context epoch, log2 of microseconds (the model's) */
    public int sourceWindowLog2Us() {
        return sourceWindowLog2Us;
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
                && reportBurst == that.reportBurst && reportReasons.equals(that.reportReasons)
                && flowHashSeed == that.flowHashSeed && idleTimeoutMicros == that.idleTimeoutMicros
                && sourceAlertCap == that.sourceAlertCap
                && alertThresholdOverridePermille == that.alertThresholdOverridePermille
                && modelThresholdPermille == that.modelThresholdPermille
                && sourceWindowLog2Us == that.sourceWindowLog2Us;
    }

    @Override
    public int hashCode() {
        return Objects.hash(bank, epoch, trackMode, activeTimeoutPackets, activeTimeoutMicros, reportRatePps,
                            reportBurst, reportReasons, flowHashSeed, idleTimeoutMicros, sourceAlertCap,
                            alertThresholdOverridePermille, modelThresholdPermille, sourceWindowLog2Us);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("bank", bank).add("epoch", epoch).add("track", trackMode)
                .add("timeoutPkts", activeTimeoutPackets).add("timeoutUs", activeTimeoutMicros)
                .add("reportPps", reportRatePps).add("burst", reportBurst).add("reasons", reportReasons)
                .add("idleUs", idleTimeoutMicros).add("alertCap", sourceAlertCap)
                .add("threshold", alertThresholdPermille()).add("windowLog2Us", sourceWindowLog2Us).toString();
    }
}
