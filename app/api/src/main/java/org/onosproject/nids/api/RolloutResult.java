/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableList;
import org.onosproject.net.DeviceId;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * The outcome of activating a model on the fabric, switch by switch.
 */
public final class RolloutResult {

    /** What happened on one switch. */
    public enum Outcome {
        /** The model was written to the idle bank and the switch now classifies with it. */
        FLIPPED,
        /** Writing or flipping failed on this switch. */
        FAILED,
        /** The switch had flipped, then flipped back because another switch failed. */
        ROLLED_BACK,
        /** The switch was not touched because an earlier switch failed. */
        NOT_ATTEMPTED
    }

    /** One switch's part of the rollout. */
    public static final class DeviceResult {
        private final DeviceId deviceId;
        private final Outcome outcome;
        private final int bank;
        private final int entries;
        private final String error;
        private final long millis;

        public DeviceResult(DeviceId deviceId, Outcome outcome, int bank, int entries, String error, long millis) {
            this.deviceId = checkNotNull(deviceId);
            this.outcome = checkNotNull(outcome);
            this.bank = bank;
            this.entries = entries;
            this.error = error;
            this.millis = millis;
        }

        public DeviceId deviceId() {
            return deviceId;
        }

        public Outcome outcome() {
            return outcome;
        }

        /** @return the bank the model was written to */
        public int bank() {
            return bank;
        }

        /** @return classifier entries written */
        public int entries() {
            return entries;
        }

        public Optional<String> error() {
            return Optional.ofNullable(error);
        }

        /** @return time spent on this switch */
        public long millis() {
            return millis;
        }

        @Override
        public String toString() {
            return MoreObjects.toStringHelper(this).omitNullValues().add("device", deviceId).add("outcome", outcome)
                    .add("bank", bank).add("entries", entries).add("error", error).toString();
        }
    }

    private final String modelId;
    private final String previousModelId;
    private final ImmutableList<DeviceResult> devices;
    private final long elapsedMillis;

    public RolloutResult(String modelId, String previousModelId, List<DeviceResult> devices, long elapsedMillis) {
        this.modelId = checkNotNull(modelId);
        this.previousModelId = previousModelId;
        this.devices = ImmutableList.copyOf(devices);
        this.elapsedMillis = elapsedMillis;
    }

    public String modelId() {
        return modelId;
    }

    /** @return the model that was active before, if any */
    public Optional<String> previousModelId() {
        return Optional.ofNullable(previousModelId);
    }

    public List<DeviceResult> devices() {
        return devices;
    }

    public long elapsedMillis() {
        return elapsedMillis;
    }

    /** @return whether every switch flipped (a rollout to no switch at all succeeds) */
    public boolean succeeded() {
        return devices.stream().allMatch(d -> d.outcome() == Outcome.FLIPPED);
    }

    /** @return the first switch that failed, if any */
    public Optional<DeviceResult> failure() {
        return devices.stream().filter(d -> d.outcome() == Outcome.FAILED).findFirst();
    }

    /**
     * Why a rollout did not succeed, in one line naming the switch and its error (what REST and CLI answer).
     *
     * @return e.g. {@code rollout of nids-… failed on device:s2: write timed out; rolled back on device:s1; nids-…
     *         stays active}
     */
    public String failureMessage() {
        StringBuilder message = new StringBuilder("rollout of ").append(modelId);
        Optional<DeviceResult> failure = failure();
        if (failure.isPresent()) {
            message.append(" failed on ").append(failure.get().deviceId()).append(": ")
                    .append(failure.get().error().orElse("no reason given"));
        } else {
            message.append(" did not complete: ").append(devices.stream()
                    .filter(d -> d.outcome() != Outcome.FLIPPED)
                    .map(d -> d.deviceId() + " " + d.outcome())
                    .collect(Collectors.joining(", ")));
        }
        List<String> rolledBack = devices.stream().filter(d -> d.outcome() == Outcome.ROLLED_BACK)
                .filter(d -> d.error().isEmpty()).map(d -> d.deviceId().toString()).collect(Collectors.toList());
        if (!rolledBack.isEmpty()) {
            message.append("; rolled back on ").append(String.join(", ", rolledBack));
        }
        // A switch that took the flip but refused (or did not confirm) the flip-back is not rolled back: it may still
        // classify with the failed model until reconciliation repairs it from what it holds.
        List<String> notBack = devices.stream().filter(d -> d.outcome() == Outcome.ROLLED_BACK)
                .filter(d -> d.error().isPresent()).map(d -> d.deviceId() + " (" + d.error().get() + ")")
                .collect(Collectors.toList());
        if (!notBack.isEmpty()) {
            message.append("; not confirmed rolled back on ").append(String.join(", ", notBack))
                    .append(", to be repaired by reconciliation");
        }
        message.append(previousModelId().map(id -> "; " + id + " stays active").orElse("; no model is active"));
        return message.toString().replaceAll("\\s*\\R\\s*", " ");
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("model", modelId).add("previous", previousModelId)
                .add("devices", devices).add("ms", elapsedMillis).toString();
    }
}
