package org.onosproject.nids.model.compiler;

import org.junit.Test;
import org.onosproject.nids.model.TestTrees;
import org.onosproject.nids.model.catalog.Feature;
import org.onosproject.nids.model.catalog.FeatureCatalog;

import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.onosproject.nids.model.TestTrees.IN_BYTES;
import static org.onosproject.nids.model.TestTrees.row;

/** The evaluator reads entries only: these are hand-written, no tree involved. */
public class TableSemanticsClassifierTest {

    private static final long MAX = Feature.DATA_PLANE_MAX;
    private static final CodeRange ANY = new CodeRange(0, 65535);

    private final TableSemanticsClassifier tables = new TableSemanticsClassifier(new CompiledModel(
            TestTrees.BINARY, new SlotAssignment(new int[]{IN_BYTES, 0}),
            Map.of(IN_BYTES, new IntervalPartition(IN_BYTES, new long[]{99, 999, MAX})),
            List.of(new FeatureTableEntry(0, IN_BYTES, 0, 99, 0, 3),
                    new FeatureTableEntry(0, IN_BYTES, 100, 999, 1, 2),
                    // Overlaps the entry above; loses on priority.
                    new FeatureTableEntry(0, IN_BYTES, 500, MAX, 2, 1)),
            List.of(new DecisionEntry(7, 1, 900, 10, List.of(new CodeRange(1, 1), ANY)),
                    new DecisionEntry(8, 0, 900, 20, List.of(new CodeRange(1, 2), new CodeRange(5, 5))),
                    new DecisionEntry(9, 1, 900, 5, List.of(new CodeRange(2, 2), ANY))),
            List.of()), FeatureCatalog.standard());

    @Test
    public void rangeLookupTakesTheHighestPriorityMatch() {
        assertArrayEquals(new int[]{0, 0}, tables.codes(row(IN_BYTES, 99)));
        assertArrayEquals(new int[]{1, 0}, tables.codes(row(IN_BYTES, 500)));
        assertArrayEquals(new int[]{2, 0}, tables.codes(row(IN_BYTES, 1000)));
    }

    @Test
    public void decisionLookupTakesTheHighestPriorityMatchAndMissesAreBenignLeafZero() {
        assertEquals(new Classification(1, 7), tables.classifyDataPlane(row(IN_BYTES, 150)));
        assertEquals(new Classification(1, 9), tables.classifyDataPlane(row(IN_BYTES, 5000)));
        assertEquals(Classification.NO_MATCH, tables.classifyDataPlane(row(IN_BYTES, 5)));
        assertEquals(new Classification(0, 8), tables.decide(new int[]{2, 5}));
    }
}
