package org.onosproject.nids.model.bundle;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.hash.Hashing;
import org.onosproject.nids.model.capacity.CapacityReport;
import org.onosproject.nids.model.capacity.PipelineCapacity;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.compiler.CompiledModel;
import org.onosproject.nids.model.compiler.ModelCompiler;
import org.onosproject.nids.model.phase.Phase;
import org.onosproject.nids.model.tree.DecisionTree;
import org.onosproject.nids.model.tree.LeafNode;
import org.onosproject.nids.model.tree.SplitNode;
import org.onosproject.nids.model.tree.TreeNode;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Builds bundles from trees (one per phase): compiles every phase, checks that all of them together fit one bank of
 * the pipeline, derives the content id. Nothing partial is ever returned.
 */
public final class ModelBundles {

    /** Default least leaf confidence for an alert: 90%. */
    public static final int DEFAULT_ALERT_THRESHOLD_PERMILLE = 900;

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ModelBundles() {
    }

    /**
     * A bundle from per-phase trees over the same classes.
     *
     * @param trees                  tree per phase; every tree has counts at its leaves (confidence comes from them)
     * @param alertThresholdPermille least leaf confidence for an alert, 0..1000
     * @param sourceWindowLog2Us     source-context epoch the SRC_* features of the training rows used
     */
    public static ModelBundle compile(String name, String createdAt, TrainingSummary training,
                                      Map<Phase, DecisionTree> trees, int alertThresholdPermille,
                                      int sourceWindowLog2Us, FeatureCatalog catalog, PipelineCapacity capacity) {
        if (trees.isEmpty()) {
            throw new IllegalArgumentException("a model needs a tree for at least one phase");
        }
        SourceWindow.requireValidWindow(sourceWindowLog2Us);
        List<String> classNames = trees.values().iterator().next().classNames();
        List<PhaseModel> phases = new ArrayList<>();
        SortedMap<Phase, DecisionTree> sorted = new TreeMap<>(trees);
        for (Map.Entry<Phase, DecisionTree> entry : sorted.entrySet()) {
            DecisionTree tree = entry.getValue();
            if (!tree.classNames().equals(classNames)) {
                throw new IllegalArgumentException("phase " + entry.getKey() + " has classes " + tree.classNames()
                        + ", phase " + sorted.firstKey() + " " + classNames);
            }
            for (LeafNode leaf : tree.leaves()) {
                if (!leaf.hasCounts()) {
                    throw new IllegalArgumentException("phase " + entry.getKey() + ": leaf " + leaf.leafId()
                            + " has no training counts, so no confidence");
                }
            }
            phases.add(new PhaseModel(entry.getKey(), tree, ModelCompiler.compile(tree, catalog, capacity)));
        }
        ModelBundle bundle = new ModelBundle(catalog.version(), contentId(classNames, sorted, alertThresholdPermille,
                sourceWindowLog2Us), name, createdAt, training, classNames, alertThresholdPermille,
                sourceWindowLog2Us, phases);
        capacityReport(bundle, catalog, capacity).requireFits();
        return bundle;
    }

    /** What the bundle's phases use together of one bank, per limited resource. */
    public static CapacityReport capacityReport(ModelBundle bundle, FeatureCatalog catalog,
                                                PipelineCapacity capacity) {
        CapacityReport.Builder report = CapacityReport.builder()
                .add("classes", bundle.classNames().size(), capacity.maxClasses(), "classes")
                .add("phases (one bank)", bundle.phases().size(), capacity.phasesPerBank(), "phases");
        int slots = capacity.featureSlots();
        long[] rangeEntries = new long[slots];
        long decisionEntries = 0;
        long maxLeaves = 0;
        for (PhaseModel phase : bundle.phases()) {
            CompiledModel compiled = phase.compiled();
            if (compiled.slots().slotCount() != slots) {
                report.add("feature slots of phase " + phase.phase(), compiled.slots().slotCount(), slots, "slots");
                continue;
            }
            for (int slot = 0; slot < slots; slot++) {
                rangeEntries[slot] += compiled.featureEntryCount(slot);
            }
            decisionEntries += compiled.decisionEntries().size();
            maxLeaves = Math.max(maxLeaves, compiled.leaves().size());
        }
        long rangeLimit = Math.min(capacity.rangeEntriesPerBank(), capacity.maxCode() + 1L);
        for (int slot = 0; slot < slots; slot++) {
            report.add("range table of slot " + slot + " (one bank, all phases)", rangeEntries[slot], rangeLimit,
                    "entries");
        }
        report.add("decision table (one bank, all phases)", decisionEntries, capacity.decisionEntriesPerBank(),
                "entries");
        report.add("leaf ids", maxLeaves, (1L << capacity.leafIdBits()) - 1, "leaves");
        return report.build();
    }

    /**
     * A model id derived from what decides (classes, each phase's tree, the alert threshold, the source window), not
     * from names or dates: retraining to the same trees gives the same id, so the app can tell a re-upload from a new
     * model.
     */
    public static String contentId(List<String> classNames, Map<Phase, DecisionTree> trees,
                                   int alertThresholdPermille, int sourceWindowLog2Us) {
        ObjectNode content = MAPPER.createObjectNode();
        ArrayNode classes = content.putArray("classes");
        classNames.forEach(classes::add);
        content.put("threshold", alertThresholdPermille).put("window", sourceWindowLog2Us);
        ArrayNode phases = content.putArray("phases");
        for (Map.Entry<Phase, DecisionTree> entry : new TreeMap<>(trees).entrySet()) {
            phases.addObject().put("phase", entry.getKey().number())
                    .set("tree", structureJson(entry.getValue().root()));
        }
        return "nids-" + Hashing.sha256().hashString(content.toString(), StandardCharsets.UTF_8).toString()
                .substring(0, 16);
    }

    private static ObjectNode structureJson(TreeNode node) {
        ObjectNode json = MAPPER.createObjectNode();
        if (node.isLeaf()) {
            LeafNode leaf = (LeafNode) node;
            json.put("c", leaf.classId());
            ArrayNode counts = json.putArray("n");
            for (long count : leaf.counts()) {
                counts.add(count);
            }
        } else {
            SplitNode split = (SplitNode) node;
            json.put("f", split.featureId()).put("t", split.threshold());
            json.set("le", structureJson(split.lessOrEqual()));
            json.set("gt", structureJson(split.greater()));
        }
        return json;
    }
}
