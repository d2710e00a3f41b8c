/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.pipeconf;

import org.junit.Before;
import org.junit.Test;
import org.onosproject.TestApplicationId;
import org.onosproject.cluster.NodeId;
import org.onosproject.mastership.MastershipServiceAdapter;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.pi.PiPipeconfServiceAdapter;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.runtime.PiMatchKey;
import org.onosproject.net.pi.runtime.PiTableEntry;
import org.onosproject.net.pi.service.PiFlowRuleTranslator;
import org.onosproject.net.pi.service.PiTranslationService;
import org.onosproject.nids.api.NidsApp;
import org.onosproject.nids.codec.NidsTestModels;
import org.onosproject.store.cluster.messaging.ClusterCommunicationServiceAdapter;
import org.onosproject.store.cluster.messaging.MessageSubject;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

import static org.easymock.EasyMock.anyObject;
import static org.easymock.EasyMock.createNiceMock;
import static org.easymock.EasyMock.expect;
import static org.easymock.EasyMock.getCurrentArguments;
import static org.easymock.EasyMock.replay;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * Where a bank write goes: an instance that does not master the switch sends the translated entries to its master
 * and answers with the master's answer; no master or no answer is a refused write, and nothing is sent without a
 * master.
 */
public class P4RuntimeClassifierBanksRoutingTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    private static final NodeId MASTER = NodeId.nodeId("onos-2");

    /** Cluster messaging that records what is sent and answers with `answer`. */
    private static final class Messages extends ClusterCommunicationServiceAdapter {
        final List<P4RuntimeClassifierBanks.BankWrite> sent = new ArrayList<>();
        final List<NodeId> to = new ArrayList<>();
        CompletableFuture<Boolean> answer = CompletableFuture.completedFuture(true);

        @Override
        @SuppressWarnings("unchecked")
        public <M, R> CompletableFuture<R> sendAndReceive(M message, MessageSubject subject,
                                                          Function<M, byte[]> encoder, Function<byte[], R> decoder,
                                                          NodeId toNodeId, Duration timeout) {
            assertEquals(P4RuntimeClassifierBanks.BANK_WRITE, subject);
            sent.add((P4RuntimeClassifierBanks.BankWrite) decoder.apply(encoder.apply(message)));
            to.add(toNodeId);
            return (CompletableFuture<R>) answer;
        }
    }

    private final Messages messages = new Messages();
    private final List<FlowRule> rules = PipelineEntries.planned(new TestApplicationId(NidsApp.APP_NAME), S1,
            NidsTestModels.bundle(NidsTestModels.ttlTree(), "ttl"), 1);
    private NodeId master = MASTER;
    private P4RuntimeClassifierBanks banks;

    @Before
    public void setUp() throws Exception {
        PiPipeconf pipeconf = NidsPipeconfLoader.buildPipeconf();
        PiFlowRuleTranslator translator = createNiceMock(PiFlowRuleTranslator.class);
        // A stand-in translation: the entry's table and priority, enough to tell the entries apart.
        expect(translator.translate(anyObject(), anyObject())).andStubAnswer(() -> {
            FlowRule rule = (FlowRule) getCurrentArguments()[0];
            return PiTableEntry.builder().forTable((PiTableId) rule.table())
                    .withMatchKey(PiMatchKey.EMPTY).withPriority(rule.priority()).build();
        });
        PiTranslationService translation = createNiceMock(PiTranslationService.class);
        expect(translation.flowRuleTranslator()).andStubReturn(translator);
        replay(translator, translation);

        banks = new P4RuntimeClassifierBanks();
        banks.clusterCommunicator = messages;
        banks.translationService = translation;
        banks.pipeconfService = new PiPipeconfServiceAdapter() {
            @Override
            public Optional<PiPipeconf> getPipeconf(DeviceId deviceId) {
                return Optional.of(pipeconf);
            }
        };
        banks.mastershipService = new MastershipServiceAdapter() {
            @Override
            public boolean isLocalMaster(DeviceId deviceId) {
                return false;
            }

            @Override
            public NodeId getMasterFor(DeviceId deviceId) {
                return master;
            }
        };
    }

    @Test
    public void aSwitchAnotherInstanceMastersIsWrittenByItsMaster() {
        assertTrue(banks.replace(S1, 1, rules).join());
        assertEquals(List.of(MASTER), messages.to);
        P4RuntimeClassifierBanks.BankWrite write = messages.sent.get(0);
        assertEquals(S1, write.deviceId);
        assertEquals(1, write.bank);
        assertEquals(rules.size(), write.entries.size());
        assertEquals(rules.get(0).table(), write.entries.get(0).table());
    }

    @Test
    public void clearingSendsNoEntries() {
        assertTrue(banks.replace(S1, 0, List.of()).join());
        assertTrue(messages.sent.get(0).entries.isEmpty());
        assertEquals(0, messages.sent.get(0).bank);
    }

    @Test
    public void theMastersRefusalOrSilenceIsARefusedWrite() {
        messages.answer = CompletableFuture.completedFuture(false);
        assertFalse(banks.replace(S1, 1, rules).join());
        messages.answer = CompletableFuture.failedFuture(new TimeoutException("no answer"));
        assertFalse(banks.replace(S1, 1, rules).join());
    }

    @Test
    public void aSwitchWithoutMasterIsNotWritten() {
        master = null;
        assertFalse(banks.replace(S1, 1, rules).join());
        assertTrue(messages.sent.isEmpty());
    }
}
