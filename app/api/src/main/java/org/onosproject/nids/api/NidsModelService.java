/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import org.onosproject.event.ListenerService;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.model.bundle.ModelBundle;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Decision-tree models of the fabric: the stored bundles, the one that is active, and its rollout to every switch
 * running the NIDS pipeline. Listeners hear of every change ({@link NidsModelEvent}).
 */
public interface NidsModelService extends ListenerService<NidsModelEvent, NidsModelListener> {

    /**
     * Validates and stores a model bundle (model.json). Nothing is stored, and nothing is written to any switch, when
     * the bundle is refused.
     *
     * @param json the bundle as model-tools wrote it
     * @return the stored model
     * @throws NidsException with a one-line reason (bad schema, unknown feature, too many classes or slots,
     *                       capacity exceeded, duplicate id)
     */
    ModelBundle upload(String json);

    /**
     * @return every stored model
     */
    Collection<ModelBundle> models();

    /**
     * @param modelId model id
     * @return the model, if stored
     */
    Optional<ModelBundle> model(String modelId);

    /**
     * @return a summary of every stored model, oldest first, the active one marked
     */
    List<ModelSummary> summaries();

    /**
     * Removes a stored model.
     *
     * @param modelId model id
     * @return whether a model was removed
     * @throws NidsException (CONFLICT) if the model is active
     */
    boolean remove(String modelId);

    /**
     * Makes a model the active one on every available switch running the NIDS pipeconf: per switch, writes it into
     * the idle bank, confirms the entries, flips the bank and removes the old bank's entries. If any switch fails,
     * switches already flipped flip back and the previously active model stays active.
     *
     * @param modelId model id
     * @return what happened on each switch
     * @throws NidsException (NOT_FOUND) for an unknown model
     */
    RolloutResult activate(String modelId);

    /**
     * Re-activates the model that was active before the current one.
     *
     * @return what happened on each switch
     * @throws NidsException (CONFLICT) if there is no earlier model
     */
    RolloutResult rollback();

    /**
     * @return the id of the active model, if any
     */
    Optional<String> activeModelId();

    /**
     * The model a switch classified a flow with: switches stamp every report with the epoch of the activation that
     * put the model in their active bank, so a report names its model even when it arrives after the next activation.
     *
     * @param epoch the epoch on a report
     * @return the model of that epoch, if still remembered
     */
    Optional<String> modelOfEpoch(long epoch);

    /**
     * @param model a model
     * @return the leaf confidence (per mille) an attack verdict of that model needs for an alert here: the
     *         deployment's threshold if one is configured, else the model's own
     */
    default int alertThresholdPermille(ModelBundle model) {
        return model.alertThresholdPermille();
    }

    /**
     * @return the rollout state of every switch the app has programmed or tried to
     */
    Map<DeviceId, DeviceModelState> deviceStates();
}
