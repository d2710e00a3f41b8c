package org.onosproject.nids.model.capacity;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
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

    @Test
    public void packagedCapacitiesAreTheGeneratedOnes() {
        PipelineCapacity packaged = PipelineCapacity.packaged();
        assertEquals(2, packaged.banks());
        assertTrue(packaged.featureSlots() >= 1);
        assertTrue(packaged.maxClasses() >= 2);
    }

    @Test
    public void jsonRoundTripsTheBuilderFields() {
        ObjectNode json = new ObjectMapper().createObjectNode().put("generatedBy", "a test")
                .put("featureSlots", 8).put("banks", 2).put("rangeTableSize", 1024).put("decisionTableSize", 1024)
                .put("phaseTableSize", 64)
                .put("maxClasses", 32).put("codeBits", 16).put("slotValueBits", 32).put("classIdBits", 8)
                .put("leafIdBits", 16);
        assertEquals(TestTrees.capacity().build(), PipelineCapacity.fromJson(json));
    }

    @Test
    public void jsonNamesAnUnknownOrMissingField() {
        ObjectNode json = new ObjectMapper().createObjectNode().put("featureSlots", 8).put("bankz", 2);
        try {
            PipelineCapacity.fromJson(json);
            fail("read an unknown field");
        } catch (IllegalArgumentException e) {
            assertEquals("pipeline capacity: unknown field bankz", e.getMessage());
        }
        json.remove("bankz");
        try {
            PipelineCapacity.fromJson(json);
            fail("read without banks");
        } catch (IllegalArgumentException e) {
            assertEquals("pipeline capacity: banks not given", e.getMessage());
        }
    }
}
