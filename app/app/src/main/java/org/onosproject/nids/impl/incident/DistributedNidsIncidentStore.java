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
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.LongFunction;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

import static org.onosproject.nids.impl.ConsistentMapRetry.retrying;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * The incident store on ONOS's distributed primitives, like the alert store: a consistent map of incidents by id, a
 * consistent map from each (source, family) to its latest incident, an atomic id generator and a consistent map of
 * the book's counters. Survives an app reload; every instance turns the incident map's changes into events.
 */
@Component(immediate = true, service = NidsIncidentStore.class)
public class DistributedNidsIncidentStore extends AbstractStore<NidsIncidentEvent, NidsIncidentStoreDelegate>
        implements NidsIncidentStore {

    static final String INCIDENTS = "nids-incidents";
    static final String LATEST = "nids-incident-latest";
    static final String IDS = "nids-incident-ids";
    static final String COUNTERS = "nids-incident-counters";

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
    private AtomicIdGenerator ids;
    private ConsistentMap<String, Long> counters;
    private final MapEventListener<Long, Incident> listener = this::incidentChanged;
    private final IncidentBook book = new Book();

    @Activate
    protected void activate() {
        incidents = storageService.<Long, Incident>consistentMapBuilder()
                .withName(INCIDENTS).withSerializer(SERIALIZER).build();
        latest = storageService.<IncidentKey, Long>consistentMapBuilder()
                .withName(LATEST).withSerializer(SERIALIZER).build();
        ids = storageService.atomicIdGeneratorBuilder().withName(IDS).build().asAtomicIdGenerator();
        counters = storageService.<String, Long>consistentMapBuilder()
                .withName(COUNTERS).withSerializer(SERIALIZER).build();
        incidents.addListener(listener);
        log.info("Started with {} stored incident(s)", incidents.size());
    }

    @Deactivate
    protected void deactivate() {
        incidents.removeListener(listener);
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
        Map<String, Long> all = new TreeMap<>();
        counters.entrySet().forEach(e -> all.put(e.getKey(), e.getValue().value()));
        return all;
    }

    /** The shared rule over the maps. */
    private final class Book extends IncidentBook {

        @Override
        protected Optional<Incident> latest(IncidentKey key) {
            Long id = Versioned.valueOrNull(latest.get(key));
            return id == null ? Optional.empty() : incident(id);
        }

        @Override
        protected Incident openOrJoin(IncidentKey key, Predicate<Incident> takes, LongFunction<Incident> open,
                                      UnaryOperator<Incident> fold) {
            return retrying(() -> {
                // As the alert store does: pick the key's latest incident while it takes the verdict, else a new
                // id; whoever stores an id first opens it, a concurrent verdict of the same key folds into it.
                long id = latest.compute(key, (k, current) -> current != null && stillTakes(current, takes)
                        ? current : ids.nextId()).value();
                return incidents.compute(id, (k, incident) -> incident == null ? open.apply(id)
                        : fold.apply(incident)).value();
            });
        }

        private boolean stillTakes(long id, Predicate<Incident> takes) {
            Incident incident = Versioned.valueOrNull(incidents.get(id));
            return incident == null || takes.test(incident);
        }

        @Override
        public Optional<Incident> change(long id, UnaryOperator<Incident> change) {
            return retrying(() -> Optional.ofNullable(Versioned.valueOrNull(
                    incidents.computeIfPresent(id, (k, incident) -> change.apply(incident)))));
        }

        @Override
        public Collection<Incident> incidents() {
            return incidents.values().stream().map(Versioned::value).collect(ImmutableList.toImmutableList());
        }

        @Override
        public int size() {
            return incidents.size();
        }

        @Override
        protected void remove(Incident incident) {
            // The key's entry first: a verdict racing with the eviction then opens a new incident.
            latest.remove(incident.key(), incident.id());
            incidents.remove(incident.id());
            log.debug("Evicted incident {}", incident);
        }

        @Override
        protected void count(String counter) {
            retrying(() -> counters.compute(counter, (k, n) -> n == null ? 1L : n + 1));
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
