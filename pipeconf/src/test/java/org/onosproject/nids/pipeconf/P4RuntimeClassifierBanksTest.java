/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.pipeconf;

import org.junit.Test;
import org.onlab.util.ImmutableByteSequence;
import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.onosproject.net.pi.runtime.PiExactFieldMatch;
import org.onosproject.net.pi.runtime.PiMatchKey;
import org.onosproject.net.pi.runtime.PiRangeFieldMatch;
import org.onosproject.net.pi.runtime.PiTableEntry;

import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.onosproject.nids.pipeconf.NidsConstants.*;

/**
 * What an instance sends a switch's master to write a bank: the translated entries arrive as they were sent, and the
 * bank of an entry read from the switch is its bank key.
 */
public class P4RuntimeClassifierBanksTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");

    private static PiTableEntry decision(int bank, int priority) {
        return PiTableEntry.builder()
                .forTable(NIDS_INGRESS_CLASSIFIER_DECISION)
                .withMatchKey(PiMatchKey.builder()
                                      .addFieldMatch(new PiExactFieldMatch(HDR_BANK, ImmutableByteSequence.copyFrom(
                                              (byte) bank)))
                                      .addFieldMatch(new PiExactFieldMatch(HDR_PHASE, ImmutableByteSequence.copyFrom(
                                              (byte) 3)))
                                      .addFieldMatch(new PiRangeFieldMatch(HDR_CODE_0,
                                                                           ImmutableByteSequence.copyFrom((short) 2),
                                                                           ImmutableByteSequence.copyFrom((short) 9)))
                                      .build())
                .withAction(PiAction.builder().withId(NIDS_INGRESS_CLASSIFIER_SET_CLASS)
                                    .withParameter(new PiActionParam(CLASS_ID, 1))
                                    .withParameter(new PiActionParam(LEAF_ID, 42))
                                    .withParameter(new PiActionParam(CONFIDENCE, 990))
                                    .build())
                .withPriority(priority)
                .build();
    }

    @Test
    public void aBankWriteCrossesToTheMasterIntact() {
        List<PiTableEntry> entries = List.of(decision(1, 7), decision(1, 6));
        P4RuntimeClassifierBanks.BankWrite sent = new P4RuntimeClassifierBanks.BankWrite(S1, 1, entries);
        P4RuntimeClassifierBanks.BankWrite received = P4RuntimeClassifierBanks.SERIALIZER.decode(
                P4RuntimeClassifierBanks.SERIALIZER.encode(sent));
        assertEquals(S1, received.deviceId);
        assertEquals(1, received.bank);
        assertEquals(entries, received.entries);
        assertEquals(Boolean.TRUE, P4RuntimeClassifierBanks.SERIALIZER.decode(
                P4RuntimeClassifierBanks.SERIALIZER.encode(Boolean.TRUE)));
    }

    @Test
    public void anEntrysBankIsItsBankKey() {
        assertEquals(0, P4RuntimeClassifierBanks.bankOf(decision(0, 1)));
        assertEquals(1, P4RuntimeClassifierBanks.bankOf(decision(1, 1)));
        assertEquals(-1, P4RuntimeClassifierBanks.bankOf(PiTableEntry.builder().forTable(NIDS_INGRESS_CFG_CONFIG)
                                                                 .withMatchKey(PiMatchKey.EMPTY).build()));
    }
}
