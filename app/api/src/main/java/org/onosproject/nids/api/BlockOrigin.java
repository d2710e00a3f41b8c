/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

/** Who asked for a block. */
public enum BlockOrigin {
    /** The auto-block policy, for an alert at or above {@code autoBlockMinSeverity}. */
    AUTO,
    /** An operator (REST, CLI, GUI). */
    MANUAL
}
