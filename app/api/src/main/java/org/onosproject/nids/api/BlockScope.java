/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import com.google.common.base.MoreObjects;
import org.onlab.packet.Ip4Prefix;

import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * What of a source's IPv4 traffic a block drops: everything (the empty scope), or only what goes to a destination
 * prefix, with an IP protocol, to an L4 destination port — any combination. A port needs TCP or UDP.
 */
public final class BlockScope {

    /** Every IPv4 packet of the source. */
    public static final BlockScope ALL = new BlockScope(null, null, null);

    static final int TCP = 6;
    static final int UDP = 17;

    private final Ip4Prefix dst;
    private final Integer ipProto;
    private final Integer dstPort;

    private BlockScope(Ip4Prefix dst, Integer ipProto, Integer dstPort) {
        checkArgument(ipProto == null || ipProto >= 0 && ipProto <= 255, "protocol: expected 0..255, got %s",
                ipProto);
        checkArgument(dstPort == null || dstPort >= 1 && dstPort <= 65535, "dstPort: expected 1..65535, got %s",
                dstPort);
        checkArgument(dstPort == null || ipProto != null && (ipProto == TCP || ipProto == UDP),
                "dstPort needs protocol 6 (TCP) or 17 (UDP)");
        this.dst = dst;
        this.ipProto = ipProto;
        this.dstPort = dstPort;
    }

    /**
     * A scope.
     *
     * @param dst     destination prefix, null for any
     * @param ipProto IP protocol 0..255, null for any
     * @param dstPort L4 destination port 1..65535 (TCP or UDP only), null for any
     * @return the scope
     * @throws IllegalArgumentException for a value out of range or a port without TCP/UDP
     */
    public static BlockScope of(Ip4Prefix dst, Integer ipProto, Integer dstPort) {
        if (dst == null && ipProto == null && dstPort == null) {
            return ALL;
        }
        return new BlockScope(dst, ipProto, dstPort);
    }

    public Optional<Ip4Prefix> dst() {
        return Optional.ofNullable(dst);
    }

    public Optional<Integer> ipProto() {
        return Optional.ofNullable(ipProto);
    }

    public Optional<Integer> dstPort() {
        return Optional.ofNullable(dstPort);
    }

    /** @return whether the scope is every packet of the source */
    public boolean isAll() {
        return dst == null && ipProto == null && dstPort == null;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof BlockScope)) {
            return false;
        }
        BlockScope that = (BlockScope) o;
        return Objects.equals(dst, that.dst) && Objects.equals(ipProto, that.ipProto)
                && Objects.equals(dstPort, that.dstPort);
    }

    @Override
    public int hashCode() {
        return Objects.hash(dst, ipProto, dstPort);
    }

    @Override
    public String toString() {
        if (isAll()) {
            return "all";
        }
        return MoreObjects.toStringHelper("").omitNullValues()
                .add("dst", dst).add("proto", ipProto).add("dstPort", dstPort).toString();
    }
}
