/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import com.google.common.base.MoreObjects;
import org.onlab.packet.Ip4Address;
import org.onosproject.nids.detection.Incident;
import org.onosproject.nids.detection.IncidentState;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/** Which incidents to list: every filter optional; newest (last seen) first, at most {@link #limit()}. */
public final class IncidentQuery {

    private final IncidentState state;
    private final Ip4Address source;
    private final String family;
    private final Long sinceMillis;
    private final int limit;

    private IncidentQuery(Builder b) {
        checkArgument(b.limit >= 1 && b.limit <= AlertQuery.MAX_LIMIT, "limit must be 1..%s: %s",
                      AlertQuery.MAX_LIMIT, b.limit);
        this.state = b.state;
        this.source = b.source;
        this.family = b.family;
        this.sinceMillis = b.sinceMillis;
        this.limit = b.limit;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Optional<IncidentState> state() {
        return Optional.ofNullable(state);
    }

    public Optional<Ip4Address> source() {
        return Optional.ofNullable(source);
    }

    /** @return only incidents of this family (name, any case) */
    public Optional<String> family() {
        return Optional.ofNullable(family);
    }

    /** @return only incidents last seen at or after this instant (ms since the epoch) */
    public Optional<Long> sinceMillis() {
        return Optional.ofNullable(sinceMillis);
    }

    public int limit() {
        return limit;
    }

    /**
     * @param incident an incident
     * @return whether it passes every filter (the limit aside)
     */
    public boolean matches(Incident incident) {
        return (state == null || incident.state() == state)
                && (source == null || incident.source() == source.toInt())
                && (family == null || incident.familyName().equalsIgnoreCase(family))
                && (sinceMillis == null || incident.lastSeenMicros() / 1000 >= sinceMillis);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof IncidentQuery)) {
            return false;
        }
        IncidentQuery that = (IncidentQuery) o;
        return limit == that.limit && state == that.state && Objects.equals(source, that.source)
                && Objects.equals(family, that.family) && Objects.equals(sinceMillis, that.sinceMillis);
    }

    @Override
    public int hashCode() {
        return Objects.hash(state, source, family, sinceMillis, limit);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).omitNullValues().add("state", state).add("source", source)
                .add("family", family).add("since", sinceMillis).add("limit", limit).toString();
    }

    /** Builder of queries. */
    public static final class Builder {
        private IncidentState state;
        private Ip4Address source;
        private String family;
        private Long sinceMillis;
        private int limit = AlertQuery.DEFAULT_LIMIT;

        private Builder() {
        }

        public Builder state(IncidentState value) {
            state = value;
            return this;
        }

        public Builder source(Ip4Address value) {
            source = checkNotNull(value, "source");
            return this;
        }

        public Builder family(String value) {
            family = checkNotNull(value, "family").toLowerCase(Locale.ROOT);
            return this;
        }

        public Builder sinceMillis(long value) {
            sinceMillis = value;
            return this;
        }

        public Builder limit(int value) {
            limit = value;
            return this;
        }

        public IncidentQuery build() {
            return new IncidentQuery(this);
        }
    }
}
