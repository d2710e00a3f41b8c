/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.flow;

import org.junit.Test;
import org.onosproject.nids.impl.CfgdefAssert;
import org.onosproject.nids.impl.netflow.NetflowExportConfig;

import java.util.Map;
import java.util.TreeMap;

import static org.junit.Assert.assertEquals;

/**
 * NidsFlowManager.cfgdef lists exactly its own properties (FlowPropertyConstants) and the NetFlow export ones
 * (NetflowExportConfig), with their defaults.
 */
public class FlowPropertyConstantsTest {

    @Test
    public void cfgdefListsExactlyTheConstantsWithTheirDefaults() throws Exception {
        Map<String, String> constants = new TreeMap<>(CfgdefAssert.constants(FlowPropertyConstants.class));
        constants.putAll(CfgdefAssert.constants(NetflowExportConfig.class));
        assertEquals(constants, CfgdefAssert.cfgdef(NidsFlowManager.class, "NidsFlowManager.cfgdef"));
    }
}
