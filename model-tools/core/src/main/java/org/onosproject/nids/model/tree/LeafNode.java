package org.onosproject.nids.model.tree;

/**
 * A leaf: the class it predicts and its leaf id. Leaf ids are assigned by {@link DecisionTree} in depth-first,
 * "<=" branch first order starting at 1, because the data plane reports leaf 0 for "no decision entry matched".
 */
public final class LeafNode extends TreeNode {

    private final int classId;
    private final int leafId;

    public LeafNode(int classId, long[] counts) {
        this(classId, 0, counts);
    }

    LeafNode(int classId, int leafId, long[] counts) {
        super(counts);
        if (classId < 0) {
            throw new IllegalArgumentException("negative class id " + classId);
        }
        this.classId = classId;
        this.leafId = leafId;
    }

    @Override
    public boolean isLeaf() {
        return true;
    }

    public int classId() {
        return classId;
    }

    /** 1-based leaf id, or 0 before the leaf is part of a {@link DecisionTree}. */
    public int leafId() {
        return leafId;
    }

    LeafNode withLeafId(int newLeafId) {
        return new LeafNode(classId, newLeafId, countsView());
    }
}
