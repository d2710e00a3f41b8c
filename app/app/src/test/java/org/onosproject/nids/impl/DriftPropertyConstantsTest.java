/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.junit.Test;

import java.util.Map;

import static org.junit.Assert.assertEquals;

/**
 * ClassShareTracker.cfgdef (what `cfg get` shows) lists exactly the properties of DriftPropertyConstants (what the
 * component reads), with the same types and defaults.
 */
public class DriftPropertyConstantsTest {

    @Test
    public void cfgdefListsExactlyTheConstantsWithTheirDefaults() throws Exception {
        Map<String, String> constants = CfgdefAssert.constants(DriftPropertyConstants.class);
        assertEquals(2, constants.size());
        assertEquals(constants, CfgdefAssert.cfgdef(ClassShareTracker.class, "ClassShareTracker.cfgdef"));
    }
}
