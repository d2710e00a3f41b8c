/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.detection;

import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.LongFunction;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/** An {@link IncidentBook} in memory, for one thread: the offline replays' storage. Ids count from 1. */
public final class MemoryIncidentBook extends IncidentBook {

    private final Map<Long, Incident> incidents = new TreeMap<>();
    private final Map<IncidentKey, Long> latest = new HashMap<>();
    private final Map<String, Long> counters = new LinkedHashMap<>();
    private long lastId;

    @Override
    protected Optional<Incident> latest(IncidentKey key) {
        Long id = latest.get(key);
        return id == null ? Optional.empty() : Optional.ofNullable(incidents.get(id));
    }

    @Override
    protected Incident openOrJoin(IncidentKey key, Predicate<Incident> takes, LongFunction<Incident> open,
                                  UnaryOperator<Incident> fold) {
        Optional<Incident> current = latest(key).filter(takes);
        Incident after = current.isPresent() ? fold.apply(current.get()) : open.apply(++lastId);
        incidents.put(after.id(), after);
        latest.put(key, after.id());
        return after;
    }

    @Override
    public Optional<Incident> change(long id, UnaryOperator<Incident> change) {
        Incident current = incidents.get(id);
        if (current == null) {
            return Optional.empty();
        }
        Incident after = change.apply(current);
        incidents.put(id, after);
        return Optional.of(after);
    }

    @Override
    public Collection<Incident> incidents() {
        return Collections.unmodifiableCollection(incidents.values());
    }

    @Override
    public int size() {
        return incidents.size();
    }

    @Override
    protected void remove(Incident incident) {
        incidents.remove(incident.id());
        latest.remove(incident.key(), incident.id());
    }

    @Override
    protected void count(String counter) {
        counters.merge(counter, 1L, Long::sum);
    }

    /**
     * @param id an incident
     * @return it, if stored
     */
    public Optional<Incident> incident(long id) {
        return Optional.ofNullable(incidents.get(id));
    }

    /** @return the counters, in the order first counted */
    public Map<String, Long> counters() {
        return Collections.unmodifiableMap(counters);
    }
}
