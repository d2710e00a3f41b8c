/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.pipeconf;

import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.nids.api.TrackMode;
import org.onosproject.nids.model.bundle.ModelBundle;

import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.onosproject.nids.pipeconf.NidsConstants.BANK;
import static org.onosproject.nids.pipeconf.NidsConstants.EPOCH;
import static org.onosproject.nids.pipeconf.NidsConstants.HDR_PORT;
import static org.onosproject.nids.pipeconf.NidsConstants.NIDS_INGRESS_CFG_CONFIG;
import static org.onosproject.nids.pipeconf.NidsConstants.NIDS_INGRESS_CFG_PORT_ROLE;
import static org.onosproject.nids.pipeconf.NidsConstants.REPORT_CLONE_SESSION;
import static org.onosproject.nids.pipeconf.NidsConstants.BUDGET_ALERT;
import static org.onosproject.nids.pipeconf.NidsConstants.HDR_BUDGET;
import static org.onosproject.nids.pipeconf.NidsConstants.NIDS_INGRESS_REPORTS_REPORT_BUDGET;
import static org.onosproject.nids.pipeconf.NidsConstants.RATE_PPS;
import static org.onosproject.nids.pipeconf.NidsConstants.TRACK_MODE;
import static org.onosproject.nids.pipeconf.PiRules.exact;
import static org.onosproject.nids.pipeconf.PiRules.param;

/**
 * Reads what the NIDS pipeline behaviour wrote back in the app's terms (banks, config knobs, edge ports), so the
 * tests of the bundles above the pipeconf check real entries without naming P4 entities.
 */
public final class PipelineEntries {

    private PipelineEntries() {
    }

    /** @return the classifier entries of one bank */
    public static List<FlowRule> bank(Collection<FlowRule> rules, int bank) {
        return rules.stream()
                .filter(r -> ClassifierTables.BANKED.contains(r.table())
                        && NidsPipelineProgrammable.bankOf(r) == bank)
                .collect(Collectors.toList());
    }

    /** @return the config entries (the table's default action: one per switch) */
    public static List<FlowRule> configs(Collection<FlowRule> rules) {
        return rules.stream().filter(r -> r.table().equals(NIDS_INGRESS_CFG_CONFIG)).collect(Collectors.toList());
    }

    /** @return the bank a config entry names */
    public static long configBank(FlowRule config) {
        return param(config, BANK);
    }

    /** @return the model epoch a config entry names */
    public static long configEpoch(FlowRule config) {
        return param(config, EPOCH);
    }

    /** @return the track mode a config entry names */
    public static TrackMode configTrackMode(FlowRule config) {
        long code = param(config, TRACK_MODE);
        return Arrays.stream(TrackMode.values()).filter(m -> ModelRulePlanner.trackModeCode(m) == code)
                .findFirst().orElseThrow(() -> new AssertionError("unknown track mode " + code));
    }

    /** @return the report rate of the alert budget among a switch's entries (every budget gets the same) */
    public static long reportRatePps(Collection<FlowRule> rules) {
        return rules.stream().filter(r -> r.table().equals(NIDS_INGRESS_REPORTS_REPORT_BUDGET)
                        && exact(r, HDR_BUDGET) == BUDGET_ALERT)
                .map(r -> param(r, RATE_PPS)).findFirst()
                .orElseThrow(() -> new AssertionError("no report_budget entry of the alert budget"));
    }

    /** @return the ports the port-role entries mark as edge ports */
    public static Set<Long> edgePorts(Collection<FlowRule> rules) {
        return rules.stream().filter(r -> r.table().equals(NIDS_INGRESS_CFG_PORT_ROLE)).map(r -> exact(r, HDR_PORT))
                .collect(Collectors.toSet());
    }

    /** @return the clone session reports go to the controller through */
    public static int reportCloneSession() {
        return REPORT_CLONE_SESSION;
    }

    /** @return the entries the behaviour writes for a model in a bank */
    public static List<FlowRule> planned(ApplicationId appId, DeviceId deviceId, ModelBundle model, int bank) {
        return new ModelRulePlanner(appId).bankRules(deviceId, model, bank);
    }
}
