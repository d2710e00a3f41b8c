/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import com.google.common.base.MoreObjects;

/**
 * What the block manager holds and what it dropped: blocks against the cap, and its bounded queue of reactions to
 * alert, host, device and intent events (auto-block decisions, resubmissions, purges).
 */
public final class BlockReactionStats {

    private final int blocks;
    private final int maxBlocks;
    private final int queueCapacity;
    private final int queueDepth;
    private final long dropped;

    /**
     * @param blocks        blocks stored
     * @param maxBlocks     blocks held at most
     * @param queueCapacity reactions the queue holds at most
     * @param queueDepth    reactions waiting now
     * @param dropped       reactions dropped because the queue was full, since activation
     */
    public BlockReactionStats(int blocks, int maxBlocks, int queueCapacity, int queueDepth, long dropped) {
        this.blocks = blocks;
        this.maxBlocks = maxBlocks;
        this.queueCapacity = queueCapacity;
        this.queueDepth = queueDepth;
        this.dropped = dropped;
    }

    public int blocks() {
        return blocks;
    }

    public int maxBlocks() {
        return maxBlocks;
    }

    public int queueCapacity() {
        return queueCapacity;
    }

    public int queueDepth() {
        return queueDepth;
    }

    public long dropped() {
        return dropped;
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("blocks", blocks).add("maxBlocks", maxBlocks)
                .add("queueCapacity", queueCapacity).add("queueDepth", queueDepth).add("dropped", dropped)
                .toString();
    }
}
