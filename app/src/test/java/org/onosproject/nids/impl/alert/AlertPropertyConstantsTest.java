/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.alert;

import org.junit.Test;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;

/**
 * NidsAlertManager.cfgdef (what `cfg get` shows) lists exactly the properties of AlertPropertyConstants (what the
 * component reads), with the same types and defaults.
 */
public class AlertPropertyConstantsTest {

    private static final String CFGDEF = "NidsAlertManager.cfgdef";
    private static final String DEFAULT_SUFFIX = "_DEFAULT";

    @Test
    public void cfgdefListsExactlyTheConstantsWithTheirDefaults() throws Exception {
        Map<String, String> cfgdef = new TreeMap<>();
        try (InputStream in = NidsAlertManager.class.getResourceAsStream(CFGDEF)) {
            assertNotNull("missing " + CFGDEF, in);
            BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            while ((line = lines.readLine()) != null) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] parts = line.split("\\|", 4);
                assertEquals("name|TYPE|default|description: " + line, 4, parts.length);
                assertFalse("description of " + parts[0], parts[3].isBlank());
                assertEquals("listed twice: " + parts[0], null, cfgdef.put(parts[0], parts[1] + "|" + parts[2]));
            }
        }
        Map<String, String> constants = new TreeMap<>();
        for (Field name : AlertPropertyConstants.class.getDeclaredFields()) {
            if (!Modifier.isStatic(name.getModifiers()) || name.getName().endsWith(DEFAULT_SUFFIX)) {
                continue;
            }
            Field value = AlertPropertyConstants.class.getDeclaredField(name.getName() + DEFAULT_SUFFIX);
            String type = value.getType() == String.class ? "STRING" : "INTEGER";
            assertEquals(value.toString(), type.equals("STRING") ? String.class : int.class, value.getType());
            constants.put((String) name.get(null), type + "|" + value.get(null));
        }
        assertEquals(3, constants.size());
        assertEquals(constants, cfgdef);
    }
}
