/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import org.onlab.packet.Ip4Address;
import org.onosproject.nids.detection.IncidentState;

import java.util.Locale;
import java.util.Optional;

import static org.onosproject.nids.api.NidsException.Kind.INVALID;

/**
 * The parameters of the incident listing as the REST API and the CLI take them (text): a bad value is refused with a
 * one-line reason that starts with the parameter's name (REST 400). {@code since} and {@code limit} read as for
 * alerts ({@link AlertParams}).
 */
public final class IncidentParams {

    public static final String STATE = "state";
    public static final String SOURCE = "source";
    public static final String FAMILY = "family";

    private IncidentParams() {
    }

    /**
     * The query of {@code GET /incidents} and {@code nids-incidents}.
     *
     * @param state  OPEN, ACKNOWLEDGED, BLOCKED or CLOSED (any case), or null
     * @param source an IPv4 address, or null
     * @param family a family name (Scan, Flood, …, or a class name for other families), or null
     * @param since  an ISO-8601 instant or epoch milliseconds, or null
     * @param limit  1..10000, or null for 100
     * @return the query
     * @throws NidsException (INVALID) naming the first bad parameter
     */
    public static IncidentQuery query(String state, String source, String family, String since, String limit) {
        IncidentQuery.Builder query = IncidentQuery.builder().limit(AlertParams.limit(limit));
        state(state).ifPresent(query::state);
        source(source).ifPresent(query::source);
        if (family != null) {
            if (family.isBlank()) {
                throw new NidsException(INVALID, FAMILY + ": expected a family name, got an empty value");
            }
            query.family(family.strip());
        }
        AlertParams.since(since).ifPresent(query::sinceMillis);
        return query.build();
    }

    /**
     * @param value OPEN, ACKNOWLEDGED, BLOCKED or CLOSED, any case; null for none
     * @return the state
     * @throws NidsException (INVALID) "state: …"
     */
    public static Optional<IncidentState> state(String value) {
        if (value == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(IncidentState.valueOf(value.strip().toUpperCase(Locale.ROOT)));
        } catch (IllegalArgumentException e) {
            throw new NidsException(INVALID, STATE + ": expected OPEN, ACKNOWLEDGED, BLOCKED or CLOSED, got "
                    + AlertParams.quoted(value));
        }
    }

    /**
     * @param value a dotted IPv4 address; null for none
     * @return the address
     * @throws NidsException (INVALID) "source: …"
     */
    public static Optional<Ip4Address> source(String value) {
        if (value == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Ip4Address.valueOf(
                    org.onosproject.nids.detection.Ipv4Cidr.parseAddress(value.strip())));
        } catch (IllegalArgumentException e) {
            throw new NidsException(INVALID, SOURCE + ": expected an IPv4 address, got " + AlertParams.quoted(value));
        }
    }

    /**
     * An incident id as a path names it.
     *
     * @param value the path segment
     * @return the id; empty when the segment names no incident
     */
    public static Optional<Long> incidentId(String value) {
        return AlertParams.alertId(value);
    }
}
