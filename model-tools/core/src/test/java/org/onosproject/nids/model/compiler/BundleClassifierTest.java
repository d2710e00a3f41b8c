package org.onosproject.nids.model.compiler;

import org.junit.Test;
import org.onosproject.nids.model.TestTrees;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.bundle.ModelBundles;
import org.onosproject.nids.model.bundle.TrainingSummary;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.phase.Phase;
import org.onosproject.nids.model.tree.DecisionTree;

import java.util.Map;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.onosproject.nids.model.TestTrees.IN_BYTES;
import static org.onosproject.nids.model.TestTrees.PROTOCOL;
import static org.onosproject.nids.model.TestTrees.leaf;
import static org.onosproject.nids.model.TestTrees.row;
import static org.onosproject.nids.model.TestTrees.split;

public class BundleClassifierTest {

    private final FeatureCatalog catalog = FeatureCatalog.standard();

    /** Phase 1: PROTOCOL <= 6 ? benign (40 rows) : attack (3 rows); end: IN_BYTES <= 100 ? attack (300) : benign. */
    private ModelBundle bundle() {
        DecisionTree first = DecisionTree.of(split(PROTOCOL, 6, leaf(0, 40, 0), leaf(1, 0, 3)), TestTrees.BINARY);
        DecisionTree end = DecisionTree.of(split(IN_BYTES, 100, leaf(1, 0, 300), leaf(0, 50, 1)), TestTrees.BINARY);
        return ModelBundles.compile("m", "2024-01-01T00:00:00Z", TrainingSummary.builder().dataFile("x").build(),
                Map.of(Phase.atPacket(1), first, Phase.END, end), 900, 21, catalog, TestTrees.capacity().build());
    }

    @Test
    public void eachPhaseUsesItsOwnTreeAndPhasesWithoutATreeAreNotClassified() {
        BundleClassifier classifier = new BundleClassifier(bundle(), catalog);
        Verdict first = classifier.classify(Phase.atPacket(1), row(PROTOCOL, 17, IN_BYTES, 5)).orElseThrow();
        assertEquals(1, first.classId());
        assertEquals(2, first.leafId());
        assertEquals(800, first.confidencePermille());
        Verdict end = classifier.classify(Phase.END, row(PROTOCOL, 17, IN_BYTES, 5)).orElseThrow();
        assertEquals(1, end.classId());
        assertEquals(996, end.confidencePermille());
        assertEquals(Optional.empty(), classifier.classify(Phase.atPacket(2), row(PROTOCOL, 17)));
        assertFalse(classifier.classifiesAt(Phase.atPacket(4)));
    }

    @Test
    public void onlyConfidentAttackVerdictsAlert() {
        BundleClassifier classifier = new BundleClassifier(bundle(), catalog);
        Verdict unsure = classifier.classify(Phase.atPacket(1), row(PROTOCOL, 17)).orElseThrow();
        assertFalse(unsure.alerts(classifier.alertThresholdPermille()));
        assertTrue(unsure.lowConfidenceAttack(classifier.alertThresholdPermille()));
        assertTrue(unsure.alerts(800));
        Verdict sure = classifier.classify(Phase.END, row(IN_BYTES, 5)).orElseThrow();
        assertTrue(sure.alerts(classifier.alertThresholdPermille()));
        Verdict benign = classifier.classify(Phase.END, row(IN_BYTES, 500)).orElseThrow();
        assertFalse(benign.alerts(0));
        assertFalse(benign.lowConfidenceAttack(1000));
    }
}
