/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

/**
 * Where an alert is in its life: raised, seen by an operator, or acted on by blocking the flow.
 * Transitions: OPEN → ACKNOWLEDGED (acknowledge), OPEN or ACKNOWLEDGED → BLOCKED (markBlocked). Acknowledging an
 * acknowledged or blocked alert changes nothing; a blocked alert stays blocked.
 */
public enum AlertState {
    /** Raised, nobody has looked at it yet. */
    OPEN,
    /** An operator has seen it. */
    ACKNOWLEDGED,
    /** The flow has been blocked (the alert carries the block's id). */
    BLOCKED;

    /** @return whether the alert is closed (acknowledged or blocked): closed alerts are pruned first */
    public boolean isClosed() {
        return this != OPEN;
    }
}
