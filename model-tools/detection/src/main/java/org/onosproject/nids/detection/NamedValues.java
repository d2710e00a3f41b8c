/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.detection;

import java.util.function.BiConsumer;

/**
 * Comma-separated {@code Name=VALUE} pairs, the form of the policy properties that set something per class or family
 * ({@code alertSeverities}, {@code attackFamilies}, {@code autoBlockMinFlows}): one reading of the form, so they
 * refuse the same mistakes with the same words.
 */
final class NamedValues {

    private NamedValues() {
    }

    /**
     * Hands each pair to {@code pair}, names and values stripped; blank items are skipped.
     *
     * @param spec the property's value, null or blank for none
     * @param form the form for the error, e.g. {@code ClassName=SEVERITY}
     * @param pair takes a name and its value; throws IllegalArgumentException for a value it refuses
     * @throws IllegalArgumentException with a one-line reason for an item with no name or no '='
     */
    static void forEach(String spec, String form, BiConsumer<String, String> pair) {
        if (spec == null) {
            return;
        }
        for (String item : spec.split(",")) {
            if (item.isBlank()) {
                continue;
            }
            int eq = item.indexOf('=');
            String name = eq < 0 ? "" : item.substring(0, eq).strip();
            if (name.isEmpty()) {
                throw new IllegalArgumentException("expected " + form + ", got \"" + item.strip() + "\"");
            }
            pair.accept(name, item.substring(eq + 1).strip());
        }
    }
}
