/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.block;

import org.junit.Test;
import org.onosproject.nids.impl.CfgdefAssert;

import java.util.Map;

import static org.junit.Assert.assertEquals;

/**
 * NidsBlockManager.cfgdef (what `cfg get` shows) lists exactly the properties of BlockPropertyConstants (what the
 * component reads), with the same types and defaults.
 */
public class BlockPropertyConstantsTest {

    @Test
    public void cfgdefListsExactlyTheConstantsWithTheirDefaults() throws Exception {
        Map<String, String> constants = CfgdefAssert.constants(BlockPropertyConstants.class);
        assertEquals(7, constants.size());
        assertEquals(constants, CfgdefAssert.cfgdef(NidsBlockManager.class, "NidsBlockManager.cfgdef"));
    }
}
