/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

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
import static org.junit.Assert.assertTrue;

/**
 * NidsModelManager.cfgdef (what `cfg get` shows) lists exactly the properties of OsgiPropertyConstants (what the
 * component reads), with the same defaults and matching types.
 */
public class OsgiPropertyConstantsTest {

    private static final String CFGDEF = "/org/onosproject/nids/impl/NidsModelManager.cfgdef";
    private static final String DEFAULT_SUFFIX = "_DEFAULT";

    /** name → "TYPE|default" from the cfgdef. */
    private static Map<String, String> cfgdef() throws Exception {
        Map<String, String> properties = new TreeMap<>();
        try (InputStream in = NidsModelManager.class.getResourceAsStream(CFGDEF)) {
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
                String previous = properties.put(parts[0], parts[1] + "|" + parts[2]);
                assertEquals("listed twice: " + parts[0], null, previous);
            }
        }
        return properties;
    }

    /** name → "TYPE|default" from the X / X_DEFAULT pairs of OsgiPropertyConstants. */
    private static Map<String, String> constants() throws Exception {
        Map<String, String> properties = new TreeMap<>();
        for (Field name : OsgiPropertyConstants.class.getDeclaredFields()) {
            if (!Modifier.isStatic(name.getModifiers()) || name.getName().endsWith(DEFAULT_SUFFIX)) {
                continue;
            }
            assertEquals(name.getName() + " names a property", String.class, name.getType());
            Field value = OsgiPropertyConstants.class.getDeclaredField(name.getName() + DEFAULT_SUFFIX);
            String type;
            if (value.getType() == String.class) {
                type = "STRING";
            } else if (value.getType() == int.class || value.getType() == Integer.class) {
                type = "INTEGER";
            } else if (value.getType() == long.class || value.getType() == Long.class) {
                type = "LONG";
            } else if (value.getType() == boolean.class || value.getType() == Boolean.class) {
                type = "BOOLEAN";
            } else {
                throw new AssertionError("unexpected default type of " + value);
            }
            properties.put((String) name.get(null), type + "|" + value.get(null));
        }
        return properties;
    }

    @Test
    public void everyConstantHasADefaultAndEveryDefaultAConstant() throws Exception {
        for (Field field : OsgiPropertyConstants.class.getDeclaredFields()) {
            if (field.getName().endsWith(DEFAULT_SUFFIX)) {
                String name = field.getName().substring(0, field.getName().length() - DEFAULT_SUFFIX.length());
                OsgiPropertyConstants.class.getDeclaredField(name);
            }
        }
        assertTrue(constants().size() >= 7);
    }

    @Test
    public void cfgdefListsExactlyTheConstantsWithTheirDefaults() throws Exception {
        assertEquals(constants(), cfgdef());
    }
}
