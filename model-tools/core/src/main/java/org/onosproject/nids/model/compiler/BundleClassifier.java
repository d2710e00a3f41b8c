package org.onosproject.nids.model.compiler;

import com.google.common.collect.ImmutableMap;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.bundle.PhaseModel;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.compiler.DecisionEntry;
import org.onosproject.nids.model.phase.Phase;

import java.util.Map;
import java.util.Optional;

/**
 * Classifies flows exactly as the switch does with a model: at a phase the model has a tree for, from that phase's
 * table ENTRIES (never from the tree), with the leaf's confidence. The app classifies evicted flows with it (END
 * phase), and {@code nids-model simulate} / {@code eval} classify every phase packet with it.
 */
public final class BundleClassifier {

    private final Map<Phase, TableSemanticsClassifier> byPhase;
    private final Map<Phase, Map<Integer, Integer>> confidenceByLeaf;
    private final int alertThresholdPermille;

    public BundleClassifier(ModelBundle bundle, FeatureCatalog catalog) {
        ImmutableMap.Builder<Phase, TableSemanticsClassifier> classifiers = ImmutableMap.builder();
        ImmutableMap.Builder<Phase, Map<Integer, Integer>> confidences = ImmutableMap.builder();
        for (PhaseModel phase : bundle.phases()) {
            classifiers.put(phase.phase(), new TableSemanticsClassifier(phase.compiled(), catalog));
            ImmutableMap.Builder<Integer, Integer> byLeaf = ImmutableMap.builder();
            for (DecisionEntry entry : phase.compiled().decisionEntries()) {
                byLeaf.put(entry.leafId(), entry.confidencePermille());
            }
            confidences.put(phase.phase(), byLeaf.build());
        }
        this.byPhase = classifiers.build();
        this.confidenceByLeaf = confidences.build();
        this.alertThresholdPermille = bundle.alertThresholdPermille();
    }

    /** Whether the model classifies at this phase. */
    public boolean classifiesAt(Phase phase) {
        return byPhase.containsKey(phase);
    }

    /**
     * The verdict at a phase from data-plane values (switch units, indexed by feature id); empty when the model has
     * no tree for that phase (the switch then does not classify at all). No matching entry gives class 0, leaf 0,
     * confidence 0.
     */
    public Optional<Verdict> classify(Phase phase, long[] dataPlaneValuesById) {
        TableSemanticsClassifier classifier = byPhase.get(phase);
        if (classifier == null) {
            return Optional.empty();
        }
        Classification answer = classifier.classifyDataPlane(dataPlaneValuesById);
        int confidence = answer.leafId() == 0 ? 0 : confidenceByLeaf.get(phase).get(answer.leafId());
        return Optional.of(new Verdict(phase, answer.classId(), answer.leafId(), confidence));
    }

    /** The model's own alert threshold (per mille). */
    public int alertThresholdPermille() {
        return alertThresholdPermille;
    }
}
