package org.onosproject.nids.model.bundle;

import org.onosproject.nids.model.compiler.CompiledModel;
import org.onosproject.nids.model.tree.DecisionTree;

import java.util.Objects;

/**
 * A deployable model: identity and provenance, the tree it was compiled from, and the compiled entries.
 * {@link ModelBundleCodec} reads and writes it as model.json (docs/model-format.md).
 */
public final class ModelBundle {

    /** The bundle schema version this build writes and reads. */
    public static final int SCHEMA_VERSION = 1;

    private final int catalogVersion;
    private final String modelId;
    private final String name;
    private final String createdAt;
    private final TrainingSummary training;
    private final DecisionTree tree;
    private final CompiledModel compiled;

    public ModelBundle(int catalogVersion, String modelId, String name, String createdAt, TrainingSummary training,
                       DecisionTree tree, CompiledModel compiled) {
        this.catalogVersion = catalogVersion;
        this.modelId = Objects.requireNonNull(modelId);
        this.name = Objects.requireNonNull(name);
        this.createdAt = Objects.requireNonNull(createdAt);
        this.training = Objects.requireNonNull(training);
        this.tree = Objects.requireNonNull(tree);
        this.compiled = Objects.requireNonNull(compiled);
        if (!tree.classNames().equals(compiled.classNames())) {
            throw new IllegalArgumentException("tree and entries have different classes");
        }
    }

    public int schemaVersion() {
        return SCHEMA_VERSION;
    }

    public int catalogVersion() {
        return catalogVersion;
    }

    /** Content-derived id: equal trees over equal classes have equal ids (see ModelBundleCodec#contentId). */
    public String modelId() {
        return modelId;
    }

    public String name() {
        return name;
    }

    /** ISO-8601 UTC instant. */
    public String createdAt() {
        return createdAt;
    }

    public TrainingSummary training() {
        return training;
    }

    public DecisionTree tree() {
        return tree;
    }

    public CompiledModel compiled() {
        return compiled;
    }
}
