/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.detection;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The severity of an attack class: an override by class name when the {@code alertSeverities} property names the
 * class ({@code Scan=LOW,DDoS=HIGH}, names case-insensitive), else MEDIUM for classes named like reconnaissance (the
 * name contains "scan", "recon" or "probe", any case) and HIGH for every other attack class.
 */
public final class SeverityPolicy {

    /** The rule without overrides. */
    public static final SeverityPolicy DEFAULT = new SeverityPolicy(Map.of());

    private static final String[] RECONNAISSANCE = {"scan", "recon", "probe"};

    private final Map<String, AlertSeverity> overrides;

    private SeverityPolicy(Map<String, AlertSeverity> overrides) {
        this.overrides = Collections.unmodifiableMap(new LinkedHashMap<>(overrides));
    }

    /**
     * Reads the {@code alertSeverities} property.
     *
     * @param spec comma-separated {@code ClassName=SEVERITY} pairs (LOW, MEDIUM, HIGH); blank: no override
     * @return the policy
     * @throws IllegalArgumentException with a one-line reason for a malformed pair or an unknown severity
     */
    public static SeverityPolicy parse(String spec) {
        if (spec == null || spec.isBlank()) {
            return DEFAULT;
        }
        Map<String, AlertSeverity> overrides = new LinkedHashMap<>();
        NamedValues.forEach(spec, "ClassName=SEVERITY", (name, value) -> {
            String severity = value.toUpperCase(Locale.ROOT);
            try {
                overrides.put(name.toLowerCase(Locale.ROOT), AlertSeverity.valueOf(severity));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("unknown severity \"" + severity + "\" for class " + name
                        + " (expected LOW, MEDIUM or HIGH)");
            }
        });
        return new SeverityPolicy(overrides);
    }

    /**
     * @param className an attack class name
     * @return its severity
     */
    public AlertSeverity of(String className) {
        String name = Objects.requireNonNull(className, "className").toLowerCase(Locale.ROOT);
        AlertSeverity override = overrides.get(name);
        if (override != null) {
            return override;
        }
        for (String word : RECONNAISSANCE) {
            if (name.contains(word)) {
                return AlertSeverity.MEDIUM;
            }
        }
        return AlertSeverity.HIGH;
    }

    /**
     * @param className a class name
     * @return its override, if the property names it
     */
    public Optional<AlertSeverity> override(String className) {
        return Optional.ofNullable(overrides.get(className.toLowerCase(Locale.ROOT)));
    }

    /** @return the overrides as {@link #parse} reads them ({@code scan=LOW,ddos=HIGH}; empty for none) */
    public String spec() {
        StringBuilder spec = new StringBuilder();
        overrides.forEach((name, severity) -> spec.append(spec.length() == 0 ? "" : ",").append(name).append('=')
                .append(severity.name()));
        return spec.toString();
    }

    @Override
    public String toString() {
        return overrides.isEmpty() ? "default" : overrides.toString();
    }
}
