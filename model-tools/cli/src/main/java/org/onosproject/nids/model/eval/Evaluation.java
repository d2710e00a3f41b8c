package org.onosproject.nids.model.eval;

import org.onosproject.nids.model.compiler.Classification;
import org.onosproject.nids.model.compiler.TableSemanticsClassifier;
import org.onosproject.nids.model.data.LabeledFlows;
import org.onosproject.nids.model.tree.DecisionTree;
import org.onosproject.nids.model.tree.LeafNode;

/**
 * Evaluates a compiled model on labelled flows. Predictions are the table-semantics classifier's (what the switch
 * does); fidelity is the share of rows where it gives the same class and leaf as walking the tree. The data's class
 * ids index {@code data.classNames()}, whose first entries must be the model's classes (extra names are true
 * classes the model does not know; it never predicts them).
 */
public final class Evaluation {

    private final ClassificationMetrics metrics;
    private final long agreeing;
    private final int firstDisagreement;

    private Evaluation(ClassificationMetrics metrics, long agreeing, int firstDisagreement) {
        this.metrics = metrics;
        this.agreeing = agreeing;
        this.firstDisagreement = firstDisagreement;
    }

    public static Evaluation of(DecisionTree tree, TableSemanticsClassifier classifier, LabeledFlows data) {
        int modelClasses = tree.classNames().size();
        if (!data.classNames().subList(0, Math.min(modelClasses, data.classNames().size()))
                .equals(tree.classNames())) {
            throw new IllegalArgumentException("the data's classes must start with the model's classes "
                    + tree.classNames() + ", not " + data.classNames());
        }
        int classes = data.classNames().size();
        long[][] confusion = new long[classes][classes];
        long agreeing = 0;
        int firstDisagreement = -1;
        for (int row = 0; row < data.size(); row++) {
            long[] values = data.row(row);
            Classification switchAnswer = classifier.classifyFeatureValues(values);
            LeafNode leaf = tree.leafFor(values);
            if (leaf.classId() == switchAnswer.classId() && leaf.leafId() == switchAnswer.leafId()) {
                agreeing++;
            } else if (firstDisagreement < 0) {
                firstDisagreement = row;
            }
            confusion[data.classId(row)][switchAnswer.classId()]++;
        }
        return new Evaluation(new ClassificationMetrics(data.classNames(), confusion), agreeing, firstDisagreement);
    }

    public ClassificationMetrics metrics() {
        return metrics;
    }

    /** Share of rows where the entries and the tree agree on class and leaf (1.0 when there are no rows). */
    public double fidelity() {
        return metrics.rows() == 0 ? 1.0 : (double) agreeing / metrics.rows();
    }

    public long agreeingRows() {
        return agreeing;
    }

    /** Index of the first row where entries and tree disagree, or -1. */
    public int firstDisagreement() {
        return firstDisagreement;
    }
}
