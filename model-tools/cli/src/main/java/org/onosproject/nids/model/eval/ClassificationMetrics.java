package org.onosproject.nids.model.eval;

import com.google.common.collect.ImmutableList;

import java.util.List;

/**
 * Metrics from a confusion matrix (rows = true class, columns = predicted class; class 0 = benign).
 * Macro F1 averages over the classes that occur as truth or prediction (as scikit-learn does); a ratio with a zero
 * denominator is 0. Attack F1 treats every class but 0 as one "attack" class.
 */
public final class ClassificationMetrics {

    private final List<String> classNames;
    private final long[][] confusion;
    private final long rows;

    public ClassificationMetrics(List<String> classNames, long[][] confusion) {
        if (confusion.length != classNames.size()) {
            throw new IllegalArgumentException("confusion matrix and class names differ in size");
        }
        this.classNames = ImmutableList.copyOf(classNames);
        this.confusion = new long[confusion.length][];
        long total = 0;
        for (int i = 0; i < confusion.length; i++) {
            if (confusion[i].length != confusion.length) {
                throw new IllegalArgumentException("confusion matrix must be square");
            }
            this.confusion[i] = confusion[i].clone();
            for (long count : confusion[i]) {
                total += count;
            }
        }
        this.rows = total;
    }

    public List<String> classNames() {
        return classNames;
    }

    /** confusion[true][predicted]. */
    public long[][] confusion() {
        long[][] copy = new long[confusion.length][];
        for (int i = 0; i < confusion.length; i++) {
            copy[i] = confusion[i].clone();
        }
        return copy;
    }

    public long rows() {
        return rows;
    }

    public double accuracy() {
        long correct = 0;
        for (int i = 0; i < confusion.length; i++) {
            correct += confusion[i][i];
        }
        return ratio(correct, rows);
    }

    /** Rows whose true class is {@code classId}. */
    public long support(int classId) {
        long support = 0;
        for (long count : confusion[classId]) {
            support += count;
        }
        return support;
    }

    /** Rows predicted as {@code classId}. */
    public long predicted(int classId) {
        long predicted = 0;
        for (long[] row : confusion) {
            predicted += row[classId];
        }
        return predicted;
    }

    public double precision(int classId) {
        return ratio(confusion[classId][classId], predicted(classId));
    }

    public double recall(int classId) {
        return ratio(confusion[classId][classId], support(classId));
    }

    public double f1(int classId) {
        return f1(confusion[classId][classId], predicted(classId) - confusion[classId][classId],
                support(classId) - confusion[classId][classId]);
    }

    public double weightedF1() {
        double sum = 0;
        for (int c = 0; c < confusion.length; c++) {
            sum += f1(c) * support(c);
        }
        return rows == 0 ? 0 : sum / rows;
    }

    public double macroF1() {
        double sum = 0;
        int classes = 0;
        for (int c = 0; c < confusion.length; c++) {
            if (support(c) > 0 || predicted(c) > 0) {
                sum += f1(c);
                classes++;
            }
        }
        return classes == 0 ? 0 : sum / classes;
    }

    /** F1 of "attack" (any class but 0) against benign (class 0). */
    public double attackF1() {
        long truePositives = 0;
        long falsePositives = 0;
        long falseNegatives = 0;
        for (int t = 0; t < confusion.length; t++) {
            for (int p = 0; p < confusion.length; p++) {
                if (t != 0 && p != 0) {
                    truePositives += confusion[t][p];
                } else if (t == 0 && p != 0) {
                    falsePositives += confusion[t][p];
                } else if (t != 0) {
                    falseNegatives += confusion[t][p];
                }
            }
        }
        return f1(truePositives, falsePositives, falseNegatives);
    }

    private static double f1(long truePositives, long falsePositives, long falseNegatives) {
        return ratio(2 * truePositives, 2 * truePositives + falsePositives + falseNegatives);
    }

    private static double ratio(long numerator, long denominator) {
        return denominator == 0 ? 0 : (double) numerator / denominator;
    }
}
