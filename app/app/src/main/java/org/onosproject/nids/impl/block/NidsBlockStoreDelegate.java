/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.block;

import org.onosproject.nids.api.NidsBlockEvent;
import org.onosproject.store.StoreDelegate;

/**
 * Receives the block events of the store (from changes made on any instance).
 */
public interface NidsBlockStoreDelegate extends StoreDelegate<NidsBlockEvent> {
}
