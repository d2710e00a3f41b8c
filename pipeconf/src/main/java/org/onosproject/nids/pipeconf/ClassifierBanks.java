/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.pipeconf;

import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRule;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Writes the classifier's banks ({@link ClassifierTables#BANKED}) of a switch. The classifier tables are the NIDS
 * application's own: a bank is replaced as a whole (whatever the switch holds in it goes), and its entries are kept
 * out of ONOS's flow rule subsystem (see {@link AppOwnedTablesModel}).
 */
public interface ClassifierBanks {

    /**
     * Replaces the entries of one bank of a switch: what the switch holds in that bank is removed, then {@code
     * rules} are written.
     *
     * @param deviceId switch
     * @param bank     the bank
     * @param rules    the bank's entries (all in {@link ClassifierTables#BANKED} tables, all of that bank); empty
     *                 clears the bank
     * @return completes with true once the switch accepted every removal and write, false if it refused any
     */
    CompletableFuture<Boolean> replace(DeviceId deviceId, int bank, List<FlowRule> rules);
}
