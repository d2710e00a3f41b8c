/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.block;

import com.google.common.collect.ImmutableList;
import org.onlab.packet.EthType;
import org.onlab.packet.Ip4Address;
import org.onosproject.codec.CodecService;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Host;
import org.onosproject.net.HostLocation;
import org.onosproject.net.NetworkResource;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.host.HostService;
import org.onosproject.net.intent.FlowRuleIntent;
import org.onosproject.net.intent.Intent;
import org.onosproject.net.intent.IntentCompilationException;
import org.onosproject.net.intent.IntentCompiler;
import org.onosproject.net.intent.IntentExtensionService;
import org.onosproject.net.intent.PathIntent;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.nids.api.BlockIntent;
import org.onosproject.nids.api.BlockScope;
import org.onosproject.nids.codec.BlockIntentCodec;
import org.onosproject.nids.impl.NidsModelManager;
import org.onosproject.nids.pipeconf.NidsPipeconfLoader;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import static org.onosproject.nids.pipeconf.NidsConstants.HDR_ETH_TYPE;
import static org.onosproject.nids.pipeconf.NidsConstants.HDR_IG_PORT;
import static org.onosproject.nids.pipeconf.NidsConstants.HDR_IG_PORT_BITWIDTH;
import static org.onosproject.nids.pipeconf.NidsConstants.HDR_IPV4_DST;
import static org.onosproject.nids.pipeconf.NidsConstants.HDR_IPV4_SRC;
import static org.onosproject.nids.pipeconf.NidsConstants.HDR_IP_PROTO;
import static org.onosproject.nids.pipeconf.NidsConstants.HDR_L4_DPORT;
import static org.onosproject.nids.pipeconf.NidsConstants.NIDS_INGRESS_FWD_ACL;
import static org.onosproject.nids.pipeconf.NidsConstants.NIDS_INGRESS_FWD_BLOCK;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Compiles a {@link BlockIntent} into one ACL drop rule per edge port where ONOS's host service locates the source
 * (on switches running the NIDS pipeconf), wrapped in a {@link FlowRuleIntent} whose resources are the source's hosts
 * and their switches: ONOS's objective tracker then recompiles the block when a host moves or a switch comes back.
 * No located source is a compilation failure (the intent is FAILED until the host shows up; the block manager
 * resubmits it then).
 */
@Component(immediate = true)
public class BlockIntentCompiler implements IntentCompiler<BlockIntent> {

    /** Above every other ACL use, so a block wins whatever else the ACL holds. */
    static final int ACL_PRIORITY = 50_000;
    static final long IPV4_ETHER_TYPE = EthType.EtherType.IPV4.ethType().toShort() & 0xffff;
    private static final long PORT_MASK = (1L << HDR_IG_PORT_BITWIDTH) - 1;

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected IntentExtensionService intentExtensionService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected HostService hostService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PiPipeconfService pipeconfService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CoreService coreService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CodecService codecService;

    private ApplicationId appId;

    @Activate
    protected void activate() {
        appId = coreService.registerApplication(NidsModelManager.APP_NAME);
        intentExtensionService.registerCompiler(BlockIntent.class, this);
        // ONOS's intent REST API then shows what each block intent drops, beside its generic fields.
        codecService.registerCodec(BlockIntent.class, new BlockIntentCodec());
        log.info("Started");
    }

    @Deactivate
    protected void deactivate() {
        codecService.unregisterCodec(BlockIntent.class);
        intentExtensionService.unregisterCompiler(BlockIntent.class);
        log.info("Stopped");
    }

    @Override
    public List<Intent> compile(BlockIntent intent, List<Intent> installable) {
        Set<Host> hosts = hostService.getHostsByIp(intent.src());
        List<FlowRule> rules = new ArrayList<>();
        Set<NetworkResource> resources = new LinkedHashSet<>();
        for (Host host : hosts) {
            for (HostLocation location : host.locations()) {
                if (!onNidsPipeline(location.deviceId())) {
                    log.warn("Block {}: host {} is at {}, a switch without the NIDS pipeconf; not blocked there",
                             intent.key(), host.id(), location);
                    continue;
                }
                rules.add(dropRule(intent, location));
                resources.add(host.id());
                resources.add(location.deviceId());
            }
        }
        if (rules.isEmpty()) {
            throw new IntentCompilationException("no edge port of " + intent.src()
                    + " known (host not located on a NIDS switch)");
        }
        rules.sort(Comparator.comparing((FlowRule r) -> r.deviceId().toString()));
        log.debug("Block {}: {} drop rule(s) at {}", intent.key(), rules.size(), resources);
        return ImmutableList.of(new FlowRuleIntent(intent.appId(), intent.key(), rules, resources,
                                                   PathIntent.ProtectionType.PRIMARY, null));
    }

    private boolean onNidsPipeline(DeviceId deviceId) {
        return pipeconfService.ofDevice(deviceId).map(NidsPipeconfLoader.PIPECONF_ID::equals).orElse(false);
    }

    /**
     * The ACL entry dropping the intent's packets that enter at one edge port.
     *
     * @param intent   the block
     * @param location where its source is attached
     * @return the flow rule (application of the intent)
     */
    static FlowRule dropRule(BlockIntent intent, HostLocation location) {
        PiCriterion.Builder match = PiCriterion.builder()
                .matchTernary(HDR_IG_PORT, location.port().toLong(), PORT_MASK)
                .matchTernary(HDR_ETH_TYPE, IPV4_ETHER_TYPE, 0xffff)
                .matchTernary(HDR_IPV4_SRC, unsigned(intent.src()), 0xffff_ffffL);
        BlockScope scope = intent.scope();
        scope.dst().ifPresent(dst -> match.matchTernary(HDR_IPV4_DST, unsigned(dst.address()),
                                                        unsigned(Ip4Address.makeMaskPrefix(dst.prefixLength()))));
        scope.ipProto().ifPresent(proto -> match.matchTernary(HDR_IP_PROTO, proto, 0xff));
        scope.dstPort().ifPresent(port -> match.matchTernary(HDR_L4_DPORT, port, 0xffff));
        return DefaultFlowRule.builder()
                .forDevice(location.deviceId())
                .forTable(NIDS_INGRESS_FWD_ACL)
                .withSelector(DefaultTrafficSelector.builder().matchPi(match.build()).build())
                .withTreatment(DefaultTrafficTreatment.builder()
                                       .piTableAction(PiAction.builder().withId(NIDS_INGRESS_FWD_BLOCK).build())
                                       .build())
                .withPriority(ACL_PRIORITY)
                .fromApp(intent.appId())
                .makePermanent()
                .build();
    }

    private static long unsigned(Ip4Address address) {
        return address.toInt() & 0xffff_ffffL;
    }
}
