/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableList;
import org.onlab.packet.Ip4Address;
import org.onosproject.net.DeviceId;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A block: a source (optionally scoped) whose IPv4 traffic the fabric edge drops, carried out by a
 * {@link BlockIntent} under the key {@link #intentKey()}. The stored part is what was asked (source, scope, reason,
 * alert, origin, times); {@link #state()} and {@link #devices()} are read from ONOS's intent service when the block
 * is read, and are empty in the store.
 */
public final class NidsBlock {

    /** Prefix of the intent keys of blocks: the key of block {@code id} is {@code nids-block-<id>}. */
    public static final String INTENT_KEY_PREFIX = "nids-block-";

    private final String id;
    private final Ip4Address src;
    private final BlockScope scope;
    private final String reason;
    private final Long alertId;
    private final Long incidentId;
    private final BlockOrigin origin;
    private final long createdMillis;
    private final long expiresMillis;
    private final String state;
    private final ImmutableList<DeviceId> devices;

    private NidsBlock(Builder b) {
        checkArgument(b.expiresMillis == 0 || b.expiresMillis >= b.createdMillis, "expires %s before created %s",
                b.expiresMillis, b.createdMillis);
        this.id = checkNotNull(b.id, "id");
        this.src = checkNotNull(b.src, "src");
        this.scope = checkNotNull(b.scope, "scope");
        this.reason = checkNotNull(b.reason, "reason");
        this.alertId = b.alertId;
        this.incidentId = b.incidentId;
        this.origin = checkNotNull(b.origin, "origin");
        this.createdMillis = b.createdMillis;
        this.expiresMillis = b.expiresMillis;
        this.state = b.state;
        this.devices = ImmutableList.copyOf(b.devices);
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return new Builder().id(id).src(src).scope(scope).reason(reason).alertId(alertId).incidentId(incidentId).origin(origin)
                .createdMillis(createdMillis).expiresMillis(expiresMillis).state(state).devices(devices);
    }

    /** @return the block id, unique in the cluster, never reused */
    public String id() {
        return id;
    }

    public Ip4Address src() {
        return src;
    }

    public BlockScope scope() {
        return scope;
    }

    public String reason() {
        return reason;
    }

    /** @return the alert the block answers, if any */
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

    /** @return when the block was made (ms since the epoch, controller clock) */
    public long createdMillis() {
        return createdMillis;
    }

    /** @return when the block expires (ms since the epoch); empty for a block without expiry */
    public Optional<Long> expiresMillis() {
        return expiresMillis == 0 ? Optional.empty() : Optional.of(expiresMillis);
    }

    /**
     * @param nowMillis the time
     * @return whether the block has expired at that time
     */
    public boolean expiredAt(long nowMillis) {
        return expiresMillis != 0 && nowMillis >= expiresMillis;
    }

    /** @return the key of the block's intent (application org.onosproject.nids) */
    public String intentKey() {
        return INTENT_KEY_PREFIX + id;
    }

    /** @return the state of the block's intent (INSTALLED, FAILED, …) when read through the service; else empty */
    public Optional<String> state() {
        return Optional.ofNullable(state);
    }

    /** @return the switches holding the block's drop rules, when read through the service */
    public List<DeviceId> devices() {
        return devices;
    }

    /**
     * @param intentState the intent's state
     * @param edgeDevices the switches of its drop rules
     * @return this block with its live part
     */
    public NidsBlock withStatus(String intentState, List<DeviceId> edgeDevices) {
        return toBuilder().state(intentState).devices(edgeDevices).build();
    }

    /** @return the stored part of this block */
    public NidsBlock stored() {
        return state == null && devices.isEmpty() ? this : toBuilder().state(null).devices(List.of()).build();
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof NidsBlock)) {
            return false;
        }
        NidsBlock that = (NidsBlock) o;
        return createdMillis == that.createdMillis && expiresMillis == that.expiresMillis && id.equals(that.id)
                && src.equals(that.src) && scope.equals(that.scope) && reason.equals(that.reason)
                && Objects.equals(alertId, that.alertId) && Objects.equals(incidentId, that.incidentId)
                && origin == that.origin
                && Objects.equals(state, that.state) && devices.equals(that.devices);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, src, scope, reason, alertId, origin, createdMillis, expiresMillis, state, devices);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).omitNullValues().add("id", id).add("src", src).add("scope", scope)
                .add("origin", origin).add("alert", alertId).add("incident", incidentId).add("reason", reason).add("state", state)
                .add("devices", devices.isEmpty() ? null : devices).toString();
    }

    /** Builder of blocks. */
    public static final class Builder {
        private String id;
        private Ip4Address src;
        private BlockScope scope = BlockScope.ALL;
        private String reason;
        private Long alertId;
        private Long incidentId;
        private BlockOrigin origin = BlockOrigin.MANUAL;
        private long createdMillis;
        private long expiresMillis;
        private String state;
        private List<DeviceId> devices = List.of();

        private Builder() {
        }

        public Builder id(String id) {
            this.id = id;
            return this;
        }

        public Builder src(Ip4Address src) {
            this.src = src;
            return this;
        }

        public Builder scope(BlockScope scope) {
            this.scope = scope;
            return this;
        }

        public Builder reason(String reason) {
            this.reason = reason;
            return this;
        }

        public Builder incidentId(Long incidentId) {
            this.incidentId = incidentId;
            return this;
        }

        public Builder alertId(Long alertId) {
            this.alertId = alertId;
            return this;
        }

        public Builder origin(BlockOrigin origin) {
            this.origin = origin;
            return this;
        }

        public Builder createdMillis(long createdMillis) {
            this.createdMillis = createdMillis;
            return this;
        }

        /**
         * @param expiresMillis expiry (ms since the epoch), 0 for none
         * @return this builder
         */
        public Builder expiresMillis(long expiresMillis) {
            this.expiresMillis = expiresMillis;
            return this;
        }

        public Builder state(String state) {
            this.state = state;
            return this;
        }

        public Builder devices(List<DeviceId> devices) {
            this.devices = checkNotNull(devices, "devices");
            return this;
        }

        public NidsBlock build() {
            return new NidsBlock(this);
        }
    }
}
