/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import org.onosproject.event.EventListener;

/**
 * Receives alert events (raised, updated, acknowledged, blocked).
 */
public interface NidsAlertListener extends EventListener<NidsAlertEvent> {
}
