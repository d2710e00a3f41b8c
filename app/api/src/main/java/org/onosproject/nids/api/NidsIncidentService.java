/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import org.onosproject.event.ListenerService;
import org.onosproject.nids.detection.BlockDecision;
import org.onosproject.nids.detection.Incident;
import org.onosproject.nids.detection.IncidentPolicy;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Incidents: the attack verdicts of one source and attack family within a window, shared by the cluster, with events
 * for other apps (docs/alerts.md). The flow-report pipeline hands every attack record here; an incident's first
 * flows become alerts (its evidence); the block manager decides on incidents.
 */
public interface NidsIncidentService extends ListenerService<NidsIncidentEvent, NidsIncidentListener> {

    /**
     * Takes an attack record: its verdict joins the incident of its source and family, or opens one; a
     * low-confidence verdict is only counted. If the record's flow is one of the incident's evidence flows, its
     * alert is raised (or updated) with the incident's id. Fires INCIDENT_OPENED or INCIDENT_UPDATED.
     *
     * @param record a flow record the model called an attack
     * @return the incident after the record; empty if the verdict was below the confidence floor or refused (full)
     * @throws IllegalArgumentException if the record is not an attack
     */
    Optional<Incident> report(FlowRecord record);

    /**
     * @param query filters and limit
     * @return matching incidents, newest (last seen) first
     */
    List<Incident> incidents(IncidentQuery query);

    /**
     * @param incidentId an id
     * @return the incident, if stored
     */
    Optional<Incident> incident(long incidentId);

    /**
     * Acknowledges an incident: OPEN becomes ACKNOWLEDGED (fires INCIDENT_ACKNOWLEDGED; automatic blocking leaves it
     * to the operator from then on); any other state is left as it is.
     *
     * @param incidentId an id
     * @return the incident after the change
     * @throws NidsException (NOT_FOUND) for an unknown incident
     */
    Incident acknowledge(long incidentId);

    /**
     * Records that a block stops the incident's source: the incident and its evidence alerts become BLOCKED with
     * the block's id (fires INCIDENT_BLOCKED); again with the same block changes nothing.
     *
     * @param incidentId an id
     * @param blockId    the block
     * @return the incident after the change
     * @throws NidsException (NOT_FOUND) for an unknown incident
     */
    Incident markBlocked(long incidentId, String blockId);

    /**
     * Records the automatic-blocking rule's latest decision about an incident (shown by REST, CLI and GUI); the same
     * decision again changes nothing.
     *
     * @param incidentId an id
     * @param decision   the decision
     * @return the incident after the change, empty if it is no longer stored
     */
    Optional<Incident> recordDecision(long incidentId, BlockDecision decision);

    /**
     * Records that a block is gone (unblocked or expired): the BLOCKED incidents it answered are closed (fires
     * INCIDENT_CLOSED), so that their source's next attack verdicts open a new incident, alerted and decided again,
     * instead of folding into one whose block no longer stops anything.
     *
     * @param blockId the removed block
     * @return the incidents closed
     */
    List<Incident> blockRemoved(String blockId);

    /** @return the incident policy in force */
    IncidentPolicy policy();

    /**
     * @return the store's counters across the cluster: {@code lowConfidence:<class>} (verdicts below the confidence
     *         floor), {@code evicted}, {@code merged}, {@code refused} (incident store full)
     */
    Map<String, Long> counters();
}
