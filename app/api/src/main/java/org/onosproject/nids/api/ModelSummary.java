/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableList;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.bundle.PhaseModel;
import org.onosproject.nids.model.catalog.Feature;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.compiler.CompiledModel;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * One line of the model list: a stored model's identity, its shape (classes, features, leaves) and size in
 * classifier entries, and whether it is the active model.
 */
public final class ModelSummary {

    private final String id;
    private final String name;
    private final String createdAt;
    private final List<String> classes;
    private final int slots;
    private final List<String> features;
    private final int leaves;
    private final int featureEntries;
    private final int decisionEntries;
    private final boolean active;

    /**
     * A summary.
     *
     * @param id              model id
     * @param name            human name
     * @param createdAt       ISO-8601 instant the model was built
     * @param classes         class names by class id
     * @param slots           feature slots the entries were compiled for (K)
     * @param features        the features the used slots select, in slot order
     * @param leaves          leaves of the tree
     * @param featureEntries  range-table entries (one bank)
     * @param decisionEntries decision-table entries (one bank)
     * @param active          whether this is the active model
     */
    public ModelSummary(String id, String name, String createdAt, List<String> classes, int slots,
                        List<String> features, int leaves, int featureEntries, int decisionEntries,
                        boolean active) {
        this.id = checkNotNull(id, "id");
        this.name = checkNotNull(name, "name");
        this.createdAt = checkNotNull(createdAt, "createdAt");
        this.classes = ImmutableList.copyOf(classes);
        this.slots = slots;
        this.features = ImmutableList.copyOf(features);
        this.leaves = leaves;
        this.featureEntries = featureEntries;
        this.decisionEntries = decisionEntries;
        this.active = active;
    }

    /**
     * The summary of a stored bundle.
     *
     * @param bundle  the model
     * @param active  whether it is the active model
     * @param catalog catalog to name the features with
     * @return its summary
     */
    public static ModelSummary of(ModelBundle bundle, boolean active, FeatureCatalog catalog) {
        // Over every phase's tree: the features any phase reads (by slot order of first use), leaves and entries.
        Set<Integer> featureIds = new LinkedHashSet<>();
        int leaves = 0;
        int featureEntries = 0;
        int decisionEntries = 0;
        for (PhaseModel phase : bundle.phases()) {
            CompiledModel compiled = phase.compiled();
            for (int slot = 0; slot < compiled.slots().slotCount(); slot++) {
                int featureId = compiled.slots().featureIdAt(slot);
                if (featureId != 0) {
                    featureIds.add(featureId);
                }
            }
            leaves += compiled.leaves().size();
            featureEntries += compiled.featureEntries().size();
            decisionEntries += compiled.decisionEntries().size();
        }
        ImmutableList.Builder<String> features = ImmutableList.builder();
        featureIds.forEach(id -> features.add(catalog.byIdOptional(id).map(Feature::name).orElse("#" + id)));
        return new ModelSummary(bundle.modelId(), bundle.name(), bundle.createdAt(), bundle.classNames(),
                bundle.slotCount(), features.build(), leaves, featureEntries, decisionEntries, active);
    }

    public String id() {
        return id;
    }

    public String name() {
        return name;
    }

    public String createdAt() {
        return createdAt;
    }

    public List<String> classes() {
        return classes;
    }

    public int slots() {
        return slots;
    }

    public List<String> features() {
        return features;
    }

    public int leaves() {
        return leaves;
    }

    public int featureEntries() {
        return featureEntries;
    }

    public int decisionEntries() {
        return decisionEntries;
    }

    /** @return entries of one bank: range-table plus decision-table entries */
    public int entries() {
        return featureEntries + decisionEntries;
    }

    public boolean active() {
        return active;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ModelSummary)) {
            return false;
        }
        ModelSummary that = (ModelSummary) o;
        return slots == that.slots && leaves == that.leaves && featureEntries == that.featureEntries
                && decisionEntries == that.decisionEntries && active == that.active && id.equals(that.id)
                && name.equals(that.name) && createdAt.equals(that.createdAt) && classes.equals(that.classes)
                && features.equals(that.features);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, name, createdAt, classes, slots, features, leaves, featureEntries, decisionEntries,
                active);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("id", id).add("name", name).add("active", active).toString();
    }
}
