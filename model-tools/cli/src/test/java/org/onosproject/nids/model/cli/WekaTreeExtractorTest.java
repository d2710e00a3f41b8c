package org.onosproject.nids.model.cli;

import org.junit.Test;
import org.onosproject.nids.model.catalog.Feature;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.data.LabeledFlows;
import org.onosproject.nids.model.tree.DecisionTree;
import org.onosproject.nids.model.tree.SplitNode;
import org.onosproject.nids.model.tree.TreeNode;
import weka.classifiers.Classifier;
import weka.core.Instances;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Extraction walks Weka's tree objects; J48's {@code x <= t} and REPTree's {@code x < t} must become integer bounds
 * that classify every integer exactly as Weka does, above all at the thresholds themselves.
 */
public class WekaTreeExtractorTest {

    static {
        WekaEnvironment.prepare();
    }

    private final FeatureCatalog catalog = FeatureCatalog.standard();
    private final List<Feature> features = List.of(catalog.byName("L4_DST_PORT").get(),
            catalog.byName("IN_BYTES").get(), catalog.byName("FLOW_DURATION_MILLISECONDS").get());
    private final List<String> classes = List.of("Benign", "A", "B");

    private LabeledFlows data(long seed, int rows) {
        Random random = new Random(seed);
        long[][] values = new long[rows][];
        int[] classIds = new int[rows];
        for (int i = 0; i < rows; i++) {
            values[i] = new long[29];
            values[i][2] = random.nextInt(100);
            values[i][4] = random.nextInt(60);
            values[i][11] = random.nextInt(30);
            int classId = values[i][2] < 37 ? (values[i][4] > 20 ? 1 : 0) : (values[i][11] <= 12 ? 2 : 0);
            classIds[i] = random.nextInt(15) == 0 ? random.nextInt(3) : classId;
        }
        return new LabeledFlows(classes, values, classIds);
    }

    @Test
    public void j48TreesPredictLikeWekaAtEveryThreshold() throws Exception {
        LabeledFlows train = data(1, 600);
        WekaTreeExtractor.ReachableJ48 j48 = new WekaTreeExtractor.ReachableJ48();
        j48.setMinNumObj(1);
        WekaTrainer.quietly(() -> j48.buildClassifier(WekaTrainer.instances(train, features)));
        DecisionTree tree = DecisionTree.of(WekaTreeExtractor.fromJ48(j48, features), classes);
        assertTrue("a tree with splits", tree.leafCount() > 3);
        assertSamePredictionsAtThresholds(j48, tree, train);
    }

    @Test
    public void repTreesPredictLikeWekaAtEveryThreshold() throws Exception {
        LabeledFlows train = data(2, 600);
        WekaTreeExtractor.ReachableREPTree repTree = new WekaTreeExtractor.ReachableREPTree();
        repTree.setMinNum(1);
        repTree.setNoPruning(true);
        WekaTrainer.quietly(() -> repTree.buildClassifier(WekaTrainer.instances(train, features)));
        DecisionTree tree = DecisionTree.of(WekaTreeExtractor.fromREPTree(repTree, features, 0), classes);
        assertTrue("a tree with splits", tree.leafCount() > 3);
        assertSamePredictionsAtThresholds(repTree, tree, train);
    }

    @Test
    public void trainerChecksItsOwnExtraction() {
        LabeledFlows train = data(3, 400);
        for (TreeAlgorithm algorithm : TreeAlgorithm.values()) {
            DecisionTree tree = WekaTrainer.train(train, features,
                    new WekaTrainer.Settings(algorithm, 2, java.util.Optional.empty(), 1));
            assertEquals(classes, tree.classNames());
            assertTrue(tree.usedFeatureIds().contains(2));
        }
    }

    /** Every training row, plus rows at t − 1, t, t + 1, t + 2 for every threshold t of the extracted tree. */
    private void assertSamePredictionsAtThresholds(Classifier weka, DecisionTree tree, LabeledFlows train)
            throws Exception {
        List<long[]> probes = new ArrayList<>();
        for (int i = 0; i < train.size(); i++) {
            probes.add(train.row(i));
        }
        List<SplitNode> splits = new ArrayList<>();
        collectSplits(tree.root(), splits);
        Random random = new Random(9);
        for (SplitNode split : splits) {
            for (long delta = -1; delta <= 2; delta++) {
                for (int repeat = 0; repeat < 20; repeat++) {
                    long[] row = train.row(random.nextInt(train.size())).clone();
                    row[split.featureId()] = Math.max(0, split.threshold() + delta);
                    probes.add(row);
                }
            }
        }
        LabeledFlows probeFlows = new LabeledFlows(classes, probes.toArray(new long[0][]), new int[probes.size()]);
        Instances instances = WekaTrainer.instances(probeFlows, features);
        for (int i = 0; i < probes.size(); i++) {
            assertEquals("probe " + i, (int) weka.classifyInstance(instances.instance(i)),
                    tree.leafFor(probes.get(i)).classId());
        }
    }

    private static void collectSplits(TreeNode node, List<SplitNode> splits) {
        if (!node.isLeaf()) {
            SplitNode split = (SplitNode) node;
            splits.add(split);
            collectSplits(split.lessOrEqual(), splits);
            collectSplits(split.greater(), splits);
        }
    }
}
