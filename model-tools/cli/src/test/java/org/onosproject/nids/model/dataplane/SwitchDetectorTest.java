package org.onosproject.nids.model.dataplane;

import org.junit.Test;
import org.onosproject.nids.model.TestTrees;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.bundle.ModelBundles;
import org.onosproject.nids.model.bundle.TrainingSummary;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.compiler.BundleClassifier;
import org.onosproject.nids.model.flow.FlowFeatures;
import org.onosproject.nids.model.flow.PacketHeaders;
import org.onosproject.nids.model.phase.Phase;
import org.onosproject.nids.model.tree.DecisionTree;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.onosproject.nids.model.TestTrees.leaf;
import static org.onosproject.nids.model.TestTrees.split;

public class SwitchDetectorTest {

    private static final int SRC_DST_PORTS = 31;
    private static final int SCANNER = 0x0A000009;
    private static final int SERVER = 0x0A000001;

    private final FeatureCatalog catalog = FeatureCatalog.standard();

    /** Phase 1: more than 10 port buckets from the source is a scan (sure), more than 5 unsure. */
    private SwitchDetector detector(int cap) {
        DecisionTree tree = DecisionTree.of(split(SRC_DST_PORTS, 5, leaf(0, 500, 0),
                split(SRC_DST_PORTS, 10, leaf(1, 3, 4), leaf(1, 0, 400))), TestTrees.BINARY);
        ModelBundle bundle = ModelBundles.compile("scan", "2024-01-01T00:00:00Z",
                TrainingSummary.builder().dataFile("x").build(), Map.of(Phase.atPacket(1), tree), 900, 21,
                catalog, TestTrees.capacity().build());
        SwitchReference reference = new SwitchReference(DataPlaneSettings.builder().sourceAlertCap(cap).build(),
                new FlowFeatures(catalog), bundle.schedule());
        return new SwitchDetector(reference, new BundleClassifier(bundle, catalog), bundle.alertThresholdPermille());
    }

    private List<SwitchDetector.Outcome> scan(SwitchDetector detector, int ports) {
        List<SwitchDetector.Outcome> outcomes = new ArrayList<>();
        for (int port = 1; port <= ports; port++) {
            for (SwitchDetector.Detection d : detector.accept(
                    PacketHeaders.tcp(port, SCANNER, SERVER, 60000, port * 7, 44, 64, 0x02, 1024))) {
                outcomes.add(d.outcome());
            }
        }
        return outcomes;
    }

    @Test
    public void aScanIsBenignFirstThenUnsureThenAlertedFlowByFlow() {
        List<SwitchDetector.Outcome> outcomes = scan(detector(0), 60);
        assertEquals(60, outcomes.size());
        assertEquals(SwitchDetector.Outcome.BENIGN, outcomes.get(0));
        assertEquals(SwitchDetector.Outcome.ALERT, outcomes.get(59));
        assertEquals(true, outcomes.contains(SwitchDetector.Outcome.LOW_CONFIDENCE));
    }

    @Test
    public void thePerSourceCapKeepsAllButTheFirstAlertsOfOneSourceFromBeingReported() {
        List<SwitchDetector.Outcome> outcomes = scan(detector(3), 60);
        assertEquals(3, outcomes.stream().filter(o -> o == SwitchDetector.Outcome.ALERT).count());
        assertEquals(true, outcomes.contains(SwitchDetector.Outcome.CAPPED));
    }
}
