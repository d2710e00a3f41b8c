package org.onosproject.nids.model.compiler;

import com.google.common.collect.ImmutableList;

import java.util.List;
import java.util.Objects;

/**
 * One entry of the decision table: a code range per slot (all K slots, unused ones the full wildcard) → class id,
 * leaf id and the leaf's confidence (per mille). There is exactly one per reachable leaf; leaves are disjoint, so entries never overlap, and each has
 * its own priority anyway (P4Runtime requires one on range tables; higher wins).
 */
public final class DecisionEntry {

    private final int leafId;
    private final int classId;
    private final int confidencePermille;
    private final int priority;
    private final List<CodeRange> codeRanges;

    public DecisionEntry(int leafId, int classId, int confidencePermille, int priority, List<CodeRange> codeRanges) {
        this.leafId = leafId;
        this.classId = classId;
        this.confidencePermille = confidencePermille;
        this.priority = priority;
        this.codeRanges = ImmutableList.copyOf(codeRanges);
    }

    public int leafId() {
        return leafId;
    }

    public int classId() {
        return classId;
    }

    /** The leaf's confidence in its class, per mille: the action parameter the data plane compares. */
    public int confidencePermille() {
        return confidencePermille;
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
        return leafId == that.leafId && classId == that.classId && confidencePermille == that.confidencePermille
                && priority == that.priority && codeRanges.equals(that.codeRanges);
    }

    @Override
    public int hashCode() {
        return Objects.hash(leafId, classId, confidencePermille, priority, codeRanges);
    }

    @Override
    public String toString() {
        return "leaf" + leafId + codeRanges + "→class" + classId + "(" + confidencePermille + "‰)@" + priority;
    }
}
