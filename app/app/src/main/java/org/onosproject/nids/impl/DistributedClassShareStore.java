/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import org.onlab.util.KryoNamespace;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.ClassShareSample;
import org.onosproject.store.serializers.KryoNamespaces;
import org.onosproject.store.service.AtomicCounterMap;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.ConsistentMapException;
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

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListMap;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.onosproject.nids.impl.DriftPropertyConstants.DRIFT_SAMPLES_DEFAULT;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * The class-share store on ONOS's distributed primitives: a consistent map of samples by poll round (the round's
 * start), a consistent map of each switch's last counter read, and an atomic counter map of what the bound dropped.
 * Every write is a conditional one (put-if-absent, or a replace of the version read; {@link LatestRecords}' way, no
 * store call inside a compute function). Each instance keeps the samples in memory too, fed by the sample map's events
 * (every instance gets them): {@code GET /stats} reads them without a round trip, the same on every instance.
 */
@Component(immediate = true, service = ClassShareStore.class)
public class DistributedClassShareStore implements ClassShareStore {

    static final String SAMPLES = "nids-class-shares";
    static final String READS = "nids-class-counter-reads";
    static final String COUNTS = "nids-class-share-counts";
    /** The count of samples dropped beyond the bound. */
    static final String SAMPLES_DROPPED = "samplesDropped";

    /** Every type the maps hold, beside ONOS's API types (DeviceId, Guava collections, …). */
    static final Serializer SERIALIZER = Serializer.using(KryoNamespace.newBuilder()
            .register(KryoNamespaces.API)
            .register(ClassShareSample.class, ClassCounterRead.class)
            .build("nids-class-shares"));

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected StorageService storageService;

    private ConsistentMap<Long, ClassShareSample> samples;
    private ConsistentMap<DeviceId, ClassCounterRead> reads;
    private AtomicCounterMap<String> counts;
    /** The samples as the map's events gave them, by round; bounded by the capacity. */
    private final NavigableMap<Long, ClassShareSample> recent = new ConcurrentSkipListMap<>();
    private final MapEventListener<Long, ClassShareSample> listener = this::sampleChanged;
    private volatile int capacity = DRIFT_SAMPLES_DEFAULT;

    @Activate
    protected void activate() {
        samples = storageService.<Long, ClassShareSample>consistentMapBuilder()
                .withName(SAMPLES).withSerializer(SERIALIZER).build();
        reads = storageService.<DeviceId, ClassCounterRead>consistentMapBuilder()
                .withName(READS).withSerializer(SERIALIZER).build();
        counts = storageService.<String>atomicCounterMapBuilder()
                .withName(COUNTS).withSerializer(SERIALIZER).build();
        samples.addListener(listener);
        // Listening first: a sample written meanwhile is in the entries read or comes as an event.
        samples.entrySet().forEach(entry -> remember(entry.getKey(), entry.getValue().value()));
        log.info("Started with {} stored class-share sample(s)", recent.size());
    }

    @Deactivate
    protected void deactivate() {
        samples.removeListener(listener);
        log.info("Stopped");
    }

    @Override
    public Versioned<ClassCounterRead> lastRead(DeviceId deviceId) {
        return reads.get(deviceId);
    }

    @Override
    public boolean replaceRead(DeviceId deviceId, Versioned<ClassCounterRead> previous, ClassCounterRead read) {
        checkNotNull(read, "read");
        return previous == null ? reads.putIfAbsent(deviceId, read) == null
                : reads.replace(deviceId, previous.version(), read);
    }

    @Override
    public Set<DeviceId> readDevices() {
        return ImmutableSet.copyOf(reads.keySet());
    }

    @Override
    public void forgetRead(DeviceId deviceId) {
        reads.remove(deviceId);
    }

    @Override
    public void addToRound(ClassShareSample counted) {
        long round = counted.timeMillis();
        for (int attempt = 1; attempt <= LatestRecords.MAX_ATTEMPTS; attempt++) {
            Versioned<ClassShareSample> current = samples.get(round);
            if (current == null) {
                if (samples.putIfAbsent(round, counted) == null) {
                    // Once per round, by whoever opened it: the bound.
                    trim();
                    return;
                }
            } else if (samples.replace(round, current.version(), merged(current.value(), counted))) {
                return;
            }
        }
        throw new ConsistentMapException.ConcurrentModification();
    }

    /**
     * One round's sample with more packets counted in it (another instance's switches, or a second poll of one
     * instance whose poll came late).
     *
     * @param round the round's sample so far
     * @param more  packets counted in the same round
     * @return packets summed per class; the longer interval; the round's model, else the other's
     */
    static ClassShareSample merged(ClassShareSample round, ClassShareSample more) {
        Map<String, Long> packets = new LinkedHashMap<>(round.packets());
        more.packets().forEach((name, count) -> packets.merge(name, count, Long::sum));
        return new ClassShareSample(round.timeMillis(), Math.max(round.intervalMillis(), more.intervalMillis()),
                                    round.modelId().orElse(more.modelId().orElse(null)), packets);
    }

    /** Removes the oldest samples beyond the bound, counting those this instance removed. */
    private void trim() {
        int excess = samples.size() - capacity;
        if (excess <= 0) {
            return;
        }
        List<Long> rounds = new ArrayList<>(samples.keySet());
        Collections.sort(rounds);
        long removed = 0;
        for (Long round : rounds.subList(0, Math.min(excess, rounds.size()))) {
            // Another instance trimming at once removes some of the same rounds: each is counted once.
            removed += samples.remove(round) == null ? 0 : 1;
        }
        if (removed > 0) {
            counts.addAndGet(SAMPLES_DROPPED, removed);
        }
    }

    @Override
    public List<ClassShareSample> recent(int limit) {
        checkArgument(limit > 0, "limit must be positive");
        List<ClassShareSample> newestFirst = new ArrayList<>(Math.min(limit, recent.size()));
        for (ClassShareSample sample : recent.descendingMap().values()) {
            if (newestFirst.size() == limit) {
                break;
            }
            newestFirst.add(sample);
        }
        return ImmutableList.copyOf(newestFirst).reverse();
    }

    @Override
    public void setCapacity(int maxSamples) {
        checkArgument(maxSamples > 0, "capacity must be positive");
        capacity = maxSamples;
        trimRecent();
    }

    @Override
    public int capacity() {
        return capacity;
    }

    @Override
    public long samplesDropped() {
        return counts.get(SAMPLES_DROPPED);
    }

    private void sampleChanged(MapEvent<Long, ClassShareSample> event) {
        ClassShareSample sample = Versioned.valueOrNull(event.newValue());
        if (sample == null) {
            recent.remove(event.key());
        } else {
            remember(event.key(), sample);
        }
    }

    private void remember(Long round, ClassShareSample sample) {
        recent.put(round, sample);
        trimRecent();
    }

    /** The in-memory copy holds the newest samples only, even if a removal's event never came. */
    private void trimRecent() {
        while (recent.size() > capacity) {
            recent.pollFirstEntry();
        }
    }
}
