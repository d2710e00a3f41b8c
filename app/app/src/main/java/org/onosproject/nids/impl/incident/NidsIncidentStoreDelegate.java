/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.incident;

import org.onosproject.nids.api.NidsIncidentEvent;
import org.onosproject.store.StoreDelegate;

/** The incident manager, told of the store's changes. */
public interface NidsIncidentStoreDelegate extends StoreDelegate<NidsIncidentEvent> {
}
