package org.onosproject.nids.model.cli;

import org.onosproject.nids.model.catalog.Feature;
import org.onosproject.nids.model.tree.LeafNode;
import org.onosproject.nids.model.tree.SplitNode;
import org.onosproject.nids.model.tree.TreeNode;
import weka.classifiers.trees.J48;
import weka.classifiers.trees.REPTree;
import weka.classifiers.trees.j48.C45Split;
import weka.classifiers.trees.j48.ClassifierSplitModel;
import weka.classifiers.trees.j48.ClassifierTree;
import weka.classifiers.trees.j48.Distribution;

import java.lang.reflect.Field;
import java.util.List;

/**
 * Turns trained Weka trees into core {@link TreeNode}s by walking their objects (never their printed form).
 *
 * <p>Weka tests real numbers; catalog features are integers, so each test becomes an exact integer bound:
 * J48's {@code x <= t} (t a value seen in training) is {@code x <= floor(t)}, REPTree's {@code x < t} (t a midpoint)
 * is {@code x <= ceil(t) - 1}. Leaf classes follow Weka's own prediction rules, including its fallbacks for leaves
 * that saw no training rows, so the extracted tree predicts exactly what Weka does (checked after every training).
 */
final class WekaTreeExtractor {

    private WekaTreeExtractor() {
    }

    /** J48 with its root reachable: J48 keeps the tree in the protected field {@code m_root}. */
    static final class ReachableJ48 extends J48 {
        private static final long serialVersionUID = 1L;

        ClassifierTree root() {
            return m_root;
        }
    }

    /** REPTree with its tree reachable: REPTree keeps it in the protected field {@code m_Tree}. */
    static final class ReachableREPTree extends REPTree {
        private static final long serialVersionUID = 1L;

        Object tree() {
            return m_Tree;
        }

        boolean fellBackToZeroR() {
            return m_zeroR != null;
        }
    }

    /** The J48 tree; {@code features} are the Weka attributes in order (the class attribute comes last). */
    static TreeNode fromJ48(ReachableJ48 j48, List<Feature> features) throws Exception {
        return fromJ48Node(j48.root(), features, 0);
    }

    private static TreeNode fromJ48Node(ClassifierTree node, List<Feature> features, int inheritedClass)
            throws Exception {
        ClassifierSplitModel model = node.getLocalModel();
        Distribution distribution = model.distribution();
        long[] counts = counts(distribution);
        if (node.isLeaf()) {
            // J48 predicts an empty leaf from its parent's class distribution.
            int classId = distribution.total() > 0 ? distribution.maxClass() : inheritedClass;
            return new LeafNode(classId, counts);
        }
        if (!(model instanceof C45Split)) {
            throw new IllegalStateException("unsupported J48 split model " + model.getClass().getSimpleName());
        }
        C45Split split = (C45Split) model;
        ClassifierTree[] sons = node.getSons();
        if (sons.length != 2) {
            throw new IllegalStateException("J48 numeric split with " + sons.length + " branches");
        }
        int classHere = distribution.maxClass();
        long threshold = (long) Math.floor(split.splitPoint());
        return new SplitNode(features.get(split.attIndex()).id(), threshold,
                fromJ48Node(sons[0], features, classHere), fromJ48Node(sons[1], features, classHere), counts);
    }

    private static long[] counts(Distribution distribution) {
        long[] counts = new long[distribution.numClasses()];
        for (int c = 0; c < counts.length; c++) {
            counts[c] = Math.round(distribution.perClass(c));
        }
        return counts;
    }

    /** The REPTree tree; {@code features} are the Weka attributes in order (the class attribute comes last). */
    static TreeNode fromREPTree(ReachableREPTree repTree, List<Feature> features, int majorityClass)
            throws ReflectiveOperationException {
        if (repTree.fellBackToZeroR() || repTree.tree() == null) {
            return new LeafNode(majorityClass, new long[0]);
        }
        return fromREPNode(repTree.tree(), features, majorityClass);
    }

    private static TreeNode fromREPNode(Object node, List<Feature> features, int inheritedClass)
            throws ReflectiveOperationException {
        int attribute = (Integer) field(node, "m_Attribute");
        double[] classProbs = (double[]) field(node, "m_ClassProbs");
        // A node without class probabilities saw no rows; REPTree then answers with the nearest ancestor's.
        int classHere = classProbs == null ? inheritedClass : argmax(classProbs);
        if (attribute == -1) {
            return new LeafNode(classHere, new long[0]);
        }
        Object[] successors = (Object[]) field(node, "m_Successors");
        if (successors.length != 2) {
            throw new IllegalStateException("REPTree numeric split with " + successors.length + " branches");
        }
        double splitPoint = (Double) field(node, "m_SplitPoint");
        long threshold = (long) Math.ceil(splitPoint) - 1;
        return new SplitNode(features.get(attribute).id(), threshold,
                fromREPNode(successors[0], features, classHere), fromREPNode(successors[1], features, classHere),
                new long[0]);
    }

    /** Weka's argmax: the first index holding the largest value. */
    private static int argmax(double[] values) {
        int best = 0;
        for (int i = 1; i < values.length; i++) {
            if (values[i] > values[best]) {
                best = i;
            }
        }
        return best;
    }

    private static Object field(Object node, String name) throws ReflectiveOperationException {
        Field field = node.getClass().getDeclaredField(name);
        field.setAccessible(true);
        return field.get(node);
    }
}
