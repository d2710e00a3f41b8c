/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import org.onosproject.event.ListenerService;
import org.onosproject.nids.detection.SeverityPolicy;

import java.util.List;
import java.util.Optional;

/**
 * Alerts: the flows the active model called attacks, deduplicated across switches and repeated reports, shared by
 * the cluster, with events for other apps (docs/alerts.md).
 */
public interface NidsAlertService extends ListenerService<NidsAlertEvent, NidsAlertListener> {

    /**
     * Folds an attack report into the alert of its flow: the same flow key and model reported again (by any switch)
     * less than the dedup window ({@code alertDedupWindowSeconds}) after the alert was last seen adds a report to that
     * alert; otherwise a new alert is raised. Fires ALERT_RAISED or ALERT_UPDATED.
     *
     * @param record a flow record the model called an attack ({@link FlowRecord#isAttack()})
     * @return the alert as it is after the report
     * @throws IllegalArgumentException if the record is not an attack
     */
    NidsAlert report(FlowRecord record);

    /**
     * As {@link #report(FlowRecord)}, for a flow that is one of an incident's evidence flows: the alert carries the
     * incident's id.
     *
     * @param record     a flow record the model called an attack
     * @param incidentId the incident whose evidence the flow is
     * @return the alert as it is after the report
     * @throws IllegalArgumentException if the record is not an attack
     */
    NidsAlert report(FlowRecord record, long incidentId);

    /**
     * @param record a flow record the model called an attack
     * @return the decision path of its leaf in words ({@code IN_BYTES = 412 <= 1000 and …}), empty when the model
     *         or leaf is not known
     */
    String explain(FlowRecord record);

    /** @return the severities of the classes in force ({@code alertSeverities}) */
    SeverityPolicy severities();

    /**
     * Lists alerts.
     *
     * @param query filters and limit
     * @return matching alerts, newest (last seen) first
     */
    List<NidsAlert> alerts(AlertQuery query);

    /**
     * @return every stored alert, newest (last seen) first
     */
    List<NidsAlert> alerts();

    /**
     * @param alertId alert id
     * @return the alert, if stored
     */
    Optional<NidsAlert> alert(long alertId);

    /**
     * Acknowledges an alert: OPEN becomes ACKNOWLEDGED (fires ALERT_ACKNOWLEDGED); an acknowledged or blocked alert is
     * left as it is.
     *
     * @param alertId alert id
     * @return the alert after the change
     * @throws NidsException (NOT_FOUND) for an unknown alert
     */
    NidsAlert acknowledge(long alertId);

    /**
     * Records that the alert's flow has been blocked: the alert becomes BLOCKED with the block's id (fires
     * ALERT_BLOCKED); marking it again with the same block changes nothing.
     *
     * @param alertId alert id
     * @param blockId id of the block (of the blocking service) that stops the flow
     * @return the alert after the change
     * @throws NidsException (NOT_FOUND) for an unknown alert
     */
    NidsAlert markBlocked(long alertId, String blockId);
}
