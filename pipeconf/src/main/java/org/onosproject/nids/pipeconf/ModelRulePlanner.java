/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.pipeconf;

import com.google.common.collect.ImmutableList;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.onosproject.nids.api.PipelineConfig;
import org.onosproject.nids.api.ReportReason;
import org.onosproject.nids.api.TrackMode;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.bundle.PhaseModel;
import org.onosproject.nids.model.compiler.CodeRange;
import org.onosproject.nids.model.compiler.CompiledModel;
import org.onosproject.nids.model.compiler.DecisionEntry;
import org.onosproject.nids.model.compiler.FeatureTableEntry;
import org.onosproject.nids.model.phase.Phase;

import java.util.Arrays;
import java.util.Collection;
import java.util.List;

import static com.google.common.base.Preconditions.checkArgument;
import static org.onosproject.nids.pipeconf.NidsConstants.*;

/**
 * Turns a model (one compiled tree per phase) into the flow rules of one bank of one switch, the run-time knobs into
 * the config table's default action and the report budgets, and edge ports into port-role entries. Pure: no service
 * is called, so it is tested without ONOS.
 */
final class ModelRulePlanner {

    /** Priority of entries in tables whose entries never overlap (exact keys, or a single default). */
    static final int FLAT_PRIORITY = 10;

    private final ApplicationId appId;

    ModelRulePlanner(ApplicationId appId) {
        this.appId = appId;
    }

    /** The report budgets of the pipeline, each a token bucket of the configured rate and burst. */
    static final List<Integer> BUDGETS = List.of(BUDGET_ALERT, BUDGET_RECORD, BUDGET_EVICT, BUDGET_PROBE, BUDGET_START);

    /**
     * Every classifier rule of a model in one bank, phase by phase: the phase entry, slot selectors, range entries,
     * decision entries.
     *
     * @param deviceId switch
     * @param model    the model (entries in data-plane units)
     * @param bank     0 or 1
     * @return the rules, each phase's entry first
     */
    List<FlowRule> bankRules(DeviceId deviceId, ModelBundle model, int bank) {
        checkArgument(bank >= 0 && bank < NUM_BANKS, "bank out of range: %s", bank);
        ImmutableList.Builder<FlowRule> rules = ImmutableList.builder();
        for (PhaseModel phaseModel : model.phases()) {
            int phase = phaseValue(phaseModel.phase());
            CompiledModel compiled = phaseModel.compiled();
            rules.add(phaseRule(deviceId, bank, phase));
            int[] featureBySlot = compiled.slots().featureIdBySlot();
            for (int slot = 0; slot < featureBySlot.length; slot++) {
                if (featureBySlot[slot] != 0) {
                    rules.add(selectorRule(deviceId, bank, phase, slot, featureBySlot[slot]));
                }
            }
            for (FeatureTableEntry entry : compiled.featureEntries()) {
                rules.add(rangeRule(deviceId, bank, phase, entry));
            }
            for (DecisionEntry entry : compiled.decisionEntries()) {
                rules.add(decisionRule(deviceId, bank, phase, entry));
            }
        }
        return rules.build();
    }

    /**
     * @param model a model
     * @return how many rules {@link #bankRules} makes of it
     */
    static int ruleCount(ModelBundle model) {
        int count = 0;
        for (PhaseModel phaseModel : model.phases()) {
            CompiledModel compiled = phaseModel.compiled();
            int selectors = (int) Arrays.stream(compiled.slots().featureIdBySlot())
                    .filter(id -> id != 0).count();
            count += 1 + selectors + compiled.featureEntries().size() + compiled.decisionEntries().size();
        }
        return count;
    }

    /** The P4 phase value of a phase: its packet count, PHASE_LATE for the late phase, PHASE_END for the end. */
    static int phaseValue(Phase phase) {
        return phase.isEnd() ? PHASE_END : phase.isLate() ? PHASE_LATE : phase.packets();
    }

    FlowRule phaseRule(DeviceId deviceId, int bank, int phase) {
        PiCriterion match = PiCriterion.builder().matchExact(HDR_BANK, bank).matchExact(HDR_PHASE, phase).build();
        PiAction action = PiAction.builder().withId(NIDS_INGRESS_CLASSIFIER_CLASSIFY).build();
        return rule(deviceId, NIDS_INGRESS_CLASSIFIER_PHASES, match, action, FLAT_PRIORITY);
    }

    FlowRule selectorRule(DeviceId deviceId, int bank, int phase, int slot, int featureId) {
        PiCriterion match = PiCriterion.builder().matchExact(HDR_BANK, bank).matchExact(HDR_PHASE, phase).build();
        PiAction action = PiAction.builder()
                .withId(NIDS_INGRESS_CLASSIFIER_SELECT_FEATURE)
                .withParameter(new PiActionParam(FEATURE_ID, featureId))
                .build();
        return rule(deviceId, ClassifierTables.SELECTORS.get(slot), match, action, FLAT_PRIORITY);
    }

    FlowRule rangeRule(DeviceId deviceId, int bank, int phase, FeatureTableEntry entry) {
        PiCriterion.Builder match = PiCriterion.builder().matchExact(HDR_BANK, bank).matchExact(HDR_PHASE, phase);
        if (!isFullRange(entry.low(), entry.high(), HDR_VALUE_BITWIDTH)) {
            match.matchRange(HDR_VALUE, entry.low(), entry.high());
        }
        PiAction action = PiAction.builder()
                .withId(NIDS_INGRESS_CLASSIFIER_SET_CODE)
                .withParameter(new PiActionParam(CODE, entry.code()))
                .build();
        return rule(deviceId, ClassifierTables.RANGES.get(entry.slot()), match.build(), action, entry.priority());
    }

    FlowRule decisionRule(DeviceId deviceId, int bank, int phase, DecisionEntry entry) {
        PiCriterion.Builder match = PiCriterion.builder().matchExact(HDR_BANK, bank).matchExact(HDR_PHASE, phase);
        List<CodeRange> ranges = entry.codeRanges();
        for (int slot = 0; slot < ranges.size(); slot++) {
            CodeRange range = ranges.get(slot);
            if (!isFullRange(range.low(), range.high(), HDR_CODE_0_BITWIDTH)) {
                match.matchRange(ClassifierTables.DECISION_CODE_FIELDS.get(slot), range.low(), range.high());
            }
        }
        PiAction action = PiAction.builder()
                .withId(NIDS_INGRESS_CLASSIFIER_SET_CLASS)
                .withParameter(new PiActionParam(CLASS_ID, entry.classId()))
                .withParameter(new PiActionParam(LEAF_ID, entry.leafId()))
                .withParameter(new PiActionParam(CONFIDENCE, entry.confidencePermille()))
                .build();
        return rule(deviceId, NIDS_INGRESS_CLASSIFIER_DECISION, match.build(), action, entry.priority());
    }

    /** P4Runtime represents a range that matches everything by omitting the field ("don't care"). */
    static boolean isFullRange(long low, long high, int bitWidth) {
        return low == 0 && high == (1L << bitWidth) - 1;
    }

    /**
     * The config table's default action: the active bank, the model epoch (re-arms ALERT reports), the model's alert
     * threshold and source window, and the knobs.
     *
     * @param deviceId switch
     * @param config   run-time configuration
     * @return a rule with an empty selector, which ONOS writes as the table's default action
     */
    FlowRule configRule(DeviceId deviceId, PipelineConfig config) {
        PiAction action = PiAction.builder()
                .withId(NIDS_INGRESS_CFG_SET_CONFIG)
                .withParameter(new PiActionParam(BANK, config.bank()))
                .withParameter(new PiActionParam(EPOCH, config.epoch()))
                .withParameter(new PiActionParam(TRACK_MODE, trackModeCode(config.trackMode())))
                .withParameter(new PiActionParam(TIMEOUT_PKTS, config.activeTimeoutPackets()))
                .withParameter(new PiActionParam(TIMEOUT_US, config.activeTimeoutMicros()))
                .withParameter(new PiActionParam(IDLE_TIMEOUT_US, config.idleTimeoutMicros()))
                .withParameter(new PiActionParam(REPORT_MASK, reportMask(config.reportReasons())))
                .withParameter(new PiActionParam(FLOW_HASH_SEED, config.flowHashSeed()))
                .withParameter(new PiActionParam(MIN_CONFIDENCE, config.alertThresholdPermille()))
                .withParameter(new PiActionParam(SOURCE_WINDOW_LOG2_US, config.sourceWindowLog2Us()))
                .withParameter(new PiActionParam(SOURCE_ALERT_CAP, config.sourceAlertCap()))
                .build();
        return DefaultFlowRule.builder()
                .forDevice(deviceId)
                .forTable(NIDS_INGRESS_CFG_CONFIG)
                .withSelector(DefaultTrafficSelector.emptySelector())
                .withTreatment(DefaultTrafficTreatment.builder().piTableAction(action).build())
                .withPriority(FLAT_PRIORITY)
                .fromApp(appId)
                .makePermanent()
                .build();
    }

    /**
     * The report budgets: every kind of report (alerts, flow records, evictions, probes, flow starts) gets its
     * own token bucket of the configured rate and burst, so a flood of one kind never starves another.
     *
     * @param deviceId switch
     * @param config   run-time configuration
     * @return one report_budget entry per budget
     */
    List<FlowRule> budgetRules(DeviceId deviceId, PipelineConfig config) {
        ImmutableList.Builder<FlowRule> rules = ImmutableList.builder();
        for (int budget : BUDGETS) {
            PiCriterion match = PiCriterion.builder().matchExact(HDR_BUDGET, budget).build();
            PiAction action = PiAction.builder()
                    .withId(NIDS_INGRESS_REPORTS_SET_BUDGET)
                    .withParameter(new PiActionParam(RATE_PPS, config.reportRatePps()))
                    .withParameter(new PiActionParam(BURST, config.reportBurst()))
                    .build();
            rules.add(rule(deviceId, NIDS_INGRESS_REPORTS_REPORT_BUDGET, match, action, FLAT_PRIORITY));
        }
        return rules.build();
    }

    static int trackModeCode(TrackMode mode) {
        switch (mode) {
            case INGRESS_EDGE:
                return TRACK_INGRESS_EDGE;
            case ALL:
                return TRACK_ALL;
            case OFF:
                return TRACK_OFF;
            default:
                return TRACK_EDGE;
        }
    }

    /** Bit (1 &lt;&lt; reason code) per enabled reason. */
    static int reportMask(Collection<ReportReason> reasons) {
        int mask = 0;
        for (ReportReason reason : reasons) {
            mask |= 1 << NidsReportFormat.codeOf(reason);
        }
        return mask;
    }

    /**
     * Edge-port rules: flows are tracked where they enter or leave the fabric, not on every hop.
     *
     * @param deviceId  switch
     * @param edgePorts its edge ports
     * @return one rule per port in each of the ingress and egress port-role tables
     */
    List<FlowRule> portRoleRules(DeviceId deviceId, Collection<PortNumber> edgePorts) {
        ImmutableList.Builder<FlowRule> rules = ImmutableList.builder();
        PiAction edge = PiAction.builder().withId(NIDS_INGRESS_CFG_SET_EDGE).build();
        for (PortNumber port : edgePorts) {
            PiCriterion match = PiCriterion.builder().matchExact(HDR_PORT, port.toLong()).build();
            rules.add(rule(deviceId, NIDS_INGRESS_CFG_PORT_ROLE, match, edge, FLAT_PRIORITY));
            rules.add(rule(deviceId, NIDS_INGRESS_CFG_EG_PORT_ROLE, match, edge, FLAT_PRIORITY));
        }
        return rules.build();
    }

    private FlowRule rule(DeviceId deviceId, PiTableId table, PiCriterion match, PiAction action, int priority) {
        return DefaultFlowRule.builder()
                .forDevice(deviceId)
                .forTable(table)
                .withSelector(DefaultTrafficSelector.builder().matchPi(match).build())
                .withTreatment(DefaultTrafficTreatment.builder().piTableAction(action).build())
                .withPriority(priority)
                .fromApp(appId)
                .makePermanent()
                .build();
    }
}
