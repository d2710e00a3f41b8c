/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.pipeconf;

import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.Ip4Address;
import org.onlab.packet.Ip4Prefix;
import org.onosproject.TestApplicationId;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.group.GroupService;
import org.onosproject.net.pi.PiPipeconfServiceAdapter;
import org.onosproject.net.pi.model.PiMatchFieldId;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.runtime.PiFieldMatch;
import org.onosproject.net.pi.runtime.PiTernaryFieldMatch;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.nids.api.BlockScope;
import org.onosproject.nids.api.NidsApp;
import org.onosproject.nids.api.NidsProgrammable;
import org.onosproject.nids.api.PipelineConfig;
import org.onosproject.nids.api.ReportReason;
import org.onosproject.nids.api.TrackMode;
import org.onosproject.nids.codec.NidsTestModels;
import org.onosproject.nids.model.capacity.PipelineCapacity;
import org.onosproject.nids.model.bundle.ModelBundle;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.onosproject.nids.pipeconf.NidsConstants.*;
import static org.onosproject.nids.pipeconf.PiRules.action;
import static org.onosproject.nids.pipeconf.PiRules.criterion;

/**
 * The NIDS pipeline behaviour on fake flow rule, classifier bank and group services: banks are written, cleared and switched as the
 * app asks, port roles and the clone session are installed once, and a block is an ACL drop entry.
 */
public class NidsPipelineProgrammableTest {

    private static final ApplicationId APP = new TestApplicationId(NidsApp.APP_NAME);
    private static final ApplicationId OTHER_APP = new TestApplicationId("org.onosproject.other");
    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    private static final Ip4Address ATTACKER = Ip4Address.valueOf("10.0.0.3");

    private final FakeFlowRuleService flows = new FakeFlowRuleService();
    private final FakeGroupService groups = new FakeGroupService();
    private final ModelBundle model = NidsTestModels.bundle(NidsTestModels.fourFeatureTree(), "four");
    private final ModelBundle otherModel = NidsTestModels.bundle(NidsTestModels.ttlTree(), "ttl");
    private NidsProgrammable pipeline;

    @Before
    public void setUp() {
        PiPipeconf pipeconf = NidsPipeconfLoader.buildPipeconf();
        pipeline = PipelineDevices.nidsSwitch(S1, Map.of(
                FlowRuleService.class, flows,
                ClassifierBanks.class, new FakeClassifierBanks(flows),
                GroupService.class, groups,
                CoreService.class, PipelineDevices.coreServiceOf(APP),
                PiPipeconfService.class, new PiPipeconfServiceAdapter() {
                    @Override
                    public Optional<PiPipeconf> getPipeconf(DeviceId deviceId) {
                        return Optional.of(pipeconf);
                    }
                })).as(NidsProgrammable.class);
    }

    private List<FlowRule> entries() {
        return new ArrayList<>(flows.tables.getOrDefault(S1, Map.of()).values());
    }

    private static boolean done(java.util.concurrent.CompletableFuture<Boolean> write) {
        return write.getNow(false);
    }

    @Test
    public void writeBankReplacesEverythingInThatBankAndNothingElse() {
        assertTrue(done(pipeline.writeBank(0, otherModel)));
        assertTrue(done(pipeline.writeBank(1, otherModel)));
        FlowRule foreign = DefaultFlowRule.builder().forDevice(S1).forTable(NIDS_INGRESS_CLASSIFIER_DECISION)
                .withSelector(PipelineEntries.planned(APP, S1, otherModel, 1).get(0).selector())
                .withPriority(1).fromApp(OTHER_APP).makePermanent().build();
        flows.applyFlowRules(foreign);

        assertTrue(done(pipeline.writeBank(1, model)));

        assertEquals(Set.copyOf(PipelineEntries.planned(APP, S1, model, 1)),
                     Set.copyOf(PipelineEntries.bank(entries(), 1)));
        assertEquals(Set.copyOf(PipelineEntries.planned(APP, S1, otherModel, 0)),
                     Set.copyOf(PipelineEntries.bank(entries(), 0)));
        assertFalse("the classifier tables are the app's: an entry left in the bank goes",
                    entries().contains(foreign));
        assertEquals(pipeline.entryCount(model), PipelineEntries.planned(APP, S1, model, 1).size());
    }

    @Test
    public void clearBankRemovesOurEntriesOfThatBank() {
        pipeline.writeBank(0, model);
        pipeline.writeBank(1, otherModel);
        assertTrue(done(pipeline.clearBank(1)));
        assertTrue(PipelineEntries.bank(entries(), 1).isEmpty());
        assertEquals(PipelineEntries.planned(APP, S1, model, 0).size(), PipelineEntries.bank(entries(), 0).size());
    }

    @Test
    public void configureWritesOneConfigEntryWhateverTheBank() {
        PipelineConfig config = new PipelineConfig(0, 3, TrackMode.ALL, 10, 1_000_000, 100, 10,
                                                   EnumSet.allOf(ReportReason.class));
        assertTrue(done(pipeline.configure(config)));
        assertTrue(done(pipeline.configure(config.withBank(1, 4))));
        List<FlowRule> configs = PipelineEntries.configs(entries());
        assertEquals(1, configs.size());
        assertEquals(1, PipelineEntries.configBank(configs.get(0)));
        assertEquals(4, PipelineEntries.configEpoch(configs.get(0)));
        assertEquals(TrackMode.ALL, PipelineEntries.configTrackMode(configs.get(0)));
        assertEquals(100, PipelineEntries.reportRatePps(entries()));
    }

    @Test
    public void aRefusedBatchCompletesFalse() {
        flows.refusing.add(S1);
        assertFalse(done(pipeline.writeBank(0, model)));
        assertFalse(done(pipeline.configure(new PipelineConfig(0, 1, TrackMode.EDGE, 0, 0, 1, 1,
                                                               EnumSet.allOf(ReportReason.class)))));
    }

    @Test
    public void prepareInstallsTheCloneSessionOnceAndTheEdgePorts() {
        pipeline.prepare(List.of(PortNumber.portNumber(1), PortNumber.portNumber(3)));
        pipeline.prepare(List.of(PortNumber.portNumber(1), PortNumber.portNumber(3)));
        assertEquals(1, groups.added.size());
        assertEquals(GroupDescription.Type.CLONE, groups.added.get(0).type());
        assertEquals(Integer.valueOf(REPORT_CLONE_SESSION), groups.added.get(0).givenGroupId());
        assertEquals(Set.of(1L, 3L), PipelineEntries.edgePorts(entries()));
    }

    @Test
    public void capacityIsThePipeconfsAndTheModelToolsOne() {
        PipelineCapacity capacity = pipeline.capacity();
        assertEquals(NidsPipelineCapacity.fromP4Info(), capacity);
        assertEquals(PipelineCapacity.packaged(), capacity);
    }

    @Test
    public void theReportFormatIsThePipelines() {
        assertTrue(pipeline.reportFormat().isReport(ETHERTYPE_REPORT));
        assertEquals(517, pipeline.reportFormat().decode(ReportFrames.frame(ReportFrames.sampleReport())).leafId());
    }

    // ------------------------------------------------------------------------------------------ blocks

    private static long ternaryValue(PiCriterion criterion, PiMatchFieldId field) {
        PiFieldMatch match = criterion.fieldMatch(field).orElseThrow(() -> new AssertionError("no " + field));
        return new BigInteger(1, ((PiTernaryFieldMatch) match).value().asArray()).longValueExact();
    }

    private static long ternaryMask(PiCriterion criterion, PiMatchFieldId field) {
        PiFieldMatch match = criterion.fieldMatch(field).orElseThrow(() -> new AssertionError("no " + field));
        return new BigInteger(1, ((PiTernaryFieldMatch) match).mask().asArray()).longValueExact();
    }

    @Test
    public void aBlockDropsTheSourceEnteringAtThePortAboveEveryOtherAclEntry() {
        FlowRule rule = pipeline.blockRule(OTHER_APP, PortNumber.portNumber(1), ATTACKER, BlockScope.ALL);
        assertEquals(S1, rule.deviceId());
        assertEquals(NIDS_INGRESS_FWD_ACL, rule.table());
        assertEquals(OTHER_APP.id(), rule.appId());
        assertTrue(rule.isPermanent());
        assertEquals(NidsPipelineProgrammable.BLOCK_PRIORITY, rule.priority());
        PiCriterion match = criterion(rule);
        assertEquals(1, ternaryValue(match, HDR_IG_PORT));
        assertEquals(0x1ff, ternaryMask(match, HDR_IG_PORT));
        assertEquals(0x0800, ternaryValue(match, HDR_ETH_TYPE));
        assertEquals(0x0a000003L, ternaryValue(match, HDR_IPV4_SRC));
        assertEquals(0xffffffffL, ternaryMask(match, HDR_IPV4_SRC));
        assertFalse(match.fieldMatch(HDR_IPV4_DST).isPresent());
        assertFalse(match.fieldMatch(HDR_IP_PROTO).isPresent());
        assertFalse(match.fieldMatch(HDR_L4_DPORT).isPresent());
        assertEquals(3, match.fieldMatches().size());
        assertEquals(NIDS_INGRESS_FWD_BLOCK, action(rule).id());
    }

    @Test
    public void theScopeNarrowsTheBlocksMatch() {
        BlockScope scope = BlockScope.of(Ip4Prefix.valueOf("10.0.1.0/24"), 6, 80);
        PiCriterion match = criterion(pipeline.blockRule(APP, PortNumber.portNumber(2), ATTACKER, scope));
        assertEquals(0x0a000100L, ternaryValue(match, HDR_IPV4_DST));
        assertEquals(0xffffff00L, ternaryMask(match, HDR_IPV4_DST));
        assertEquals(6, ternaryValue(match, HDR_IP_PROTO));
        assertEquals(0xff, ternaryMask(match, HDR_IP_PROTO));
        assertEquals(80, ternaryValue(match, HDR_L4_DPORT));
        assertEquals(0xffff, ternaryMask(match, HDR_L4_DPORT));
        assertEquals(2, ternaryValue(match, HDR_IG_PORT));
    }
}
