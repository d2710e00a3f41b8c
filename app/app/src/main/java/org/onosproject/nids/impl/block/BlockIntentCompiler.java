/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.block;

import com.google.common.collect.ImmutableList;
import org.onlab.packet.Ip4Address;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Host;
import org.onosproject.net.HostLocation;
import org.onosproject.net.NetworkResource;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.host.HostService;
import org.onosproject.net.intent.FlowRuleIntent;
import org.onosproject.net.intent.Intent;
import org.onosproject.net.intent.IntentCompilationException;
import org.onosproject.net.intent.IntentCompiler;
import org.onosproject.net.intent.IntentExtensionService;
import org.onosproject.net.intent.PathIntent;
import org.onosproject.nids.api.BlockIntent;
import org.onosproject.nids.api.NidsProgrammable;
import org.onosproject.nids.impl.NidsPipelines;
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
import java.util.Optional;
import java.util.Set;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Compiles a {@link BlockIntent} into one drop rule per edge port where ONOS's host service locates the source (on
 * switches running the NIDS pipeline, whose {@link NidsProgrammable} gives the rule), wrapped in a
 * {@link FlowRuleIntent} whose resources are the source's hosts and their switches.
 * No located source is a compilation failure.
 * The block manager calls it itself and submits the {@link FlowRuleIntent} (a core type, which ONOS's intent store
 * can carry between the instances of a cluster); it stays registered for {@link BlockIntent}s an earlier version of
 * the app submitted, so that ONOS can still recompile and withdraw them.
 */
@Component(immediate = true)
public class BlockIntentCompiler implements IntentCompiler<BlockIntent> {

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected IntentExtensionService intentExtensionService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected HostService hostService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected DeviceService deviceService;

    @Activate
    protected void activate() {
        intentExtensionService.registerCompiler(BlockIntent.class, this);
        log.info("Started");
    }

    @Deactivate
    protected void deactivate() {
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
                Optional<NidsProgrammable> pipeline = pipeline(location.deviceId());
                if (pipeline.isEmpty()) {
                    log.warn("Block {}: host {} is at {}, a switch without the NIDS pipeline; not blocked there",
                             intent.key(), host.id(), location);
                    continue;
                }
                rules.add(pipeline.get().blockRule(intent.appId(), location.port(), intent.src(), intent.scope()));
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

    /**
     * @param src a source address
     * @return whether ONOS's host service locates it on a switch running the NIDS pipeline (compiling succeeds)
     */
    boolean located(Ip4Address src) {
        return hostService.getHostsByIp(src).stream().flatMap(host -> host.locations().stream())
                .anyMatch(location -> pipeline(location.deviceId()).isPresent());
    }

    private Optional<NidsProgrammable> pipeline(DeviceId deviceId) {
        return NidsPipelines.of(deviceService, deviceId);
    }
}
