package org.onosproject.nids.model.eval;

import org.junit.Test;
import org.onosproject.nids.model.TestTrees;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.compiler.Classification;
import org.onosproject.nids.model.compiler.CompiledModel;
import org.onosproject.nids.model.compiler.DecisionEntry;
import org.onosproject.nids.model.compiler.ModelCompiler;
import org.onosproject.nids.model.compiler.TableSemanticsClassifier;
import org.onosproject.nids.model.data.LabeledFlows;
import org.onosproject.nids.model.tree.DecisionTree;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.onosproject.nids.model.TestTrees.FLOW_DURATION;
import static org.onosproject.nids.model.TestTrees.IN_BYTES;
import static org.onosproject.nids.model.TestTrees.L4_DST_PORT;
import static org.onosproject.nids.model.TestTrees.PROTOCOL;
import static org.onosproject.nids.model.TestTrees.row;

public class EvaluationTest {

    private final FeatureCatalog catalog = FeatureCatalog.standard();
    private final DecisionTree tree = TestTrees.sample();
    private final CompiledModel compiled = ModelCompiler.compile(tree, catalog, TestTrees.capacity().build());

    private LabeledFlows randomFlows(List<String> classes) {
        Random random = new Random(3);
        long[][] rows = new long[2000][];
        int[] classIds = new int[rows.length];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = row(PROTOCOL, random.nextBoolean() ? 6 : 17, L4_DST_PORT, random.nextInt(2048),
                    FLOW_DURATION, random.nextInt(12), IN_BYTES, random.nextInt(2000));
            classIds[i] = tree.leafFor(rows[i]).classId() ^ (random.nextInt(10) == 0 ? 1 : 0);
        }
        return new LabeledFlows(classes, rows, classIds);
    }

    @Test
    public void fidelityIsOneAndMetricsCountTheSwitchAnswers() {
        Evaluation evaluation = Evaluation.of(tree, new TableSemanticsClassifier(compiled, catalog),
                randomFlows(TestTrees.BINARY));
        assertEquals(1.0, evaluation.fidelity(), 0);
        assertEquals(-1, evaluation.firstDisagreement());
        assertEquals(2000, evaluation.metrics().rows());
        assertTrue(evaluation.metrics().accuracy() > 0.85 && evaluation.metrics().accuracy() < 0.95);
    }

    @Test
    public void editedEntriesLowerFidelity() {
        List<DecisionEntry> edited = new ArrayList<>(compiled.decisionEntries());
        DecisionEntry first = edited.get(0);
        edited.set(0, new DecisionEntry(first.leafId(), 1 - first.classId(), first.confidencePermille(),
                first.priority(), first.codeRanges()));
        CompiledModel tampered = new CompiledModel(compiled.classNames(), compiled.slots(), compiled.partitions(),
                compiled.featureEntries(), edited, compiled.leaves());
        Evaluation evaluation = Evaluation.of(tree, new TableSemanticsClassifier(tampered, catalog),
                randomFlows(TestTrees.BINARY));
        assertTrue(evaluation.fidelity() < 1.0);
        assertTrue(evaluation.firstDisagreement() >= 0);
    }

    @Test
    public void labelsTheModelDoesNotKnowAreExtraTrueClasses() {
        Evaluation evaluation = Evaluation.of(tree, new TableSemanticsClassifier(compiled, catalog),
                randomFlows(List.of("Benign", "Attack", "Unknown")));
        assertEquals(3, evaluation.metrics().classNames().size());
    }
}
