/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.block;

import com.google.common.base.MoreObjects;
import com.google.common.base.Splitter;
import com.google.common.collect.ImmutableList;
import org.onlab.packet.Ip4Address;
import org.onlab.packet.Ip4Prefix;
import org.onosproject.nids.api.AlertSeverity;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The blocking policy, one immutable value per configuration: which alerts are blocked automatically, the default
 * lifetime of a block, the sources never blocked, and the cap. The parsers throw {@link IllegalArgumentException}
 * with a one-line reason; the manager then keeps the previous value.
 */
final class BlockPolicy {

    static final String NONE = "NONE";

    static final BlockPolicy DEFAULT = new BlockPolicy(null,
            BlockPropertyConstants.BLOCK_TTL_SECONDS_DEFAULT, List.of(), BlockPropertyConstants.MAX_BLOCKS_DEFAULT);

    private final AlertSeverity autoBlockMinSeverity;
    private final long ttlSeconds;
    private final ImmutableList<Ip4Prefix> allowlist;
    private final int maxBlocks;

    BlockPolicy(AlertSeverity autoBlockMinSeverity, long ttlSeconds, List<Ip4Prefix> allowlist, int maxBlocks) {
        this.autoBlockMinSeverity = autoBlockMinSeverity;
        this.ttlSeconds = ttlSeconds;
        this.allowlist = ImmutableList.copyOf(allowlist);
        this.maxBlocks = maxBlocks;
    }

    /** @return the lowest severity blocked automatically; empty for manual blocking only */
    Optional<AlertSeverity> autoBlockMinSeverity() {
        return Optional.ofNullable(autoBlockMinSeverity);
    }

    long ttlSeconds() {
        return ttlSeconds;
    }

    List<Ip4Prefix> allowlist() {
        return allowlist;
    }

    int maxBlocks() {
        return maxBlocks;
    }

    /**
     * @param severity an alert's severity
     * @return whether the policy blocks such alerts automatically
     */
    boolean autoBlocks(AlertSeverity severity) {
        return autoBlockMinSeverity != null && severity.compareTo(autoBlockMinSeverity) >= 0;
    }

    /**
     * @param src a source
     * @return the allowlist entry holding it, if any
     */
    Optional<Ip4Prefix> allowlisted(Ip4Address src) {
        return allowlist.stream().filter(prefix -> prefix.contains(src)).findFirst();
    }

    BlockPolicy withAutoBlockMinSeverity(AlertSeverity severity) {
        return new BlockPolicy(severity, ttlSeconds, allowlist, maxBlocks);
    }

    BlockPolicy withTtlSeconds(long seconds) {
        return new BlockPolicy(autoBlockMinSeverity, seconds, allowlist, maxBlocks);
    }

    BlockPolicy withAllowlist(List<Ip4Prefix> prefixes) {
        return new BlockPolicy(autoBlockMinSeverity, ttlSeconds, prefixes, maxBlocks);
    }

    BlockPolicy withMaxBlocks(int max) {
        return new BlockPolicy(autoBlockMinSeverity, ttlSeconds, allowlist, max);
    }

    /**
     * @param text NONE, LOW, MEDIUM or HIGH (any case)
     * @return the severity, null for NONE
     */
    static AlertSeverity parseSeverity(String text) {
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
    static List<Ip4Prefix> parseAllowlist(String text) {
        ImmutableList.Builder<Ip4Prefix> prefixes = ImmutableList.builder();
        if (text == null) {
            return prefixes.build();
        }
        for (String item : Splitter.on(',').trimResults().omitEmptyStrings().split(text)) {
            prefixes.add(parsePrefix(item));
        }
        return prefixes.build();
    }

    static Ip4Prefix parsePrefix(String item) {
        try {
            return item.contains("/") ? Ip4Prefix.valueOf(item) : Ip4Prefix.valueOf(Ip4Address.valueOf(item), 32);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not an IPv4 address or CIDR: \"" + item + "\"");
        }
    }

    /**
     * @param name  property name (for the reason)
     * @param text  the value
     * @param min   least value allowed
     * @return the integer
     */
    static int parseInt(String name, String text, int min) {
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
    public String toString() {
        return MoreObjects.toStringHelper("")
                .add("autoBlock", autoBlockMinSeverity == null ? NONE : ">=" + autoBlockMinSeverity)
                .add("ttlSeconds", ttlSeconds).add("allowlist", allowlist).add("maxBlocks", maxBlocks).toString();
    }
}
