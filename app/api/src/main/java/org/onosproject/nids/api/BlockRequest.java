/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import com.google.common.base.MoreObjects;
import org.onlab.packet.Ip4Address;

import java.util.Optional;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A request to block a source: what to drop, for how long, why, and the alert it answers.
 */
public final class BlockRequest {

    /** The longest lifetime a block may be given: ten years (0, no expiry, is longer still). */
    public static final long MAX_TTL_SECONDS = 10L * 365 * 24 * 3600;
    /** The longest reason kept (it is shown in the GUI, logged and audited). */
    public static final int MAX_REASON_LENGTH = 256;

    private final Ip4Address src;
    private final BlockScope scope;
    private final Long ttlSeconds;
    private final String reason;
    private final Long alertId;
    private final Long incidentId;
    private final BlockOrigin origin;

    private BlockRequest(Builder b) {
        checkArgument(b.ttlSeconds == null || b.ttlSeconds >= 0 && b.ttlSeconds <= MAX_TTL_SECONDS,
                      "ttlSeconds: expected an integer 0..%s, got %s", MAX_TTL_SECONDS, b.ttlSeconds);
        this.src = checkNotNull(b.src, "src");
        unblockable(src).ifPresent(why -> {
            throw new IllegalArgumentException("src: " + src + " is " + why + ": only a unicast host can be blocked");
        });
        this.scope = checkNotNull(b.scope, "scope");
        this.ttlSeconds = b.ttlSeconds;
        this.reason = b.reason == null || b.reason.isBlank() ? null : b.reason.strip();
        checkArgument(reason == null || reason.length() <= MAX_REASON_LENGTH,
                      "reason: at most %s characters, got %s", MAX_REASON_LENGTH,
                      reason == null ? 0 : reason.length());
        // One line: the reason goes into log lines and the audit log, where a line break could forge an entry.
        checkArgument(reason == null || reason.codePoints().noneMatch(Character::isISOControl),
                      "reason: control characters (line breaks, tabs, ...) are not allowed");
        this.alertId = b.alertId;
        this.incidentId = b.incidentId;
        this.origin = checkNotNull(b.origin, "origin");
    }

    /**
     * Why an address names no single host, if it does not: what a block of it would drop is either nothing a host
     * sends (0.0.0.0/8 "this network", 127.0.0.0/8 loopback, 240.0.0.0/4 reserved and the limited broadcast
     * 255.255.255.255) or no source at all (224.0.0.0/4 multicast).
     *
     * @param address an address
     * @return what kind of address it is, when it is not a unicast host address
     */
    public static Optional<String> unblockable(Ip4Address address) {
        int first = (address.toInt() >>> 24) & 0xff;
        if (address.toInt() == -1) {
            return Optional.of("the broadcast address");
        }
        if (first == 0) {
            return Optional.of("a \"this network\" address (0.0.0.0/8)");
        }
        if (first == 127) {
            return Optional.of("a loopback address (127.0.0.0/8)");
        }
        if (first >= 224 && first < 240) {
            return Optional.of("a multicast address (224.0.0.0/4)");
        }
        if (first >= 240) {
            return Optional.of("a reserved address (240.0.0.0/4)");
        }
        return Optional.empty();
    }

    public static Builder builder(Ip4Address src) {
        return new Builder(src);
    }

    public Ip4Address src() {
        return src;
    }

    public BlockScope scope() {
        return scope;
    }

    /** @return the block's lifetime in seconds (0: no expiry); empty for the policy's default */
    public Optional<Long> ttlSeconds() {
        return Optional.ofNullable(ttlSeconds);
    }

    public Optional<String> reason() {
        return Optional.ofNullable(reason);
    }

    public Optional<Long> alertId() {
        return Optional.ofNullable(alertId);
    }

    /** @return the incident the block answers, if any */
    public Optional<Long> incidentId() {
        return Optional.ofNullable(incidentId);
    }

    public BlockOrigin origin() {
        return origin;
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).omitNullValues().add("src", src).add("scope", scope)
                .add("ttlSeconds", ttlSeconds).add("reason", reason).add("alert", alertId).add("incident", incidentId)
                .add("origin", origin)
                .toString();
    }

    /** Builder of block requests. */
    public static final class Builder {
        private final Ip4Address src;
        private BlockScope scope = BlockScope.ALL;
        private Long ttlSeconds;
        private String reason;
        private Long alertId;
        private Long incidentId;
        private BlockOrigin origin = BlockOrigin.MANUAL;

        private Builder(Ip4Address src) {
            this.src = src;
        }

        public Builder scope(BlockScope scope) {
            this.scope = scope;
            return this;
        }

        public Builder ttlSeconds(Long ttlSeconds) {
            this.ttlSeconds = ttlSeconds;
            return this;
        }

        public Builder reason(String reason) {
            this.reason = reason;
            return this;
        }

        public Builder alertId(Long alertId) {
            this.alertId = alertId;
            return this;
        }

        public Builder incidentId(Long incidentId) {
            this.incidentId = incidentId;
            return this;
        }

        public Builder origin(BlockOrigin origin) {
            this.origin = origin;
            return this;
        }

        public BlockRequest build() {
            return new BlockRequest(this);
        }
    }
}
