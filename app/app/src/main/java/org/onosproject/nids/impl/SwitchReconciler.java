/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.DeviceModelState;
import org.onosproject.nids.api.NidsProgrammable;
import org.onosproject.nids.api.PipelineConfig;
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
 * restart (and lost their state), switches whose last rollout failed, and every switch when the pipeline settings
 * change. Each instance of a cluster runs one; a switch is reconciled by its master only.
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
            boolean inLine = state.isPresent()
                    && state.get().modelId().equals(active.modelId())
                    && state.get().lastError().isEmpty();
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
            FabricRollout.Target target = FabricRollout.Target.of(deviceId, pipeline.get(), state, active.epoch());
            FabricRollout.Report report = rollouts.get().run(bundle.get().modelId(), null, bundle.get(),
                                                             List.of(target), baseConfig.get(), active.epoch());
            report.states.values().forEach(store::putDeviceState);
            log.info("Reconciled {} with model {}: {}", deviceId, bundle.get().modelId(),
                     report.result.devices().get(0).outcome());
        } finally {
            programming.unlock();
        }
    }
}
