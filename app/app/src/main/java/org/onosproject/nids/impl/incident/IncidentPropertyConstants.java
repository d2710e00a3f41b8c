/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.incident;

/** Names and defaults of the incident manager's component properties (the detection policy's incident part). */
public final class IncidentPropertyConstants {

    private IncidentPropertyConstants() {
    }

    public static final String INCIDENT_WINDOW_SECONDS = "incidentWindowSeconds";
    public static final int INCIDENT_WINDOW_SECONDS_DEFAULT = 300;

    public static final String INCIDENT_EVIDENCE_FLOWS = "incidentEvidenceFlows";
    public static final int INCIDENT_EVIDENCE_FLOWS_DEFAULT = 5;

    public static final String INCIDENT_MIN_CONFIDENCE_PERMILLE = "incidentMinConfidencePermille";
    public static final int INCIDENT_MIN_CONFIDENCE_PERMILLE_DEFAULT = 0;

    public static final String MAX_INCIDENTS = "maxIncidents";
    public static final int MAX_INCIDENTS_DEFAULT = 1000;

    public static final String ATTACK_FAMILIES = "attackFamilies";
    public static final String ATTACK_FAMILIES_DEFAULT = "";
}
