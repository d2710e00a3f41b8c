package org.onosproject.nids.model.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.nids.model.eval.ClassificationMetrics;
import org.onosproject.nids.model.eval.Evaluation;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Prints an {@link Evaluation} as text for people or as one JSON object for scripts. */
final class EvaluationReport {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private EvaluationReport() {
    }

    /** The headline figures, as recorded in a bundle's training summary. */
    static Map<String, Double> headline(Evaluation evaluation) {
        ClassificationMetrics metrics = evaluation.metrics();
        Map<String, Double> figures = new LinkedHashMap<>();
        figures.put("accuracy", metrics.accuracy());
        figures.put("f1_weighted", metrics.weightedF1());
        figures.put("f1_macro", metrics.macroF1());
        figures.put("attack_f1", metrics.attackF1());
        figures.put("fidelity", evaluation.fidelity());
        return figures;
    }

    static ObjectNode json(Evaluation evaluation) {
        ClassificationMetrics metrics = evaluation.metrics();
        ObjectNode root = MAPPER.createObjectNode();
        headline(evaluation).forEach(root::put);
        root.put("rows", metrics.rows());
        ArrayNode perClass = root.putArray("per_class");
        List<String> classes = metrics.classNames();
        for (int c = 0; c < classes.size(); c++) {
            perClass.addObject().put("class", classes.get(c)).put("class_id", c)
                    .put("precision", metrics.precision(c)).put("recall", metrics.recall(c))
                    .put("f1", metrics.f1(c)).put("support", metrics.support(c));
        }
        ObjectNode confusion = root.putObject("confusion");
        ArrayNode labels = confusion.putArray("classes");
        classes.forEach(labels::add);
        ArrayNode matrix = confusion.putArray("matrix");
        for (long[] row : metrics.confusion()) {
            ArrayNode cells = matrix.addArray();
            for (long cell : row) {
                cells.add(cell);
            }
        }
        return root;
    }

    static void printText(Evaluation evaluation, PrintStream out) {
        ClassificationMetrics metrics = evaluation.metrics();
        out.printf(Locale.ROOT, "rows          %d%n", metrics.rows());
        out.printf(Locale.ROOT, "accuracy      %.4f%n", metrics.accuracy());
        out.printf(Locale.ROOT, "f1 weighted   %.4f%n", metrics.weightedF1());
        out.printf(Locale.ROOT, "f1 macro      %.4f%n", metrics.macroF1());
        out.printf(Locale.ROOT, "attack f1     %.4f  (benign vs any attack)%n", metrics.attackF1());
        out.printf(Locale.ROOT, "fidelity      %.4f  (%d of %d rows: table entries agree with the tree)%n",
                evaluation.fidelity(), evaluation.agreeingRows(), metrics.rows());
        List<String> classes = metrics.classNames();
        int width = Math.max(12, classes.stream().mapToInt(String::length).max().orElse(0) + 2);
        out.println();
        out.printf(Locale.ROOT, "%-" + width + "s %9s %9s %9s %9s%n", "class", "precision", "recall", "f1",
                "support");
        for (int c = 0; c < classes.size(); c++) {
            out.printf(Locale.ROOT, "%-" + width + "s %9.4f %9.4f %9.4f %9d%n", classes.get(c),
                    metrics.precision(c), metrics.recall(c), metrics.f1(c), metrics.support(c));
        }
        out.println();
        out.println("confusion (rows: true class, columns: predicted class, in the order above)");
        long[][] confusion = metrics.confusion();
        for (int t = 0; t < confusion.length; t++) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-" + width + "s", classes.get(t)));
            for (long cell : confusion[t]) {
                line.append(String.format(Locale.ROOT, " %7d", cell));
            }
            out.println(line);
        }
    }
}
