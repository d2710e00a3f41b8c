/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.pipeconf;

import com.google.common.collect.ImmutableList;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.behaviour.NextGroup;
import org.onosproject.net.behaviour.Pipeliner;
import org.onosproject.net.behaviour.PipelinerContext;
import org.onosproject.net.driver.AbstractHandlerBehaviour;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.flowobjective.FilteringObjective;
import org.onosproject.net.flowobjective.ForwardingObjective;
import org.onosproject.net.flowobjective.NextObjective;
import org.onosproject.net.flowobjective.Objective;
import org.onosproject.net.flowobjective.ObjectiveError;

import java.util.List;

import static org.onosproject.nids.pipeconf.NidsConstants.NIDS_INGRESS_FWD_TABLE0;

/**
 * Turns the forwarding objectives of ONOS apps (LLDP and ARP interception, reactive forwarding) into rules of the
 * forwarding table. The pipeline has no filtering or next stages, so those objectives are refused as unsupported.
 */
public class NidsPipeliner extends AbstractHandlerBehaviour implements Pipeliner {

    private DeviceId deviceId;
    private FlowRuleService flowRuleService;

    @Override
    public void init(DeviceId deviceId, PipelinerContext context) {
        this.deviceId = deviceId;
        this.flowRuleService = context.directory().get(FlowRuleService.class);
    }

    @Override
    public void filter(FilteringObjective objective) {
        fail(objective, ObjectiveError.UNSUPPORTED);
    }

    @Override
    public void forward(ForwardingObjective objective) {
        if (objective.treatment() == null) {
            // Objectives that name a next objective would need a next stage this pipeline does not have.
            fail(objective, ObjectiveError.UNSUPPORTED);
            return;
        }
        FlowRule rule = toFlowRule(deviceId, objective);
        switch (objective.op()) {
            case ADD:
                flowRuleService.applyFlowRules(rule);
                break;
            case REMOVE:
                flowRuleService.removeFlowRules(rule);
                break;
            default:
                fail(objective, ObjectiveError.UNSUPPORTED);
                return;
        }
        objective.context().ifPresent(c -> c.onSuccess(objective));
    }

    /**
     * The forwarding-table rule equivalent to a forwarding objective.
     *
     * @param deviceId  device the rule is for
     * @param objective forwarding objective with a treatment
     * @return the flow rule
     */
    static FlowRule toFlowRule(DeviceId deviceId, ForwardingObjective objective) {
        FlowRule.Builder rule = DefaultFlowRule.builder()
                .forDevice(deviceId)
                .forTable(NIDS_INGRESS_FWD_TABLE0)
                .withSelector(objective.selector())
                .withTreatment(objective.treatment())
                .withPriority(objective.priority())
                .fromApp(objective.appId());
        if (objective.permanent()) {
            rule.makePermanent();
        } else {
            rule.makeTemporary(objective.timeout());
        }
        return rule.build();
    }

    @Override
    public void next(NextObjective objective) {
        fail(objective, ObjectiveError.UNSUPPORTED);
    }

    @Override
    public void purgeAll(ApplicationId appId) {
        flowRuleService.purgeFlowRules(deviceId, appId);
    }

    @Override
    public List<String> getNextMappings(NextGroup nextGroup) {
        return ImmutableList.of();
    }

    private static void fail(Objective objective, ObjectiveError error) {
        objective.context().ifPresent(c -> c.onError(objective, error));
    }
}
