/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.pipeconf;

import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleOperationsContext;
import org.onosproject.net.flow.FlowRuleService;

import java.util.Collection;
import java.util.concurrent.CompletableFuture;

/**
 * Writes flow rules as one batch and tells when the switch has accepted all of it (or not): the rollout confirms
 * each step before taking the next.
 */
class FlowRuleWriter {

    /** How a batch is applied. */
    enum Mode {
        ADD, MODIFY, REMOVE
    }

    private final FlowRuleService flowRuleService;

    FlowRuleWriter(FlowRuleService flowRuleService) {
        this.flowRuleService = flowRuleService;
    }

    /**
     * Applies rules in one batch.
     *
     * @param rules rules (of one switch, typically)
     * @param mode  add, modify or remove
     * @return completes with true when the batch succeeded, false when it failed
     */
    CompletableFuture<Boolean> apply(Collection<FlowRule> rules, Mode mode) {
        CompletableFuture<Boolean> done = new CompletableFuture<>();
        if (rules.isEmpty()) {
            done.complete(true);
            return done;
        }
        FlowRuleOperations.Builder ops = FlowRuleOperations.builder();
        for (FlowRule rule : rules) {
            switch (mode) {
                case ADD:
                    ops.add(rule);
                    break;
                case MODIFY:
                    ops.modify(rule);
                    break;
                default:
                    ops.remove(rule);
                    break;
            }
        }
        flowRuleService.apply(ops.build(new FlowRuleOperationsContext() {
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
