/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.ui;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.bundle.PhaseModel;
import org.onosproject.nids.model.catalog.Feature;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.compiler.CompiledModel;
import org.onosproject.nids.model.phase.Phase;
import org.onosproject.nids.model.tree.LeafNode;
import org.onosproject.nids.model.tree.SplitNode;
import org.onosproject.nids.model.tree.TreeNode;

import java.util.List;
import java.util.Map;

/**
 * A model's tree as the Models view draws it: each test in feature units ({@code IN_BYTES <= 1000}; the durations in
 * ms), each node's training flows, each leaf's class, confidence (share of its training flows of that class) and
 * how many switch reports it gave in the last minute (firing); and beside it the entries the model takes per table
 * (what {@code nids-model cost} counts).
 */
final class ModelTreeView {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ModelTreeView() {
    }

    /**
     * @param bundle        the model
     * @param catalog       the feature names
     * @param reportsByLeaf per leaf id, the reports under this model in the last minute
     * @return {@code {id, name, classes, root, cost}}
     */
    static ObjectNode of(ModelBundle bundle, FeatureCatalog catalog, Map<Integer, Long> reportsByLeaf) {
        // The tree of the flow's end (else the latest phase): the one every flow meets; the others are listed.
        PhaseModel shown = bundle.phase(Phase.END).orElse(bundle.phases().get(bundle.phases().size() - 1));
        List<String> classes = bundle.classNames();
        ObjectNode json = MAPPER.createObjectNode().put("id", bundle.modelId()).put("name", bundle.name())
                .put("phase", shown.phase().label());
        bundle.phases().forEach(p -> json.withArray("phases").add(p.phase().label()));
        classes.forEach(json.putArray("classes")::add);
        json.set("root", node(shown.tree().root(), classes, catalog, reportsByLeaf));
        CompiledModel compiled = shown.compiled();
        ObjectNode cost = json.putObject("cost");
        cost.put("decisionEntries", compiled.decisionEntries().size());
        ObjectNode perSlot = cost.putObject("rangeEntriesPerFeature");
        for (int slot = 0; slot < compiled.slots().slotCount(); slot++) {
            int featureId = compiled.slots().featureIdAt(slot);
            if (featureId != 0) {
                perSlot.put(featureName(catalog, featureId), compiled.featureEntryCount(slot));
            }
        }
        cost.put("rangeEntries", compiled.featureEntries().size());
        cost.put("totalEntries", compiled.featureEntries().size() + compiled.decisionEntries().size());
        cost.put("leaves", shown.tree().leafCount()).put("depth", shown.tree().depth());
        return json;
    }

    private static ObjectNode node(TreeNode node, List<String> classes, FeatureCatalog catalog,
                                   Map<Integer, Long> reportsByLeaf) {
        ObjectNode json = MAPPER.createObjectNode().put("samples", node.hasCounts() ? node.total() : 0);
        if (node.isLeaf()) {
            LeafNode leaf = (LeafNode) node;
            long total = node.hasCounts() ? node.total() : 0;
            long ofClass = node.hasCounts() && leaf.classId() < node.counts().length
                    ? node.counts()[leaf.classId()] : 0;
            json.put("leaf", true).put("leafId", leaf.leafId()).put("classId", leaf.classId())
                    .put("class", leaf.classId() < classes.size() ? classes.get(leaf.classId())
                            : Integer.toString(leaf.classId()))
                    .put("confidence", total == 0 ? 0 : (double) ofClass / total)
                    .put("firing", reportsByLeaf.getOrDefault(leaf.leafId(), 0L));
        } else {
            SplitNode split = (SplitNode) node;
            json.put("leaf", false).put("feature", featureName(catalog, split.featureId()))
                    .put("threshold", split.threshold());
            json.set("le", node(split.lessOrEqual(), classes, catalog, reportsByLeaf));
            json.set("gt", node(split.greater(), classes, catalog, reportsByLeaf));
        }
        return json;
    }

    private static String featureName(FeatureCatalog catalog, int featureId) {
        return catalog.byIdOptional(featureId).map(Feature::name).orElse("feature " + featureId);
    }
}
