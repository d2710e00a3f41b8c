/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.DeviceModelState;
import org.onosproject.nids.api.NidsProgrammable;
import org.onosproject.nids.api.PipelineConfig;
import org.onosproject.nids.api.PipelineReadBack;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.slf4j.Logger;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.Lock;
import java.util.function.Function;
import java.util.function.Supplier;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Brings the switches this instance masters in line with the active model: switches that appear, come back or
 * restart (and lost their state), switches whose last rollout failed, switches whose read-back state differs from
 * what was written to them, and every switch when the pipeline settings change. A repair starts from what the switch
 * holds (read back from it), not from the app's record. Each instance of a cluster runs one; a switch is reconciled by its master only.
 */
final class SwitchReconciler {

    private final Logger log = getLogger(getClass());

    private final NidsModelStore store;
    private final SwitchDirectory switches;
    private final Function<String, Optional<ModelBundle>> models;
    private final Supplier<PipelineConfig> baseConfig;
    private final Supplier<FabricRollout> rollouts;
    private final Lock programming;

    /**
     * @param store       the model store
     * @param switches    the switches
     * @param models      stored models by id
     * @param baseConfig  the pipeline settings (bank and epoch are set per switch)
     * @param rollouts    a rollout with the current timeout
     * @param programming held while switches are programmed (rollouts take it too)
     */
    SwitchReconciler(NidsModelStore store, SwitchDirectory switches, Function<String, Optional<ModelBundle>> models,
                     Supplier<PipelineConfig> baseConfig, Supplier<FabricRollout> rollouts, Lock programming) {
        this.store = store;
        this.switches = switches;
        this.models = models;
        this.baseConfig = baseConfig;
        this.rollouts = rollouts;
        this.programming = programming;
    }

    /**
     * @param force every switch is reprogrammed (it may have restarted); otherwise only switches whose recorded state
     *              differs from the active model
     */
    void reconcileAll(boolean force) {
        try {
            for (DeviceId deviceId : switches.mastered()) {
                reconcile(deviceId, force);
            }
        } catch (RuntimeException e) {
            log.warn("Reconciliation failed: {}", e.getMessage(), e);
        }
    }

    void reconcile(DeviceId deviceId, boolean force) {
        programming.lock();
        try {
            List<DeviceId> targets = switches.mastered();
            Optional<NidsProgrammable> pipeline = switches.pipeline(deviceId);
            if (!targets.contains(deviceId) || pipeline.isEmpty()) {
                return;
            }
            ActiveModel active = store.activeModel();
            Optional<DeviceModelState> state = store.deviceState(deviceId);
            // What the switch holds, not what was recorded: a write refused, lost or made behind the app's back
            // shows here, and the repair starts from the bank the switch really classifies with.
            Optional<PipelineReadBack> onSwitch = pipeline.get().readBack();
            Optional<String> drift = onSwitch.flatMap(read -> drift(read, state, active));
            drift.ifPresent(d -> log.warn("{} differs from what was written to it: {}", deviceId, d));
            boolean inLine = state.isPresent()
                    && state.get().modelId().equals(active.modelId())
                    && state.get().lastError().isEmpty()
                    && drift.isEmpty();
            if (inLine && !force) {
                return;
            }
            switches.prepare(deviceId);
            Optional<ModelBundle> bundle = active.modelId().flatMap(models);
            if (bundle.isEmpty()) {
                // No model: the switch still tracks flows and reports them, classifying everything as class 0.
                pipeline.get().configure(baseConfig.get());
                store.putDeviceState(new DeviceModelState(deviceId, DeviceModelState.NO_BANK, null, 0, null,
                                                          System.currentTimeMillis()));
                return;
            }
            FabricRollout.Target target = target(deviceId, pipeline.get(), onSwitch, state, active);
            FabricRollout.Report report = rollouts.get().run(bundle.get().modelId(), null, bundle.get(),
                                                             List.of(target), baseConfig.get(), active.epoch());
            report.states.values().forEach(store::putDeviceState);
            log.info("Reconciled {} with model {}: {}", deviceId, bundle.get().modelId(),
                     report.result.devices().get(0).outcome());
        } finally {
            programming.unlock();
        }
    }

    /**
     * How a switch differs from what was last written to it without an error; nothing when no model was written or
     * the last write failed (then it is reprogrammed anyway).
     *
     * @param onSwitch what the switch holds
     * @param state    what the app recorded for it
     * @param active   the active model
     * @return the difference, if any
     */
    static Optional<String> drift(PipelineReadBack onSwitch, Optional<DeviceModelState> state, ActiveModel active) {
        if (state.isEmpty() || state.get().activeBank() == DeviceModelState.NO_BANK
                || state.get().lastError().isPresent()) {
            return Optional.empty();
        }
        DeviceModelState written = state.get();
        int bank = written.activeBank();
        if (onSwitch.activeBank() != bank) {
            return Optional.of("it classifies with bank " + onSwitch.activeBank() + ", bank " + bank + " was written");
        }
        if (onSwitch.entries(bank) != written.entries()) {
            return Optional.of("bank " + bank + " holds " + onSwitch.entries(bank) + " classifier entries, "
                                       + written.entries() + " were written");
        }
        if (written.modelId().equals(active.modelId()) && onSwitch.epoch() != active.epoch()) {
            return Optional.of("its configuration names epoch " + onSwitch.epoch() + ", epoch " + active.epoch()
                                       + " was written");
        }
        return Optional.empty();
    }

    /**
     * The rollout target of a switch as it is: its active bank and epoch as read back from it (the recorded ones if
     * it cannot be read); the model in that bank is the recorded one only where the switch agrees with the record.
     *
     * @param deviceId switch
     * @param pipeline its pipeline
     * @param onSwitch what it holds, if it could be read
     * @param state    what the app recorded for it
     * @param active   the active model (its epoch is the recorded switches')
     * @return the target
     */
    static FabricRollout.Target target(DeviceId deviceId, NidsProgrammable pipeline,
                                       Optional<PipelineReadBack> onSwitch, Optional<DeviceModelState> state,
                                       ActiveModel active) {
        boolean neverProgrammed = state.isEmpty() || state.get().activeBank() == DeviceModelState.NO_BANK;
        if (onSwitch.isEmpty() || neverProgrammed && onSwitch.get().entries(onSwitch.get().activeBank()) == 0) {
            return FabricRollout.Target.of(deviceId, pipeline, state, active.epoch());
        }
        PipelineReadBack read = onSwitch.get();
        boolean asRecorded = state.isPresent() && state.get().lastError().isEmpty()
                && state.get().activeBank() == read.activeBank() && drift(read, state, active).isEmpty();
        return new FabricRollout.Target(deviceId, pipeline, read.activeBank(), read.epoch(),
                                        asRecorded ? state.get().modelId().orElse(null) : null,
                                        read.entries(read.activeBank()));
    }
}
