/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.block;

import org.onlab.packet.Ip4Address;
import org.onosproject.nids.api.BlockScope;
import org.onosproject.nids.api.NidsBlock;
import org.onosproject.nids.api.NidsBlockEvent;
import org.onosproject.store.AbstractStore;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/** A block store for other components' tests: it holds no block, only the sources a test says are cut off. */
public class NidsBlockStoreAdapter extends AbstractStore<NidsBlockEvent, NidsBlockStoreDelegate>
        implements NidsBlockStore {

    /** Sources {@link #cutOff} answers true for. */
    public final Set<Ip4Address> cutOffSources = ConcurrentHashMap.newKeySet();

    @Override
    public NidsBlock add(Ip4Address src, BlockScope scope, int maxBlocks, Function<String, NidsBlock> make) {
        throw new UnsupportedOperationException("the adapter stores no block");
    }

    @Override
    public Optional<NidsBlock> blockOf(Ip4Address src, BlockScope scope) {
        return Optional.empty();
    }

    @Override
    public boolean cutOff(Ip4Address src) {
        return cutOffSources.contains(src);
    }

    @Override
    public Optional<NidsBlock> remove(String blockId) {
        return Optional.empty();
    }

    @Override
    public Optional<NidsBlock> block(String blockId) {
        return Optional.empty();
    }

    @Override
    public Collection<NidsBlock> blocks() {
        return List.of();
    }

    @Override
    public int size() {
        return 0;
    }
}
