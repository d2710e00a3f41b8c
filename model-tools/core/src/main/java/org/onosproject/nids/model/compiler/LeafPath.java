package org.onosproject.nids.model.compiler;

import com.google.common.collect.ImmutableList;
import org.onosproject.nids.model.tree.Condition;

import java.util.List;
import java.util.Objects;

/**
 * A leaf with the tests that lead to it, so an alert carrying the leaf id can explain itself, and how sure it is of
 * its class ({@link LeafConfidence}).
 */
public final class LeafPath {

    private final int leafId;
    private final int classId;
    private final List<Condition> conditions;
    private final long[] counts;
    private final int confidencePermille;

    public LeafPath(int leafId, int classId, List<Condition> conditions, long[] counts, int confidencePermille) {
        if (confidencePermille < 0 || confidencePermille > LeafConfidence.FULL) {
            throw new IllegalArgumentException("confidence " + confidencePermille + " is not 0..1000 per mille");
        }
        this.leafId = leafId;
        this.classId = classId;
        this.conditions = ImmutableList.copyOf(conditions);
        this.counts = counts.clone();
        this.confidencePermille = confidencePermille;
    }

    public int leafId() {
        return leafId;
    }

    public int classId() {
        return classId;
    }

    /** Tests from the root, in feature units, as taken on the way to the leaf. */
    public List<Condition> conditions() {
        return conditions;
    }

    /** Training rows per class at the leaf; empty when unknown. */
    public long[] counts() {
        return counts.clone();
    }

    /** Confidence in its class, per mille ({@link LeafConfidence}). */
    public int confidencePermille() {
        return confidencePermille;
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof LeafPath)) {
            return false;
        }
        LeafPath that = (LeafPath) other;
        return leafId == that.leafId && classId == that.classId && conditions.equals(that.conditions)
                && java.util.Arrays.equals(counts, that.counts) && confidencePermille == that.confidencePermille;
    }

    @Override
    public int hashCode() {
        return Objects.hash(leafId, classId, conditions);
    }
}
