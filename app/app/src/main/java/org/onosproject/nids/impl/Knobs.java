/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.slf4j.Logger;

import java.util.Dictionary;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Integer component properties read within their range: a value out of range or not a number is refused with one
 * warning line naming the property, the value and the range, and the value in use is kept (nothing is written to a
 * switch from it).
 */
public final class Knobs {

    private static final Logger log = getLogger(Knobs.class);

    private Knobs() {
    }

    /**
     * @param properties the component's properties (null: none)
     * @param name       the property
     * @param current    the value in use, kept when the property is absent or refused
     * @param min        the smallest value accepted
     * @param max        the largest value accepted
     * @return the property's value, or current
     */
    public static int integer(Dictionary<?, ?> properties, String name, int current, int min, int max) {
        Object raw = properties == null ? null : properties.get(name);
        if (raw == null || raw.toString().isBlank()) {
            return current;
        }
        String text = raw.toString().strip();
        try {
            int value = Integer.parseInt(text);
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        log.warn("Refusing {}={}: expected an integer {}..{}; keeping {}", name, text, min, max, current);
        return current;
    }
}
