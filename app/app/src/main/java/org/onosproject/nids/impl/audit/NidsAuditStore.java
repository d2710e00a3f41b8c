/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.audit;

import org.onosproject.nids.api.AuditEntry;

import java.util.List;

/** Where the audit log's entries live: one log for the whole cluster, bounded, the oldest let go first. */
public interface NidsAuditStore {

    /**
     * Stores an entry after every entry stored before it anywhere in the cluster.
     *
     * @param entry the entry
     * @throws org.onosproject.store.service.StorageException when the storage nodes do not take it
     */
    void add(AuditEntry entry);

    /**
     * @param limit at most this many
     * @return the newest entries, newest first (in the order the cluster stored them)
     */
    List<AuditEntry> newest(int limit);

    /** @return entries let go to keep the bound (the oldest first), by every instance */
    long evicted();
}
