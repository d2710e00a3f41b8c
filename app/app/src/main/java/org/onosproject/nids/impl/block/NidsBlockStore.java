/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.block;

import org.onlab.packet.Ip4Address;
import org.onosproject.nids.api.BlockScope;
import org.onosproject.nids.api.NidsBlock;
import org.onosproject.nids.api.NidsBlockEvent;
import org.onosproject.store.Store;

import java.util.Collection;
import java.util.Optional;
import java.util.function.Function;

/**
 * Blocks shared by every ONOS instance of a cluster, with an index that keeps one block per source and scope. The
 * store tells its delegate about every addition and removal, whichever instance made it.
 */
public interface NidsBlockStore extends Store<NidsBlockEvent, NidsBlockStoreDelegate> {

    /**
     * Stores a new block under a fresh id, unless the source is already blocked with the same scope or the store
     * holds {@code maxBlocks} blocks.
     *
     * @param src       source
     * @param scope     scope
     * @param maxBlocks cap
     * @param make      makes the block, given its id
     * @return the block stored
     * @throws BlockConflictException naming the block already there, or the cap
     */
    NidsBlock add(Ip4Address src, BlockScope scope, int maxBlocks, Function<String, NidsBlock> make);

    /**
     * @param src   source
     * @param scope scope
     * @return the block of that source and scope, if any
     */
    Optional<NidsBlock> blockOf(Ip4Address src, BlockScope scope);

    /**
     * Whether a block of scope {@link BlockScope#ALL} stops the source, answered from this instance's copy of the
     * blocked sources, which the store's events keep (no round trip: it is asked once per attack verdict; it lags
     * another instance's change by the event's delivery).
     *
     * @param src source
     * @return whether everything it sends is dropped
     */
    boolean cutOff(Ip4Address src);

    /**
     * Removes a block.
     *
     * @param blockId block id
     * @return the block removed; empty if it was not stored (another instance removed it first)
     */
    Optional<NidsBlock> remove(String blockId);

    /**
     * @param blockId block id
     * @return the block, if stored
     */
    Optional<NidsBlock> block(String blockId);

    /** @return every stored block, in no particular order */
    Collection<NidsBlock> blocks();

    /** @return how many blocks are stored */
    int size();
}
