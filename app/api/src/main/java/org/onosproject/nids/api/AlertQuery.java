/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import com.google.common.base.MoreObjects;

import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Which alerts to list: every filter is optional; the answer is newest first (by last seen) and at most
 * {@link #limit()} long.
 */
public final class AlertQuery {

    /** Alerts a query answers when it names no limit. */
    public static final int DEFAULT_LIMIT = 100;
    /** The largest limit a query may name. */
    public static final int MAX_LIMIT = 10_000;

    private static final AlertQuery ALL = builder().build();

    private final AlertState state;
    private final Long sinceMillis;
    private final String className;
    private final Long incidentId;
    private final int limit;

    private AlertQuery(Builder b) {
        checkArgument(b.limit >= 1 && b.limit <= MAX_LIMIT, "limit must be 1..%s: %s", MAX_LIMIT, b.limit);
        this.state = b.state;
        this.sinceMillis = b.sinceMillis;
        this.className = b.className;
        this.incidentId = b.incidentId;
        this.limit = b.limit;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** @return the newest {@link #DEFAULT_LIMIT} alerts, whatever their state */
    public static AlertQuery all() {
        return ALL;
    }

    /** @return only alerts in this state */
    public Optional<AlertState> state() {
        return Optional.ofNullable(state);
    }

    /** @return only alerts last seen at or after this instant (ms since the epoch) */
    public Optional<Long> sinceMillis() {
        return Optional.ofNullable(sinceMillis);
    }

    /** @return only alerts of this class name (exact match) */
    public Optional<String> className() {
        return Optional.ofNullable(className);
    }

    /** @return only the alerts of this incident (its evidence flows) */
    public Optional<Long> incidentId() {
        return Optional.ofNullable(incidentId);
    }

    /** @return at most this many alerts, 1..{@link #MAX_LIMIT} */
    public int limit() {
        return limit;
    }

    /**
     * @param alert an alert
     * @return whether the alert passes every filter (the limit aside)
     */
    public boolean matches(NidsAlert alert) {
        return (state == null || alert.state() == state)
                && (sinceMillis == null || alert.lastSeenMillis() >= sinceMillis)
                && (className == null || alert.className().equals(className))
                && (incidentId == null || alert.incidentId().equals(Optional.of(incidentId)));
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof AlertQuery)) {
            return false;
        }
        AlertQuery that = (AlertQuery) o;
        return limit == that.limit && state == that.state && Objects.equals(sinceMillis, that.sinceMillis)
                && Objects.equals(className, that.className) && Objects.equals(incidentId, that.incidentId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(state, sinceMillis, className, incidentId, limit);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).omitNullValues().add("state", state).add("since", sinceMillis)
                .add("class", className).add("incident", incidentId).add("limit", limit).toString();
    }

    /** Builder of queries. */
    public static final class Builder {
        private AlertState state;
        private Long sinceMillis;
        private String className;
        private Long incidentId;
        private int limit = DEFAULT_LIMIT;

        private Builder() {
        }

        public Builder state(AlertState state) {
            this.state = state;
            return this;
        }

        public Builder sinceMillis(long sinceMillis) {
            this.sinceMillis = sinceMillis;
            return this;
        }

        public Builder className(String className) {
            this.className = checkNotNull(className, "className");
            return this;
        }

        public Builder incidentId(long incidentId) {
            this.incidentId = incidentId;
            return this;
        }

        public Builder limit(int limit) {
            this.limit = limit;
            return this;
        }

        public AlertQuery build() {
            return new AlertQuery(this);
        }
    }
}
