package org.onosproject.nids.model.compiler;

import org.onosproject.nids.model.catalog.Feature;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.tree.DecisionTree;
import org.onosproject.nids.model.tree.SplitNode;
import org.onosproject.nids.model.tree.TreeNode;

import java.util.HashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

import static org.onosproject.nids.model.catalog.Feature.DATA_PLANE_MAX;

/**
 * Stage 1 of the compiler: tree → intervals per feature. Every threshold {@code t} of a test {@code x <= t} becomes
 * the data-plane cut after {@code highestDataPlaneValueOf(t)} (t·scale + scale − 1), so the intervals reproduce the
 * tree's tests exactly in switch units. A cut that leaves one side empty over the domain is dropped: it cannot
 * separate any two values the switch can hold.
 */
public final class IntervalExtractor {

    private IntervalExtractor() {
    }

    /** Feature id → partition of the slot domain, for every feature the tree tests. */
    public static SortedMap<Integer, IntervalPartition> extract(DecisionTree tree, FeatureCatalog catalog) {
        Map<Integer, SortedSet<Long>> cuts = new HashMap<>();
        for (int featureId : tree.usedFeatureIds()) {
            cuts.put(featureId, new TreeSet<>());
        }
        collectCuts(tree.root(), catalog, cuts);
        SortedMap<Integer, IntervalPartition> partitions = new TreeMap<>();
        for (Map.Entry<Integer, SortedSet<Long>> entry : cuts.entrySet()) {
            SortedSet<Long> upperBounds = entry.getValue();
            upperBounds.add(DATA_PLANE_MAX);
            partitions.put(entry.getKey(), new IntervalPartition(entry.getKey(),
                    upperBounds.stream().mapToLong(Long::longValue).toArray()));
        }
        return partitions;
    }

    /** The data-plane upper bound of the "<=" side of a test, or -1 when the test cuts nothing in the domain. */
    static long dataPlaneCut(Feature feature, long threshold) {
        if (threshold < 0) {
            return -1;
        }
        long cut = feature.highestDataPlaneValueOf(threshold);
        return cut >= DATA_PLANE_MAX ? -1 : cut;
    }

    private static void collectCuts(TreeNode node, FeatureCatalog catalog, Map<Integer, SortedSet<Long>> cuts) {
        if (node.isLeaf()) {
            return;
        }
        SplitNode split = (SplitNode) node;
        long cut = dataPlaneCut(catalog.byId(split.featureId()), split.threshold());
        if (cut >= 0) {
            cuts.get(split.featureId()).add(cut);
        }
        collectCuts(split.lessOrEqual(), catalog, cuts);
        collectCuts(split.greater(), catalog, cuts);
    }
}
