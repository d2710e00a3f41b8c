/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.alert;

import org.junit.Test;
import org.onosproject.nids.impl.CfgdefAssert;

import java.util.Map;

import static org.junit.Assert.assertEquals;

/**
 * NidsAlertManager.cfgdef (what `cfg get` shows) lists exactly the properties of AlertPropertyConstants (what the
 * component reads), with the same types and defaults.
 */
public class AlertPropertyConstantsTest {

    @Test
    public void cfgdefListsExactlyTheConstantsWithTheirDefaults() throws Exception {
        Map<String, String> constants = CfgdefAssert.constants(AlertPropertyConstants.class);
        assertEquals(3, constants.size());
        assertEquals(constants, CfgdefAssert.cfgdef(NidsAlertManager.class, "NidsAlertManager.cfgdef"));
    }
}
