/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.onosproject.nids.api.NidsModelEvent;
import org.onosproject.store.StoreDelegate;

/**
 * Receives the model store's events (changes made by any ONOS instance of the cluster).
 */
public interface NidsModelStoreDelegate extends StoreDelegate<NidsModelEvent> {
}
