package org.onosproject.nids.model.compiler;

import com.google.common.collect.ImmutableList;

import java.util.List;
import java.util.Objects;

/**
 * One entry of the decision table: a code range per slot (all K slots, unused ones the full wildcard) → class id
 * and leaf id. There is exactly one per reachable leaf; leaves are disjoint, so entries never overlap, and each has
 * its own priority anyway (P4Runtime requires one on range tables; higher wins).
 */
public final class DecisionEntry {

    private final int leafId;
    private final int classId;
    private final int priority;
    private final List<CodeRange> codeRanges;

    public DecisionEntry(int leafId, int classId, int priority, List<CodeRange> codeRanges) {
        this.leafId = leafId;
        this.classId = classId;
        this.priority = priority;
        this.codeRanges = ImmutableList.copyOf(codeRanges);
    }

    public int leafId() {
        return leafId;
    }

    public int classId() {
        return classId;
    }

    public int priority() {
        return priority;
    }

    /** Code range per slot, index = slot. */
    public List<CodeRange> codeRanges() {
        return codeRanges;
    }

    public boolean matches(int[] codesBySlot) {
        for (int slot = 0; slot < codeRanges.size(); slot++) {
            if (!codeRanges.get(slot).contains(codesBySlot[slot])) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof DecisionEntry)) {
            return false;
        }
        DecisionEntry that = (DecisionEntry) other;
        return leafId == that.leafId && classId == that.classId && priority == that.priority
                && codeRanges.equals(that.codeRanges);
    }

    @Override
    public int hashCode() {
        return Objects.hash(leafId, classId, priority, codeRanges);
    }

    @Override
    public String toString() {
        return "leaf" + leafId + codeRanges + "→class" + classId + "@" + priority;
    }
}
