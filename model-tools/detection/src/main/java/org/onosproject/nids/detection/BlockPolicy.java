/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.detection;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * The blocking policy (the block manager's component configuration), one immutable value per configuration: which
 * alerts are blocked automatically, the default lifetime of a block, the sources never blocked, and the cap. The
 * parsers throw {@link IllegalArgumentException} with a one-line reason.
 */
public final class BlockPolicy {

    /** autoBlockMinSeverity for manual blocking only. */
    public static final String NONE = "NONE";

    private final AlertSeverity autoBlockMinSeverity;
    private final long ttlSeconds;
    private final List<Ipv4Cidr> allowlist;
    private final int maxBlocks;
    private final int autoBlockMinAlerts;

    /**
     * A policy that auto-blocks on the first qualifying alert.
     *
     * @param autoBlockMinSeverity lowest severity blocked automatically, null for manual blocking only
     * @param ttlSeconds           default lifetime of a block, 0 for none
     * @param allowlist            sources never blocked
     * @param maxBlocks            blocks held at once
     */
    public BlockPolicy(AlertSeverity autoBlockMinSeverity, long ttlSeconds, List<Ipv4Cidr> allowlist,
                       int maxBlocks) {
        this(autoBlockMinSeverity, ttlSeconds, allowlist, maxBlocks, 1);
    }

    /**
     * @param autoBlockMinSeverity lowest severity blocked automatically, null for manual blocking only
     * @param ttlSeconds           default lifetime of a block, 0 for none
     * @param allowlist            sources never blocked
     * @param maxBlocks            blocks held at once
     * @param autoBlockMinAlerts   open qualifying alerts a source needs before it is blocked automatically (≥ 1)
     */
    public BlockPolicy(AlertSeverity autoBlockMinSeverity, long ttlSeconds, List<Ipv4Cidr> allowlist,
                       int maxBlocks, int autoBlockMinAlerts) {
        this.autoBlockMinSeverity = autoBlockMinSeverity;
        this.ttlSeconds = ttlSeconds;
        this.allowlist = List.copyOf(allowlist);
        this.maxBlocks = maxBlocks;
        this.autoBlockMinAlerts = autoBlockMinAlerts;
    }

    /**
     * @return open alerts at or above the severity a source needs before it is blocked automatically: a single
     *         false positive does not cut a host off
     */
    public int autoBlockMinAlerts() {
        return autoBlockMinAlerts;
    }

    public BlockPolicy withAutoBlockMinAlerts(int alerts) {
        return new BlockPolicy(autoBlockMinSeverity, ttlSeconds, allowlist, maxBlocks, alerts);
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
     * @param severity an alert's severity
     * @return whether the policy blocks such alerts automatically
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
        return new BlockPolicy(severity, ttlSeconds, allowlist, maxBlocks, autoBlockMinAlerts);
    }

    public BlockPolicy withTtlSeconds(long seconds) {
        return new BlockPolicy(autoBlockMinSeverity, seconds, allowlist, maxBlocks, autoBlockMinAlerts);
    }

    public BlockPolicy withAllowlist(List<Ipv4Cidr> prefixes) {
        return new BlockPolicy(autoBlockMinSeverity, ttlSeconds, prefixes, maxBlocks, autoBlockMinAlerts);
    }

    public BlockPolicy withMaxBlocks(int max) {
        return new BlockPolicy(autoBlockMinSeverity, ttlSeconds, allowlist, max, autoBlockMinAlerts);
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
        try {
            int value = Integer.parseInt(text.strip());
            if (value < min) {
                throw new IllegalArgumentException(name + ": expected an integer >= " + min + ", got " + value);
            }
            return value;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + ": expected an integer >= " + min + ", got \"" + text + "\"");
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
                && allowlist.equals(that.allowlist);
    }

    @Override
    public int hashCode() {
        return Objects.hash(autoBlockMinSeverity, ttlSeconds, allowlist, maxBlocks, autoBlockMinAlerts);
    }

    @Override
    public String toString() {
        return "{autoBlock=" + (autoBlockMinSeverity == null ? NONE : ">=" + autoBlockMinSeverity)
                + ", minAlerts=" + autoBlockMinAlerts + ", ttlSeconds=" + ttlSeconds + ", allowlist=" + allowlist
                + ", maxBlocks=" + maxBlocks + "}";
    }
}
