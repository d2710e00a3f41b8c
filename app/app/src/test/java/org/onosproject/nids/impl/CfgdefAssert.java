/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

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
 * Reads the two sides of a component's configuration properties — the .cfgdef onos-maven-plugin generates from the
 * component's annotation and field comments (what `cfg get` shows) and the X / X_DEFAULT constant pairs (what the
 * component reads) — as name → "TYPE|default", so tests compare them.
 */
public final class CfgdefAssert {

    static final String DEFAULT_SUFFIX = "_DEFAULT";

    private CfgdefAssert() {
    }

    /**
     * @param component class next to whose package the resource lives
     * @param resource  cfgdef resource, relative to the component's package or absolute
     * @return name → "TYPE|default"
     * @throws Exception on a read failure
     */
    public static Map<String, String> cfgdef(Class<?> component, String resource) throws Exception {
        Map<String, String> properties = new TreeMap<>();
        try (InputStream in = component.getResourceAsStream(resource)) {
            assertNotNull("missing " + resource, in);
            BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            while ((line = lines.readLine()) != null) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] parts = line.split("\\|", 4);
                assertEquals("name|TYPE|default|description: " + line, 4, parts.length);
                assertFalse("description of " + parts[0], parts[3].isBlank());
                // The generator falls back to this when the component has no commented field named as the property.
                assertFalse("no field comment describes " + parts[0], parts[3].equals("no description provided"));
                assertEquals("listed twice: " + parts[0], null, properties.put(parts[0], parts[1] + "|" + parts[2]));
            }
        }
        return properties;
    }

    /**
     * @param constants class of X / X_DEFAULT pairs
     * @return name → "TYPE|default"
     * @throws Exception on a reflection failure (a constant without its default)
     */
    public static Map<String, String> constants(Class<?> constants) throws Exception {
        Map<String, String> properties = new TreeMap<>();
        for (Field name : constants.getDeclaredFields()) {
            if (!Modifier.isStatic(name.getModifiers()) || !Modifier.isPublic(name.getModifiers())
                    || name.getName().endsWith(DEFAULT_SUFFIX)) {
                continue;
            }
            assertEquals(name.getName() + " names a property", String.class, name.getType());
            Field value = constants.getDeclaredField(name.getName() + DEFAULT_SUFFIX);
            properties.put((String) name.get(null), typeOf(value) + "|" + value.get(null));
        }
        return properties;
    }

    private static String typeOf(Field value) {
        Class<?> type = value.getType();
        if (type == String.class) {
            return "STRING";
        } else if (type == int.class || type == Integer.class) {
            return "INTEGER";
        } else if (type == long.class || type == Long.class) {
            return "LONG";
        } else if (type == boolean.class || type == Boolean.class) {
            return "BOOLEAN";
        }
        throw new AssertionError("unexpected default type of " + value);
    }
}
