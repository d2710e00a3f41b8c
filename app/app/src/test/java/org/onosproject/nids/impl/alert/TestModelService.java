/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.alert;

import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.DeviceModelState;
import org.onosproject.nids.api.ModelSummary;
import org.onosproject.nids.api.NidsModelListener;
import org.onosproject.nids.api.NidsModelService;
import org.onosproject.nids.api.RolloutResult;
import org.onosproject.nids.model.bundle.ModelBundle;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A model service that only stores bundles: what the alert manager asks it (model by id). */
final class TestModelService implements NidsModelService {

    private final Map<String, ModelBundle> models = new HashMap<>();
    int lookups;

    TestModelService add(ModelBundle bundle) {
        models.put(bundle.modelId(), bundle);
        return this;
    }

    @Override
    public ModelBundle upload(String json) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Collection<ModelBundle> models() {
        return models.values();
    }

    @Override
    public Optional<ModelBundle> model(String modelId) {
        lookups++;
        return Optional.ofNullable(models.get(modelId));
    }

    @Override
    public boolean remove(String modelId) {
        return models.remove(modelId) != null;
    }

    @Override
    public RolloutResult activate(String modelId) {
        throw new UnsupportedOperationException();
    }

    @Override
    public RolloutResult rollback() {
        throw new UnsupportedOperationException();
    }

    @Override
    public Optional<String> activeModelId() {
        return Optional.empty();
    }

    @Override
    public Optional<String> modelOfEpoch(long epoch) {
        return Optional.empty();
    }

    @Override
    public List<ModelSummary> summaries() {
        return List.of();
    }

    @Override
    public Map<DeviceId, DeviceModelState> deviceStates() {
        return Map.of();
    }

    @Override
    public void addListener(NidsModelListener listener) {
    }

    @Override
    public void removeListener(NidsModelListener listener) {
    }
}
