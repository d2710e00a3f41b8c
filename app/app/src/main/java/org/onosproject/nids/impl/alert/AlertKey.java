/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.alert;

import com.google.common.base.MoreObjects;
import org.onosproject.nids.api.FlowKey;
import org.onosproject.nids.api.NidsAlert;

import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * What makes two reports the same alert: the flow and the model that classified it (a flow classified by another
 * model is another alert). Reports with no known model share the key of their flow with a null model.
 */
public final class AlertKey {

    private final FlowKey flowKey;
    private final String modelId;

    private AlertKey(FlowKey flowKey, String modelId) {
        this.flowKey = checkNotNull(flowKey, "flowKey");
        this.modelId = modelId;
    }

    /**
     * @param flowKey the flow
     * @param modelId the model, or null when it is not known
     * @return the key
     */
    public static AlertKey of(FlowKey flowKey, String modelId) {
        return new AlertKey(flowKey, modelId);
    }

    /**
     * @param alert an alert
     * @return the key the alert was raised under
     */
    public static AlertKey of(NidsAlert alert) {
        return new AlertKey(alert.flowKey(), alert.modelId().orElse(null));
    }

    public FlowKey flowKey() {
        return flowKey;
    }

    public Optional<String> modelId() {
        return Optional.ofNullable(modelId);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof AlertKey)) {
            return false;
        }
        AlertKey that = (AlertKey) o;
        return flowKey.equals(that.flowKey) && Objects.equals(modelId, that.modelId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(flowKey, modelId);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).omitNullValues().add("flow", flowKey).add("model", modelId)
                .toString();
    }
}
