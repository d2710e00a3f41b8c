/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.pipeconf;

import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultFlowEntry;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperation;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleServiceAdapter;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

/** A flow rule store per switch that applies batches and confirms them, or refuses every batch of a switch. */
public final class FakeFlowRuleService extends FlowRuleServiceAdapter {
    public final Map<DeviceId, Map<FlowId, FlowRule>> tables = new ConcurrentHashMap<>();
    public final List<FlowRuleOperation> applied = new CopyOnWriteArrayList<>();
    public final Set<DeviceId> refusing = ConcurrentHashMap.newKeySet();
    /** Switches that never answer a batch (neither success nor error): a hung switch. */
    public final Set<DeviceId> silent = ConcurrentHashMap.newKeySet();
    /** The batches silent switches were sent. */
    public final List<FlowRuleOperations> unanswered = new CopyOnWriteArrayList<>();

    private Map<FlowId, FlowRule> table(DeviceId deviceId) {
        return tables.computeIfAbsent(deviceId, d -> new ConcurrentHashMap<>());
    }

    @Override
    public synchronized void apply(FlowRuleOperations ops) {
        List<FlowRuleOperation> batch = ops.stages().stream().flatMap(Set::stream).collect(Collectors.toList());
        if (batch.stream().anyMatch(op -> silent.contains(op.rule().deviceId()))) {
            unanswered.add(ops);
            return;
        }
        if (batch.stream().anyMatch(op -> refusing.contains(op.rule().deviceId()))) {
            ops.callback().onError(ops);
            return;
        }
        for (FlowRuleOperation op : batch) {
            applied.add(op);
            if (op.type() == FlowRuleOperation.Type.REMOVE) {
                table(op.rule().deviceId()).remove(op.rule().id());
            } else if (op.type() == FlowRuleOperation.Type.MODIFY) {
                // as ONOS's flow store (FlowBucket.update): a rule it does not hold is not stored
                table(op.rule().deviceId()).computeIfPresent(op.rule().id(), (id, stored) -> op.rule());
            } else {
                table(op.rule().deviceId()).put(op.rule().id(), op.rule());
            }
        }
        ops.callback().onSuccess(ops);
    }

    @Override
    public synchronized void applyFlowRules(FlowRule... rules) {
        for (FlowRule rule : rules) {
            applied.add(new FlowRuleOperation(rule, FlowRuleOperation.Type.ADD));
            table(rule.deviceId()).put(rule.id(), rule);
        }
    }

    @Override
    public Iterable<FlowEntry> getFlowEntries(DeviceId deviceId) {
        return table(deviceId).values().stream()
                .map(r -> new DefaultFlowEntry(r, FlowEntry.FlowEntryState.ADDED))
                .collect(Collectors.toList());
    }

    public List<FlowRuleOperation> appliedOn(DeviceId deviceId) {
        return applied.stream().filter(op -> op.rule().deviceId().equals(deviceId))
                .collect(Collectors.toList());
    }
}
