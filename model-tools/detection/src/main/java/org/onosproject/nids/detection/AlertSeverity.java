/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.detection;

/**
 * How urgent an alert is, derived from its attack class (docs/alerts.md): by default HIGH, MEDIUM for classes named
 * like reconnaissance (a name containing "scan", "recon" or "probe"); the component property {@code alertSeverities}
 * overrides it per class name. The benign class never raises an alert, so it has no severity.
 */
public enum AlertSeverity {
    LOW,
    MEDIUM,
    HIGH
}
