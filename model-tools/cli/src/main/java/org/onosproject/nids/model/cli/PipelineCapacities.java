package org.onosproject.nids.model.cli;

import org.onosproject.nids.model.capacity.PipelineCapacity;
import org.onosproject.nids.pipeconf.NidsPipelineCapacity;

/**
 * Where the CLI gets the pipeline's capacities from: the P4Info packaged in the pipeconf, the same source the ONOS
 * app checks models against before writing them to a switch.
 */
public final class PipelineCapacities {

    private PipelineCapacities() {
    }

    /** @return the capacities of the pipeline in the pipeconf this CLI was built with */
    public static PipelineCapacity packagedPipeline() {
        return NidsPipelineCapacity.packaged();
    }
}
