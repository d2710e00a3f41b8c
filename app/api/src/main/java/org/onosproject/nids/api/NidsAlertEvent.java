/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import com.google.common.base.MoreObjects;
import org.onosproject.event.AbstractEvent;

import java.util.Optional;

/**
 * Something happened to an alert. Every ONOS instance of the cluster posts the event to its own listeners (the
 * alert store is shared), so a listener sees alerts raised on any instance.
 */
public class NidsAlertEvent extends AbstractEvent<NidsAlertEvent.Type, NidsAlert> {

    /** Kinds of alert events. */
    public enum Type {
        /** A new alert: the first report of a flow, or the first after the dedup window. */
        ALERT_RAISED,
        /** Another report of the flow was folded into the alert (count, switches, last seen, features). */
        ALERT_UPDATED,
        /** An operator acknowledged the alert. */
        ALERT_ACKNOWLEDGED,
        /** The flow was blocked. */
        ALERT_BLOCKED
    }

    private final NidsAlert previous;

    /**
     * An event.
     *
     * @param type     what happened
     * @param alert    the alert as it is now
     * @param previous the alert before, null for ALERT_RAISED
     */
    public NidsAlertEvent(Type type, NidsAlert alert, NidsAlert previous) {
        super(type, alert);
        this.previous = previous;
    }

    /**
     * An event at a given time.
     *
     * @param type     what happened
     * @param alert    the alert as it is now
     * @param previous the alert before, null for ALERT_RAISED
     * @param time     when (ms since the epoch)
     */
    public NidsAlertEvent(Type type, NidsAlert alert, NidsAlert previous, long time) {
        super(type, alert, time);
        this.previous = previous;
    }

    /** @return the alert before the change; empty for ALERT_RAISED */
    public Optional<NidsAlert> previous() {
        return Optional.ofNullable(previous);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("type", type()).add("alert", subject()).toString();
    }
}
