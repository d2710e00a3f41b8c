/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.junit.Test;

import java.lang.reflect.Field;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.onosproject.nids.impl.CfgdefAssert.DEFAULT_SUFFIX;

/**
 * NidsModelManager.cfgdef (what `cfg get` shows) lists exactly the properties of OsgiPropertyConstants (what the
 * component reads), with the same defaults and matching types.
 */
public class OsgiPropertyConstantsTest {

    private static final String CFGDEF = "/org/onosproject/nids/impl/NidsModelManager.cfgdef";

    @Test
    public void everyConstantHasADefaultAndEveryDefaultAConstant() throws Exception {
        for (Field field : OsgiPropertyConstants.class.getDeclaredFields()) {
            if (field.getName().endsWith(DEFAULT_SUFFIX)) {
                String name = field.getName().substring(0, field.getName().length() - DEFAULT_SUFFIX.length());
                OsgiPropertyConstants.class.getDeclaredField(name);
            }
        }
        assertTrue(CfgdefAssert.constants(OsgiPropertyConstants.class).size() >= 7);
    }

    @Test
    public void cfgdefListsExactlyTheConstantsWithTheirDefaults() throws Exception {
        assertEquals(CfgdefAssert.constants(OsgiPropertyConstants.class),
                     CfgdefAssert.cfgdef(NidsModelManager.class, CFGDEF));
    }
}
