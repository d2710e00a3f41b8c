package org.onosproject.nids.model.tree;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSortedSet;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * A binary decision tree with its class names. Class 0 is the benign class (the data plane's "no alert").
 * Creating one numbers the leaves 1, 2, ... depth-first, "<=" branch first, so equal trees always carry equal
 * leaf ids; that is what makes a bundle's entries reproducible from its tree.
 */
public final class DecisionTree {

    private final TreeNode root;
    private final List<String> classNames;
    private final List<LeafNode> leaves;

    private DecisionTree(TreeNode root, List<String> classNames) {
        this.classNames = ImmutableList.copyOf(classNames);
        List<LeafNode> numbered = new ArrayList<>();
        this.root = numberLeaves(root, numbered);
        this.leaves = ImmutableList.copyOf(numbered);
        for (LeafNode leaf : leaves) {
            if (leaf.classId() >= this.classNames.size()) {
                throw new IllegalArgumentException("leaf predicts class id " + leaf.classId() + " but the tree has "
                        + this.classNames.size() + " classes");
            }
        }
    }

    /** A tree over these classes; the leaves' ids are (re)assigned. */
    public static DecisionTree of(TreeNode root, List<String> classNames) {
        return new DecisionTree(root, classNames);
    }

    private static TreeNode numberLeaves(TreeNode node, List<LeafNode> numbered) {
        if (node.isLeaf()) {
            LeafNode leaf = ((LeafNode) node).withLeafId(numbered.size() + 1);
            numbered.add(leaf);
            return leaf;
        }
        SplitNode split = (SplitNode) node;
        TreeNode lessOrEqual = numberLeaves(split.lessOrEqual(), numbered);
        TreeNode greater = numberLeaves(split.greater(), numbered);
        return new SplitNode(split.featureId(), split.threshold(), lessOrEqual, greater, split.countsView());
    }

    public TreeNode root() {
        return root;
    }

    public List<String> classNames() {
        return classNames;
    }

    /** Leaves in leaf-id order (leaf id = index + 1). */
    public List<LeafNode> leaves() {
        return leaves;
    }

    public int leafCount() {
        return leaves.size();
    }

    /** The leaf a row of feature values (indexed by feature id) reaches. */
    public LeafNode leafFor(long[] featureValuesById) {
        TreeNode node = root;
        while (!node.isLeaf()) {
            SplitNode split = (SplitNode) node;
            node = split.childFor(featureValuesById[split.featureId()]);
        }
        return (LeafNode) node;
    }

    /** Catalog ids of the features the tree tests, ascending. */
    public SortedSet<Integer> usedFeatureIds() {
        SortedSet<Integer> used = new TreeSet<>();
        collectFeatures(root, used);
        return ImmutableSortedSet.copyOf(used);
    }

    private static void collectFeatures(TreeNode node, SortedSet<Integer> used) {
        if (!node.isLeaf()) {
            SplitNode split = (SplitNode) node;
            used.add(split.featureId());
            collectFeatures(split.lessOrEqual(), used);
            collectFeatures(split.greater(), used);
        }
    }

    /** Number of tests on the longest root-to-leaf path. */
    public int depth() {
        return depthOf(root);
    }

    private static int depthOf(TreeNode node) {
        if (node.isLeaf()) {
            return 0;
        }
        SplitNode split = (SplitNode) node;
        return 1 + Math.max(depthOf(split.lessOrEqual()), depthOf(split.greater()));
    }

    /** The tests taken from the root to each leaf, indexed by leaf id - 1. */
    public List<List<Condition>> paths() {
        List<List<Condition>> paths = new ArrayList<>();
        collectPaths(root, new ArrayList<>(), paths);
        return ImmutableList.copyOf(paths);
    }

    private static void collectPaths(TreeNode node, List<Condition> prefix, List<List<Condition>> paths) {
        if (node.isLeaf()) {
            paths.add(ImmutableList.copyOf(prefix));
            return;
        }
        SplitNode split = (SplitNode) node;
        prefix.add(new Condition(split.featureId(), Condition.Operator.LESS_OR_EQUAL, split.threshold()));
        collectPaths(split.lessOrEqual(), prefix, paths);
        prefix.set(prefix.size() - 1,
                new Condition(split.featureId(), Condition.Operator.GREATER, split.threshold()));
        collectPaths(split.greater(), prefix, paths);
        prefix.remove(prefix.size() - 1);
    }
}
