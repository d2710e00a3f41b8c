/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.detection;

/**
 * Where an incident is in its life: OPEN until an operator acknowledges it or a block answers it; CLOSED once its
 * source sent no verdict of its family for the incident window (a later one opens a new incident). Acknowledged and
 * blocked incidents still take their source's verdicts while the window lasts.
 */
public enum IncidentState {
    OPEN,
    ACKNOWLEDGED,
    BLOCKED,
    CLOSED
}
