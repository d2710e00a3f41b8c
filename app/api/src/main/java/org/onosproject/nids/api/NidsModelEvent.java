/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import com.google.common.base.MoreObjects;
import org.onosproject.event.AbstractEvent;

import java.util.Optional;

/**
 * A change of the fabric's models: one stored or removed, another made active, or a switch's rollout state updated.
 * The subject is the model id (for SWITCH_UPDATED the model the switch now classifies with, empty when none).
 */
public class NidsModelEvent extends AbstractEvent<NidsModelEvent.Type, String> {

    /** Kinds of model events. */
    public enum Type {
        /** A model was stored. */
        MODEL_ADDED,
        /** A model was removed. */
        MODEL_REMOVED,
        /** A model became the active one (an activation or a rollback succeeded). */
        MODEL_ACTIVATED,
        /** A switch's rollout state changed ({@link #switchState()}). */
        SWITCH_UPDATED
    }

    private final DeviceModelState switchState;

    /**
     * A model event.
     *
     * @param type    MODEL_ADDED, MODEL_REMOVED or MODEL_ACTIVATED
     * @param modelId the model
     */
    public NidsModelEvent(Type type, String modelId) {
        super(type, modelId);
        this.switchState = null;
    }

    /**
     * A SWITCH_UPDATED event.
     *
     * @param state the switch's state now
     */
    public NidsModelEvent(DeviceModelState state) {
        super(Type.SWITCH_UPDATED, state.modelId().orElse(""));
        this.switchState = state;
    }

    /** @return the switch's state, for SWITCH_UPDATED */
    public Optional<DeviceModelState> switchState() {
        return Optional.ofNullable(switchState);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("type", type()).add("model", subject())
                .add("switch", switchState).toString();
    }
}
