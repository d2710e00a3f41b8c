/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.pipeconf;

import org.junit.Test;
import org.onosproject.nids.model.capacity.PipelineCapacity;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The capacities a model is checked against come from the packaged P4Info.
 */
public class NidsPipelineCapacityTest {

    @Test
    public void capacitiesAreReadFromTheP4Info() {
        PipelineCapacity capacity = NidsPipelineCapacity.fromP4Info();
        assertEquals(NidsConstants.NUM_SLOTS, capacity.featureSlots());
        assertEquals(NidsConstants.NUM_BANKS, capacity.banks());
        assertEquals(NidsConstants.NIDS_INGRESS_CLASSIFIER_RANGE0_SIZE, capacity.rangeTableSize());
        assertEquals(NidsConstants.NIDS_INGRESS_CLASSIFIER_DECISION_SIZE, capacity.decisionTableSize());
        assertEquals(NidsConstants.HDR_CODE_0_BITWIDTH, capacity.codeBits());
        assertEquals(NidsConstants.HDR_VALUE_BITWIDTH, capacity.slotValueBits());
        assertEquals(NidsConstants.CLASSES_PER_BANK, capacity.maxClasses());
        assertTrue("the issue asks for at least 16 classes", capacity.maxClasses() >= 16);
        assertTrue("the issue asks for at least 8 feature slots", capacity.featureSlots() >= 8);
    }

    @Test
    public void theModelToolsCapacityJsonIsTheP4Infos() {
        assertEquals("model-tools' capacity.json is stale: run `make constants`",
                     NidsPipelineCapacity.fromP4Info(), PipelineCapacity.packaged());
    }

    @Test
    public void everySlotHasItsSelectorRangeTableAndDecisionKey() {
        assertEquals(NidsConstants.NUM_SLOTS, ClassifierTables.SELECTORS.size());
        assertEquals(NidsConstants.NUM_SLOTS, ClassifierTables.RANGES.size());
        assertEquals(NidsConstants.NUM_SLOTS, ClassifierTables.DECISION_CODE_FIELDS.size());
        // the phases table, a selector and a range table per slot, the decision table
        assertEquals(1 + 2 * NidsConstants.NUM_SLOTS + 1, ClassifierTables.BANKED.size());
    }
}
