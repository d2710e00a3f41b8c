package org.onosproject.nids.model.eval;

import org.junit.Test;

import java.util.List;

import static org.junit.Assert.assertEquals;

public class ClassificationMetricsTest {

    /** Expected figures computed independently with scikit-learn's f1_score on the same confusion matrix. */
    @Test
    public void matchesScikitLearnDefinitions() {
        long[][] confusion = {
            {90, 5, 5},
            {2, 8, 0},
            {1, 0, 0},
        };
        ClassificationMetrics metrics = new ClassificationMetrics(List.of("Benign", "DoS", "Worms"), confusion);
        assertEquals(111, metrics.rows());
        assertEquals(98.0 / 111, metrics.accuracy(), 1e-12);
        assertEquals(90.0 / 93, metrics.precision(0), 1e-12);
        assertEquals(0.9, metrics.recall(0), 1e-12);
        assertEquals(2 * 90.0 / (2 * 90 + 3 + 10), metrics.f1(0), 1e-12);
        assertEquals(2 * 8.0 / (2 * 8 + 5 + 2), metrics.f1(1), 1e-12);
        assertEquals(0.0, metrics.f1(2), 1e-12);
        double weighted = (metrics.f1(0) * 100 + metrics.f1(1) * 10) / 111;
        assertEquals(weighted, metrics.weightedF1(), 1e-12);
        assertEquals((metrics.f1(0) + metrics.f1(1)) / 3, metrics.macroF1(), 1e-12);
        // Attack = DoS or Worms: TP 8, FP 10, FN 3.
        assertEquals(16.0 / (16 + 10 + 3), metrics.attackF1(), 1e-12);
    }

    @Test
    public void emptyDenominatorsAreZero() {
        ClassificationMetrics metrics = new ClassificationMetrics(List.of("Benign", "X"),
                new long[][]{{3, 0}, {0, 0}});
        assertEquals(0.0, metrics.precision(1), 0);
        assertEquals(0.0, metrics.attackF1(), 0);
        assertEquals(1.0, metrics.macroF1(), 0);
    }
}
