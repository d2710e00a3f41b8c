/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.pipeconf;

import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRule;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;

/**
 * Classifier banks kept in a {@link FakeFlowRuleService}'s tables (a refusing switch refuses a replacement, a silent
 * one never answers it), so that a test sees banks and other entries of a switch in one place.
 */
public final class FakeClassifierBanks implements ClassifierBanks {

    private final FlowRuleWriter writer;
    private final FakeFlowRuleService flows;

    public FakeClassifierBanks(FakeFlowRuleService flows) {
        this.flows = flows;
        this.writer = new FlowRuleWriter(flows);
    }

    @Override
    public CompletableFuture<Boolean> replace(DeviceId deviceId, int bank, List<FlowRule> rules) {
        // Whatever the switch holds in the bank goes, whoever wrote it: the classifier tables are the app's own.
        List<FlowRule> held = flows.tables.getOrDefault(deviceId, Map.of()).values().stream()
                .filter(r -> ClassifierTables.BANKED.contains(r.table())
                        && NidsPipelineProgrammable.bankOf(r) == bank)
                .collect(Collectors.toList());
        return writer.apply(held, FlowRuleWriter.Mode.REMOVE)
                .thenCompose(ok -> ok ? writer.apply(rules, FlowRuleWriter.Mode.ADD)
                                      : CompletableFuture.completedFuture(false));
    }
}
