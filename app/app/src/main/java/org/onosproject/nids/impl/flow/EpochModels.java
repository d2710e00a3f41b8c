/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.flow;

import org.onosproject.nids.api.NidsModelService;
import org.onosproject.nids.model.bundle.ModelBundle;

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

    /** What a report of an epoch is classified by: the model id and its class names (empty: unknown model). */
    static final class Model {
        static final Model NONE = new Model(null, List.of());

        final String modelId;
        final List<String> classNames;

        Model(String modelId, List<String> classNames) {
            this.modelId = modelId;
            this.classNames = classNames;
        }

        /** @return the class name of an id, or null when the model does not name it */
        String className(int classId) {
            return classId >= 0 && classId < classNames.size() ? classNames.get(classId) : null;
        }
    }

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
        List<String> names = models.model(modelId.get()).map(ModelBundle::compiled)
                .map(compiled -> List.copyOf(compiled.classNames())).orElse(List.of());
        return new Model(modelId.get(), names);
    }

    /** Forgets every epoch (a model was stored, removed or activated). */
    void clear() {
        synchronized (byEpoch) {
            byEpoch.clear();
        }
    }
}
