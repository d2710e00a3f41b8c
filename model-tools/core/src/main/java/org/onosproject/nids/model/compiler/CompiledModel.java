package org.onosproject.nids.model.compiler;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSortedMap;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;

/**
 * What the compiler produces from a tree: class names, the slot layout, the intervals per feature, the entries of
 * every classifier table (bank-independent) and each leaf's path.
 */
public final class CompiledModel {

    private final List<String> classNames;
    private final SlotAssignment slots;
    private final SortedMap<Integer, IntervalPartition> partitions;
    private final List<FeatureTableEntry> featureEntries;
    private final List<DecisionEntry> decisionEntries;
    private final List<LeafPath> leaves;

    public CompiledModel(List<String> classNames, SlotAssignment slots, Map<Integer, IntervalPartition> partitions,
                         List<FeatureTableEntry> featureEntries, List<DecisionEntry> decisionEntries,
                         List<LeafPath> leaves) {
        this.classNames = ImmutableList.copyOf(classNames);
        this.slots = Objects.requireNonNull(slots);
        this.partitions = ImmutableSortedMap.copyOf(partitions);
        this.featureEntries = ImmutableList.copyOf(featureEntries);
        this.decisionEntries = ImmutableList.copyOf(decisionEntries);
        this.leaves = ImmutableList.copyOf(leaves);
    }

    public List<String> classNames() {
        return classNames;
    }

    public SlotAssignment slots() {
        return slots;
    }

    /** Feature id → its intervals, for every feature a slot selects. */
    public SortedMap<Integer, IntervalPartition> partitions() {
        return partitions;
    }

    public List<FeatureTableEntry> featureEntries() {
        return featureEntries;
    }

    public List<DecisionEntry> decisionEntries() {
        return decisionEntries;
    }

    /** Every leaf of the tree in leaf-id order, reachable or not. */
    public List<LeafPath> leaves() {
        return leaves;
    }

    /** Entries of one slot's range table. */
    public long featureEntryCount(int slot) {
        return featureEntries.stream().filter(entry -> entry.slot() == slot).count();
    }

    /** Same tables, same entries (names and metadata aside): what a recompilation check compares. */
    public boolean sameEntriesAs(CompiledModel other) {
        return classNames.equals(other.classNames) && slots.equals(other.slots)
                && partitions.equals(other.partitions) && featureEntries.equals(other.featureEntries)
                && decisionEntries.equals(other.decisionEntries) && leaves.equals(other.leaves);
    }
}
