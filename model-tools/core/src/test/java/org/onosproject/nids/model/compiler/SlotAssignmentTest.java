package org.onosproject.nids.model.compiler;

import org.junit.Test;
import org.onosproject.nids.model.TestTrees;
import org.onosproject.nids.model.capacity.CapacityExceededException;

import java.util.Set;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;

/** Stage 2: features → slots. */
public class SlotAssignmentTest {

    @Test
    public void assignsFeaturesInIdOrderAndLeavesTheRestUnused() {
        SlotAssignment slots = SlotAssignment.assign(Set.of(14, 2, 11), TestTrees.capacity().build());
        assertArrayEquals(new int[]{2, 11, 14, 0, 0, 0, 0, 0}, slots.featureIdBySlot());
        assertEquals(3, slots.usedSlots());
        assertEquals(1, slots.slotOf(11));
        assertEquals(-1, slots.slotOf(3));
    }

    @Test
    public void moreFeaturesThanSlotsIsACapacityErrorSayingByHowMuch() {
        try {
            SlotAssignment.assign(Set.of(1, 2, 3, 4, 5), TestTrees.capacity().featureSlots(3).build());
            fail("five features in three slots");
        } catch (CapacityExceededException e) {
            assertEquals("the model exceeds the pipeline's capacity: feature slots: 5 features needed, "
                    + "3 available (2 over)", e.getMessage());
        }
    }
}
