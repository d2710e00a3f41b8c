package org.onosproject.nids.model;

import org.onosproject.nids.model.capacity.PipelineCapacity;
import org.onosproject.nids.model.tree.DecisionTree;
import org.onosproject.nids.model.tree.LeafNode;
import org.onosproject.nids.model.tree.SplitNode;
import org.onosproject.nids.model.tree.TreeNode;

import java.util.List;

/** Small trees and capacities shared by the core tests. */
public final class TestTrees {

    public static final int L4_DST_PORT = 2;
    public static final int PROTOCOL = 3;
    public static final int IN_BYTES = 4;
    public static final int FLOW_DURATION = 11;
    public static final int MIN_TTL = 14;

    public static final List<String> BINARY = List.of("Benign", "Attack");

    private TestTrees() {
    }

    public static TreeNode leaf(int classId) {
        return new LeafNode(classId, new long[0]);
    }

    public static TreeNode leaf(int classId, long... counts) {
        return new LeafNode(classId, counts);
    }

    public static TreeNode split(int featureId, long threshold, TreeNode lessOrEqual, TreeNode greater) {
        return new SplitNode(featureId, threshold, lessOrEqual, greater, new long[0]);
    }

    /**
     * PROTOCOL <= 6 ? (L4_DST_PORT <= 1023 ? Benign : (FLOW_DURATION <= 5 ms ? Attack : Benign))
     *               : (IN_BYTES <= 1000 ? Attack : Benign)
     */
    public static DecisionTree sample() {
        return DecisionTree.of(
                split(PROTOCOL, 6,
                        split(L4_DST_PORT, 1023, leaf(0),
                                split(FLOW_DURATION, 5, leaf(1), leaf(0))),
                        split(IN_BYTES, 1000, leaf(1), leaf(0))),
                BINARY);
    }

    /** {@link #sample()} with the counts of two training rows: PROTOCOL 6 (Benign) and PROTOCOL 17 (Attack). */
    public static DecisionTree sampleWithCounts() {
        long[] none = {0, 0};
        long[] benign = {1, 0};
        long[] attack = {0, 1};
        return DecisionTree.of(
                new SplitNode(PROTOCOL, 6,
                        new SplitNode(L4_DST_PORT, 1023, leaf(0, benign),
                                new SplitNode(FLOW_DURATION, 5, leaf(1, none), leaf(0, none), none), benign),
                        new SplitNode(IN_BYTES, 1000, leaf(1, attack), leaf(0, none), attack),
                        new long[]{1, 1}),
                BINARY);
    }

    /** The reference pipeline's numbers, with some overridable. */
    public static PipelineCapacity.Builder capacity() {
        return PipelineCapacity.builder().featureSlots(8).banks(2).rangeTableSize(1024).decisionTableSize(1024)
                .phaseTableSize(64).maxClasses(32).codeBits(16).slotValueBits(32).classIdBits(8).leafIdBits(16);
    }

    /** A feature-value row (indexed by feature id) with the given (id, value) pairs set. */
    public static long[] row(long... idValuePairs) {
        long[] row = new long[33];
        for (int i = 0; i < idValuePairs.length; i += 2) {
            row[(int) idValuePairs[i]] = idValuePairs[i + 1];
        }
        return row;
    }
}
