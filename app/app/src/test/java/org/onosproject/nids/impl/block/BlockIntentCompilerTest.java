/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.block;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.Ip4Address;
import org.onlab.packet.Ip4Prefix;
import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;
import org.onlab.packet.VlanId;
import org.onosproject.TestApplicationId;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.DefaultHost;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Host;
import org.onosproject.net.HostId;
import org.onosproject.net.HostLocation;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.host.HostServiceAdapter;
import org.onosproject.net.intent.FlowRuleIntent;
import org.onosproject.net.intent.Intent;
import org.onosproject.net.intent.IntentCompilationException;
import org.onosproject.net.intent.IntentCompiler;
import org.onosproject.net.intent.IntentExtensionServiceAdapter;
import org.onosproject.net.intent.Key;
import org.onosproject.net.intent.MockIdGenerator;
import org.onosproject.net.provider.ProviderId;
import org.onosproject.nids.api.BlockIntent;
import org.onosproject.nids.api.BlockScope;
import org.onosproject.nids.impl.FakePipeline;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * The block compiler: host locations from the host service become the drop rules the switches' pipelines give, on
 * NIDS switches only; no located source is a compilation failure.
 */
public class BlockIntentCompilerTest {

    static final ApplicationId APP = new TestApplicationId("org.onosproject.nids");
    static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    static final DeviceId S2 = DeviceId.deviceId("device:bmv2:s2");
    static final DeviceId OTHER = DeviceId.deviceId("of:0000000000000001");
    static final Ip4Address ATTACKER = Ip4Address.valueOf("10.0.0.3");

    private final Map<Ip4Address, Set<Host>> hosts = new HashMap<>();
    private final FakePipeline s1 = new FakePipeline(S1);
    private final FakePipeline s2 = new FakePipeline(S2);
    private BlockIntentCompiler compiler;

    @Before
    public void setUp() {
        MockIdGenerator.cleanBind();
        compiler = new BlockIntentCompiler();
        compiler.hostService = new HostServiceAdapter() {
            @Override
            public Set<Host> getHostsByIp(IpAddress ip) {
                return hosts.getOrDefault(ip.getIp4Address(), Set.of());
            }
        };
        compiler.deviceService = FakePipeline.deviceService(List.of(s1.device(), s2.device(),
                FakePipeline.otherSwitch(OTHER)));
    }

    @After
    public void tearDown() {
        MockIdGenerator.unbind();
    }

    static Host host(String mac, Ip4Address ip, HostLocation... locations) {
        MacAddress macAddress = MacAddress.valueOf(mac);
        return new DefaultHost(ProviderId.NONE, HostId.hostId(macAddress, VlanId.NONE), macAddress, VlanId.NONE,
                               Set.of(locations), Set.of(ip), true);
    }

    static BlockIntent intent(Ip4Address src, BlockScope scope) {
        return BlockIntent.builder().appId(APP).key(Key.of("nids-block-1", APP)).src(src).scope(scope).build();
    }

    static HostLocation at(DeviceId device, long port) {
        return new HostLocation(device, PortNumber.portNumber(port), 0);
    }

    private List<FlowRule> rules(List<Intent> compiled) {
        assertEquals(1, compiled.size());
        return ((FlowRuleIntent) compiled.get(0)).flowRules().stream().collect(Collectors.toList());
    }

    @Test
    public void activationRegistersTheCompilerAndDeactivationUnregistersIt() {
        Map<Class<?>, Object> compilers = new HashMap<>();
        compiler.intentExtensionService = new IntentExtensionServiceAdapter() {
            @Override
            public <T extends Intent> void registerCompiler(Class<T> cls, IntentCompiler<T> c) {
                compilers.put(cls, c);
            }

            @Override
            public <T extends Intent> void unregisterCompiler(Class<T> cls) {
                compilers.remove(cls);
            }
        };
        compiler.activate();
        assertEquals(Map.of(BlockIntent.class, compiler), compilers);
        compiler.deactivate();
        assertTrue(compilers.isEmpty());
    }

    @Test
    public void aLocatedSourceGetsThePipelinesDropRuleAtItsEdgePort() {
        Host attacker = host("00:00:00:00:00:03", ATTACKER, at(S2, 1));
        hosts.put(ATTACKER, Set.of(attacker));
        BlockIntent intent = intent(ATTACKER, BlockScope.ALL);

        List<Intent> compiled = compiler.compile(intent, null);
        List<FlowRule> rules = rules(compiled);
        assertEquals(List.of(s2.blockRule(APP, PortNumber.portNumber(1), ATTACKER, BlockScope.ALL)), rules);
        assertTrue(s1.blocks.isEmpty());

        FlowRuleIntent installable = (FlowRuleIntent) compiled.get(0);
        assertEquals(intent.key(), installable.key());
        assertEquals(APP, installable.appId());
        // The host and its switch are the resources: ONOS's objective tracker recompiles on their events.
        assertEquals(Set.of(attacker.id(), S2), Set.copyOf(installable.resources()));
    }

    @Test
    public void thePipelineGetsTheIntentsAppSourceScopeAndThePort() {
        hosts.put(ATTACKER, Set.of(host("00:00:00:00:00:03", ATTACKER, at(S1, 2))));
        BlockScope scope = BlockScope.of(Ip4Prefix.valueOf("10.0.1.0/24"), 6, 80);

        compiler.compile(intent(ATTACKER, scope), null);

        assertEquals(List.of(List.of(APP, PortNumber.portNumber(2), ATTACKER, scope)), s1.blocks);
    }

    @Test
    public void everyLocationOnANidsSwitchIsBlockedAndOthersAreSkipped() {
        hosts.put(ATTACKER, Set.of(host("00:00:00:00:00:03", ATTACKER, at(S1, 1), at(S2, 4), at(OTHER, 7))));

        List<FlowRule> rules = rules(compiler.compile(intent(ATTACKER, BlockScope.ALL), null));
        assertEquals(List.of(S1, S2), rules.stream().map(FlowRule::deviceId).collect(Collectors.toList()));
        assertEquals("the port reaches the pipeline", 4, rules.get(1).priority());
    }

    @Test
    public void anUnknownSourceFailsToCompile() {
        hosts.put(Ip4Address.valueOf("10.0.0.9"), Set.of(host("00:00:00:00:00:09", Ip4Address.valueOf("10.0.0.9"),
                                                                at(S1, 1))));
        try {
            compiler.compile(intent(ATTACKER, BlockScope.ALL), null);
            fail("compiled without a host");
        } catch (IntentCompilationException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("10.0.0.3"));
        }
    }

    @Test
    public void aSourceOnlyOnForeignSwitchesFailsToCompile() {
        hosts.put(ATTACKER, Set.of(host("00:00:00:00:00:03", ATTACKER, at(OTHER, 1))));
        try {
            compiler.compile(intent(ATTACKER, BlockScope.ALL), null);
            fail("compiled a rule for a switch without the NIDS pipeline");
        } catch (IntentCompilationException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("not located on a NIDS switch"));
        }
    }
}
