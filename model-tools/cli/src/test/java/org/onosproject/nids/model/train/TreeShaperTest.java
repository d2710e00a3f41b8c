package org.onosproject.nids.model.train;

import org.junit.Test;
import org.onosproject.nids.model.TestTrees;
import org.onosproject.nids.model.data.LabeledFlows;
import org.onosproject.nids.model.tree.DecisionTree;
import org.onosproject.nids.model.tree.SplitNode;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.onosproject.nids.model.TestTrees.IN_BYTES;
import static org.onosproject.nids.model.TestTrees.L4_DST_PORT;
import static org.onosproject.nids.model.TestTrees.PROTOCOL;
import static org.onosproject.nids.model.TestTrees.leaf;
import static org.onosproject.nids.model.TestTrees.row;
import static org.onosproject.nids.model.TestTrees.split;

public class TreeShaperTest {

    @Test
    public void recountPutsTrainingRowsPerClassOnEveryNode() {
        LabeledFlows data = new LabeledFlows(TestTrees.BINARY,
                new long[][]{row(PROTOCOL, 6, L4_DST_PORT, 80), row(PROTOCOL, 6, L4_DST_PORT, 80),
                        row(PROTOCOL, 17, IN_BYTES, 10), row(PROTOCOL, 17, IN_BYTES, 5000)},
                new int[]{0, 1, 1, 0});
        DecisionTree counted = TreeShaper.recount(TestTrees.sample(), data);
        assertArrayEquals(new long[]{2, 2}, counted.root().counts());
        assertArrayEquals(new long[]{1, 1}, counted.leaves().get(0).counts());
        assertArrayEquals(new long[]{0, 0}, counted.leaves().get(1).counts());
        assertArrayEquals(new long[]{0, 1}, counted.leaves().get(3).counts());
        assertArrayEquals(new long[]{1, 0}, counted.leaves().get(4).counts());
    }

    @Test
    public void mergesSplitsWhoseSidesPredictTheSameClass() {
        DecisionTree tree = DecisionTree.of(split(PROTOCOL, 6,
                split(L4_DST_PORT, 100, leaf(1), leaf(1)),
                split(IN_BYTES, 10, leaf(0), split(L4_DST_PORT, 5, leaf(0), leaf(0)))), TestTrees.BINARY);
        DecisionTree merged = TreeShaper.mergeRedundantSplits(tree);
        assertEquals(2, merged.leafCount());
        assertEquals(1, merged.leaves().get(0).classId());
        assertEquals(0, merged.leaves().get(1).classId());
    }

    @Test
    public void limitDepthTurnsDeepSubtreesIntoMajorityLeaves() {
        DecisionTree tree = DecisionTree.of(split(PROTOCOL, 6,
                leaf(0, 10, 0),
                new SplitNode(IN_BYTES, 100, leaf(1, 1, 3), leaf(0, 2, 0), new long[]{3, 3 + 1})),
                TestTrees.BINARY);
        DecisionTree cut = TreeShaper.limitDepth(tree, 1);
        assertEquals(1, cut.depth());
        assertEquals(2, cut.leafCount());
        assertEquals("majority of {3, 4} is Attack", 1, cut.leaves().get(1).classId());
    }

    @Test
    public void limitLeavesPrunesTheWeakestLinkFirst() {
        // Collapsing the IN_BYTES split costs 1 error for 1 leaf; collapsing the port split costs 20.
        DecisionTree tree = DecisionTree.of(new SplitNode(PROTOCOL, 6,
                new SplitNode(L4_DST_PORT, 80, leaf(0, 30, 0), leaf(1, 0, 20), new long[]{30, 20}),
                new SplitNode(IN_BYTES, 100, leaf(0, 40, 0), leaf(1, 0, 1), new long[]{40, 1}),
                new long[]{70, 21}), TestTrees.BINARY);
        DecisionTree pruned = TreeShaper.limitLeaves(tree, 3);
        assertEquals(3, pruned.leafCount());
        assertEquals(L4_DST_PORT, ((SplitNode) ((SplitNode) pruned.root()).lessOrEqual()).featureId());
        assertTrue(((SplitNode) pruned.root()).greater().isLeaf());
        assertEquals(1, TreeShaper.limitLeaves(tree, 1).leafCount());
    }

    @Test(expected = IllegalStateException.class)
    public void pruningNeedsCounts() {
        TreeShaper.limitLeaves(TestTrees.sample(), 2);
    }
}
