package org.onosproject.nids.model.compiler;

import org.junit.Test;
import org.onosproject.nids.model.TestTrees;
import org.onosproject.nids.model.catalog.Feature;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.tree.DecisionTree;

import java.util.SortedMap;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.onosproject.nids.model.TestTrees.FLOW_DURATION;
import static org.onosproject.nids.model.TestTrees.IN_BYTES;
import static org.onosproject.nids.model.TestTrees.L4_DST_PORT;
import static org.onosproject.nids.model.TestTrees.PROTOCOL;
import static org.onosproject.nids.model.TestTrees.leaf;
import static org.onosproject.nids.model.TestTrees.split;

/** Stage 1: tree → intervals per feature. */
public class IntervalExtractorTest {

    private static final long MAX = Feature.DATA_PLANE_MAX;
    private final FeatureCatalog catalog = FeatureCatalog.standard();

    @Test
    public void thresholdsPartitionTheWholeDomainIncludingTheOuterIntervals() {
        SortedMap<Integer, IntervalPartition> partitions = IntervalExtractor.extract(TestTrees.sample(), catalog);
        assertEquals(4, partitions.size());
        assertArrayEquals(new long[]{6, MAX}, partitions.get(PROTOCOL).upperBounds());
        assertArrayEquals(new long[]{1023, MAX}, partitions.get(L4_DST_PORT).upperBounds());
        assertArrayEquals(new long[]{1000, MAX}, partitions.get(IN_BYTES).upperBounds());
        IntervalPartition protocol = partitions.get(PROTOCOL);
        assertEquals(0, protocol.codeOf(0));
        assertEquals(0, protocol.codeOf(6));
        assertEquals(1, protocol.codeOf(7));
        assertEquals(1, protocol.codeOf(MAX));
        assertEquals(7, protocol.lowerBound(1));
    }

    @Test
    public void millisecondThresholdsBecomeExactMicrosecondBounds() {
        // x <= 5 ms is dp <= 5999 µs: every µs value reporting 5 ms goes left.
        SortedMap<Integer, IntervalPartition> partitions = IntervalExtractor.extract(TestTrees.sample(), catalog);
        assertArrayEquals(new long[]{5999, MAX}, partitions.get(FLOW_DURATION).upperBounds());
    }

    @Test
    public void sharedAndRepeatedThresholdsGiveOneCutEach() {
        DecisionTree tree = DecisionTree.of(split(IN_BYTES, 50,
                split(IN_BYTES, 10, leaf(0), leaf(1)),
                split(IN_BYTES, 10, leaf(0), split(IN_BYTES, 500, leaf(1), leaf(0)))), TestTrees.BINARY);
        assertArrayEquals(new long[]{10, 50, 500, MAX},
                IntervalExtractor.extract(tree, catalog).get(IN_BYTES).upperBounds());
    }

    @Test
    public void cutsOutsideTheDomainAreDropped() {
        // x <= -1 sends nothing left; x <= 4294967 ms reaches past 2^32 - 1 µs and sends nothing right.
        DecisionTree tree = DecisionTree.of(split(IN_BYTES, -1, leaf(1),
                split(FLOW_DURATION, 4_294_967, leaf(0), leaf(1))), TestTrees.BINARY);
        SortedMap<Integer, IntervalPartition> partitions = IntervalExtractor.extract(tree, catalog);
        assertArrayEquals(new long[]{MAX}, partitions.get(IN_BYTES).upperBounds());
        assertArrayEquals(new long[]{MAX}, partitions.get(FLOW_DURATION).upperBounds());
    }
}
