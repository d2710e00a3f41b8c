package org.onosproject.nids.model.cli;

import org.onosproject.nids.model.catalog.Feature;
import org.onosproject.nids.model.data.LabeledFlows;
import org.onosproject.nids.model.tree.DecisionTree;
import org.onosproject.nids.model.tree.TreeNode;
import weka.classifiers.Classifier;
import weka.core.Attribute;
import weka.core.DenseInstance;
import weka.core.Instance;
import weka.core.Instances;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Trains a Weka tree on labelled flows and returns it as a core {@link DecisionTree}. Instances are built in
 * memory (no ARFF, no temporary files). Before returning, the extracted tree is checked to predict exactly what
 * Weka predicts on every training row.
 */
final class WekaTrainer {

    /** What to train. */
    static final class Settings {
        private final TreeAlgorithm algorithm;
        private final int minLeaf;
        private final Optional<Integer> maxDepth;
        private final long seed;

        Settings(TreeAlgorithm algorithm, int minLeaf, Optional<Integer> maxDepth, long seed) {
            this.algorithm = algorithm;
            this.minLeaf = minLeaf;
            this.maxDepth = maxDepth;
            this.seed = seed;
        }

        TreeAlgorithm algorithm() {
            return algorithm;
        }

        int minLeaf() {
            return minLeaf;
        }

        Optional<Integer> maxDepth() {
            return maxDepth;
        }

        long seed() {
            return seed;
        }
    }

    static {
        WekaEnvironment.prepare();
    }

    private WekaTrainer() {
    }

    static DecisionTree train(LabeledFlows data, List<Feature> features, Settings settings) {
        Instances instances = instances(data, features);
        try {
            TreeNode root;
            Classifier trained;
            if (settings.algorithm() == TreeAlgorithm.J48) {
                WekaTreeExtractor.ReachableJ48 j48 = new WekaTreeExtractor.ReachableJ48();
                j48.setMinNumObj(settings.minLeaf());
                quietly(() -> j48.buildClassifier(instances));
                root = WekaTreeExtractor.fromJ48(j48, features);
                trained = j48;
            } else {
                WekaTreeExtractor.ReachableREPTree repTree = new WekaTreeExtractor.ReachableREPTree();
                repTree.setMinNum(settings.minLeaf());
                repTree.setMaxDepth(settings.maxDepth().orElse(-1));
                repTree.setSeed((int) settings.seed());
                quietly(() -> repTree.buildClassifier(instances));
                root = WekaTreeExtractor.fromREPTree(repTree, features, majorityClass(data));
                trained = repTree;
            }
            DecisionTree tree = DecisionTree.of(root, data.classNames());
            requireSamePredictions(trained, instances, tree, data);
            return tree;
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("Weka training failed: " + e.getMessage(), e);
        }
    }

    /** Weka instances over the given features (numeric attributes named as in the catalog) and a nominal class. */
    static Instances instances(LabeledFlows data, List<Feature> features) {
        ArrayList<Attribute> attributes = new ArrayList<>();
        for (Feature feature : features) {
            attributes.add(new Attribute(feature.name()));
        }
        attributes.add(new Attribute("class", new ArrayList<>(data.classNames())));
        Instances instances = new Instances("flows", attributes, data.size());
        instances.setClassIndex(features.size());
        for (int row = 0; row < data.size(); row++) {
            instances.add(instance(data.row(row), features, data.classId(row)));
        }
        return instances;
    }

    private static Instance instance(long[] values, List<Feature> features, int classId) {
        double[] cells = new double[features.size() + 1];
        for (int i = 0; i < features.size(); i++) {
            cells[i] = values[features.get(i).id()];
        }
        cells[features.size()] = classId;
        return new DenseInstance(1.0, cells);
    }

    private static void requireSamePredictions(Classifier trained, Instances instances, DecisionTree tree,
                                               LabeledFlows data) throws Exception {
        int disagreements = 0;
        int first = -1;
        for (int row = 0; row < data.size(); row++) {
            double weka = trained.classifyInstance(instances.instance(row));
            if (Double.isNaN(weka) || (int) weka != tree.leafFor(data.row(row)).classId()) {
                disagreements++;
                first = first < 0 ? row : first;
            }
        }
        if (disagreements > 0) {
            throw new IllegalStateException("internal error: the extracted tree disagrees with Weka on "
                    + disagreements + " training rows (first: row " + first + ")");
        }
    }

    private static int majorityClass(LabeledFlows data) {
        long[] counts = data.classCounts();
        int best = 0;
        for (int c = 1; c < counts.length; c++) {
            if (counts[c] > counts[best]) {
                best = c;
            }
        }
        return best;
    }

    /** A Weka step that may throw. */
    interface WekaStep {
        void run() throws Exception;
    }

    /**
     * Runs a Weka step with System.out silenced: Weka prints notices about its package manager there, and stdout
     * belongs to the command's own output (e.g. --json).
     */
    static void quietly(WekaStep step) throws Exception {
        PrintStream stdout = System.out;
        System.setOut(new PrintStream(OutputStream.nullOutputStream()));
        try {
            step.run();
        } finally {
            System.setOut(stdout);
        }
    }
}
