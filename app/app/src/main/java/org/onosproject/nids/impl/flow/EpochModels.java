/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.flow;

import org.onosproject.nids.api.NidsModelService;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.compiler.BundleClassifier;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The model and class names of each model epoch a report names, kept at hand: the model service answers
 * {@code modelOfEpoch} from a distributed value (a store round trip), far too slow for every report. Bounded (the
 * most recently used epochs); the owner clears it on every model event, so an activation or removal is seen at once.
 */
final class EpochModels {

    /**
     * What a report of an epoch is classified by: the model id, its class names (empty: unknown model), and the model
     * with its table-semantics classifier (to classify an evicted flow's report as the switch would have at its end).
     */
    static final class Model {
        static final Model NONE = new Model(null, List.of(), null, null);

        final String modelId;
        final List<String> classNames;
        final ModelBundle bundle;
        final BundleClassifier classifier;

        Model(String modelId, List<String> classNames, ModelBundle bundle, BundleClassifier classifier) {
            this.modelId = modelId;
            this.classNames = classNames;
            this.bundle = bundle;
            this.classifier = classifier;
        }

        /** @return the class name of an id, or null when the model does not name it */
        String className(int classId) {
            return classId >= 0 && classId < classNames.size() ? classNames.get(classId) : null;
        }
    }

    private static final FeatureCatalog CATALOG = FeatureCatalog.standard();

    /** Epochs remembered; a fabric sees a new epoch only per activation. */
    static final int SIZE = 64;

    private final NidsModelService models;
    private final Map<Long, Model> byEpoch = new LinkedHashMap<>(SIZE, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Model> eldest) {
            return size() > SIZE;
        }
    };

    EpochModels(NidsModelService models) {
        this.models = models;
    }

    /**
     * @param epoch a report's model epoch
     * @return the model of that epoch, or {@link Model#NONE}
     */
    Model of(long epoch) {
        synchronized (byEpoch) {
            Model known = byEpoch.get(epoch);
            if (known != null) {
                return known;
            }
        }
        Model model = lookUp(epoch);
        synchronized (byEpoch) {
            byEpoch.put(epoch, model);
        }
        return model;
    }

    private Model lookUp(long epoch) {
        Optional<String> modelId = models.modelOfEpoch(epoch);
        if (modelId.isEmpty()) {
            return Model.NONE;
        }
        Optional<ModelBundle> bundle = models.model(modelId.get());
        List<String> names = bundle.map(b -> List.copyOf(b.classNames())).orElse(List.of());
        return new Model(modelId.get(), names, bundle.orElse(null),
                         bundle.map(b -> new BundleClassifier(b, CATALOG)).orElse(null));
    }

    /** Forgets every epoch (a model was stored, removed or activated). */
    void clear() {
        synchronized (byEpoch) {
            byEpoch.clear();
        }
    }
}
