package org.onosproject.nids.model.compiler;

import org.onosproject.nids.model.capacity.CapacityExceededException;
import org.onosproject.nids.model.capacity.PipelineCapacity;

import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;

/**
 * Stage 2 of the compiler: which catalog feature each of the K slots selects. Features go to slots in ascending id
 * order, so the same feature set always gives the same layout; unused slots select feature 0 ("no feature").
 */
public final class SlotAssignment {

    private final int[] featureIdBySlot;

    public SlotAssignment(int[] featureIdBySlot) {
        this.featureIdBySlot = featureIdBySlot.clone();
    }

    /** Assigns the features to slots; more features than slots is a capacity error. */
    public static SlotAssignment assign(Set<Integer> featureIds, PipelineCapacity capacity) {
        if (featureIds.size() > capacity.featureSlots()) {
            throw new CapacityExceededException("the model exceeds the pipeline's capacity: feature slots: "
                    + featureIds.size() + " features needed, " + capacity.featureSlots() + " available ("
                    + (featureIds.size() - capacity.featureSlots()) + " over)");
        }
        int[] featureIdBySlot = new int[capacity.featureSlots()];
        int slot = 0;
        for (int featureId : new TreeSet<>(featureIds)) {
            featureIdBySlot[slot++] = featureId;
        }
        return new SlotAssignment(featureIdBySlot);
    }

    /** K, used or not. */
    public int slotCount() {
        return featureIdBySlot.length;
    }

    /** Feature id selected by the slot, 0 when the slot is unused. */
    public int featureIdAt(int slot) {
        return featureIdBySlot[slot];
    }

    /** The slot selecting this feature, or -1. */
    public int slotOf(int featureId) {
        for (int slot = 0; slot < featureIdBySlot.length; slot++) {
            if (featureIdBySlot[slot] == featureId && featureId != 0) {
                return slot;
            }
        }
        return -1;
    }

    public int usedSlots() {
        return (int) Arrays.stream(featureIdBySlot).filter(id -> id != 0).count();
    }

    public int[] featureIdBySlot() {
        return featureIdBySlot.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof SlotAssignment
                && Arrays.equals(featureIdBySlot, ((SlotAssignment) other).featureIdBySlot);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(featureIdBySlot);
    }

    @Override
    public String toString() {
        return "slots" + Arrays.toString(featureIdBySlot);
    }
}
