package org.onosproject.nids.model.tree;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Ranks the features a tree tests by the training impurity they remove (Gini decrease weighted by rows, as CART
 * does), so a tree over too many features can be retrained on the most useful few. Needs node counts.
 */
public final class FeatureImportance {

    private FeatureImportance() {
    }

    /** Feature id → weighted Gini decrease summed over the splits on that feature. */
    public static Map<Integer, Double> of(DecisionTree tree) {
        Map<Integer, Double> importance = new HashMap<>();
        accumulate(tree.root(), importance);
        return importance;
    }

    /** The tree's features, most important first; ties go to the feature split on nearer the root, then lower id. */
    public static List<Integer> ranking(DecisionTree tree) {
        Map<Integer, Double> importance = of(tree);
        Map<Integer, Integer> shallowest = new HashMap<>();
        shallowestSplits(tree.root(), 0, shallowest);
        List<Integer> ranked = new ArrayList<>(importance.keySet());
        ranked.sort(Comparator.<Integer>comparingDouble(importance::get).reversed()
                .thenComparing(shallowest::get)
                .thenComparing(Comparator.naturalOrder()));
        return ranked;
    }

    private static void accumulate(TreeNode node, Map<Integer, Double> importance) {
        if (node.isLeaf()) {
            return;
        }
        SplitNode split = (SplitNode) node;
        if (!node.hasCounts()) {
            throw new IllegalStateException("feature importance needs training counts: recount the tree first");
        }
        double decrease = weightedGini(node) - weightedGini(split.lessOrEqual()) - weightedGini(split.greater());
        importance.merge(split.featureId(), Math.max(decrease, 0.0), Double::sum);
        accumulate(split.lessOrEqual(), importance);
        accumulate(split.greater(), importance);
    }

    private static void shallowestSplits(TreeNode node, int depth, Map<Integer, Integer> shallowest) {
        if (node.isLeaf()) {
            return;
        }
        SplitNode split = (SplitNode) node;
        shallowest.merge(split.featureId(), depth, Math::min);
        shallowestSplits(split.lessOrEqual(), depth + 1, shallowest);
        shallowestSplits(split.greater(), depth + 1, shallowest);
    }

    /** Rows × Gini impurity of the node's class counts. */
    private static double weightedGini(TreeNode node) {
        double total = node.total();
        if (total == 0) {
            return 0;
        }
        double sumOfSquares = 0;
        for (long count : node.countsView()) {
            sumOfSquares += (double) count * count;
        }
        return total - sumOfSquares / total;
    }
}
