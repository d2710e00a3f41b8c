/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.pipeconf;

import org.onosproject.net.pi.model.PiMatchFieldId;
import org.onosproject.net.pi.model.PiPipelineModel;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.model.PiTableModel;
import org.onosproject.nids.model.capacity.PipelineCapacity;

import static org.onosproject.nids.pipeconf.NidsConstants.*;

/**
 * What a model may use of the pipeline, read from its P4Info: slots, banks, table sizes and key/parameter widths.
 * The model tools read the same numbers from {@code capacity.json} ({@link PipelineCapacity#packaged()}), which
 * {@code make constants} writes from this P4Info; a unit test holds the two equal.
 */
public final class NidsPipelineCapacity {

    private NidsPipelineCapacity() {
    }

    /**
     * @return the capacities of the pipeline packaged in this pipeconf, read from its P4Info
     */
    public static PipelineCapacity fromP4Info() {
        return of(NidsPipeconfLoader.pipelineModel());
    }

    /**
     * The capacities of a pipeline model.
     *
     * @param model the pipeline model (from the P4Info)
     * @return its capacities
     * @throws IllegalStateException if the model lacks a classifier table
     */
    public static PipelineCapacity of(PiPipelineModel model) {
        int rangeSize = Integer.MAX_VALUE;
        for (PiTableId range : ClassifierTables.RANGES) {
            rangeSize = Math.min(rangeSize, (int) table(model, range).maxSize());
        }
        PiTableModel decision = table(model, NIDS_INGRESS_CLASSIFIER_DECISION);
        int classIdBits = CLASS_ID_BITWIDTH;
        return PipelineCapacity.builder()
                .featureSlots(ClassifierTables.SELECTORS.size())
                .banks(NUM_BANKS)
                .rangeTableSize(rangeSize)
                .decisionTableSize((int) decision.maxSize())
                .phaseTableSize((int) table(model, NIDS_INGRESS_CLASSIFIER_PHASES).maxSize())
                .maxClasses(Math.min(CLASSES_PER_BANK, 1 << classIdBits))
                .codeBits(matchWidth(decision, HDR_CODE_0))
                .slotValueBits(matchWidth(table(model, ClassifierTables.RANGES.get(0)), HDR_VALUE))
                .classIdBits(classIdBits)
                .leafIdBits(LEAF_ID_BITWIDTH)
                .build();
    }

    private static PiTableModel table(PiPipelineModel model, PiTableId id) {
        return model.table(id).orElseThrow(() -> new IllegalStateException("P4Info has no table " + id));
    }

    private static int matchWidth(PiTableModel table, PiMatchFieldId field) {
        return table.matchField(field)
                .orElseThrow(() -> new IllegalStateException(table.id() + " has no key " + field))
                .bitWidth();
    }
}
