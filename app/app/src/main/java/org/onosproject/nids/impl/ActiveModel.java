/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The fabric-wide model state: which model is active, the ones active before it (for rollback), and the epoch each
 * activation got. Switches stamp reports with the epoch, so a report names the model that classified its flow even
 * when it arrives after the next activation.
 */
public final class ActiveModel {

    /** Recent activations whose epochs are remembered for report decoding. */
    static final int EPOCHS_KEPT = 64;
    /** Earlier models kept for rollback. */
    static final int HISTORY_KEPT = 16;

    public static final ActiveModel NONE = new ActiveModel(null, ImmutableList.of(), 0, ImmutableMap.of(), 0);

    private final String modelId;
    private final ImmutableList<String> history;
    private final long epoch;
    private final ImmutableMap<Long, String> modelByEpoch;
    /** The highest epoch handed out, also to a rollout that failed: never handed out again. */
    private final long lastEpoch;

    private ActiveModel(String modelId, List<String> history, long epoch, Map<Long, String> modelByEpoch,
                        long lastEpoch) {
        this.modelId = modelId;
        this.history = ImmutableList.copyOf(history);
        this.epoch = epoch;
        this.modelByEpoch = ImmutableMap.copyOf(modelByEpoch);
        this.lastEpoch = Math.max(epoch, lastEpoch);
    }

    /** @return the active model, if any */
    public Optional<String> modelId() {
        return Optional.ofNullable(modelId);
    }

    /** @return models active before this one, most recent last */
    public List<String> history() {
        return history;
    }

    /** @return the epoch of the active model (0 when none) */
    public long epoch() {
        return epoch;
    }

    /**
     * @param reportEpoch epoch a switch stamped on a report
     * @return the model that epoch belonged to, if still remembered
     */
    public Optional<String> modelOfEpoch(long reportEpoch) {
        return Optional.ofNullable(modelByEpoch.get(reportEpoch));
    }

    /**
     * The state after activating a model: it gets the next epoch, the current one goes to the history.
     *
     * @param newModelId model to activate
     * @return the next state
     */
    public ActiveModel activate(String newModelId) {
        ImmutableList.Builder<String> newHistory = ImmutableList.builder();
        List<String> kept = history;
        if (modelId != null) {
            kept = ImmutableList.<String>builder().addAll(history).add(modelId).build();
        }
        int from = Math.max(0, kept.size() - HISTORY_KEPT);
        newHistory.addAll(kept.subList(from, kept.size()));
        long next = lastEpoch + 1;
        return new ActiveModel(newModelId, newHistory.build(), next, rememberEpoch(next, newModelId), next);
    }

    /**
     * The state after rolling back to the most recent earlier model.
     *
     * @return the next state, or empty if there is no earlier model
     */
    public Optional<ActiveModel> rollback() {
        if (history.isEmpty()) {
            return Optional.empty();
        }
        String previous = history.get(history.size() - 1);
        long next = lastEpoch + 1;
        return Optional.of(new ActiveModel(previous, history.subList(0, history.size() - 1), next,
                                           rememberEpoch(next, previous), next));
    }

    /**
     * The state after a rollout that failed: the same active model, but the attempt's epoch is used up (switches
     * that flipped before the rollback may have stamped reports with it; they name the attempted model).
     *
     * @param attempt the state the rollout tried to reach
     * @return this state, its next epoch after the attempt's
     */
    public ActiveModel failedAttempt(ActiveModel attempt) {
        Map<Long, String> remembered = attempt.modelId == null ? modelByEpoch
                : rememberEpoch(attempt.epoch, attempt.modelId);
        return new ActiveModel(modelId, history, epoch, remembered, Math.max(lastEpoch, attempt.epoch));
    }

    private Map<Long, String> rememberEpoch(long newEpoch, String newModelId) {
        Map<Long, String> map = new LinkedHashMap<>(modelByEpoch);
        map.put(newEpoch, newModelId);
        while (map.size() > EPOCHS_KEPT) {
            map.remove(map.keySet().iterator().next());
        }
        return map;
    }

    /**
     * @param removedModelId a model being deleted
     * @return this state without that model in the history
     */
    public ActiveModel forget(String removedModelId) {
        return new ActiveModel(modelId, history.stream().filter(id -> !id.equals(removedModelId))
                .collect(ImmutableList.toImmutableList()), epoch, modelByEpoch, lastEpoch);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ActiveModel)) {
            return false;
        }
        ActiveModel that = (ActiveModel) o;
        return epoch == that.epoch && lastEpoch == that.lastEpoch && Objects.equals(modelId, that.modelId)
                && history.equals(that.history) && modelByEpoch.equals(that.modelByEpoch);
    }

    @Override
    public int hashCode() {
        return Objects.hash(modelId, history, epoch);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("model", modelId).add("epoch", epoch).add("history", history)
                .toString();
    }
}
