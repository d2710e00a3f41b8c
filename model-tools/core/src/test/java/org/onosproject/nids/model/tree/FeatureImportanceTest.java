package org.onosproject.nids.model.tree;

import org.junit.Test;
import org.onosproject.nids.model.TestTrees;

import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.onosproject.nids.model.TestTrees.IN_BYTES;
import static org.onosproject.nids.model.TestTrees.L4_DST_PORT;
import static org.onosproject.nids.model.TestTrees.PROTOCOL;
import static org.onosproject.nids.model.TestTrees.leaf;

public class FeatureImportanceTest {

    @Test
    public void ranksByWeightedGiniDecrease() {
        // The root split separates 50/50 perfectly (decrease 50); the IN_BYTES split removes little impurity.
        DecisionTree tree = DecisionTree.of(new SplitNode(PROTOCOL, 6,
                leaf(0, 50, 0),
                new SplitNode(IN_BYTES, 9, leaf(1, 0, 45), leaf(1, 0, 5), new long[]{0, 50}),
                new long[]{50, 50}), TestTrees.BINARY);
        Map<Integer, Double> importance = FeatureImportance.of(tree);
        assertEquals(50.0, importance.get(PROTOCOL), 1e-9);
        assertEquals(0.0, importance.get(IN_BYTES), 1e-9);
        assertEquals(List.of(PROTOCOL, IN_BYTES), FeatureImportance.ranking(tree));
    }

    @Test
    public void breaksTiesByDepthThenId() {
        DecisionTree tree = DecisionTree.of(new SplitNode(IN_BYTES, 6,
                new SplitNode(L4_DST_PORT, 9, leaf(0, 1, 0), leaf(0, 1, 0), new long[]{2, 0}),
                leaf(0, 2, 0), new long[]{4, 0}), TestTrees.BINARY);
        assertEquals(List.of(IN_BYTES, L4_DST_PORT), FeatureImportance.ranking(tree));
    }
}
