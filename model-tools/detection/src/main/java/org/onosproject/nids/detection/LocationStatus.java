/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.detection;

/**
 * Where an incident's source was seen, from its verdicts' {@link LocationCheck}s: a mismatch anywhere wins (a spoofer
 * at another edge port must not get the address's owner blocked), then a match, then an unknown host; an incident
 * auto-blocks only when CONFIRMED (or UNCHECKED, offline). Mismatching flows have incidents of their own
 * ({@link IncidentKey#spoofed}), so the owner's own attack is still CONFIRMED in its incident.
 */
public enum LocationStatus {
    /** No verdict was checked (offline replay): the policy trusts the source address. */
    UNCHECKED,
    /**
     * Checked, but every report's flow entered the fabric at a transit port of its switch (the switch where it
     * entered reported nothing yet).
     */
    UNCONFIRMED,
    /** A report's flow entered at the edge port where ONOS locates the source, none anywhere else. */
    CONFIRMED,
    /**
     * ONOS locates no host with the source's address (yet; nothing mismatched): not blocked, since nothing says the
     * address is the sender's; a later report from the source's edge port, once ONOS locates it, confirms it.
     */
    UNKNOWN,
    /** A report's flow entered at an edge port where ONOS does not locate the source: "location mismatch". */
    MISMATCH;

    /**
     * @param check one more verdict's check
     * @return the status with it
     */
    public LocationStatus with(LocationCheck check) {
        if (this == MISMATCH || check == LocationCheck.MISMATCH) {
            return MISMATCH;
        }
        if (this == CONFIRMED || check == LocationCheck.MATCH) {
            return CONFIRMED;
        }
        if (this == UNKNOWN || check == LocationCheck.UNKNOWN) {
            return UNKNOWN;
        }
        if (this == UNCONFIRMED || check == LocationCheck.NEUTRAL) {
            return UNCONFIRMED;
        }
        return UNCHECKED;
    }

    /** @return the status of an incident's first verdict */
    public static LocationStatus of(LocationCheck check) {
        return UNCHECKED.with(check);
    }

    /** @return whether the policy may block the source on this evidence */
    public boolean allowsBlock() {
        return this == CONFIRMED || this == UNCHECKED;
    }
}
