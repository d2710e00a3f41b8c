/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.detection;

import java.util.Objects;

/**
 * How verdicts become incidents (the incident manager's component configuration), one immutable value: the
 * incident window, the evidence kept, the least confidence that counts, the store's bound, and the attack families.
 */
public final class IncidentPolicy {

    public static final int DEFAULT_WINDOW_SECONDS = 300;
    public static final int DEFAULT_EVIDENCE_FLOWS = 5;
    public static final int MAX_EVIDENCE_FLOWS = 100;
    public static final int DEFAULT_MIN_CONFIDENCE_PERMILLE = 0;
    public static final int DEFAULT_MAX_INCIDENTS = 1000;

    /** The components' defaults. */
    public static final IncidentPolicy DEFAULT = new IncidentPolicy(DEFAULT_WINDOW_SECONDS, DEFAULT_EVIDENCE_FLOWS,
            DEFAULT_MIN_CONFIDENCE_PERMILLE, DEFAULT_MAX_INCIDENTS, FamilyPolicy.DEFAULT);

    private final long windowSeconds;
    private final int evidenceFlows;
    private final int minConfidencePermille;
    private final int maxIncidents;
    private final FamilyPolicy families;

    /**
     * @param windowSeconds         a verdict less than this after its incident's last one joins it; later ones open
     *                              a new incident (≥ 1)
     * @param evidenceFlows         the first flows of an incident kept as evidence, each with its alert (1..100)
     * @param minConfidencePermille verdicts below this confidence never open or join an incident (counted); 0 leaves
     *                              it to the model's own threshold, which the switch applies (0..1000)
     * @param maxIncidents          incidents kept (≥ 1)
     * @param families              the attack family of each class
     */
    public IncidentPolicy(long windowSeconds, int evidenceFlows, int minConfidencePermille, int maxIncidents,
                          FamilyPolicy families) {
        if (windowSeconds < 1 || evidenceFlows < 1 || evidenceFlows > MAX_EVIDENCE_FLOWS || minConfidencePermille < 0
                || minConfidencePermille > 1000 || maxIncidents < 1) {
            throw new IllegalArgumentException("incident policy out of range: window " + windowSeconds
                    + " s, evidence " + evidenceFlows + ", confidence " + minConfidencePermille + ", max "
                    + maxIncidents);
        }
        this.windowSeconds = windowSeconds;
        this.evidenceFlows = evidenceFlows;
        this.minConfidencePermille = minConfidencePermille;
        this.maxIncidents = maxIncidents;
        this.families = Objects.requireNonNull(families, "families");
    }

    public long windowSeconds() {
        return windowSeconds;
    }

    public long windowMicros() {
        return windowSeconds * 1_000_000L;
    }

    public int evidenceFlows() {
        return evidenceFlows;
    }

    public int minConfidencePermille() {
        return minConfidencePermille;
    }

    public int maxIncidents() {
        return maxIncidents;
    }

    public FamilyPolicy families() {
        return families;
    }

    public IncidentPolicy withWindowSeconds(long seconds) {
        return new IncidentPolicy(seconds, evidenceFlows, minConfidencePermille, maxIncidents, families);
    }

    public IncidentPolicy withEvidenceFlows(int flows) {
        return new IncidentPolicy(windowSeconds, flows, minConfidencePermille, maxIncidents, families);
    }

    public IncidentPolicy withMinConfidencePermille(int permille) {
        return new IncidentPolicy(windowSeconds, evidenceFlows, permille, maxIncidents, families);
    }

    public IncidentPolicy withMaxIncidents(int max) {
        return new IncidentPolicy(windowSeconds, evidenceFlows, minConfidencePermille, max, families);
    }

    public IncidentPolicy withFamilies(FamilyPolicy policy) {
        return new IncidentPolicy(windowSeconds, evidenceFlows, minConfidencePermille, maxIncidents, policy);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof IncidentPolicy)) {
            return false;
        }
        IncidentPolicy that = (IncidentPolicy) o;
        return windowSeconds == that.windowSeconds && evidenceFlows == that.evidenceFlows
                && minConfidencePermille == that.minConfidencePermille && maxIncidents == that.maxIncidents
                && families.equals(that.families);
    }

    @Override
    public int hashCode() {
        return Objects.hash(windowSeconds, evidenceFlows, minConfidencePermille, maxIncidents, families);
    }

    @Override
    public String toString() {
        return "{window=" + windowSeconds + " s, evidence=" + evidenceFlows + " flows, minConfidence="
                + minConfidencePermille + "‰, maxIncidents=" + maxIncidents + ", families=" + families + "}";
    }
}
