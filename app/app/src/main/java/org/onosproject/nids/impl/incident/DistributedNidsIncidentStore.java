/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.incident;

import com.google.common.collect.ImmutableList;
import org.onlab.util.KryoNamespace;
import org.onosproject.nids.api.NidsIncidentEvent;
import org.onosproject.nids.detection.AlertSeverity;
import org.onosproject.nids.detection.AttackFamily;
import org.onosproject.nids.detection.BlockDecision;
import org.onosproject.nids.detection.Evidence;
import org.onosproject.nids.detection.Incident;
import org.onosproject.nids.detection.IncidentBook;
import org.onosproject.nids.detection.IncidentKey;
import org.onosproject.nids.detection.IncidentState;
import org.onosproject.nids.detection.LocationCheck;
import org.onosproject.nids.detection.LocationStatus;
import org.onosproject.nids.impl.LatestRecords;
import org.onosproject.store.AbstractStore;
import org.onosproject.store.serializers.KryoNamespaces;
import org.onosproject.store.service.AsyncAtomicCounterMap;
import org.onosproject.store.service.AtomicCounterMap;
import org.onosproject.store.service.AtomicIdGenerator;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.DistributedPrimitive;
import org.onosproject.store.service.DistributedSet;
import org.onosproject.store.service.MapEvent;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.StorageException;
import org.onosproject.store.service.StorageService;
import org.onosproject.store.service.Versioned;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.slf4j.Logger;

import java.util.Collection;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.LongFunction;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The incident store on ONOS's distributed primitives, like the alert store: a consistent map of incidents by id, a
 * consistent map from each (source, family) to its latest incident, an atomic id generator ({@link LatestRecords}:
 * no store call inside a compute function, so verdicts may be placed from several threads and instances at once), and
 * the book's counters in an atomic counter map (one increment a count, no read-modify-write of a shared map) with their
 * names in a set. Survives an app reload; every instance turns the incident map's changes into events.
 *
 * <p>Round trips of a verdict that joins its incident: one, the replace of the incident (the key's latest incident is
 * read from this instance's event-fed copy of the maps, {@link LatestRecords}); one that opens an incident: the index's
 * entry and the incident written (the bound checked on the copy's size). A copy a few milliseconds behind costs a
 * retry that reads the maps. (Session 10: seven, and a compute whose function called the store, which timed out under
 * concurrency; session 12: three and five.) The incident list is the copy's, the counts one round trip for all.
 */
@Component(immediate = true, service = NidsIncidentStore.class)
public class DistributedNidsIncidentStore extends AbstractStore<NidsIncidentEvent, NidsIncidentStoreDelegate>
        implements NidsIncidentStore {

    static final String INCIDENTS = "nids-incidents";
    static final String LATEST = "nids-incident-latest";
    static final String IDS = "nids-incident-ids";
    /** The book's counts (an atomic counter map; the consistent map "nids-incident-counters" before session 11). */
    static final String COUNTS = "nids-incident-counts";
    /** The names of the counts (an atomic counter map cannot list its keys). */
    static final String COUNT_NAMES = "nids-incident-count-names";

    /** Every type the maps hold, beside ONOS's API types. */
    static final Serializer SERIALIZER = Serializer.using(KryoNamespace.newBuilder()
            .register(KryoNamespaces.API)
            .register(Incident.class, Evidence.class, Evidence[].class, AttackFamily.class, IncidentState.class,
                      AlertSeverity.class, LocationStatus.class, LocationCheck.class, BlockDecision.Kind.class,
                      IncidentKey.class, String[].class, int[].class, long[].class)
            .build("nids-incidents"));


    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected StorageService storageService;

    private ConsistentMap<Long, Incident> incidents;
    private ConsistentMap<IncidentKey, Long> latest;
    private LatestRecords<IncidentKey, Incident> records;
    private AsyncAtomicCounterMap<String> countsAsync;
    private AtomicCounterMap<String> counts;
    private DistributedSet<String> countNames;
    /** Count names this instance has seen in the set (bounded: the classes' names and the book's few counters). */
    private final Set<String> countNamesKnown = ConcurrentHashMap.newKeySet();
    private final MapEventListener<Long, Incident> listener = this::incidentChanged;
    private final IncidentBook book = new Book();

    @Activate
    protected void activate() {
        incidents = storageService.<Long, Incident>consistentMapBuilder()
                .withName(INCIDENTS).withSerializer(SERIALIZER).build();
        latest = storageService.<IncidentKey, Long>consistentMapBuilder()
                .withName(LATEST).withSerializer(SERIALIZER).build();
        AtomicIdGenerator ids = storageService.atomicIdGeneratorBuilder().withName(IDS).build()
                .asAtomicIdGenerator();
        records = new LatestRecords<>(latest, incidents, ids);
        countsAsync = storageService.<String>atomicCounterMapBuilder()
                .withName(COUNTS).withSerializer(SERIALIZER).buildAsyncMap();
        counts = countsAsync.asAtomicCounterMap();
        countNames = storageService.<String>setBuilder()
                .withName(COUNT_NAMES).withSerializer(SERIALIZER).build().asDistributedSet();
        incidents.addListener(listener);
        log.info("Started with {} stored incident(s)", incidents.size());
    }

    @Deactivate
    protected void deactivate() {
        incidents.removeListener(listener);
        records.close();
        log.info("Stopped");
    }

    @Override
    public IncidentBook book() {
        return book;
    }

    @Override
    public Optional<Incident> incident(long incidentId) {
        return Optional.ofNullable(Versioned.valueOrNull(incidents.get(incidentId)));
    }

    @Override
    public Map<String, Long> counters() {
        // Every count asked at once: one round trip for them all, not one each (the incident list shows them).
        Map<String, CompletableFuture<Long>> asked = new TreeMap<>();
        for (String name : ImmutableList.copyOf(countNames)) {
            asked.put(name, countsAsync.get(name));
        }
        Map<String, Long> all = new TreeMap<>();
        asked.forEach((name, count) -> all.put(name, await(count)));
        return all;
    }

    /** A count asked of the storage nodes, as the synchronous map would give it (its timeout, its exceptions). */
    private static long await(CompletableFuture<Long> count) {
        try {
            return count.get(DistributedPrimitive.DEFAULT_OPERATION_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new StorageException.Timeout();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof StorageException ? (StorageException) e.getCause()
                    : new StorageException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StorageException.Interrupted();
        }
    }

    /** The shared rule over the maps. */
    private final class Book extends IncidentBook {

        /**
         * The key's latest incident as {@link #latest} read it on this thread: the book reads it just before it places
         * the verdict ({@link #openOrJoin}), which starts from that read instead of reading again. A read gone stale
         * meanwhile (an eviction, another thread's verdict) only makes the first conditional write fail and retry.
         */
        private final ThreadLocal<LatestRecords.Read<IncidentKey, Incident>> lastRead = new ThreadLocal<>();

        @Override
        protected Optional<Incident> latest(IncidentKey key) {
            LatestRecords.Read<IncidentKey, Incident> read = records.read(key);
            lastRead.set(read);
            return read.record();
        }

        @Override
        protected Incident openOrJoin(IncidentKey key, Predicate<Incident> takes, LongFunction<Incident> open,
                                      UnaryOperator<Incident> fold) {
            LatestRecords.Read<IncidentKey, Incident> read = lastRead.get();
            lastRead.remove();
            return records.openOrJoin(key, read, takes, open, fold);
        }

        @Override
        public Optional<Incident> change(long id, UnaryOperator<Incident> change) {
            return records.change(id, change);
        }

        @Override
        public Collection<Incident> incidents() {
            return records.values();
        }

        @Override
        public int size() {
            return records.size();
        }

        @Override
        protected void remove(Incident incident) {
            // The key's entry first: a verdict racing with the eviction then opens a new incident (LatestRecords).
            latest.remove(incident.key(), incident.id());
            incidents.remove(incident.id());
            log.debug("Evicted incident {}", incident);
        }

        @Override
        protected void count(String counter) {
            // The name first, so a reader of the counts never misses one that was counted.
            if (!countNamesKnown.contains(counter)) {
                countNames.add(counter);
                countNamesKnown.add(counter);
            }
            counts.incrementAndGet(counter);
        }
    }

    private void incidentChanged(MapEvent<Long, Incident> event) {
        eventOf(Versioned.valueOrNull(event.oldValue()), Versioned.valueOrNull(event.newValue()))
                .ifPresent(this::notifyDelegate);
    }

    /**
     * The incident event of a change of the incident map.
     *
     * @param before the incident before, null if it was opened
     * @param after  the incident after, null if it was evicted (no event: it was closed, acknowledged or blocked)
     * @return the event, if the change is one
     */
    static Optional<NidsIncidentEvent> eventOf(Incident before, Incident after) {
        if (after == null || after.equals(before)) {
            return Optional.empty();
        }
        if (before == null) {
            return Optional.of(new NidsIncidentEvent(NidsIncidentEvent.Type.INCIDENT_OPENED, after, null));
        }
        NidsIncidentEvent.Type type = NidsIncidentEvent.Type.INCIDENT_UPDATED;
        if (before.state() != after.state() || !Objects.equals(before.blockId(), after.blockId())) {
            switch (after.state()) {
                case ACKNOWLEDGED:
                    type = NidsIncidentEvent.Type.INCIDENT_ACKNOWLEDGED;
                    break;
                case BLOCKED:
                    type = NidsIncidentEvent.Type.INCIDENT_BLOCKED;
                    break;
                case CLOSED:
                    type = NidsIncidentEvent.Type.INCIDENT_CLOSED;
                    break;
                default:
                    break;
            }
        }
        return Optional.of(new NidsIncidentEvent(type, after, before));
    }
}
