/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.DeviceModelState;
import org.onosproject.nids.api.NidsModelEvent;
import org.onosproject.store.Store;

import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Models, the active model and per-switch rollout state, shared by every ONOS instance of a cluster. Its delegate
 * hears of every change: a model stored or removed, another model made active, a switch's state updated.
 */
public interface NidsModelStore extends Store<NidsModelEvent, NidsModelStoreDelegate> {

    /**
     * @param modelId model id
     * @param json    the bundle as uploaded
     * @return false if a model with that id is already stored
     */
    boolean putModelIfAbsent(String modelId, String json);

    Optional<String> modelJson(String modelId);

    /** @return model id to bundle JSON */
    Map<String, String> models();

    boolean removeModel(String modelId);

    ActiveModel activeModel();

    /**
     * Atomically replaces the active-model state.
     *
     * @param update function of the current state
     * @return the new state
     */
    ActiveModel updateActiveModel(UnaryOperator<ActiveModel> update);

    Map<DeviceId, DeviceModelState> deviceStates();

    Optional<DeviceModelState> deviceState(DeviceId deviceId);

    void putDeviceState(DeviceModelState state);

    void removeDeviceState(DeviceId deviceId);
}
