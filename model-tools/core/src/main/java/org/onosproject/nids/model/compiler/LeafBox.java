package org.onosproject.nids.model.compiler;

import org.onosproject.nids.model.catalog.Feature;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.tree.Condition;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import static org.onosproject.nids.model.catalog.Feature.DATA_PLANE_MAX;

/**
 * The region of data-plane values that reaches one leaf: an interval per tested feature (the intersection of the
 * tests on its path), in data-plane units. Features the path does not test are unconstrained.
 */
final class LeafBox {

    private final Map<Integer, long[]> boundsByFeature;

    private LeafBox(Map<Integer, long[]> boundsByFeature) {
        this.boundsByFeature = boundsByFeature;
    }

    /** The leaf's box, or empty when no data-plane value can reach the leaf (contradictory or out-of-domain tests). */
    static Optional<LeafBox> of(List<Condition> path, FeatureCatalog catalog) {
        Map<Integer, long[]> featureBounds = new TreeMap<>();
        for (Condition condition : path) {
            long[] bounds = featureBounds.computeIfAbsent(condition.featureId(), id -> new long[]{0, Long.MAX_VALUE});
            if (condition.operator() == Condition.Operator.LESS_OR_EQUAL) {
                bounds[1] = Math.min(bounds[1], condition.value());
            } else {
                bounds[0] = Math.max(bounds[0], condition.value() + 1);
            }
        }
        Map<Integer, long[]> dataPlaneBounds = new TreeMap<>();
        for (Map.Entry<Integer, long[]> entry : featureBounds.entrySet()) {
            Feature feature = catalog.byId(entry.getKey());
            long lowest = entry.getValue()[0];
            long highest = entry.getValue()[1];
            if (lowest > highest || highest < 0 || lowest > DATA_PLANE_MAX) {
                return Optional.empty();
            }
            long low = feature.lowestDataPlaneValueOf(lowest);
            long high = highest >= DATA_PLANE_MAX ? DATA_PLANE_MAX : feature.highestDataPlaneValueOf(highest);
            if (low > DATA_PLANE_MAX || low > high) {
                return Optional.empty();
            }
            dataPlaneBounds.put(entry.getKey(), new long[]{low, high});
        }
        return Optional.of(new LeafBox(dataPlaneBounds));
    }

    /** [low, high] in data-plane units for a feature, or null when the path does not test it. */
    long[] boundsOf(int featureId) {
        return boundsByFeature.get(featureId);
    }
}
