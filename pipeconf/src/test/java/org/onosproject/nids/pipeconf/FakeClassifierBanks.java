/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.pipeconf;

import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleOperationsContext;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Classifier banks kept in a {@link FakeFlowRuleService}'s tables (as one batch per replacement: a refusing switch
 * refuses it, a silent one never answers), so that a test sees banks and other entries of a switch in one place.
 */
public final class FakeClassifierBanks implements ClassifierBanks {

    private final FakeFlowRuleService flows;

    public FakeClassifierBanks(FakeFlowRuleService flows) {
        this.flows = flows;
    }

    @Override
    public CompletableFuture<Boolean> replace(DeviceId deviceId, int bank, List<FlowRule> rules) {
        FlowRuleOperations.Builder ops = FlowRuleOperations.builder();
        // Whatever the switch holds in the bank goes, whoever wrote it: the classifier tables are the app's own.
        flows.tables.getOrDefault(deviceId, java.util.Map.of()).values().stream()
                .filter(r -> ClassifierTables.BANKED.contains(r.table())
                        && NidsPipelineProgrammable.bankOf(r) == bank)
                .forEach(ops::remove);
        ops.newStage();
        rules.forEach(ops::add);
        CompletableFuture<Boolean> done = new CompletableFuture<>();
        flows.apply(ops.build(new FlowRuleOperationsContext() {
            @Override
            public void onSuccess(FlowRuleOperations operations) {
                done.complete(true);
            }

            @Override
            public void onError(FlowRuleOperations operations) {
                done.complete(false);
            }
        }));
        return done;
    }
}
