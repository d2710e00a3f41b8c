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
import org.onosproject.codec.CodecService;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreServiceAdapter;
import org.onosproject.net.DefaultHost;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Host;
import org.onosproject.net.HostId;
import org.onosproject.net.HostLocation;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.flow.instructions.PiInstruction;
import org.onosproject.net.host.HostServiceAdapter;
import org.onosproject.net.intent.FlowRuleIntent;
import org.onosproject.net.intent.Intent;
import org.onosproject.net.intent.IntentCompilationException;
import org.onosproject.net.intent.IntentCompiler;
import org.onosproject.net.intent.IntentExtensionServiceAdapter;
import org.onosproject.net.intent.Key;
import org.onosproject.net.intent.MockIdGenerator;
import org.onosproject.net.pi.PiPipeconfServiceAdapter;
import org.onosproject.net.pi.model.PiMatchFieldId;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiFieldMatch;
import org.onosproject.net.pi.runtime.PiTernaryFieldMatch;
import org.onosproject.net.provider.ProviderId;
import org.onosproject.nids.api.BlockIntent;
import org.onosproject.nids.api.BlockScope;
import org.onosproject.nids.codec.BlockIntentCodec;
import org.onosproject.nids.pipeconf.NidsPipeconfLoader;

import java.math.BigInteger;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import static org.easymock.EasyMock.anyObject;
import static org.easymock.EasyMock.createMock;
import static org.easymock.EasyMock.eq;
import static org.easymock.EasyMock.replay;
import static org.easymock.EasyMock.verify;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.onosproject.nids.pipeconf.NidsConstants.HDR_ETH_TYPE;
import static org.onosproject.nids.pipeconf.NidsConstants.HDR_IG_PORT;
import static org.onosproject.nids.pipeconf.NidsConstants.HDR_IPV4_DST;
import static org.onosproject.nids.pipeconf.NidsConstants.HDR_IPV4_SRC;
import static org.onosproject.nids.pipeconf.NidsConstants.HDR_IP_PROTO;
import static org.onosproject.nids.pipeconf.NidsConstants.HDR_L4_DPORT;
import static org.onosproject.nids.pipeconf.NidsConstants.NIDS_INGRESS_FWD_ACL;
import static org.onosproject.nids.pipeconf.NidsConstants.NIDS_INGRESS_FWD_BLOCK;

/**
 * The block compiler: host locations from the host service become ACL drop rules on NIDS switches only; no located
 * source is a compilation failure.
 */
public class BlockIntentCompilerTest {

    static final ApplicationId APP = new TestApplicationId("org.onosproject.nids");
    static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    static final DeviceId S2 = DeviceId.deviceId("device:bmv2:s2");
    static final DeviceId OTHER = DeviceId.deviceId("of:0000000000000001");
    static final Ip4Address ATTACKER = Ip4Address.valueOf("10.0.0.3");

    private final Map<Ip4Address, Set<Host>> hosts = new HashMap<>();
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
        compiler.pipeconfService = new PiPipeconfServiceAdapter() {
            @Override
            public Optional<PiPipeconfId> ofDevice(DeviceId deviceId) {
                return deviceId.equals(OTHER) ? Optional.of(new PiPipeconfId("org.onosproject.pipelines.basic"))
                        : Optional.of(NidsPipeconfLoader.PIPECONF_ID);
            }
        };
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

    private static long ternaryValue(PiCriterion criterion, PiMatchFieldId field) {
        PiFieldMatch match = criterion.fieldMatch(field).orElseThrow(() -> new AssertionError("no " + field));
        return new BigInteger(1, ((PiTernaryFieldMatch) match).value().asArray()).longValueExact();
    }

    private static long ternaryMask(PiCriterion criterion, PiMatchFieldId field) {
        PiFieldMatch match = criterion.fieldMatch(field).orElseThrow(() -> new AssertionError("no " + field));
        return new BigInteger(1, ((PiTernaryFieldMatch) match).mask().asArray()).longValueExact();
    }

    private static PiCriterion criterion(FlowRule rule) {
        return (PiCriterion) rule.selector().getCriterion(Criterion.Type.PROTOCOL_INDEPENDENT);
    }

    private List<FlowRule> rules(List<Intent> compiled) {
        assertEquals(1, compiled.size());
        return ((FlowRuleIntent) compiled.get(0)).flowRules().stream().collect(Collectors.toList());
    }

    @Test
    public void activationRegistersTheCompilerAndTheIntentCodecAndDeactivationUndoesIt() {
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
        CodecService codecs = createMock(CodecService.class);
        codecs.registerCodec(eq(BlockIntent.class), anyObject(BlockIntentCodec.class));
        codecs.unregisterCodec(BlockIntent.class);
        replay(codecs);
        compiler.codecService = codecs;
        compiler.coreService = new CoreServiceAdapter() {
            @Override
            public ApplicationId registerApplication(String name) {
                return APP;
            }
        };
        compiler.activate();
        assertEquals(Map.of(BlockIntent.class, compiler), compilers);
        compiler.deactivate();
        assertTrue(compilers.isEmpty());
        verify(codecs);
    }

    @Test
    public void aLocatedSourceGetsOneDropRuleAtItsEdgePort() {
        Host attacker = host("00:00:00:00:00:03", ATTACKER, at(S2, 1));
        hosts.put(ATTACKER, Set.of(attacker));
        BlockIntent intent = intent(ATTACKER, BlockScope.ALL);

        List<Intent> compiled = compiler.compile(intent, null);
        List<FlowRule> rules = rules(compiled);
        assertEquals(1, rules.size());
        FlowRule rule = rules.get(0);
        assertEquals(S2, rule.deviceId());
        assertEquals(NIDS_INGRESS_FWD_ACL, rule.table());
        assertEquals(APP.id(), rule.appId());
        assertTrue(rule.isPermanent());
        assertEquals(BlockIntentCompiler.ACL_PRIORITY, rule.priority());
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
        PiAction action = (PiAction) rule.treatment().allInstructions().stream()
                .map(i -> ((PiInstruction) i).action())
                .findFirst().orElseThrow();
        assertEquals(NIDS_INGRESS_FWD_BLOCK, action.id());

        FlowRuleIntent installable = (FlowRuleIntent) compiled.get(0);
        assertEquals(intent.key(), installable.key());
        // The host and its switch are the resources: ONOS's objective tracker recompiles on their events.
        assertEquals(Set.of(attacker.id(), S2), Set.copyOf(installable.resources()));
    }

    @Test
    public void theScopeNarrowsTheMatch() {
        hosts.put(ATTACKER, Set.of(host("00:00:00:00:00:03", ATTACKER, at(S1, 2))));
        BlockScope scope = BlockScope.of(Ip4Prefix.valueOf("10.0.1.0/24"), 6, 80);

        PiCriterion match = criterion(rules(compiler.compile(intent(ATTACKER, scope), null)).get(0));
        assertEquals(0x0a000100L, ternaryValue(match, HDR_IPV4_DST));
        assertEquals(0xffffff00L, ternaryMask(match, HDR_IPV4_DST));
        assertEquals(6, ternaryValue(match, HDR_IP_PROTO));
        assertEquals(0xff, ternaryMask(match, HDR_IP_PROTO));
        assertEquals(80, ternaryValue(match, HDR_L4_DPORT));
        assertEquals(0xffff, ternaryMask(match, HDR_L4_DPORT));
        assertEquals(2, ternaryValue(match, HDR_IG_PORT));
    }

    @Test
    public void everyLocationOnANidsSwitchIsBlockedAndOthersAreSkipped() {
        hosts.put(ATTACKER, Set.of(host("00:00:00:00:00:03", ATTACKER, at(S1, 1), at(S2, 4), at(OTHER, 7))));

        List<FlowRule> rules = rules(compiler.compile(intent(ATTACKER, BlockScope.ALL), null));
        assertEquals(List.of(S1, S2), rules.stream().map(FlowRule::deviceId).collect(Collectors.toList()));
        assertEquals(4, ternaryValue(criterion(rules.get(1)), HDR_IG_PORT));
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
            fail("compiled a rule for a switch without the NIDS pipeconf");
        } catch (IntentCompilationException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("not located on a NIDS switch"));
        }
    }
}
