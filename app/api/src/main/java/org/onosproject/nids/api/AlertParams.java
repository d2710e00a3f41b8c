/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import org.onosproject.net.DeviceId;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;

import static org.onosproject.nids.api.NidsException.Kind.INVALID;

/**
 * The parameters of the alert and flow listings as the REST API and the CLI take them (text), checked in one place:
 * a bad value is refused with a one-line reason that starts with the parameter's name (REST 400).
 */
public final class AlertParams {

    public static final String STATE = "state";
    public static final String SINCE = "since";
    public static final String CLASS = "class";
    public static final String LIMIT = "limit";
    public static final String DEVICE = "device";
    public static final String INCIDENT = "incident";

    private AlertParams() {
    }

    /**
     * The alert query of {@code GET /alerts} and {@code nids-alerts}.
     *
     * @param state     OPEN, ACKNOWLEDGED or BLOCKED (any case), or null
     * @param since     an ISO-8601 instant or epoch milliseconds, or null
     * @param className a class name, or null
     * @param limit     1..10000, or null for {@link AlertQuery#DEFAULT_LIMIT}
     * @return the query
     * @throws NidsException (INVALID) naming the first bad parameter
     */
    public static AlertQuery query(String state, String since, String className, String limit) {
        return query(state, since, className, null, limit);
    }

    /**
     * The alert query of {@code GET /alerts} and {@code nids-alerts}, with the incident filter.
     *
     * @param state     OPEN, ACKNOWLEDGED or BLOCKED (any case), or null
     * @param since     an ISO-8601 instant or epoch milliseconds, or null
     * @param className a class name, or null
     * @param incident  an incident id: only its evidence alerts; or null
     * @param limit     1..10000, or null for {@link AlertQuery#DEFAULT_LIMIT}
     * @return the query
     * @throws NidsException (INVALID) naming the first bad parameter
     */
    public static AlertQuery query(String state, String since, String className, String incident, String limit) {
        AlertQuery.Builder query = AlertQuery.builder().limit(limit(limit));
        state(state).ifPresent(query::state);
        since(since).ifPresent(query::sinceMillis);
        className(className).ifPresent(query::className);
        if (incident != null) {
            query.incidentId(alertId(incident).orElseThrow(() -> invalid(INCIDENT, "expected an incident id, got "
                    + quoted(incident))));
        }
        return query.build();
    }

    /**
     * @param value OPEN, ACKNOWLEDGED or BLOCKED, any case; null for none
     * @return the state
     * @throws NidsException (INVALID) "state: …"
     */
    public static Optional<AlertState> state(String value) {
        if (value == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(AlertState.valueOf(value.strip().toUpperCase(Locale.ROOT)));
        } catch (IllegalArgumentException e) {
            throw invalid(STATE, "expected OPEN, ACKNOWLEDGED or BLOCKED, got " + quoted(value));
        }
    }

    /**
     * @param value an ISO-8601 instant ({@code 2026-01-15T10:00:00Z}, an offset instead of Z is fine) or epoch
     *              milliseconds; null for none
     * @return the instant in ms since the epoch
     * @throws NidsException (INVALID) "since: …"
     */
    public static Optional<Long> since(String value) {
        if (value == null) {
            return Optional.empty();
        }
        String text = value.strip();
        if (!text.isEmpty() && text.chars().allMatch(Character::isDigit)) {
            try {
                return Optional.of(Long.parseLong(text));
            } catch (NumberFormatException e) {
                throw invalid(SINCE, "epoch milliseconds out of range: " + quoted(value));
            }
        }
        try {
            return Optional.of(Instant.parse(text).toEpochMilli());
        } catch (DateTimeParseException e) {
            try {
                return Optional.of(OffsetDateTime.parse(text).toInstant().toEpochMilli());
            } catch (DateTimeParseException e2) {
                throw invalid(SINCE, "expected an ISO-8601 instant (e.g. 2026-01-15T10:00:00Z) or epoch "
                        + "milliseconds, got " + quoted(value));
            }
        }
    }

    /**
     * @param value a class name (exact); null for none
     * @return the class name
     * @throws NidsException (INVALID) "class: …" for an empty name
     */
    public static Optional<String> className(String value) {
        if (value == null) {
            return Optional.empty();
        }
        if (value.isBlank()) {
            throw invalid(CLASS, "expected a class name, got an empty value");
        }
        return Optional.of(value.strip());
    }

    /**
     * @param value 1..{@link AlertQuery#MAX_LIMIT}; null for {@link AlertQuery#DEFAULT_LIMIT}
     * @return the limit
     * @throws NidsException (INVALID) "limit: …"
     */
    public static int limit(String value) {
        return value == null ? AlertQuery.DEFAULT_LIMIT : limit(LIMIT, value);
    }

    /**
     * @param name  the parameter's name, for the error
     * @param value 1..{@link AlertQuery#MAX_LIMIT}
     * @return the count
     * @throws NidsException (INVALID) "name: …"
     */
    public static int limit(String name, String value) {
        int limit;
        try {
            limit = Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            limit = -1;
        }
        if (limit < 1 || limit > AlertQuery.MAX_LIMIT) {
            throw invalid(name, "expected an integer 1.." + AlertQuery.MAX_LIMIT + ", got " + quoted(value));
        }
        return limit;
    }

    /**
     * @param value a device id, {@code scheme:rest} (e.g. device:s1); null for every device
     * @return the device id
     * @throws NidsException (INVALID) "device: …"
     */
    public static Optional<DeviceId> device(String value) {
        if (value == null) {
            return Optional.empty();
        }
        String text = value.strip();
        try {
            URI uri = new URI(text);
            if (uri.getScheme() == null || uri.getSchemeSpecificPart() == null
                    || uri.getSchemeSpecificPart().isEmpty()) {
                throw new URISyntaxException(text, "no scheme");
            }
            return Optional.of(DeviceId.deviceId(uri));
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw invalid(DEVICE, "expected a device id like device:s1, got " + quoted(value));
        }
    }

    /**
     * An alert id as a path names it.
     *
     * @param value the path segment
     * @return the id; empty when the segment is not a (non-negative) alert id, i.e. names no alert
     */
    public static Optional<Long> alertId(String value) {
        if (value == null || value.isEmpty() || !value.chars().allMatch(Character::isDigit)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Long.parseLong(value));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static NidsException invalid(String parameter, String reason) {
        return new NidsException(INVALID, parameter + ": " + reason);
    }

    static String quoted(String value) {
        return UserInput.quoted(value);
    }
}
