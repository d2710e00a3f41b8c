package org.onosproject.nids.model.tree;

import org.junit.Test;
import org.onosproject.nids.model.TestTrees;

import java.util.List;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.onosproject.nids.model.TestTrees.FLOW_DURATION;
import static org.onosproject.nids.model.TestTrees.IN_BYTES;
import static org.onosproject.nids.model.TestTrees.L4_DST_PORT;
import static org.onosproject.nids.model.TestTrees.PROTOCOL;
import static org.onosproject.nids.model.TestTrees.row;

public class DecisionTreeTest {

    private final DecisionTree tree = TestTrees.sample();

    @Test
    public void numbersLeavesDepthFirstLessOrEqualFirstFromOne() {
        assertEquals(5, tree.leafCount());
        for (int i = 0; i < tree.leafCount(); i++) {
            assertEquals(i + 1, tree.leaves().get(i).leafId());
        }
        assertEquals(List.of(0, 1, 0, 1, 0), tree.leaves().stream().map(LeafNode::classId)
                .collect(java.util.stream.Collectors.toList()));
    }

    @Test
    public void walksTestsAsLessOrEqual() {
        assertEquals(1, tree.leafFor(row(PROTOCOL, 6, L4_DST_PORT, 1023)).leafId());
        assertEquals(2, tree.leafFor(row(PROTOCOL, 6, L4_DST_PORT, 1024, FLOW_DURATION, 5)).leafId());
        assertEquals(3, tree.leafFor(row(PROTOCOL, 6, L4_DST_PORT, 1024, FLOW_DURATION, 6)).leafId());
        assertEquals(4, tree.leafFor(row(PROTOCOL, 17, IN_BYTES, 1000)).leafId());
        assertEquals(5, tree.leafFor(row(PROTOCOL, 17, IN_BYTES, 1001)).leafId());
    }

    @Test
    public void reportsFeaturesDepthAndPaths() {
        assertEquals(Set.of(L4_DST_PORT, PROTOCOL, IN_BYTES, FLOW_DURATION), tree.usedFeatureIds());
        assertEquals(3, tree.depth());
        List<Condition> third = tree.paths().get(2);
        assertEquals(List.of(new Condition(PROTOCOL, Condition.Operator.LESS_OR_EQUAL, 6),
                new Condition(L4_DST_PORT, Condition.Operator.GREATER, 1023),
                new Condition(FLOW_DURATION, Condition.Operator.GREATER, 5)), third);
    }

    @Test(expected = IllegalArgumentException.class)
    public void refusesALeafOfAnUnknownClass() {
        DecisionTree.of(TestTrees.leaf(2), TestTrees.BINARY);
    }
}
