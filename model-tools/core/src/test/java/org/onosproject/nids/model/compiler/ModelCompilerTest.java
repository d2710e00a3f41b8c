package org.onosproject.nids.model.compiler;

import org.junit.Test;
import org.onosproject.nids.model.ModelException;
import org.onosproject.nids.model.TestTrees;
import org.onosproject.nids.model.capacity.CapacityExceededException;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.compiler.Classification;
import org.onosproject.nids.model.compiler.TableSemanticsClassifier;
import org.onosproject.nids.model.tree.DecisionTree;
import org.onosproject.nids.model.tree.LeafNode;
import org.onosproject.nids.model.tree.TreeNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.onosproject.nids.model.TestTrees.FLOW_DURATION;
import static org.onosproject.nids.model.TestTrees.IN_BYTES;
import static org.onosproject.nids.model.TestTrees.L4_DST_PORT;
import static org.onosproject.nids.model.TestTrees.PROTOCOL;
import static org.onosproject.nids.model.TestTrees.leaf;
import static org.onosproject.nids.model.TestTrees.row;
import static org.onosproject.nids.model.TestTrees.split;

public class ModelCompilerTest {

    private final FeatureCatalog catalog = FeatureCatalog.standard();

    @Test
    public void entriesClassifyLikeTheTreeAtEveryBoundary() {
        DecisionTree tree = TestTrees.sample();
        CompiledModel model = ModelCompiler.compile(tree, catalog, TestTrees.capacity().build());
        TableSemanticsClassifier switchTables = new TableSemanticsClassifier(model, catalog);
        long[] protocols = {0, 1, 5, 6, 7, 17, 255};
        long[] ports = {0, 1022, 1023, 1024, 65535};
        long[] durations = {0, 4, 5, 6, 4_294_967};
        long[] bytes = {0, 999, 1000, 1001, 4_294_967_295L};
        for (long protocol : protocols) {
            for (long port : ports) {
                for (long duration : durations) {
                    for (long inBytes : bytes) {
                        long[] values = row(PROTOCOL, protocol, L4_DST_PORT, port, FLOW_DURATION, duration,
                                IN_BYTES, inBytes);
                        LeafNode leaf = tree.leafFor(values);
                        assertEquals(new Classification(leaf.classId(), leaf.leafId()),
                                switchTables.classifyFeatureValues(values));
                    }
                }
            }
        }
    }

    @Test
    public void everyMicrosecondOfAMillisecondClassifiesAsTheTreeDoes() {
        DecisionTree tree = TestTrees.sample();
        TableSemanticsClassifier switchTables = new TableSemanticsClassifier(
                ModelCompiler.compile(tree, catalog, TestTrees.capacity().build()), catalog);
        for (long micros = 4000; micros < 7000; micros++) {
            long[] dataPlane = row(PROTOCOL, 6, L4_DST_PORT, 2000, FLOW_DURATION, micros);
            LeafNode leaf = tree.leafFor(row(PROTOCOL, 6, L4_DST_PORT, 2000, FLOW_DURATION, micros / 1000));
            assertEquals("at " + micros + " µs", leaf.leafId(), switchTables.classifyDataPlane(dataPlane).leafId());
        }
    }

    @Test
    public void randomTreesCompileToEntriesWithFidelityOne() {
        Random random = new Random(7);
        for (int trial = 0; trial < 20; trial++) {
            DecisionTree tree = DecisionTree.of(randomTree(random, 6), List.of("Benign", "A", "B"));
            TableSemanticsClassifier switchTables = new TableSemanticsClassifier(
                    ModelCompiler.compile(tree, catalog, TestTrees.capacity().build()), catalog);
            for (int sample = 0; sample < 500; sample++) {
                long[] values = row(PROTOCOL, random.nextInt(40), IN_BYTES, random.nextInt(40),
                        FLOW_DURATION, random.nextInt(40), L4_DST_PORT, random.nextInt(40));
                LeafNode leaf = tree.leafFor(values);
                assertEquals(new Classification(leaf.classId(), leaf.leafId()),
                        switchTables.classifyFeatureValues(values));
            }
        }
    }

    private static TreeNode randomTree(Random random, int depth) {
        if (depth == 0 || random.nextInt(4) == 0) {
            return leaf(random.nextInt(3));
        }
        int[] features = {PROTOCOL, IN_BYTES, FLOW_DURATION, L4_DST_PORT};
        return split(features[random.nextInt(features.length)], random.nextInt(42) - 1,
                randomTree(random, depth - 1), randomTree(random, depth - 1));
    }

    @Test
    public void aTreeOverTheDecisionTableSaysByHowMuch() {
        List<TreeNode> leaves = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            leaves.add(leaf(i % 2));
        }
        TreeNode root = leaves.get(0);
        for (int i = 1; i < leaves.size(); i++) {
            root = split(IN_BYTES, i * 10L, root, leaves.get(i));
        }
        DecisionTree tree = DecisionTree.of(root, TestTrees.BINARY);
        try {
            ModelCompiler.compile(tree, catalog, TestTrees.capacity().decisionTableSize(16).build());
            fail("12 leaves in 8 entries per bank");
        } catch (CapacityExceededException e) {
            assertEquals("the model exceeds the pipeline's capacity: decision table (one bank): 12 entries needed, "
                    + "8 available (4 over)", e.getMessage());
        }
    }

    @Test
    public void tooManyClassesAndTooManyIntervalsAreBothReported() {
        List<String> classes = List.of("Benign", "A", "B", "C");
        DecisionTree tree = DecisionTree.of(split(IN_BYTES, 10, leaf(3), split(IN_BYTES, 20, leaf(2),
                split(IN_BYTES, 30, leaf(1), leaf(0)))), classes);
        try {
            ModelCompiler.compile(tree, catalog, TestTrees.capacity().maxClasses(3).rangeTableSize(6).build());
            fail();
        } catch (CapacityExceededException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("classes: 4 classes needed, 3 available (1 over)"));
            assertTrue(e.getMessage(), e.getMessage().contains(
                    "range table for IN_BYTES (one bank): 4 entries needed, 3 available (1 over)"));
        }
    }

    @Test
    public void classZeroMustBeBenign() {
        try {
            ModelCompiler.compile(DecisionTree.of(split(IN_BYTES, 1, leaf(0), leaf(1)), List.of("Attack", "Benign")),
                    catalog, TestTrees.capacity().build());
            fail();
        } catch (ModelException e) {
            assertTrue(e.getMessage(), e.getMessage().startsWith("class 0 must be \"Benign\""));
        }
    }
}
