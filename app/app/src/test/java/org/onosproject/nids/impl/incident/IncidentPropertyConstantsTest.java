/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.incident;

import org.junit.Test;
import org.onosproject.nids.impl.CfgdefAssert;

import java.util.Map;

import static org.junit.Assert.assertEquals;

/**
 * NidsIncidentManager.cfgdef (what `cfg get` shows) lists exactly the properties of IncidentPropertyConstants (what the
 * component reads), with the same types and defaults.
 */
public class IncidentPropertyConstantsTest {

    @Test
    public void cfgdefListsExactlyTheConstantsWithTheirDefaults() throws Exception {
        Map<String, String> constants = CfgdefAssert.constants(IncidentPropertyConstants.class);
        assertEquals(5, constants.size());
        assertEquals(constants, CfgdefAssert.cfgdef(NidsIncidentManager.class, "NidsIncidentManager.cfgdef"));
    }
}
