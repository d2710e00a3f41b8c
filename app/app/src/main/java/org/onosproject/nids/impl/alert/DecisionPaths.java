/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.alert;

import com.google.common.collect.ImmutableList;
import org.onosproject.nids.api.DecisionStep;
import org.onosproject.nids.model.catalog.Feature;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.compiler.CompiledModel;
import org.onosproject.nids.model.compiler.LeafPath;
import org.onosproject.nids.model.tree.Condition;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Explains a classification: the conditions of the leaf's root-to-leaf path (model-core's {@link LeafPath}), each
 * with the feature's name in the catalog and the flow's reported value of it.
 */
public final class DecisionPaths {

    private DecisionPaths() {
    }

    /**
     * The path of one leaf of a compiled model.
     *
     * @param model    the compiled model
     * @param leafId   the leaf the switch reported
     * @param features the report's features, by catalog name, in feature units
     * @param catalog  the catalog naming the features
     * @return one step per condition, root first; empty if the model has no such leaf (e.g. leaf 0: no decision
     *         entry matched)
     */
    public static List<DecisionStep> explain(CompiledModel model, int leafId, Map<String, Long> features,
                                             FeatureCatalog catalog) {
        return leaf(model, leafId).map(leaf -> explain(leaf, features, catalog)).orElse(List.of());
    }

    /**
     * The path of a leaf.
     *
     * @param leaf     the leaf and its conditions
     * @param features the report's features, by catalog name, in feature units (a feature the report lacks reads 0)
     * @param catalog  the catalog naming the features
     * @return one step per condition, root first
     */
    public static List<DecisionStep> explain(LeafPath leaf, Map<String, Long> features, FeatureCatalog catalog) {
        ImmutableList.Builder<DecisionStep> steps = ImmutableList.builder();
        for (Condition condition : leaf.conditions()) {
            String name = catalog.byIdOptional(condition.featureId()).map(Feature::name)
                    .orElse("#" + condition.featureId());
            steps.add(new DecisionStep(condition.featureId(), name, condition.operator(), condition.value(),
                    features.getOrDefault(name, 0L)));
        }
        return steps.build();
    }

    /**
     * @param model  a compiled model
     * @param leafId a leaf id
     * @return the leaf, if the model has it
     */
    public static Optional<LeafPath> leaf(CompiledModel model, int leafId) {
        List<LeafPath> leaves = model.leaves();
        // Leaves are in leaf-id order and numbered from 1; look the id up rather than trust the index.
        if (leafId >= 1 && leafId <= leaves.size() && leaves.get(leafId - 1).leafId() == leafId) {
            return Optional.of(leaves.get(leafId - 1));
        }
        return leaves.stream().filter(leaf -> leaf.leafId() == leafId).findFirst();
    }
}
