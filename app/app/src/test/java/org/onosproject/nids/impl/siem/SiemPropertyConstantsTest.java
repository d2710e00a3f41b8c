/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.siem;

import org.junit.Test;
import org.onosproject.nids.impl.CfgdefAssert;

import java.util.Map;

import static org.junit.Assert.assertEquals;

/**
 * NidsSiemManager.cfgdef (what `cfg get` shows) lists exactly the properties of SiemPropertyConstants (what the
 * component reads), with the same types and defaults; and the defaults make the default configuration.
 */
public class SiemPropertyConstantsTest {

    @Test
    public void cfgdefListsExactlyTheConstantsWithTheirDefaults() throws Exception {
        Map<String, String> constants = CfgdefAssert.constants(SiemPropertyConstants.class);
        assertEquals(6, constants.size());
        assertEquals(constants, CfgdefAssert.cfgdef(NidsSiemManager.class, "NidsSiemManager.cfgdef"));
    }

    @Test
    public void theDefaultsAreTheDefaultConfiguration() {
        assertEquals(SiemExportConfig.DEFAULT, SiemExportConfig.fromProperties(new java.util.Hashtable<>()));
    }
}
