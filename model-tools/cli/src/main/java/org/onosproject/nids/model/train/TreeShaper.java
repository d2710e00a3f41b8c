package org.onosproject.nids.model.train;

import org.onosproject.nids.model.data.LabeledFlows;
import org.onosproject.nids.model.tree.DecisionTree;
import org.onosproject.nids.model.tree.LeafNode;
import org.onosproject.nids.model.tree.SplitNode;
import org.onosproject.nids.model.tree.TreeNode;

import java.util.ArrayList;
import java.util.List;

/**
 * Pure transformations that make a trained tree fit the pipeline: recounting training rows per node, merging splits
 * that cannot change a prediction, and limiting depth or leaves by pruning on training counts.
 */
public final class TreeShaper {

    private TreeShaper() {
    }

    /** The same tree with every node's counts taken from {@code data} (rows per class reaching the node). */
    public static DecisionTree recount(DecisionTree tree, LabeledFlows data) {
        int classes = tree.classNames().size();
        List<long[]> countsByNode = new ArrayList<>();
        indexNodes(tree.root(), countsByNode, classes);
        for (int row = 0; row < data.size(); row++) {
            long[] values = data.row(row);
            int classId = data.classId(row);
            TreeNode node = tree.root();
            int index = 0;
            // Nodes are indexed in pre-order, so a child's index follows from its parent's and the subtree sizes.
            while (true) {
                countsByNode.get(index)[classId]++;
                if (node.isLeaf()) {
                    break;
                }
                SplitNode split = (SplitNode) node;
                if (values[split.featureId()] <= split.threshold()) {
                    node = split.lessOrEqual();
                    index = index + 1;
                } else {
                    index = index + 1 + sizeOf(split.lessOrEqual());
                    node = split.greater();
                }
            }
        }
        int[] next = {0};
        return DecisionTree.of(withCounts(tree.root(), countsByNode, next), tree.classNames());
    }

    private static void indexNodes(TreeNode node, List<long[]> countsByNode, int classes) {
        countsByNode.add(new long[classes]);
        if (!node.isLeaf()) {
            SplitNode split = (SplitNode) node;
            indexNodes(split.lessOrEqual(), countsByNode, classes);
            indexNodes(split.greater(), countsByNode, classes);
        }
    }

    private static int sizeOf(TreeNode node) {
        if (node.isLeaf()) {
            return 1;
        }
        SplitNode split = (SplitNode) node;
        return 1 + sizeOf(split.lessOrEqual()) + sizeOf(split.greater());
    }

    private static TreeNode withCounts(TreeNode node, List<long[]> countsByNode, int[] next) {
        long[] counts = countsByNode.get(next[0]++);
        if (node.isLeaf()) {
            return new LeafNode(((LeafNode) node).classId(), counts);
        }
        SplitNode split = (SplitNode) node;
        TreeNode lessOrEqual = withCounts(split.lessOrEqual(), countsByNode, next);
        TreeNode greater = withCounts(split.greater(), countsByNode, next);
        return new SplitNode(split.featureId(), split.threshold(), lessOrEqual, greater, counts);
    }

    /**
     * Replaces every split whose two sides end in leaves of the same class by one leaf, bottom-up. Predictions do
     * not change; decision entries (one per leaf) and often features do.
     */
    public static DecisionTree mergeRedundantSplits(DecisionTree tree) {
        return DecisionTree.of(merge(tree.root()), tree.classNames());
    }

    private static TreeNode merge(TreeNode node) {
        if (node.isLeaf()) {
            return node;
        }
        SplitNode split = (SplitNode) node;
        TreeNode lessOrEqual = merge(split.lessOrEqual());
        TreeNode greater = merge(split.greater());
        if (lessOrEqual.isLeaf() && greater.isLeaf()
                && ((LeafNode) lessOrEqual).classId() == ((LeafNode) greater).classId()) {
            return new LeafNode(((LeafNode) lessOrEqual).classId(), split.counts());
        }
        return new SplitNode(split.featureId(), split.threshold(), lessOrEqual, greater, split.counts());
    }

    /**
     * Cuts every path after {@code maxDepth} tests; a cut node becomes a leaf of its majority training class.
     * Needs counts (see {@link #recount}).
     */
    public static DecisionTree limitDepth(DecisionTree tree, int maxDepth) {
        if (maxDepth < 0) {
            throw new IllegalArgumentException("max depth must be >= 0: " + maxDepth);
        }
        return DecisionTree.of(cutAtDepth(tree.root(), 0, maxDepth), tree.classNames());
    }

    private static TreeNode cutAtDepth(TreeNode node, int depth, int maxDepth) {
        if (node.isLeaf()) {
            return node;
        }
        if (depth >= maxDepth) {
            return collapse(node);
        }
        SplitNode split = (SplitNode) node;
        return new SplitNode(split.featureId(), split.threshold(),
                cutAtDepth(split.lessOrEqual(), depth + 1, maxDepth),
                cutAtDepth(split.greater(), depth + 1, maxDepth), split.counts());
    }

    /**
     * Weakest-link (cost-complexity) pruning until at most {@code maxLeaves} leaves remain: repeatedly turns into a
     * leaf the subtree that adds the fewest training errors per leaf it removes. Needs counts (see {@link #recount}).
     */
    public static DecisionTree limitLeaves(DecisionTree tree, int maxLeaves) {
        if (maxLeaves < 1) {
            throw new IllegalArgumentException("max leaves must be >= 1: " + maxLeaves);
        }
        TreeNode root = tree.root();
        while (leafCount(root) > maxLeaves) {
            WeakestLink weakest = new WeakestLink();
            findWeakestLink(root, weakest);
            root = replace(root, weakest.node, collapse(weakest.node));
        }
        return DecisionTree.of(root, tree.classNames());
    }

    /** The subtree whose removal costs least, by training errors added per leaf removed; first in pre-order wins ties. */
    private static final class WeakestLink {
        private TreeNode node;
        private double cost = Double.POSITIVE_INFINITY;
        private int preOrderIndex;
        private int nextPreOrderIndex;
    }

    /** Visits the subtree once, returning {leaves, training errors} and updating the weakest link seen. */
    private static long[] findWeakestLink(TreeNode node, WeakestLink weakest) {
        requireCounts(node);
        int preOrderIndex = weakest.nextPreOrderIndex++;
        if (node.isLeaf()) {
            return new long[]{1, node.total() - node.counts()[((LeafNode) node).classId()]};
        }
        SplitNode split = (SplitNode) node;
        long[] lessOrEqual = findWeakestLink(split.lessOrEqual(), weakest);
        long[] greater = findWeakestLink(split.greater(), weakest);
        long leaves = lessOrEqual[0] + greater[0];
        long errorsAsSubtree = lessOrEqual[1] + greater[1];
        long errorsAsLeaf = node.total() - node.counts()[node.majorityClass()];
        double cost = (double) (errorsAsLeaf - errorsAsSubtree) / (leaves - 1);
        if (cost < weakest.cost || (cost == weakest.cost && preOrderIndex < weakest.preOrderIndex)) {
            weakest.cost = cost;
            weakest.node = node;
            weakest.preOrderIndex = preOrderIndex;
        }
        return new long[]{leaves, errorsAsSubtree};
    }

    private static int leafCount(TreeNode node) {
        if (node.isLeaf()) {
            return 1;
        }
        SplitNode split = (SplitNode) node;
        return leafCount(split.lessOrEqual()) + leafCount(split.greater());
    }

    private static TreeNode collapse(TreeNode node) {
        requireCounts(node);
        int classId = node.total() > 0 ? node.majorityClass() : firstLeafClass(node);
        return new LeafNode(classId, node.counts());
    }

    private static int firstLeafClass(TreeNode node) {
        while (!node.isLeaf()) {
            node = ((SplitNode) node).lessOrEqual();
        }
        return ((LeafNode) node).classId();
    }

    private static TreeNode replace(TreeNode node, TreeNode target, TreeNode replacement) {
        if (node == target) {
            return replacement;
        }
        if (node.isLeaf()) {
            return node;
        }
        SplitNode split = (SplitNode) node;
        TreeNode lessOrEqual = replace(split.lessOrEqual(), target, replacement);
        TreeNode greater = replace(split.greater(), target, replacement);
        if (lessOrEqual == split.lessOrEqual() && greater == split.greater()) {
            return node;
        }
        return new SplitNode(split.featureId(), split.threshold(), lessOrEqual, greater, split.counts());
    }

    private static void requireCounts(TreeNode node) {
        if (!node.hasCounts()) {
            throw new IllegalStateException("pruning needs training counts on every node: recount the tree first");
        }
    }
}
