package org.onosproject.nids.model.bundle;

import org.onosproject.nids.model.capacity.PipelineCapacity;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.compiler.CompiledModel;
import org.onosproject.nids.model.compiler.ModelCompiler;

/**
 * Checks that a bundle's entries are exactly what this build's compiler makes of the bundle's trees for the given
 * pipeline, phase by phase, and that all phases together fit one bank, so a hand-edited or stale bundle is never
 * written to a switch.
 */
public final class BundleVerifier {

    private BundleVerifier() {
    }

    /**
     * Recompiles every phase's tree and compares; throws a {@link ModelFormatException} on any difference and a
     * {@link org.onosproject.nids.model.capacity.CapacityExceededException} if the model does not fit.
     */
    public static void requireEntriesMatchTree(ModelBundle bundle, FeatureCatalog catalog,
                                               PipelineCapacity capacity) {
        for (PhaseModel phase : bundle.phases()) {
            CompiledModel recompiled = ModelCompiler.compile(phase.tree(), catalog, capacity);
            if (!recompiled.sameEntriesAs(phase.compiled())) {
                throw new ModelFormatException("phase " + phase.phase() + ": the bundle's entries are not what its "
                        + "tree compiles to for this pipeline (" + capacity.featureSlots() + " slots): the bundle "
                        + "was edited or made for another pipeline");
            }
        }
        ModelBundles.capacityReport(bundle, catalog, capacity).requireFits();
    }
}
