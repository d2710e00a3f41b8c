/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.block;

import com.google.common.collect.ImmutableList;
import org.onlab.packet.Ip4Address;
import org.onlab.util.KryoNamespace;
import org.onosproject.nids.api.BlockOrigin;
import org.onosproject.nids.api.BlockScope;
import org.onosproject.nids.api.NidsBlock;
import org.onosproject.nids.api.NidsBlockEvent;
import org.onosproject.store.AbstractStore;
import org.onosproject.store.serializers.KryoNamespaces;
import org.onosproject.store.service.AtomicIdGenerator;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.MapEvent;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.StorageService;
import org.onosproject.store.service.Versioned;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.slf4j.Logger;

import java.util.Collection;
import java.util.Optional;
import java.util.function.Function;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The block store on ONOS's distributed primitives: a consistent map of blocks by id, a consistent map from each
 * source-and-scope to its block (one block per source and scope, claimed atomically), and an atomic id generator.
 * Blocks survive an app reload; every instance listens to the block map and turns its changes into block events.
 */
@Component(immediate = true, service = NidsBlockStore.class)
public class DistributedNidsBlockStore extends AbstractStore<NidsBlockEvent, NidsBlockStoreDelegate>
        implements NidsBlockStore {

    static final String BLOCKS = "nids-blocks";
    static final String INDEX = "nids-block-index";
    static final String IDS = "nids-block-ids";

    /** Every type the maps hold, beside ONOS's API types (Ip4Address, Ip4Prefix, DeviceId, Guava lists, …). */
    static final Serializer SERIALIZER = Serializer.using(KryoNamespace.newBuilder()
            .register(KryoNamespaces.API)
            .register(NidsBlock.class, BlockScope.class, BlockOrigin.class)
            .build("nids-blocks"));

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected StorageService storageService;

    private ConsistentMap<String, NidsBlock> blocks;
    private ConsistentMap<String, String> index;
    private AtomicIdGenerator ids;
    private final MapEventListener<String, NidsBlock> blockListener = this::blockChanged;

    @Activate
    protected void activate() {
        blocks = storageService.<String, NidsBlock>consistentMapBuilder()
                .withName(BLOCKS).withSerializer(SERIALIZER).build();
        index = storageService.<String, String>consistentMapBuilder()
                .withName(INDEX).withSerializer(SERIALIZER).build();
        ids = storageService.atomicIdGeneratorBuilder().withName(IDS).build().asAtomicIdGenerator();
        blocks.addListener(blockListener);
        log.info("Started with {} stored block(s)", blocks.size());
    }

    @Deactivate
    protected void deactivate() {
        blocks.removeListener(blockListener);
        log.info("Stopped");
    }

    /** The index key: one block per source and scope. */
    static String indexKey(Ip4Address src, BlockScope scope) {
        return src + " " + scope;
    }

    @Override
    public NidsBlock add(Ip4Address src, BlockScope scope, int maxBlocks, Function<String, NidsBlock> make) {
        String key = indexKey(src, scope);
        Versioned<String> claimed = index.get(key);
        if (claimed == null) {
            if (blocks.size() >= maxBlocks) {
                throw new BlockConflictException("block cap reached: " + blocks.size() + " blocks (maxBlocks "
                                                         + maxBlocks + ")", null);
            }
            // The claim on the index decides between concurrent blocks of one source (REST and the policy, or two
            // instances reacting to one alert): the first claim wins, the others learn which block it is. Checked
            // first so that a plain duplicate does not use up an id.
            String id = Long.toString(ids.nextId());
            claimed = index.putIfAbsent(key, id);
            if (claimed == null) {
                NidsBlock block = make.apply(id).stored();
                blocks.put(id, block);
                return block;
            }
        }
        NidsBlock existing = Versioned.valueOrNull(blocks.get(claimed.value()));
        throw new BlockConflictException(src + " is already blocked" + (scope.isAll() ? "" : " (" + scope + ")")
                                                 + " by block " + claimed.value(), existing);
    }


    @Override
    public Optional<NidsBlock> blockOf(Ip4Address src, BlockScope scope) {
        return Optional.ofNullable(Versioned.valueOrNull(index.get(indexKey(src, scope))))
                .flatMap(this::block);
    }

    @Override
    public Optional<NidsBlock> remove(String blockId) {
        NidsBlock removed = Versioned.valueOrNull(blocks.remove(blockId));
        if (removed != null) {
            index.remove(indexKey(removed.src(), removed.scope()), blockId);
        }
        return Optional.ofNullable(removed);
    }

    @Override
    public Optional<NidsBlock> block(String blockId) {
        return Optional.ofNullable(Versioned.valueOrNull(blocks.get(blockId)));
    }

    @Override
    public Collection<NidsBlock> blocks() {
        return blocks.values().stream().map(Versioned::value).collect(ImmutableList.toImmutableList());
    }

    @Override
    public int size() {
        return blocks.size();
    }

    private void blockChanged(MapEvent<String, NidsBlock> event) {
        // Null-safe: a removal of an absent key is no change (ONOS's test map still reports it).
        NidsBlock before = Versioned.valueOrNull(event.oldValue());
        NidsBlock after = Versioned.valueOrNull(event.newValue());
        if (before == null && after != null) {
            notifyDelegate(new NidsBlockEvent(NidsBlockEvent.Type.BLOCK_ADDED, after));
        } else if (before != null && after == null) {
            notifyDelegate(new NidsBlockEvent(NidsBlockEvent.Type.BLOCK_REMOVED, before));
        }
    }
}
