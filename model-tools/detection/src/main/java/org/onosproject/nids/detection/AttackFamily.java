/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.detection;

import java.util.Locale;
import java.util.Optional;

/**
 * What kind of attack a class is, for grouping verdicts into incidents and for the auto-block defaults: a scan
 * touches many ports or hosts with small flows, a flood many flows (or packets) to one target, a brute force a few
 * dozen login attempts, a slow DoS a few dozen held-open connections. OTHER is any class none of these names, such
 * as a binary model's "Attack": its incidents are named by the class itself.
 */
public enum AttackFamily {
    SCAN("Scan"),
    FLOOD("Flood"),
    BRUTE_FORCE("BruteForce"),
    SLOW_DOS("SlowDoS"),
    OTHER("Other");

    private final String label;

    AttackFamily(String label) {
        this.label = label;
    }

    /** @return how incidents and the properties name the family ({@code Scan}, {@code BruteForce}, …) */
    public String label() {
        return label;
    }

    /**
     * @param text a family's label or constant name, any case ({@code scan}, {@code BruteForce}, {@code slow_dos})
     * @return the family, if the text names one
     */
    public static Optional<AttackFamily> parse(String text) {
        String name = text.strip().replace("_", "").replace("-", "").replace(" ", "").toLowerCase(Locale.ROOT);
        for (AttackFamily family : values()) {
            if (family.label.toLowerCase(Locale.ROOT).equals(name)) {
                return Optional.of(family);
            }
        }
        return Optional.empty();
    }
}
