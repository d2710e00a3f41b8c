package org.onosproject.nids.model.tree;

/**
 * A node of a binary decision tree over integer feature values: a {@link SplitNode} testing
 * {@code value <= threshold}, or a {@link LeafNode} naming a class. Nodes are immutable.
 * {@code counts} are training rows per class that reached the node (empty when unknown); pruning and
 * feature ranking use them, classification never does.
 */
public abstract class TreeNode {

    private final long[] counts;

    TreeNode(long[] counts) {
        this.counts = counts.clone();
    }

    public abstract boolean isLeaf();

    /** Training rows per class id that reached this node; an empty array when unknown. */
    public long[] counts() {
        return counts.clone();
    }

    public boolean hasCounts() {
        return counts.length > 0;
    }

    public long total() {
        long total = 0;
        for (long count : counts) {
            total += count;
        }
        return total;
    }

    /** The class with the most training rows here; the lowest id wins ties (as Weka's argmax does). */
    public int majorityClass() {
        int best = 0;
        for (int i = 1; i < counts.length; i++) {
            if (counts[i] > counts[best]) {
                best = i;
            }
        }
        return best;
    }

    long[] countsView() {
        return counts;
    }
}
