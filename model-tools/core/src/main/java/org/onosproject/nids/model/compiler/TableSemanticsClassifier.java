package org.onosproject.nids.model.compiler;

import org.onosproject.nids.model.catalog.Feature;
import org.onosproject.nids.model.catalog.FeatureCatalog;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import static org.onosproject.nids.model.catalog.Feature.DATA_PLANE_MAX;

/**
 * Classifies exactly as the switch tables do, from the ENTRIES only (never from the tree): per slot, the selected
 * feature's data-plane value (0 for an unused slot) is looked up in that slot's range entries, highest priority
 * first (a miss gives code 0); the code vector is looked up in the decision entries, highest priority first
 * (a miss gives class 0, leaf 0). Comparing this with the tree is what "fidelity" measures.
 */
public final class TableSemanticsClassifier {

    private final Feature[] featureBySlot;
    private final FeatureTableEntry[][] rangeEntriesBySlot;
    private final DecisionEntry[] decisionEntries;

    public TableSemanticsClassifier(CompiledModel model, FeatureCatalog catalog) {
        int slots = model.slots().slotCount();
        featureBySlot = new Feature[slots];
        rangeEntriesBySlot = new FeatureTableEntry[slots][];
        Comparator<FeatureTableEntry> byPriority = Comparator.comparingInt(FeatureTableEntry::priority).reversed();
        for (int slot = 0; slot < slots; slot++) {
            int featureId = model.slots().featureIdAt(slot);
            featureBySlot[slot] = featureId == 0 ? null : catalog.byId(featureId);
            List<FeatureTableEntry> entries = new ArrayList<>();
            for (FeatureTableEntry entry : model.featureEntries()) {
                if (entry.slot() == slot) {
                    entries.add(entry);
                }
            }
            entries.sort(byPriority);
            rangeEntriesBySlot[slot] = entries.toArray(new FeatureTableEntry[0]);
        }
        List<DecisionEntry> decisions = new ArrayList<>(model.decisionEntries());
        decisions.sort(Comparator.comparingInt(DecisionEntry::priority).reversed());
        decisionEntries = decisions.toArray(new DecisionEntry[0]);
    }

    /**
     * Classifies a row of feature values (dataset units, indexed by feature id): each is scaled to the lowest
     * data-plane value that reports it (e.g. ms → µs) first.
     */
    public Classification classifyFeatureValues(long[] featureValuesById) {
        long[] dataPlane = new long[featureValuesById.length];
        for (Feature feature : featureBySlot) {
            if (feature != null) {
                dataPlane[feature.id()] = feature.lowestDataPlaneValueOf(featureValuesById[feature.id()]);
            }
        }
        return classifyDataPlane(dataPlane);
    }

    /** Classifies data-plane values (switch units, indexed by feature id), as the switch does. */
    public Classification classifyDataPlane(long[] dataPlaneValuesById) {
        return decide(codes(dataPlaneValuesById));
    }

    /** The code each slot's range table gives, index = slot. */
    public int[] codes(long[] dataPlaneValuesById) {
        int[] codes = new int[featureBySlot.length];
        for (int slot = 0; slot < featureBySlot.length; slot++) {
            long slotValue = featureBySlot[slot] == null ? 0 : dataPlaneValuesById[featureBySlot[slot].id()];
            if (slotValue < 0 || slotValue > DATA_PLANE_MAX) {
                throw new IllegalArgumentException("slot " + slot + " value " + slotValue + " outside 32 bits");
            }
            for (FeatureTableEntry entry : rangeEntriesBySlot[slot]) {
                if (entry.matches(slotValue)) {
                    codes[slot] = entry.code();
                    break;
                }
            }
        }
        return codes;
    }

    /** The decision table's answer for a code vector. */
    public Classification decide(int[] codesBySlot) {
        for (DecisionEntry entry : decisionEntries) {
            if (entry.matches(codesBySlot)) {
                return new Classification(entry.classId(), entry.leafId());
            }
        }
        return Classification.NO_MATCH;
    }
}
