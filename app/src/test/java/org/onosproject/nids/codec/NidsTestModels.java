/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.codec;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
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

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/** Small real model bundles (compiled by model-core) and a codec context for the NIDS REST, CLI and codec tests. */
public final class NidsTestModels {

    /** Catalog ids of the features the test trees split on. */
    public static final int L4_DST_PORT = 2;
    public static final int PROTOCOL = 3;
    public static final int IN_BYTES = 4;

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

    private static ModelBundle bundle(DecisionTree tree, String name, String createdAt) {
        FeatureCatalog catalog = FeatureCatalog.standard();
        CompiledModel compiled = ModelCompiler.compile(tree, catalog, capacity());
        TrainingSummary training = TrainingSummary.builder().dataFile("flows.csv").labelColumn("Attack")
                .binary(tree.classNames().size() == 2).algorithm("j48").parameters(Map.of("min_leaf", "2"))
                .rows(100).trainRows(70).testRows(30).metrics(Map.of("f1_weighted", 0.99)).build();
        return new ModelBundle(catalog.version(), ModelBundleCodec.contentId(tree), name, createdAt, training, tree,
                compiled);
    }

    /** The BMv2 reference pipeline's capacity (p4src/include/size.p4). */
    public static PipelineCapacity capacity() {
        return PipelineCapacity.builder().featureSlots(8).banks(2).rangeTableSize(1024).decisionTableSize(1024)
                .maxClasses(32).codeBits(16).slotValueBits(32).classIdBits(8).leafIdBits(16).build();
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

    private static TreeNode leaf(int classId) {
        return new LeafNode(classId, new long[0]);
    }

    private static TreeNode split(int featureId, long threshold, TreeNode lessOrEqual, TreeNode greater) {
        return new SplitNode(featureId, threshold, lessOrEqual, greater, new long[0]);
    }

    /** A codec context with a plain mapper and the NIDS codecs (no ONOS codec service). */
    public static final class Context implements CodecContext {
        private final ObjectMapper mapper = new ObjectMapper();

        @Override
        public ObjectMapper mapper() {
            return mapper;
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> JsonCodec<T> codec(Class<T> entityClass) {
            if (entityClass == ModelSummary.class) {
                return (JsonCodec<T>) NidsCodecs.MODEL_SUMMARY;
            } else if (entityClass == DeviceView.class) {
                return (JsonCodec<T>) NidsCodecs.DEVICE_VIEW;
            } else if (entityClass == ModelBundle.class) {
                return (JsonCodec<T>) NidsCodecs.MODEL_BUNDLE;
            } else if (entityClass == org.onosproject.nids.api.RolloutResult.class) {
                return (JsonCodec<T>) NidsCodecs.ROLLOUT_RESULT;
            }
            return null;
        }

        @Override
        public <T> T getService(Class<T> serviceClass) {
            return null;
        }
    }
}
