package org.onosproject.nids.model.compiler;

import org.onosproject.nids.model.phase.Phase;

import java.util.Objects;

/**
 * What the classifier of one phase answers for a flow, as the switch reports it: class id, leaf id (0 = no decision
 * entry matched, class 0) and the leaf's confidence in per mille.
 */
public final class Verdict {

    private final Phase phase;
    private final int classId;
    private final int leafId;
    private final int confidencePermille;

    public Verdict(Phase phase, int classId, int leafId, int confidencePermille) {
        this.phase = Objects.requireNonNull(phase);
        this.classId = classId;
        this.leafId = leafId;
        this.confidencePermille = confidencePermille;
    }

    public Phase phase() {
        return phase;
    }

    public int classId() {
        return classId;
    }

    public int leafId() {
        return leafId;
    }

    public int confidencePermille() {
        return confidencePermille;
    }

    /** An attack class (not class 0). */
    public boolean isAttack() {
        return classId != 0;
    }

    /** An attack class with at least the given confidence: what raises an alert. */
    public boolean alerts(int thresholdPermille) {
        return isAttack() && confidencePermille >= thresholdPermille;
    }

    /** An attack class below the given confidence: counted per class by the switch, never alerted. */
    public boolean lowConfidenceAttack(int thresholdPermille) {
        return isAttack() && confidencePermille < thresholdPermille;
    }

    public Classification classification() {
        return new Classification(classId, leafId);
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof Verdict)) {
            return false;
        }
        Verdict that = (Verdict) other;
        return phase.equals(that.phase) && classId == that.classId && leafId == that.leafId
                && confidencePermille == that.confidencePermille;
    }

    @Override
    public int hashCode() {
        return Objects.hash(phase, classId, leafId, confidencePermille);
    }

    @Override
    public String toString() {
        return phase.label() + " class " + classId + " leaf " + leafId + " (" + confidencePermille + "‰)";
    }
}
