/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import org.onosproject.event.EventListener;

/** Listens to incidents. */
public interface NidsIncidentListener extends EventListener<NidsIncidentEvent> {
}
