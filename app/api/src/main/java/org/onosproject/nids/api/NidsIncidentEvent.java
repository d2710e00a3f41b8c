/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import com.google.common.base.MoreObjects;
import org.onosproject.event.AbstractEvent;
import org.onosproject.nids.detection.Incident;

import java.util.Optional;

/**
 * Something happened to an incident. Every ONOS instance of the cluster posts the event to its own listeners (the
 * incident store is shared), so a listener sees incidents of reports taken on any instance.
 */
public class NidsIncidentEvent extends AbstractEvent<NidsIncidentEvent.Type, Incident> {

    /** Kinds of incident events. */
    public enum Type {
        /** A new incident: a source's first confident verdict of a family, or the first after the window. */
        INCIDENT_OPENED,
        /** A verdict joined the incident, or the auto-block decision about it changed. */
        INCIDENT_UPDATED,
        /** An operator acknowledged it. */
        INCIDENT_ACKNOWLEDGED,
        /** A block answers it now. */
        INCIDENT_BLOCKED,
        /** Its window passed without a verdict. */
        INCIDENT_CLOSED
    }

    private final Incident previous;

    /**
     * @param type     what happened
     * @param incident the incident as it is now
     * @param previous the incident before, null for INCIDENT_OPENED
     */
    public NidsIncidentEvent(Type type, Incident incident, Incident previous) {
        super(type, incident);
        this.previous = previous;
    }

    /** @return the incident before the change; empty for INCIDENT_OPENED */
    public Optional<Incident> previous() {
        return Optional.ofNullable(previous);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("type", type()).add("incident", subject()).toString();
    }
}
