/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.incident;

import org.onosproject.nids.api.NidsIncidentEvent;
import org.onosproject.nids.detection.Incident;
import org.onosproject.nids.detection.IncidentBook;
import org.onosproject.store.Store;

import java.util.Map;
import java.util.Optional;

/**
 * Where incidents are kept, shared by the cluster: an {@link IncidentBook} (the grouping, bounding and eviction rule
 * the offline replays use too) over distributed maps, with its counters; changes reach the delegate as events.
 */
public interface NidsIncidentStore extends Store<NidsIncidentEvent, NidsIncidentStoreDelegate> {

    /** @return the book over the store: report, change, close */
    IncidentBook book();

    /**
     * @param incidentId an id
     * @return the incident, if stored
     */
    Optional<Incident> incident(long incidentId);

    /** @return the book's counters (IncidentBook's names) across the cluster */
    Map<String, Long> counters();
}
