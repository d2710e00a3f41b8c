package org.onosproject.nids.model.compiler;

import org.junit.Test;
import org.onosproject.nids.model.TestTrees;
import org.onosproject.nids.model.capacity.PipelineCapacity;
import org.onosproject.nids.model.catalog.Feature;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.tree.DecisionTree;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.onosproject.nids.model.TestTrees.IN_BYTES;
import static org.onosproject.nids.model.TestTrees.PROTOCOL;
import static org.onosproject.nids.model.TestTrees.leaf;
import static org.onosproject.nids.model.TestTrees.split;

/** Stage 3: slots + intervals → feature-table entries; leaves → decision entries. */
public class EntryGeneratorTest {

    private static final long MAX = Feature.DATA_PLANE_MAX;
    private final FeatureCatalog catalog = FeatureCatalog.standard();
    private final PipelineCapacity capacity = TestTrees.capacity().build();

    @Test
    public void oneRangeEntryPerIntervalCoveringTheDomain() {
        Map<Integer, IntervalPartition> partitions = Map.of(
                PROTOCOL, new IntervalPartition(PROTOCOL, new long[]{6, 17, MAX}),
                IN_BYTES, new IntervalPartition(IN_BYTES, new long[]{MAX}));
        SlotAssignment slots = SlotAssignment.assign(Set.of(PROTOCOL, IN_BYTES), capacity);
        List<FeatureTableEntry> entries = EntryGenerator.featureEntries(slots, partitions);
        assertEquals(List.of(
                new FeatureTableEntry(0, PROTOCOL, 0, 6, 0, 3),
                new FeatureTableEntry(0, PROTOCOL, 7, 17, 1, 2),
                new FeatureTableEntry(0, PROTOCOL, 18, MAX, 2, 1),
                new FeatureTableEntry(1, IN_BYTES, 0, MAX, 0, 1)), entries);
    }

    @Test
    public void oneDecisionEntryPerLeafWithWildcardsForUntestedAndUnusedSlots() {
        CompiledModel model = ModelCompiler.compile(TestTrees.sample(), catalog, capacity);
        // Slots: L4_DST_PORT(2), PROTOCOL(3), IN_BYTES(4), FLOW_DURATION(11), then four unused.
        List<DecisionEntry> entries = model.decisionEntries();
        assertEquals(5, entries.size());
        CodeRange any = new CodeRange(0, 65535);
        CodeRange first = new CodeRange(0, 0);
        CodeRange second = new CodeRange(1, 65535);
        assertEquals(new DecisionEntry(1, 0, 1000, 5, List.of(first, first, any, any, any, any, any, any)),
                entries.get(0));
        assertEquals(new DecisionEntry(2, 1, 1000, 4, List.of(second, first, any, first, any, any, any, any)),
                entries.get(1));
        assertEquals(new DecisionEntry(5, 0, 1000, 1, List.of(any, second, second, any, any, any, any, any)),
                entries.get(4));
        assertEquals(5, entries.stream().map(DecisionEntry::priority).collect(Collectors.toSet()).size());
    }

    @Test
    public void middleIntervalsGiveExactCodeRanges() {
        DecisionTree tree = DecisionTree.of(split(IN_BYTES, 100,
                leaf(0), split(IN_BYTES, 200, leaf(1), split(IN_BYTES, 300, leaf(1), leaf(0)))), TestTrees.BINARY);
        CompiledModel model = ModelCompiler.compile(tree, catalog, capacity);
        assertEquals(new CodeRange(0, 0), model.decisionEntries().get(0).codeRanges().get(0));
        assertEquals(new CodeRange(1, 1), model.decisionEntries().get(1).codeRanges().get(0));
        assertEquals(new CodeRange(2, 2), model.decisionEntries().get(2).codeRanges().get(0));
        assertEquals(new CodeRange(3, 65535), model.decisionEntries().get(3).codeRanges().get(0));
    }

    @Test
    public void unreachableLeavesGetNoEntry() {
        DecisionTree tree = DecisionTree.of(split(IN_BYTES, 100,
                split(IN_BYTES, 500, leaf(0), leaf(1)), leaf(1)), TestTrees.BINARY);
        List<Optional<LeafBox>> boxes = tree.paths().stream().map(path -> LeafBox.of(path, catalog))
                .collect(Collectors.toList());
        assertFalse("x <= 100 and x > 500", boxes.get(1).isPresent());
        CompiledModel model = ModelCompiler.compile(tree, catalog, capacity);
        assertEquals(List.of(1, 3), model.decisionEntries().stream().map(DecisionEntry::leafId)
                .collect(Collectors.toList()));
        assertEquals(3, model.leaves().size());
    }
}
