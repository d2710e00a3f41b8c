/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import org.onosproject.event.ListenerService;
import org.onosproject.nids.detection.BlockPolicy;

import java.util.List;
import java.util.Optional;

/**
 * Blocks sources at the fabric edge through ONOS intents ({@link BlockIntent}), by hand or by the auto-block
 * policy for alerts (docs/blocking.md). Policy: allowlist, cap, default TTL, auto-block severity.
 */
public interface NidsBlockService extends ListenerService<NidsBlockEvent, NidsBlockListener> {

    /**
     * Blocks a source: stores the block, submits its intent and, for a request naming an alert, marks the alert
     * BLOCKED with the block's id.
     *
     * @param request what to block
     * @return the block (with the state of its intent)
     * @throws NidsException CONFLICT for an allowlisted source, a source already blocked with the same scope, or
     *                       the cap reached; NOT_FOUND for an unknown alert
     */
    NidsBlock block(BlockRequest request);

    /**
     * Removes a block and withdraws its intent (the drop rules go).
     *
     * @param blockId block id
     * @return the block removed
     * @throws NidsException NOT_FOUND for an unknown block
     */
    NidsBlock unblock(String blockId);

    /** @return every block, newest first, with the state of its intent */
    List<NidsBlock> blocks();

    /**
     * @param blockId block id
     * @return the block with the state of its intent, if stored
     */
    Optional<NidsBlock> block(String blockId);

    /** @return the policy in force (the block manager's component configuration as applied) */
    BlockPolicy policy();

    /** @return the blocks held against the cap, and the bounded reaction queue's depth and drops */
    BlockReactionStats reactionStats();
}
