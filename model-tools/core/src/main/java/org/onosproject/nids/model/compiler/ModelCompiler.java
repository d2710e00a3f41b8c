package org.onosproject.nids.model.compiler;

import com.google.common.collect.ImmutableList;
import org.onosproject.nids.model.ModelException;
import org.onosproject.nids.model.capacity.CapacityReport;
import org.onosproject.nids.model.capacity.PipelineCapacity;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.tree.Condition;
import org.onosproject.nids.model.tree.DecisionTree;
import org.onosproject.nids.model.tree.LeafNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;

/**
 * The tree → entries compiler: tree → intervals per feature ({@link IntervalExtractor}) → slot assignment
 * ({@link SlotAssignment}) → feature-table and decision entries ({@link EntryGenerator}). A model that does not fit
 * the pipeline is refused with a {@link org.onosproject.nids.model.capacity.CapacityExceededException} saying by
 * how much; nothing partial is ever returned.
 */
public final class ModelCompiler {

    /** Name class 0 must carry: the data plane treats class 0 (and "no entry matched") as benign. */
    public static final String BENIGN_CLASS = "Benign";

    private ModelCompiler() {
    }

    public static CompiledModel compile(DecisionTree tree, FeatureCatalog catalog, PipelineCapacity capacity) {
        List<String> classNames = tree.classNames();
        if (classNames.size() < 2 || !BENIGN_CLASS.equals(classNames.get(0))) {
            throw new ModelException("class 0 must be \"" + BENIGN_CLASS + "\" and there must be at least one "
                    + "attack class; the tree has classes " + classNames);
        }
        SortedMap<Integer, IntervalPartition> partitions = IntervalExtractor.extract(tree, catalog);

        List<List<Condition>> paths = tree.paths();
        List<Optional<LeafBox>> boxes = new ArrayList<>(paths.size());
        List<LeafPath> leaves = new ArrayList<>(paths.size());
        for (int index = 0; index < paths.size(); index++) {
            LeafNode leaf = tree.leaves().get(index);
            boxes.add(LeafBox.of(paths.get(index), catalog));
            leaves.add(new LeafPath(leaf.leafId(), leaf.classId(), paths.get(index), leaf.counts(),
                    LeafConfidence.permille(leaf.counts(), leaf.classId(), classNames.size())));
        }
        int reachableLeaves = (int) boxes.stream().filter(Optional::isPresent).count();
        capacityReport(classNames.size(), partitions, reachableLeaves, tree.leafCount(), catalog, capacity)
                .requireFits();

        SlotAssignment slots = SlotAssignment.assign(partitions.keySet(), capacity);
        return new CompiledModel(classNames, slots, partitions,
                EntryGenerator.featureEntries(slots, partitions),
                EntryGenerator.decisionEntries(boxes, leaves, slots, partitions, capacity),
                ImmutableList.copyOf(leaves));
    }

    /** What a compiled model uses of the pipeline, per limited resource (one bank). */
    public static CapacityReport capacityReport(CompiledModel model, FeatureCatalog catalog,
                                                PipelineCapacity capacity) {
        return capacityReport(model.classNames().size(), model.partitions(), model.decisionEntries().size(),
                model.leaves().size(), catalog, capacity);
    }

    static CapacityReport capacityReport(int classes, Map<Integer, IntervalPartition> partitions,
                                         int decisionEntries, int leaves, FeatureCatalog catalog,
                                         PipelineCapacity capacity) {
        CapacityReport.Builder report = CapacityReport.builder()
                .add("classes", classes, capacity.maxClasses(), "classes")
                .add("feature slots", partitions.size(), capacity.featureSlots(), "features");
        for (IntervalPartition partition : partitions.values()) {
            String feature = catalog.byId(partition.featureId()).name();
            report.add("range table for " + feature + " (one bank)", partition.size(),
                    Math.min(capacity.rangeEntriesPerBank(), capacity.maxCode() + 1L), "entries");
        }
        report.add("decision table (one bank)", decisionEntries, capacity.decisionEntriesPerBank(), "entries");
        long maxLeafId = (1L << capacity.leafIdBits()) - 1;
        if (leaves > maxLeafId) {
            report.add("leaf ids", leaves, maxLeafId, "leaves");
        }
        return report.build();
    }
}
