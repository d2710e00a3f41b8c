package org.onosproject.nids.model.cli;

import org.onosproject.nids.model.capacity.PipelineCapacity;

/**
 * Where the CLI gets the pipeline's capacities from.
 *
 * <p>{@link #bmv2Reference()} holds THE NUMBERS IN p4src/include/size.p4 (and the key/action widths of the
 * classifier tables in p4src/include/control/), copied by hand. It is a stop-gap: it is to be REPLACED BY READING
 * THE PIPECONF'S P4Info (table sizes, match-field and action-parameter bit widths), after which this class only
 * chooses the P4Info. Keep the two in step until then.
 */
public final class PipelineCapacities {

    private PipelineCapacities() {
    }

    /** The BMv2 reference pipeline: 8 slots, 2 banks, 1024-entry range and decision tables, 32 classes. */
    public static PipelineCapacity bmv2Reference() {
        return PipelineCapacity.builder()
                .featureSlots(8)
                .banks(2)
                .rangeTableSize(1024)
                .decisionTableSize(1024)
                .maxClasses(32)
                .codeBits(16)
                .slotValueBits(32)
                .classIdBits(8)
                .leafIdBits(16)
                .build();
    }
}
