/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.codec;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.CodecService;
import org.onosproject.codec.JsonCodec;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.bundle.ModelBundles;
import org.onosproject.nids.model.bundle.SourceWindow;
import org.onosproject.nids.model.bundle.ModelBundleCodec;
import org.onosproject.nids.model.bundle.TrainingSummary;
import org.onosproject.nids.model.capacity.PipelineCapacity;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.phase.Phase;
import org.onosproject.nids.model.compiler.CompiledModel;
import org.onosproject.nids.model.compiler.ModelCompiler;
import org.onosproject.nids.model.tree.DecisionTree;
import org.onosproject.nids.model.tree.LeafNode;
import org.onosproject.nids.model.tree.SplitNode;
import org.onosproject.nids.model.tree.TreeNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Small real models (compiled by model-core for the pipeline of this repository), a codec context and a codec
 * service for the tests of the NIDS bundles.
 */
public final class NidsTestModels {

    /** Catalog ids of the features the test trees split on (feature catalog version 1). */
    public static final int L4_DST_PORT = 2;
    public static final int PROTOCOL = 3;
    public static final int IN_BYTES = 4;
    public static final int FLOW_DURATION = 11;
    public static final int MIN_TTL = 14;

    public static final FeatureCatalog CATALOG = FeatureCatalog.standard();

    private NidsTestModels() {
    }

    /**
     * PROTOCOL &lt;= 6 ? (L4_DST_PORT &lt;= 1023 ? Benign : Attack) : Benign — 3 leaves, 2 features.
     *
     * @param name      the bundle's name
     * @param createdAt its creation instant
     * @return the bundle
     */
    public static ModelBundle binary(String name, String createdAt) {
        return bundle(DecisionTree.of(split(PROTOCOL, 6, split(L4_DST_PORT, 1023, leaf(0), leaf(1)), leaf(0)),
                List.of("Benign", "Attack")), name, createdAt);
    }

    /**
     * IN_BYTES &lt;= 1000 ? DoS : (PROTOCOL &lt;= 6 ? Benign : Scan) — 3 classes, 3 leaves.
     *
     * @param name      the bundle's name
     * @param createdAt its creation instant
     * @return the bundle
     */
    public static ModelBundle multiClass(String name, String createdAt) {
        return bundle(DecisionTree.of(split(IN_BYTES, 1000, leaf(1), split(PROTOCOL, 6, leaf(0), leaf(2))),
                List.of("Benign", "DoS", "Scan")), name, createdAt);
    }

    /**
     * PROTOCOL &lt;= 6 ? (L4_DST_PORT &lt;= 1023 ? Benign : (FLOW_DURATION &lt;= 5 ? Attack : Benign))
     * : (IN_BYTES &lt;= 1000 ? Attack : Benign) — 4 features, 5 leaves.
     *
     * @return the tree
     */
    public static DecisionTree fourFeatureTree() {
        return DecisionTree.of(
                split(PROTOCOL, 6,
                      split(L4_DST_PORT, 1023, leaf(0), split(FLOW_DURATION, 5, leaf(1), leaf(0))),
                      split(IN_BYTES, 1000, leaf(1), leaf(0))),
                List.of("Benign", "Attack"));
    }

    /** @return MIN_TTL &lt;= 32 ? Scan : Benign — a second, smaller model with other classes */
    public static DecisionTree ttlTree() {
        return DecisionTree.of(split(MIN_TTL, 32, leaf(1), leaf(0)), List.of("Benign", "Scan"));
    }

    /**
     * @param classes how many classes
     * @return a chain of IN_BYTES tests, one leaf per class
     */
    public static DecisionTree chainTree(int classes) {
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

    /**
     * @param featureIds features to test, once each
     * @return a chain testing them in order, Benign/Attack alternating
     */
    public static DecisionTree featureChainTree(int... featureIds) {
        TreeNode node = leaf(featureIds.length % 2);
        for (int i = featureIds.length - 1; i >= 0; i--) {
            node = split(featureIds[i], 10, leaf(i % 2), node);
        }
        return DecisionTree.of(node, List.of("Benign", "Attack"));
    }

    /** @return the tree compiled for this repository's pipeline */
    public static CompiledModel compile(DecisionTree tree) {
        return ModelCompiler.compile(tree, CATALOG, capacity());
    }

    /** @return a bundle as model-tools makes it, for this repository's pipeline */
    public static ModelBundle bundle(DecisionTree tree, String name) {
        return bundle(tree, name, capacity());
    }

    /** @return a bundle compiled for some pipeline (possibly not this one) */
    public static ModelBundle bundle(DecisionTree tree, String name, PipelineCapacity capacity) {
        TrainingSummary training = TrainingSummary.builder().dataFile("flows.csv").labelColumn("Label")
                .binary(tree.classNames().size() == 2).algorithm("j48").parameters(Map.of("min_leaf", "2"))
                .rows(100).trainRows(70).testRows(30).metrics(Map.of("f1_weighted", 0.99)).build();
        return endModel(tree, name, "2026-03-01T12:00:00Z", training, capacity);
    }

    /**
     * A model with one tree, classifying flows at their end; alert threshold 0 (every attack leaf alerts, as a
     * converted schema-1 model).
     */
    public static ModelBundle endModel(DecisionTree tree, String name, String createdAt, TrainingSummary training,
                                       PipelineCapacity capacity) {
        return ModelBundles.compile(name, createdAt, training, Map.of(Phase.END, withCounts(tree)), 0,
                                    SourceWindow.DEFAULT_WINDOW_LOG2_US, CATALOG, capacity);
    }

    /** The tree with training counts: each leaf saw 10 rows of its class (a confidence of 11/12 for two classes). */
    public static DecisionTree withCounts(DecisionTree tree) {
        return tree.root().hasCounts() ? tree
                : DecisionTree.of(withCounts(tree.root(), tree.classNames().size()), tree.classNames());
    }

    private static TreeNode withCounts(TreeNode node, int classes) {
        if (node.isLeaf()) {
            long[] counts = new long[classes];
            counts[((LeafNode) node).classId()] = 10;
            return new LeafNode(((LeafNode) node).classId(), counts);
        }
        SplitNode split = (SplitNode) node;
        TreeNode low = withCounts(split.lessOrEqual(), classes);
        TreeNode high = withCounts(split.greater(), classes);
        long[] counts = new long[classes];
        for (int i = 0; i < classes; i++) {
            counts[i] = low.counts()[i] + high.counts()[i];
        }
        return new SplitNode(split.featureId(), split.threshold(), low, high, counts);
    }

    /** @return a builder holding this repository's pipeline's numbers, to make a bundle for another pipeline */
    public static PipelineCapacity.Builder capacityBuilder() {
        PipelineCapacity c = capacity();
        return PipelineCapacity.builder().featureSlots(c.featureSlots()).banks(c.banks())
                .rangeTableSize(c.rangeTableSize()).decisionTableSize(c.decisionTableSize())
                .phaseTableSize(c.phaseTableSize())
                .maxClasses(c.maxClasses()).codeBits(c.codeBits()).slotValueBits(c.slotValueBits())
                .classIdBits(c.classIdBits()).leafIdBits(c.leafIdBits());
    }

    private static ModelBundle bundle(DecisionTree tree, String name, String createdAt) {
        TrainingSummary training = TrainingSummary.builder().dataFile("flows.csv").labelColumn("Attack")
                .binary(tree.classNames().size() == 2).algorithm("j48").parameters(Map.of("min_leaf", "2"))
                .rows(100).trainRows(70).testRows(30).metrics(Map.of("f1_weighted", 0.99)).build();
        return endModel(tree, name, createdAt, training, capacity());
    }

    /** The capacities of the pipeline in this repository (model-tools' capacity.json). */
    public static PipelineCapacity capacity() {
        return PipelineCapacity.packaged();
    }

    /** The bundle as model-tools writes it. */
    public static String json(ModelBundle bundle) {
        return new ModelBundleCodec(FeatureCatalog.standard()).write(bundle);
    }

    /** A test resource as text. */
    public static String resource(String path) {
        try (InputStream in = NidsTestModels.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static TreeNode leaf(int classId) {
        return new LeafNode(classId, new long[0]);
    }

    public static TreeNode split(int featureId, long threshold, TreeNode lessOrEqual, TreeNode greater) {
        return new SplitNode(featureId, threshold, lessOrEqual, greater, new long[0]);
    }

    /** A codec context with a plain mapper and the NIDS codecs (no ONOS codec service). */
    public static final class Context implements CodecContext {
        private final ObjectMapper mapper = new ObjectMapper();
        private final Map<Class<?>, JsonCodec<?>> codecs = NidsCodecs.codecs();

        @Override
        public ObjectMapper mapper() {
            return mapper;
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> JsonCodec<T> codec(Class<T> entityClass) {
            return (JsonCodec<T>) codecs.get(entityClass);
        }

        @Override
        public <T> T getService(Class<T> serviceClass) {
            return null;
        }
    }

    /** ONOS's codec service as tests need it: the NIDS codecs, registered as the app registers them. */
    public static final class CodecRegistry implements CodecService {
        private final Map<Class<?>, JsonCodec<?>> codecs = new java.util.HashMap<>(NidsCodecs.codecs());

        @Override
        public Set<Class<?>> getCodecs() {
            return codecs.keySet();
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> JsonCodec<T> getCodec(Class<T> entityClass) {
            return (JsonCodec<T>) codecs.get(entityClass);
        }

        @Override
        public <T> void registerCodec(Class<T> entityClass, JsonCodec<T> codec) {
            codecs.put(entityClass, codec);
        }

        @Override
        public void unregisterCodec(Class<?> entityClass) {
            codecs.remove(entityClass);
        }
    }
}
