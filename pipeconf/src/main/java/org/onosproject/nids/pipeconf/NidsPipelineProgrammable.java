/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.pipeconf;

import org.onlab.packet.EthType;
import org.onlab.packet.Ip4Address;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.driver.AbstractHandlerBehaviour;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.group.DefaultGroupBucket;
import org.onosproject.net.group.DefaultGroupDescription;
import org.onosproject.net.group.DefaultGroupKey;
import org.onosproject.net.group.GroupBuckets;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.group.GroupKey;
import org.onosproject.net.group.GroupService;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiExactFieldMatch;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.nids.api.BlockScope;
import org.onosproject.nids.api.NidsApp;
import org.onosproject.nids.api.NidsProgrammable;
import org.onosproject.nids.api.PipelineConfig;
import org.onosproject.nids.api.PipelineReadBack;
import org.onosproject.nids.api.ReportFormat;
import org.onosproject.nids.model.capacity.PipelineCapacity;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.p4runtime.api.P4RuntimeController;

import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import static org.onosproject.nids.pipeconf.NidsConstants.HDR_BANK;
import static org.onosproject.nids.pipeconf.NidsConstants.HDR_ETH_TYPE;
import static org.onosproject.nids.pipeconf.NidsConstants.HDR_IG_PORT;
import static org.onosproject.nids.pipeconf.NidsConstants.HDR_IG_PORT_BITWIDTH;
import static org.onosproject.nids.pipeconf.NidsConstants.HDR_IPV4_DST;
import static org.onosproject.nids.pipeconf.NidsConstants.HDR_IPV4_SRC;
import static org.onosproject.nids.pipeconf.NidsConstants.HDR_IP_PROTO;
import static org.onosproject.nids.pipeconf.NidsConstants.HDR_L4_DPORT;
import static org.onosproject.nids.pipeconf.NidsConstants.NIDS_INGRESS_FWD_ACL;
import static org.onosproject.nids.pipeconf.NidsConstants.NIDS_INGRESS_FWD_BLOCK;
import static org.onosproject.nids.pipeconf.NidsConstants.REPORT_CLONE_SESSION;

/**
 * The NIDS pipeline's side of {@link NidsProgrammable}: model banks, the config table, port roles and the report
 * clone session as PI entries, counters read over P4Runtime, and the ACL entry that blocks a source.
 */
public class NidsPipelineProgrammable extends AbstractHandlerBehaviour implements NidsProgrammable {

    /** The clone session that carries reports to the CPU port. */
    static final GroupKey REPORT_CLONE_KEY = new DefaultGroupKey(
            "nids-report-clone".getBytes(StandardCharsets.UTF_8));
    /** Above every other ACL use, so a block wins whatever else the ACL holds. */
    static final int BLOCK_PRIORITY = 50_000;
    static final long IPV4_ETHER_TYPE = EthType.EtherType.IPV4.ethType().toShort() & 0xffff;
    private static final long PORT_MASK = (1L << HDR_IG_PORT_BITWIDTH) - 1;

    private static final NidsReportFormat REPORT_FORMAT = new NidsReportFormat(FeatureCatalog.standard());

    private DeviceId deviceId() {
        return handler().data().deviceId();
    }

    private ApplicationId appId() {
        return handler().get(CoreService.class).registerApplication(NidsApp.APP_NAME);
    }

    private ModelRulePlanner planner() {
        return new ModelRulePlanner(appId());
    }

    private FlowRuleWriter writer() {
        return new FlowRuleWriter(handler().get(FlowRuleService.class));
    }

    @Override
    public PipelineCapacity capacity() {
        return handler().get(PiPipeconfService.class).getPipeconf(deviceId())
                .map(pipeconf -> NidsPipelineCapacity.of(pipeconf.pipelineModel()))
                .orElseGet(NidsPipelineCapacity::fromP4Info);
    }

    @Override
    public void prepare(Collection<PortNumber> edgePorts) {
        GroupService groupService = handler().get(GroupService.class);
        if (groupService.getGroup(deviceId(), REPORT_CLONE_KEY) == null) {
            GroupBuckets buckets = new GroupBuckets(List.of(DefaultGroupBucket.createCloneGroupBucket(
                    DefaultTrafficTreatment.builder().setOutput(PortNumber.CONTROLLER).build())));
            groupService.addGroup(new DefaultGroupDescription(deviceId(), GroupDescription.Type.CLONE, buckets,
                                                              REPORT_CLONE_KEY, REPORT_CLONE_SESSION, appId()));
        }
        List<FlowRule> roles = planner().portRoleRules(deviceId(), edgePorts);
        handler().get(FlowRuleService.class).applyFlowRules(roles.toArray(new FlowRule[0]));
    }

    @Override
    public int entryCount(ModelBundle model) {
        return ModelRulePlanner.ruleCount(model);
    }

    @Override
    public CompletableFuture<Boolean> writeBank(int bank, ModelBundle model) {
        return handler().get(ClassifierBanks.class).replace(deviceId(), bank,
                                                            planner().bankRules(deviceId(), model, bank));
    }

    @Override
    public CompletableFuture<Boolean> clearBank(int bank) {
        return handler().get(ClassifierBanks.class).replace(deviceId(), bank, List.of());
    }

    @Override
    public CompletableFuture<Boolean> configure(PipelineConfig config) {
        FlowRuleWriter writer = writer();
        ModelRulePlanner planner = planner();
        // The config first (the bank flip must not wait for the budgets); the budgets are entries, added or replaced.
        // The config is ADDed, never MODIFYed: ONOS's flow store updates only a rule it holds, so a MODIFY reaches the
        // switch but not the store, and the next flow poll removes it as extraneous (the default action again: bank
        // 0, nothing classified, about 30 s after every activation). An ADD of the same rule replaces it in both.
        return writer.apply(List.of(planner.configRule(deviceId(), config)), FlowRuleWriter.Mode.ADD)
                .thenCompose(ok -> writer.apply(planner.budgetRules(deviceId(), config), FlowRuleWriter.Mode.ADD)
                        .thenApply(budgetsOk -> ok && budgetsOk));
    }

    @Override
    public Optional<PipelineReadBack> readBack() {
        return counterReader().readBack(deviceId());
    }

    @Override
    public Map<Integer, Long> classCounters(int bank) {
        return counterReader().classCounters(deviceId(), bank);
    }

    @Override
    public Map<String, Long> reportCounters() {
        return counterReader().reportCounters(deviceId());
    }

    private NidsCounterReader counterReader() {
        return new NidsCounterReader(handler().get(P4RuntimeController.class),
                                     handler().get(PiPipeconfService.class),
                                     handler().get(NetworkConfigService.class));
    }

    @Override
    public ReportFormat reportFormat() {
        return REPORT_FORMAT;
    }

    @Override
    public FlowRule blockRule(ApplicationId appId, PortNumber port, Ip4Address src, BlockScope scope) {
        return blockRule(deviceId(), appId, port, src, scope);
    }

    /**
     * The ACL entry dropping a source's packets that enter at one port.
     *
     * @param deviceId switch
     * @param appId    application the entry belongs to
     * @param port     ingress port
     * @param src      source
     * @param scope    what of the source's traffic
     * @return the flow rule
     */
    static FlowRule blockRule(DeviceId deviceId, ApplicationId appId, PortNumber port, Ip4Address src,
                              BlockScope scope) {
        PiCriterion.Builder match = PiCriterion.builder()
                .matchTernary(HDR_IG_PORT, port.toLong(), PORT_MASK)
                .matchTernary(HDR_ETH_TYPE, IPV4_ETHER_TYPE, 0xffff)
                .matchTernary(HDR_IPV4_SRC, unsigned(src), 0xffff_ffffL);
        scope.dst().ifPresent(dst -> match.matchTernary(HDR_IPV4_DST, unsigned(dst.address()),
                                                        unsigned(Ip4Address.makeMaskPrefix(dst.prefixLength()))));
        scope.ipProto().ifPresent(proto -> match.matchTernary(HDR_IP_PROTO, proto, 0xff));
        scope.dstPort().ifPresent(dport -> match.matchTernary(HDR_L4_DPORT, dport, 0xffff));
        return DefaultFlowRule.builder()
                .forDevice(deviceId)
                .forTable(NIDS_INGRESS_FWD_ACL)
                .withSelector(DefaultTrafficSelector.builder().matchPi(match.build()).build())
                .withTreatment(DefaultTrafficTreatment.builder()
                                       .piTableAction(PiAction.builder().withId(NIDS_INGRESS_FWD_BLOCK).build())
                                       .build())
                .withPriority(BLOCK_PRIORITY)
                .fromApp(appId)
                .makePermanent()
                .build();
    }

    private static long unsigned(Ip4Address address) {
        return address.toInt() & 0xffff_ffffL;
    }

    static int bankOf(FlowRule rule) {
        Criterion criterion = rule.selector().getCriterion(Criterion.Type.PROTOCOL_INDEPENDENT);
        if (!(criterion instanceof PiCriterion)) {
            return -1;
        }
        return ((PiCriterion) criterion).fieldMatch(HDR_BANK)
                .filter(m -> m instanceof PiExactFieldMatch)
                .map(m -> (int) NidsInterpreter.unsigned(((PiExactFieldMatch) m).value()))
                .orElse(-1);
    }
}
