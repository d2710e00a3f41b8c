package org.onosproject.nids.model.cli;

import org.onosproject.nids.model.data.LabeledFlows;
import org.onosproject.nids.model.tree.DecisionTree;
import org.onosproject.nids.model.tree.SplitNode;
import org.onosproject.nids.model.tree.TreeNode;

import java.util.Arrays;

/**
 * Moves every split's threshold to the middle of the gap its training rows leave around it. J48 puts a threshold
 * on the largest training value of the lower side, so a benign host a little busier than any seen in training
 * (one more flow per window, one more byte) lands on the attack side; with the threshold halfway between the two
 * sides' nearest values the tree routes every training row as before (same counts, same predictions on the
 * training data) and leaves unseen values a margin on both sides. Halfway is taken on a log scale, as the features
 * are counts, bytes and durations spanning orders of magnitude: sqrt((lo + 1)(hi + 1)) - 1.
 */
final class SplitCentering {

    private SplitCentering() {
    }

    static DecisionTree center(DecisionTree tree, LabeledFlows train) {
        int[] all = new int[train.size()];
        Arrays.setAll(all, i -> i);
        return DecisionTree.of(center(tree.root(), train, all), tree.classNames());
    }

    private static TreeNode center(TreeNode node, LabeledFlows train, int[] rows) {
        if (node.isLeaf()) {
            return node;
        }
        SplitNode split = (SplitNode) node;
        int feature = split.featureId();
        long threshold = split.threshold();
        long below = Long.MIN_VALUE;
        long above = Long.MAX_VALUE;
        int lower = 0;
        for (int row : rows) {
            long value = train.row(row)[feature];
            if (value <= threshold) {
                below = Math.max(below, value);
                lower++;
            } else {
                above = Math.min(above, value);
            }
        }
        int[] lowerRows = new int[lower];
        int[] upperRows = new int[rows.length - lower];
        int l = 0;
        int u = 0;
        for (int row : rows) {
            if (train.row(row)[feature] <= threshold) {
                lowerRows[l++] = row;
            } else {
                upperRows[u++] = row;
            }
        }
        long centered = threshold;
        if (below != Long.MIN_VALUE && above != Long.MAX_VALUE && below >= 0) {
            long middle = (long) Math.floor(Math.sqrt((below + 1.0) * (above + 1.0))) - 1;
            // Any value in [below, above - 1] routes the training rows alike.
            centered = Math.max(below, Math.min(above - 1, middle));
        }
        return new SplitNode(feature, centered, center(split.lessOrEqual(), train, lowerRows),
                center(split.greater(), train, upperRows), split.counts());
    }
}
