/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.pipeconf;

import org.junit.Before;
import org.junit.Test;
import org.onlab.osgi.ServiceDirectory;
import org.onlab.packet.Ethernet;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.behaviour.PipelinerContext;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleServiceAdapter;
import org.onosproject.net.flowobjective.DefaultFilteringObjective;
import org.onosproject.net.flowobjective.DefaultForwardingObjective;
import org.onosproject.net.flowobjective.FlowObjectiveStore;
import org.onosproject.net.flowobjective.ForwardingObjective;
import org.onosproject.net.flowobjective.Objective;
import org.onosproject.net.flowobjective.ObjectiveContext;
import org.onosproject.net.flowobjective.ObjectiveError;

import java.util.ArrayList;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Forwarding objectives of ONOS apps become forwarding-table rules; other objective kinds are refused.
 */
public class NidsPipelinerTest {

    private static final DeviceId DEVICE = DeviceId.deviceId("device:bmv2:s1");
    private static final ApplicationId APP = new DefaultApplicationId(7, "org.onosproject.lldpprovider");

    private final List<FlowRule> applied = new ArrayList<>();
    private final List<FlowRule> removed = new ArrayList<>();
    private final List<String> outcomes = new ArrayList<>();
    private NidsPipeliner pipeliner;

    private final ObjectiveContext context = new ObjectiveContext() {
        @Override
        public void onSuccess(Objective objective) {
            outcomes.add("success");
        }

        @Override
        public void onError(Objective objective, ObjectiveError error) {
            outcomes.add(error.name());
        }
    };

    @Before
    public void setUp() {
        FlowRuleServiceAdapter flowRules = new FlowRuleServiceAdapter() {
                    @Override
                    public void applyFlowRules(FlowRule... rules) {
                        applied.addAll(List.of(rules));
                    }

                    @Override
                    public void removeFlowRules(FlowRule... rules) {
                        removed.addAll(List.of(rules));
                    }
                };
        ServiceDirectory directory = new ServiceDirectory() {
            @Override
            public <T> T get(Class<T> serviceClass) {
                return serviceClass.cast(flowRules);
            }
        };
        pipeliner = new NidsPipeliner();
        pipeliner.init(DEVICE, new PipelinerContext() {
            @Override
            public ServiceDirectory directory() {
                return directory;
            }

            @Override
            public FlowObjectiveStore store() {
                return null;
            }
        });
    }

    private ForwardingObjective.Builder lldpPunt() {
        return DefaultForwardingObjective.builder()
                .withSelector(DefaultTrafficSelector.builder().matchEthType(Ethernet.TYPE_LLDP).build())
                .withTreatment(DefaultTrafficTreatment.builder().punt().build())
                .withFlag(ForwardingObjective.Flag.VERSATILE)
                .withPriority(40000)
                .fromApp(APP)
                .makePermanent();
    }

    @Test
    public void forwardingObjectiveBecomesAForwardingTableRule() {
        pipeliner.forward(lldpPunt().add(context));
        assertEquals(1, applied.size());
        FlowRule rule = applied.get(0);
        assertEquals(NidsConstants.NIDS_INGRESS_FWD_TABLE0, rule.table());
        assertEquals(DEVICE, rule.deviceId());
        assertEquals(40000, rule.priority());
        assertTrue(rule.isPermanent());
        assertEquals(List.of("success"), outcomes);
    }

    @Test
    public void removingTheObjectiveRemovesTheRule() {
        pipeliner.forward(lldpPunt().remove(context));
        assertEquals(1, removed.size());
        assertTrue(applied.isEmpty());
    }

    @Test
    public void filteringObjectivesAreUnsupported() {
        pipeliner.filter(DefaultFilteringObjective.builder()
                                 .withKey(org.onosproject.net.flow.criteria.Criteria.matchInPort(
                                         org.onosproject.net.PortNumber.portNumber(1)))
                                 .addCondition(org.onosproject.net.flow.criteria.Criteria.matchEthType(
                                         Ethernet.TYPE_IPV4))
                                 .fromApp(APP).withPriority(1).permit().add(context));
        assertEquals(List.of(ObjectiveError.UNSUPPORTED.name()), outcomes);
        assertTrue(applied.isEmpty());
    }
}
