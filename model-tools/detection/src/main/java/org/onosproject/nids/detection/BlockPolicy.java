/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.detection;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The blocking policy (the block manager's component configuration), one immutable value per configuration: which
 * incidents are blocked automatically (severity, and how many distinct confident flows of one incident within a
 * window, per attack family), the default lifetime of a block, the sources never blocked, and the cap. The
 * parsers throw {@link IllegalArgumentException} with a one-line reason.
 */
public final class BlockPolicy {

    /** autoBlockMinSeverity for manual blocking only. */
    public static final String NONE = "NONE";
    /** The largest flow threshold (the first-verdict times an incident keeps). */
    public static final int MAX_MIN_FLOWS = 100;
    /** Confident flows an incident of each family needs before its source is blocked automatically. */
    public static final String DEFAULT_MIN_FLOWS = "Scan=10,Flood=10,BruteForce=5,SlowDoS=5,Other=5";
    /** The window those flows must fall in (seconds before the incident's latest verdict). */
    public static final long DEFAULT_WINDOW_SECONDS = 60;

    private static final Map<AttackFamily, Integer> DEFAULT_FLOWS = parseMinFlows(DEFAULT_MIN_FLOWS, null);

    private final AlertSeverity autoBlockMinSeverity;
    private final long ttlSeconds;
    private final List<Ipv4Cidr> allowlist;
    private final int maxBlocks;
    private final int autoBlockMinAlerts;
    private final Map<AttackFamily, Integer> autoBlockMinFlows;
    private final long autoBlockWindowSeconds;

    /**
     * A policy with the default flow thresholds and window.
     *
     * @param autoBlockMinSeverity lowest severity blocked automatically, null for manual blocking only
     * @param ttlSeconds           default lifetime of a block, 0 for none
     * @param allowlist            sources never blocked
     * @param maxBlocks            blocks held at once
     */
    public BlockPolicy(AlertSeverity autoBlockMinSeverity, long ttlSeconds, List<Ipv4Cidr> allowlist,
                       int maxBlocks) {
        this(autoBlockMinSeverity, ttlSeconds, allowlist, maxBlocks, 0, DEFAULT_FLOWS, DEFAULT_WINDOW_SECONDS);
    }

    /**
     * @param autoBlockMinSeverity lowest severity blocked automatically, null for manual blocking only
     * @param ttlSeconds           default lifetime of a block, 0 for none
     * @param allowlist            sources never blocked
     * @param maxBlocks            blocks held at once
     * @param autoBlockMinAlerts   if ≥ 1, the confident flows an incident of any family needs (overrides the per
     *                             family thresholds); 0 for those
     * @param autoBlockMinFlows    confident flows per family (every family present)
     * @param autoBlockWindowSeconds the window the flows must fall in
     */
    public BlockPolicy(AlertSeverity autoBlockMinSeverity, long ttlSeconds, List<Ipv4Cidr> allowlist,
                       int maxBlocks, int autoBlockMinAlerts, Map<AttackFamily, Integer> autoBlockMinFlows,
                       long autoBlockWindowSeconds) {
        this.autoBlockMinSeverity = autoBlockMinSeverity;
        this.ttlSeconds = ttlSeconds;
        this.allowlist = List.copyOf(allowlist);
        this.maxBlocks = maxBlocks;
        this.autoBlockMinAlerts = autoBlockMinAlerts;
        EnumMap<AttackFamily, Integer> flows = new EnumMap<>(AttackFamily.class);
        flows.putAll(autoBlockMinFlows);
        if (flows.size() != AttackFamily.values().length) {
            throw new IllegalArgumentException("autoBlockMinFlows must name every family: " + autoBlockMinFlows);
        }
        this.autoBlockMinFlows = Collections.unmodifiableMap(flows);
        this.autoBlockWindowSeconds = autoBlockWindowSeconds;
    }

    /**
     * @return if ≥ 1, the confident flows an incident of any family needs before its source is blocked (what
     *         "open alerts of the source" meant before incidents, alerts being one per flow); 0: the per-family
     *         thresholds ({@link #autoBlockMinFlows()}) apply
     */
    public int autoBlockMinAlerts() {
        return autoBlockMinAlerts;
    }

    /** @return the per-family thresholds (every family) */
    public Map<AttackFamily, Integer> autoBlockMinFlows() {
        return autoBlockMinFlows;
    }

    /**
     * @param family an incident's family
     * @return the distinct confident flows its incidents need within the window before the source is blocked
     */
    public int minFlows(AttackFamily family) {
        return autoBlockMinAlerts > 0 ? autoBlockMinAlerts : autoBlockMinFlows.get(family);
    }

    /** @return the window the flows counted by {@link #minFlows} must fall in, seconds */
    public long autoBlockWindowSeconds() {
        return autoBlockWindowSeconds;
    }

    public BlockPolicy withAutoBlockMinAlerts(int alerts) {
        return new BlockPolicy(autoBlockMinSeverity, ttlSeconds, allowlist, maxBlocks, alerts, autoBlockMinFlows,
                               autoBlockWindowSeconds);
    }

    public BlockPolicy withAutoBlockMinFlows(Map<AttackFamily, Integer> flows) {
        return new BlockPolicy(autoBlockMinSeverity, ttlSeconds, allowlist, maxBlocks, autoBlockMinAlerts, flows,
                               autoBlockWindowSeconds);
    }

    public BlockPolicy withAutoBlockWindowSeconds(long seconds) {
        return new BlockPolicy(autoBlockMinSeverity, ttlSeconds, allowlist, maxBlocks, autoBlockMinAlerts,
                               autoBlockMinFlows, seconds);
    }

    /** @return the lowest severity blocked automatically; empty for manual blocking only */
    public Optional<AlertSeverity> autoBlockMinSeverity() {
        return Optional.ofNullable(autoBlockMinSeverity);
    }

    public long ttlSeconds() {
        return ttlSeconds;
    }

    public List<Ipv4Cidr> allowlist() {
        return allowlist;
    }

    public int maxBlocks() {
        return maxBlocks;
    }

    /**
     * @param severity an incident's severity
     * @return whether the policy blocks such incidents automatically
     */
    public boolean autoBlocks(AlertSeverity severity) {
        return autoBlockMinSeverity != null && severity.compareTo(autoBlockMinSeverity) >= 0;
    }

    /**
     * @param src a source (IPv4 address as an int)
     * @return the allowlist entry holding it, if any
     */
    public Optional<Ipv4Cidr> allowlisted(int src) {
        return allowlist.stream().filter(prefix -> prefix.contains(src)).findFirst();
    }

    public BlockPolicy withAutoBlockMinSeverity(AlertSeverity severity) {
        return new BlockPolicy(severity, ttlSeconds, allowlist, maxBlocks, autoBlockMinAlerts, autoBlockMinFlows,
                               autoBlockWindowSeconds);
    }

    public BlockPolicy withTtlSeconds(long seconds) {
        return new BlockPolicy(autoBlockMinSeverity, seconds, allowlist, maxBlocks, autoBlockMinAlerts,
                               autoBlockMinFlows, autoBlockWindowSeconds);
    }

    public BlockPolicy withAllowlist(List<Ipv4Cidr> prefixes) {
        return new BlockPolicy(autoBlockMinSeverity, ttlSeconds, prefixes, maxBlocks, autoBlockMinAlerts,
                               autoBlockMinFlows, autoBlockWindowSeconds);
    }

    public BlockPolicy withMaxBlocks(int max) {
        return new BlockPolicy(autoBlockMinSeverity, ttlSeconds, allowlist, max, autoBlockMinAlerts,
                               autoBlockMinFlows, autoBlockWindowSeconds);
    }

    /**
     * Reads the {@code autoBlockMinFlows} property over the defaults.
     *
     * @param spec comma-separated {@code Family=N} (Scan, Flood, BruteForce, SlowDoS, Other; N 1..100); families
     *             not named keep their default
     * @return every family's threshold
     * @throws IllegalArgumentException with a one-line reason
     */
    public static Map<AttackFamily, Integer> parseMinFlows(String spec) {
        return parseMinFlows(spec, DEFAULT_FLOWS);
    }

    private static Map<AttackFamily, Integer> parseMinFlows(String spec, Map<AttackFamily, Integer> defaults) {
        EnumMap<AttackFamily, Integer> flows = new EnumMap<>(AttackFamily.class);
        if (defaults != null) {
            flows.putAll(defaults);
        }
        NamedValues.forEach(spec, "Family=N", (name, value) -> {
            AttackFamily family = AttackFamily.parse(name).orElseThrow(() -> new IllegalArgumentException(
                    "unknown attack family \"" + name + "\" (expected Scan, Flood, BruteForce, SlowDoS or Other)"));
            flows.put(family, parseInt(family.label(), value, 1, MAX_MIN_FLOWS));
        });
        return flows;
    }

    /** @return the thresholds as {@link #parseMinFlows} reads them, every family */
    public String minFlowsSpec() {
        StringBuilder spec = new StringBuilder();
        autoBlockMinFlows.forEach((family, n) -> spec.append(spec.length() == 0 ? "" : ",").append(family.label())
                .append('=').append(n));
        return spec.toString();
    }

    /**
     * @param text NONE, LOW, MEDIUM or HIGH (any case)
     * @return the severity, null for NONE
     */
    public static AlertSeverity parseSeverity(String text) {
        String name = text == null ? NONE : text.strip().toUpperCase(Locale.ROOT);
        if (NONE.equals(name) || name.isEmpty()) {
            return null;
        }
        try {
            return AlertSeverity.valueOf(name);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("expected NONE, LOW, MEDIUM or HIGH, got \"" + text + "\"");
        }
    }

    /**
     * @param text comma-separated IPv4 CIDRs (a bare address is a /32), may be empty
     * @return the prefixes
     */
    public static List<Ipv4Cidr> parseAllowlist(String text) {
        List<Ipv4Cidr> prefixes = new ArrayList<>();
        if (text == null) {
            return prefixes;
        }
        for (String item : text.split(",")) {
            if (!item.isBlank()) {
                prefixes.add(parsePrefix(item.strip()));
            }
        }
        return List.copyOf(prefixes);
    }

    public static Ipv4Cidr parsePrefix(String item) {
        return Ipv4Cidr.parse(item);
    }

    /**
     * @param name  property name (for the reason)
     * @param text  the value
     * @param min   least value allowed
     * @return the integer
     */
    public static int parseInt(String name, String text, int min) {
        return parseInt(name, text, min, Integer.MAX_VALUE);
    }

    /**
     * @param name  property name (for the reason)
     * @param text  the value
     * @param min   least value allowed
     * @param max   largest value allowed
     * @return the integer
     */
    public static int parseInt(String name, String text, int min, int max) {
        String range = max == Integer.MAX_VALUE ? "an integer >= " + min : "an integer " + min + ".." + max;
        try {
            int value = Integer.parseInt(text.strip());
            if (value < min || value > max) {
                throw new IllegalArgumentException(name + ": expected " + range + ", got " + value);
            }
            return value;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + ": expected " + range + ", got \"" + text + "\"");
        }
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof BlockPolicy)) {
            return false;
        }
        BlockPolicy that = (BlockPolicy) o;
        return ttlSeconds == that.ttlSeconds && maxBlocks == that.maxBlocks
                && autoBlockMinAlerts == that.autoBlockMinAlerts && autoBlockMinSeverity == that.autoBlockMinSeverity
                && allowlist.equals(that.allowlist) && autoBlockMinFlows.equals(that.autoBlockMinFlows)
                && autoBlockWindowSeconds == that.autoBlockWindowSeconds;
    }

    @Override
    public int hashCode() {
        return Objects.hash(autoBlockMinSeverity, ttlSeconds, allowlist, maxBlocks, autoBlockMinAlerts,
                            autoBlockMinFlows, autoBlockWindowSeconds);
    }

    @Override
    public String toString() {
        return "{autoBlock=" + (autoBlockMinSeverity == null ? NONE : ">=" + autoBlockMinSeverity)
                + ", minFlows=" + (autoBlockMinAlerts > 0 ? "all " + autoBlockMinAlerts : minFlowsSpec())
                + " within " + autoBlockWindowSeconds + " s, ttlSeconds=" + ttlSeconds + ", allowlist=" + allowlist
                + ", maxBlocks=" + maxBlocks + "}";
    }
}
