/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.flow.instructions.PiInstruction;
import org.onosproject.net.pi.model.PiActionParamId;
import org.onosproject.net.pi.model.PiMatchFieldId;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.onosproject.net.pi.runtime.PiExactFieldMatch;
import org.onosproject.net.pi.runtime.PiFieldMatch;
import org.onosproject.net.pi.runtime.PiRangeFieldMatch;
import org.onlab.util.ImmutableByteSequence;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.bundle.ModelBundleCodec;
import org.onosproject.nids.model.bundle.TrainingSummary;
import org.onosproject.nids.model.capacity.PipelineCapacity;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.compiler.CompiledModel;
import org.onosproject.nids.model.compiler.ModelCompiler;
import org.onosproject.nids.model.tree.DecisionTree;
import org.onosproject.nids.model.tree.LeafNode;
import org.onosproject.nids.model.tree.SplitNode;
import org.onosproject.nids.model.tree.TreeNode;
import org.onosproject.nids.pipeconf.NidsPipelineCapacity;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Small real models for the impl tests, compiled by model-core for the packaged pipeline, and helpers that read the
 * match fields and action parameters of planned flow rules back as numbers.
 */
final class ImplTestModels {

    /** Catalog ids (feature catalog version 1). */
    static final int L4_DST_PORT = 2;
    static final int PROTOCOL = 3;
    static final int IN_BYTES = 4;
    static final int FLOW_DURATION = 11;
    static final int MIN_TTL = 14;

    static final FeatureCatalog CATALOG = FeatureCatalog.standard();

    private ImplTestModels() {
    }

    /** The capacities of the pipeline this build packages (from its P4Info). */
    static PipelineCapacity capacity() {
        return NidsPipelineCapacity.fromP4Info();
    }

    /** A builder holding the packaged pipeline's numbers, to make a bundle for some other pipeline. */
    static PipelineCapacity.Builder capacityBuilder() {
        PipelineCapacity c = capacity();
        return PipelineCapacity.builder().featureSlots(c.featureSlots()).banks(c.banks())
                .rangeTableSize(c.rangeTableSize()).decisionTableSize(c.decisionTableSize())
                .maxClasses(c.maxClasses()).codeBits(c.codeBits()).slotValueBits(c.slotValueBits())
                .classIdBits(c.classIdBits()).leafIdBits(c.leafIdBits());
    }

    static TreeNode leaf(int classId) {
        return new LeafNode(classId, new long[0]);
    }

    static TreeNode split(int featureId, long threshold, TreeNode lessOrEqual, TreeNode greater) {
        return new SplitNode(featureId, threshold, lessOrEqual, greater, new long[0]);
    }

    /**
     * PROTOCOL &lt;= 6 ? (L4_DST_PORT &lt;= 1023 ? Benign : (FLOW_DURATION &lt;= 5 ? Attack : Benign))
     * : (IN_BYTES &lt;= 1000 ? Attack : Benign) — 4 features, 5 leaves.
     */
    static DecisionTree fourFeatureTree() {
        return DecisionTree.of(
                split(PROTOCOL, 6,
                      split(L4_DST_PORT, 1023, leaf(0), split(FLOW_DURATION, 5, leaf(1), leaf(0))),
                      split(IN_BYTES, 1000, leaf(1), leaf(0))),
                List.of("Benign", "Attack"));
    }

    /** MIN_TTL &lt;= 32 ? Scan : Benign — a second, smaller model with other classes. */
    static DecisionTree ttlTree() {
        return DecisionTree.of(split(MIN_TTL, 32, leaf(1), leaf(0)), List.of("Benign", "Scan"));
    }

    /** A tree over {@code classes} classes: a chain of IN_BYTES tests, one leaf per class. */
    static DecisionTree chainTree(int classes) {
        TreeNode node = leaf(classes - 1);
        for (int c = classes - 2; c >= 0; c--) {
            node = split(IN_BYTES, 100L * (c + 1), leaf(c), node);
        }
        List<String> names = new ArrayList<>();
        names.add("Benign");
        for (int c = 1; c < classes; c++) {
            names.add("Attack" + c);
        }
        return DecisionTree.of(node, names);
    }

    /** A tree testing each of these features once (a chain), Benign/Attack alternating. */
    static DecisionTree featureChainTree(int... featureIds) {
        TreeNode node = leaf(featureIds.length % 2);
        for (int i = featureIds.length - 1; i >= 0; i--) {
            node = split(featureIds[i], 10, leaf(i % 2), node);
        }
        return DecisionTree.of(node, List.of("Benign", "Attack"));
    }

    static CompiledModel compile(DecisionTree tree) {
        return ModelCompiler.compile(tree, CATALOG, capacity());
    }

    /** A bundle as model-tools makes it, for the packaged pipeline. */
    static ModelBundle bundle(DecisionTree tree, String name) {
        return bundle(tree, name, capacity());
    }

    /** A bundle compiled for some pipeline (possibly not this one). */
    static ModelBundle bundle(DecisionTree tree, String name, PipelineCapacity capacity) {
        CompiledModel compiled = ModelCompiler.compile(tree, CATALOG, capacity);
        TrainingSummary training = TrainingSummary.builder().dataFile("flows.csv").labelColumn("Label")
                .binary(tree.classNames().size() == 2).algorithm("j48").parameters(Map.of("min_leaf", "2"))
                .rows(100).trainRows(70).testRows(30).metrics(Map.of("f1_weighted", 0.99)).build();
        return new ModelBundle(CATALOG.version(), ModelBundleCodec.contentId(tree), name, "2026-03-01T12:00:00Z",
                               training, tree, compiled);
    }

    static String json(ModelBundle bundle) {
        return new ModelBundleCodec(CATALOG).write(bundle);
    }

    // ------------------------------------------------------------------------------------ reading rules back

    static PiCriterion criterion(FlowRule rule) {
        Criterion criterion = rule.selector().getCriterion(Criterion.Type.PROTOCOL_INDEPENDENT);
        return (PiCriterion) criterion;
    }

    static Optional<PiFieldMatch> match(FlowRule rule, PiMatchFieldId field) {
        PiCriterion criterion = criterion(rule);
        return criterion == null ? Optional.empty() : criterion.fieldMatch(field);
    }

    static long exact(FlowRule rule, PiMatchFieldId field) {
        PiFieldMatch m = match(rule, field).orElseThrow(() -> new AssertionError("no " + field + " in " + rule));
        return unsigned(((PiExactFieldMatch) m).value());
    }

    /** @return {low, high} of a range match */
    static long[] range(FlowRule rule, PiMatchFieldId field) {
        PiFieldMatch m = match(rule, field).orElseThrow(() -> new AssertionError("no " + field + " in " + rule));
        PiRangeFieldMatch r = (PiRangeFieldMatch) m;
        return new long[]{unsigned(r.lowValue()), unsigned(r.highValue())};
    }

    static PiAction action(FlowRule rule) {
        return (PiAction) ((PiInstruction) rule.treatment().allInstructions().get(0)).action();
    }

    static long param(FlowRule rule, PiActionParamId id) {
        for (PiActionParam p : action(rule).parameters()) {
            if (p.id().equals(id)) {
                return unsigned(p.value());
            }
        }
        throw new AssertionError("no parameter " + id + " in " + rule);
    }

    static long unsigned(ImmutableByteSequence bytes) {
        long value = 0;
        for (byte b : bytes.asArray()) {
            value = (value << 8) | (b & 0xff);
        }
        return value;
    }
}
