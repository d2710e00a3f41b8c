package org.onosproject.nids.model.compiler;

import com.google.common.collect.ImmutableList;
import org.onosproject.nids.model.capacity.PipelineCapacity;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Stage 3 of the compiler: slot layout + intervals → feature-table entries, and leaves → decision entries.
 */
public final class EntryGenerator {

    private EntryGenerator() {
    }

    /**
     * One range entry per interval of each used slot, code = interval index. Priorities descend with the code;
     * intervals do not overlap, so they never decide anything.
     */
    public static List<FeatureTableEntry> featureEntries(SlotAssignment slots,
                                                         Map<Integer, IntervalPartition> partitions) {
        ImmutableList.Builder<FeatureTableEntry> entries = ImmutableList.builder();
        for (int slot = 0; slot < slots.slotCount(); slot++) {
            int featureId = slots.featureIdAt(slot);
            if (featureId == 0) {
                continue;
            }
            IntervalPartition partition = partitions.get(featureId);
            for (int code = 0; code < partition.size(); code++) {
                entries.add(new FeatureTableEntry(slot, featureId, partition.lowerBound(code),
                        partition.upperBound(code), code, partition.size() - code));
            }
        }
        return entries.build();
    }

    /**
     * One decision entry per reachable leaf (leaf boxes in leaf-id order; empty = unreachable, no entry). A slot the
     * leaf does not test, an unused slot, and a range that runs to the last code all extend to the largest code
     * value: the switch never produces a higher code, and [x, max] needs fewer TCAM rows than [x, last].
     * Priorities are distinct and descend with the leaf id.
     */
    static List<DecisionEntry> decisionEntries(List<Optional<LeafBox>> boxes, List<LeafPath> leaves,
                                               SlotAssignment slots, Map<Integer, IntervalPartition> partitions,
                                               PipelineCapacity capacity) {
        int reachable = (int) boxes.stream().filter(Optional::isPresent).count();
        List<DecisionEntry> entries = new ArrayList<>(reachable);
        int priority = reachable;
        for (int index = 0; index < boxes.size(); index++) {
            if (boxes.get(index).isEmpty()) {
                continue;
            }
            LeafBox box = boxes.get(index).get();
            List<CodeRange> ranges = new ArrayList<>(slots.slotCount());
            for (int slot = 0; slot < slots.slotCount(); slot++) {
                int featureId = slots.featureIdAt(slot);
                long[] bounds = featureId == 0 ? null : box.boundsOf(featureId);
                ranges.add(bounds == null ? new CodeRange(0, capacity.maxCode())
                        : codeRange(partitions.get(featureId), bounds, capacity));
            }
            LeafPath leaf = leaves.get(index);
            entries.add(new DecisionEntry(leaf.leafId(), leaf.classId(), leaf.confidencePermille(), priority--,
                    ranges));
        }
        return ImmutableList.copyOf(entries);
    }

    private static CodeRange codeRange(IntervalPartition partition, long[] bounds, PipelineCapacity capacity) {
        int low = partition.codeOf(bounds[0]);
        int high = partition.codeOf(bounds[1]);
        // The cuts are the tree's own thresholds, so a leaf's bounds always fall on interval bounds.
        if (partition.lowerBound(low) != bounds[0] || partition.upperBound(high) != bounds[1]) {
            throw new IllegalStateException("leaf bounds " + bounds[0] + ".." + bounds[1]
                    + " do not align with the intervals of " + partition);
        }
        return new CodeRange(low, high == partition.size() - 1 ? capacity.maxCode() : high);
    }
}
