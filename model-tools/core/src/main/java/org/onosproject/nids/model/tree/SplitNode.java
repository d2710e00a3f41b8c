package org.onosproject.nids.model.tree;

import java.util.Objects;

/**
 * An internal node: rows whose feature value is {@code <= threshold} go to {@link #lessOrEqual()}, the others to
 * {@link #greater()}. Thresholds are integers in feature units: every catalog feature is an integer, so Weka's
 * real-valued tests map onto exact integer bounds (see the CLI's tree extraction).
 */
public final class SplitNode extends TreeNode {

    private final int featureId;
    private final long threshold;
    private final TreeNode lessOrEqual;
    private final TreeNode greater;

    public SplitNode(int featureId, long threshold, TreeNode lessOrEqual, TreeNode greater, long[] counts) {
        super(counts);
        if (featureId < 1) {
            throw new IllegalArgumentException("split on feature id " + featureId);
        }
        this.featureId = featureId;
        this.threshold = threshold;
        this.lessOrEqual = Objects.requireNonNull(lessOrEqual);
        this.greater = Objects.requireNonNull(greater);
    }

    @Override
    public boolean isLeaf() {
        return false;
    }

    public int featureId() {
        return featureId;
    }

    public long threshold() {
        return threshold;
    }

    public TreeNode lessOrEqual() {
        return lessOrEqual;
    }

    public TreeNode greater() {
        return greater;
    }

    /** The child a row with this feature value goes to. */
    public TreeNode childFor(long featureValue) {
        return featureValue <= threshold ? lessOrEqual : greater;
    }
}
