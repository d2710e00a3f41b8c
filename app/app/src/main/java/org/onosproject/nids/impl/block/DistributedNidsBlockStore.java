/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.block;

import com.google.common.collect.ImmutableList;
import com.google.common.util.concurrent.Futures;
import org.onlab.packet.Ip4Address;
import org.onlab.util.KryoNamespace;
import org.onosproject.nids.api.BlockOrigin;
import org.onosproject.nids.api.BlockScope;
import org.onosproject.nids.api.NidsBlock;
import org.onosproject.nids.api.NidsBlockEvent;
import org.onosproject.store.AbstractStore;
import org.onosproject.store.serializers.KryoNamespaces;
import org.onosproject.nids.api.NidsException;
import org.onosproject.store.service.AtomicIdGenerator;
import org.onosproject.store.service.CommitStatus;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.MapEvent;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.StorageService;
import org.onosproject.store.service.TransactionContext;
import org.onosproject.store.service.TransactionalMap;
import org.onosproject.store.service.Versioned;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.slf4j.Logger;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

import static org.onosproject.nids.api.NidsException.Kind.CONFLICT;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * The block store on ONOS's distributed primitives: a consistent map of blocks by id, a consistent map from each
 * source-and-scope to its block (one block per source and scope), a one-entry map holding how many blocks there are,
 * and an atomic id generator. A block is added or removed in one transaction over the three maps, so the cap holds
 * against concurrent requests (on any instance) and a crash never leaves an index entry without its block (a block
 * that could never be made again). Blocks survive an app reload and an ONOS restart; every instance listens to the
 * block map and turns its changes into block events.
 */
@Component(immediate = true, service = NidsBlockStore.class)
public class DistributedNidsBlockStore extends AbstractStore<NidsBlockEvent, NidsBlockStoreDelegate>
        implements NidsBlockStore {

    static final String BLOCKS = "nids-blocks";
    static final String INDEX = "nids-block-index";
    static final String COUNT = "nids-block-count";
    static final String IDS = "nids-block-ids";
    /** The one key of the count map. */
    static final String COUNT_KEY = "blocks";
    /**
     * Commits tried before a change gives up: a commit fails only when another one changed the same keys first, and
     * each such round lets at least one of the contenders through.
     */
    static final int MAX_ATTEMPTS = 32;

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
    /** Sources a block of scope ALL stops: bounded by the store's cap on blocks. */
    private final Set<Ip4Address> cutOff = ConcurrentHashMap.newKeySet();

    @Activate
    protected void activate() {
        blocks = storageService.<String, NidsBlock>consistentMapBuilder()
                .withName(BLOCKS).withSerializer(SERIALIZER).build();
        index = storageService.<String, String>consistentMapBuilder()
                .withName(INDEX).withSerializer(SERIALIZER).build();
        ids = storageService.atomicIdGeneratorBuilder().withName(IDS).build().asAtomicIdGenerator();
        repair();
        blocks.addListener(blockListener);
        // After the listener: a block added meanwhile is in the map's values or comes as an event, or both.
        blocks.values().forEach(b -> cutOffChanged(null, b.value()));
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

    /** The three maps inside one transaction; a change that writes nothing is aborted rather than committed. */
    private static final class Tx {
        final TransactionalMap<String, NidsBlock> blocks;
        final TransactionalMap<String, String> index;
        final TransactionalMap<String, Integer> count;
        boolean wrote;

        Tx(TransactionContext context) {
            blocks = context.getTransactionalMap(BLOCKS, SERIALIZER);
            index = context.getTransactionalMap(INDEX, SERIALIZER);
            count = context.getTransactionalMap(COUNT, SERIALIZER);
        }

        int count() {
            Integer value = count.get(COUNT_KEY);
            return value == null ? 0 : value;
        }

        void setCount(int value) {
            count.put(COUNT_KEY, Math.max(0, value));
            wrote = true;
        }
    }

    /**
     * Runs a change in a transaction until it commits: a commit fails only when another transaction changed a key
     * this one read, and then the change is decided again on what is stored now.
     */
    private <T> T transact(String what, Function<Tx, T> change) {
        for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
            TransactionContext context = storageService.transactionContextBuilder().build();
            context.begin();
            T result;
            Tx tx;
            try {
                tx = new Tx(context);
                result = change.apply(tx);
            } catch (RuntimeException e) {
                context.abort();
                throw e;
            }
            if (!tx.wrote) {
                context.abort();
                return result;
            }
            if (Futures.getUnchecked(context.commit()) == CommitStatus.SUCCESS) {
                return result;
            }
        }
        throw new NidsException(CONFLICT, what + ": the block store stayed busy for " + MAX_ATTEMPTS
                + " attempts, try again");
    }

    @Override
    public NidsBlock add(Ip4Address src, BlockScope scope, int maxBlocks, Function<String, NidsBlock> make) {
        String key = indexKey(src, scope);
        // Checked first so that a plain duplicate or a full store does not use up an id.
        Versioned<String> claimed = index.get(key);
        if (claimed != null) {
            throw alreadyBlocked(src, scope, claimed.value());
        }
        if (blocks.size() >= maxBlocks) {
            throw capReached(maxBlocks);
        }
        String id = Long.toString(ids.nextId());
        NidsBlock block = make.apply(id).stored();
        // The claim on the index decides between concurrent blocks of one source (REST and the policy, or two
        // instances reacting to one alert), the count between blocks of different sources: the first commit wins,
        // the others are decided again and learn which block it is, or that the cap is reached.
        String outcome = transact("block " + src, tx -> {
            String other = tx.index.get(key);
            if (other != null) {
                return other;
            }
            int stored = tx.count();
            if (stored >= maxBlocks) {
                return null;
            }
            tx.index.put(key, id);
            tx.blocks.put(id, block);
            tx.setCount(stored + 1);
            return id;
        });
        if (outcome == null) {
            throw capReached(maxBlocks);
        }
        if (!outcome.equals(id)) {
            throw alreadyBlocked(src, scope, outcome);
        }
        return block;
    }

    private BlockConflictException capReached(int maxBlocks) {
        return new BlockConflictException("block cap reached: " + size() + " blocks (maxBlocks " + maxBlocks + ")",
                                          null);
    }

    private BlockConflictException alreadyBlocked(Ip4Address src, BlockScope scope, String blockId) {
        NidsBlock existing = Versioned.valueOrNull(blocks.get(blockId));
        return new BlockConflictException(src + " is already blocked" + (scope.isAll() ? "" : " (" + scope + ")")
                                                  + " by block " + blockId, existing);
    }

    @Override
    public Optional<NidsBlock> blockOf(Ip4Address src, BlockScope scope) {
        return Optional.ofNullable(Versioned.valueOrNull(index.get(indexKey(src, scope))))
                .flatMap(this::block);
    }

    @Override
    public boolean cutOff(Ip4Address src) {
        return cutOff.contains(src);
    }

    @Override
    public Optional<NidsBlock> remove(String blockId) {
        return transact("unblock " + blockId, tx -> {
            NidsBlock removed = tx.blocks.remove(blockId);
            if (removed == null) {
                return Optional.<NidsBlock>empty();
            }
            tx.index.remove(indexKey(removed.src(), removed.scope()), blockId);
            tx.setCount(tx.count() - 1);
            return Optional.of(removed);
        });
    }

    /**
     * Brings the index and the count in line with the blocks: stores written by an earlier version of the app made
     * the index entry and the block in two writes (a crash between them left an index entry without its block: a
     * source that could never be blocked again) and kept no count.
     */
    private void repair() {
        Set<String> stored = blocks.keySet();
        for (Map.Entry<String, Versioned<String>> claim : index.entrySet()) {
            if (!stored.contains(claim.getValue().value())) {
                log.warn("Removing the index entry of {}: its block {} does not exist", claim.getKey(),
                         claim.getValue().value());
                index.remove(claim.getKey(), claim.getValue().value());
            }
        }
        transact("recount", tx -> {
            int actual = blocks.size();
            if (tx.count() != actual || tx.count.get(COUNT_KEY) == null) {
                tx.setCount(actual);
            }
            return actual;
        });
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

    /** One block of scope ALL per source (the index), so its removal frees the source. */
    private void cutOffChanged(NidsBlock before, NidsBlock after) {
        if (before != null && before.scope().isAll() && (after == null || !after.scope().isAll())) {
            cutOff.remove(before.src());
        }
        if (after != null && after.scope().isAll()) {
            cutOff.add(after.src());
        }
    }

    private void blockChanged(MapEvent<String, NidsBlock> event) {
        // Null-safe: a removal of an absent key is no change (ONOS's test map still reports it).
        NidsBlock before = Versioned.valueOrNull(event.oldValue());
        NidsBlock after = Versioned.valueOrNull(event.newValue());
        cutOffChanged(before, after);
        if (before == null && after != null) {
            notifyDelegate(new NidsBlockEvent(NidsBlockEvent.Type.BLOCK_ADDED, after));
        } else if (before != null && after == null) {
            notifyDelegate(new NidsBlockEvent(NidsBlockEvent.Type.BLOCK_REMOVED, before));
        }
    }
}
