/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.detection;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The attack family of a class name: an override when the {@code attackFamilies} property names the class
 * ({@code Generic=Flood,Exploits=Other}, names case-insensitive), else the first family whose words the name
 * contains (any case): "slow" → SlowDoS (slowloris, SlowHTTPTest; before "dos"), "brute", "password", "patator" →
 * BruteForce, "scan", "recon", "probe", "sweep" → Scan, "flood", "dos" (DoS, DDoS), "hulk", "loic", "hoic",
 * "goldeneye" → Flood; any other name (a binary model's "Attack", UNSW's "Exploits") → Other.
 */
public final class FamilyPolicy {

    /** The rule without overrides. */
    public static final FamilyPolicy DEFAULT = new FamilyPolicy(Map.of());

    private static final Map<AttackFamily, List<String>> WORDS = words();

    private final Map<String, AttackFamily> overrides;

    private FamilyPolicy(Map<String, AttackFamily> overrides) {
        this.overrides = Collections.unmodifiableMap(new LinkedHashMap<>(overrides));
    }

    private static Map<AttackFamily, List<String>> words() {
        // Checked in this order: "slow" before "dos", "scan" before "flood" (no name holds both in practice).
        Map<AttackFamily, List<String>> words = new LinkedHashMap<>();
        words.put(AttackFamily.SLOW_DOS, List.of("slow"));
        words.put(AttackFamily.BRUTE_FORCE, List.of("brute", "password", "patator"));
        words.put(AttackFamily.SCAN, List.of("scan", "recon", "probe", "sweep"));
        words.put(AttackFamily.FLOOD, List.of("flood", "dos", "hulk", "loic", "hoic", "goldeneye"));
        return Collections.unmodifiableMap(words);
    }

    /**
     * Reads the {@code attackFamilies} property.
     *
     * @param spec comma-separated {@code ClassName=FAMILY} pairs (Scan, Flood, BruteForce, SlowDoS, Other, any case);
     *             blank: no override
     * @return the policy
     * @throws IllegalArgumentException with a one-line reason for a malformed pair or an unknown family
     */
    public static FamilyPolicy parse(String spec) {
        if (spec == null || spec.isBlank()) {
            return DEFAULT;
        }
        Map<String, AttackFamily> overrides = new LinkedHashMap<>();
        NamedValues.forEach(spec, "ClassName=FAMILY", (name, family) -> overrides.put(
                name.toLowerCase(Locale.ROOT), AttackFamily.parse(family).orElseThrow(
                        () -> new IllegalArgumentException("unknown attack family \"" + family + "\" for class " + name
                                + " (expected Scan, Flood, BruteForce, SlowDoS or Other)"))));
        return new FamilyPolicy(overrides);
    }

    /**
     * @param className an attack class name
     * @return its family
     */
    public AttackFamily of(String className) {
        String name = Objects.requireNonNull(className, "className").toLowerCase(Locale.ROOT);
        AttackFamily override = overrides.get(name);
        if (override != null) {
            return override;
        }
        for (Map.Entry<AttackFamily, List<String>> family : WORDS.entrySet()) {
            for (String word : family.getValue()) {
                if (name.contains(word)) {
                    return family.getKey();
                }
            }
        }
        return AttackFamily.OTHER;
    }

    /**
     * @param className an attack class name
     * @return the name of its incidents' family: the family's label, or the class name itself for OTHER (a binary
     *         model's incidents are "Attack" incidents)
     */
    public String incidentFamily(String className) {
        AttackFamily family = of(className);
        return family == AttackFamily.OTHER ? className : family.label();
    }

    /** @return the overrides as {@link #parse} reads them (empty for none) */
    public String spec() {
        StringBuilder spec = new StringBuilder();
        overrides.forEach((name, family) -> spec.append(spec.length() == 0 ? "" : ",").append(name).append('=')
                .append(family.label()));
        return spec.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FamilyPolicy && ((FamilyPolicy) o).overrides.equals(overrides);
    }

    @Override
    public int hashCode() {
        return overrides.hashCode();
    }

    @Override
    public String toString() {
        return overrides.isEmpty() ? "default" : overrides.toString();
    }
}
