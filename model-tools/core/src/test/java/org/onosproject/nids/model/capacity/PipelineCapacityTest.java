package org.onosproject.nids.model.capacity;

import org.junit.Test;
import org.onosproject.nids.model.TestTrees;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

public class PipelineCapacityTest {

    @Test
    public void oneBankGetsHalfOfEachTable() {
        PipelineCapacity capacity = TestTrees.capacity().build();
        assertEquals(512, capacity.rangeEntriesPerBank());
        assertEquals(512, capacity.decisionEntriesPerBank());
        assertEquals(65535, capacity.maxCode());
    }

    @Test
    public void everyNumberMustBeGiven() {
        try {
            PipelineCapacity.builder().featureSlots(8).banks(2).rangeTableSize(1024).build();
            fail("built without a decision table size");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("decisionTableSize not given"));
        }
    }

    @Test
    public void reportNamesEveryOverflow() {
        CapacityReport report = CapacityReport.builder().add("a", 3, 5, "x").add("b", 9, 4, "y").build();
        assertEquals(1, report.overflows().size());
        try {
            report.requireFits();
            fail();
        } catch (CapacityExceededException e) {
            assertEquals("the model exceeds the pipeline's capacity: b: 9 y needed, 4 available (5 over)",
                    e.getMessage());
        }
    }
}
