package org.onosproject.nids.model.compiler;

import com.google.common.collect.ImmutableList;
import org.onosproject.nids.model.tree.Condition;

import java.util.List;
import java.util.Objects;

/** A leaf with the tests that lead to it, so an alert carrying the leaf id can explain itself. */
public final class LeafPath {

    private final int leafId;
    private final int classId;
    private final List<Condition> conditions;
    private final long[] counts;

    public LeafPath(int leafId, int classId, List<Condition> conditions, long[] counts) {
        this.leafId = leafId;
        this.classId = classId;
        this.conditions = ImmutableList.copyOf(conditions);
        this.counts = counts.clone();
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

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof LeafPath)) {
            return false;
        }
        LeafPath that = (LeafPath) other;
        return leafId == that.leafId && classId == that.classId && conditions.equals(that.conditions)
                && java.util.Arrays.equals(counts, that.counts);
    }

    @Override
    public int hashCode() {
        return Objects.hash(leafId, classId, conditions);
    }
}
