/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.alert;

import org.onosproject.nids.api.NidsAlertEvent;
import org.onosproject.store.StoreDelegate;

/**
 * Receives the alert events of the store (from changes made on any instance).
 */
public interface NidsAlertStoreDelegate extends StoreDelegate<NidsAlertEvent> {
}
