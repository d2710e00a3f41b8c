/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.codec;

import com.google.common.collect.ImmutableList;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.nids.api.DeviceModelState;
import org.onosproject.nids.api.NidsCounterService;
import org.onosproject.nids.api.NidsModelService;
import org.onosproject.nids.api.RolloutResult;
import org.onosproject.nids.api.RolloutResult.DeviceResult;
import org.onosproject.nids.api.RolloutResult.Outcome;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.pipeconf.NidsPipeconfLoader;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The views the REST API and the CLI both show, gathered from the services in one place so the two agree.
 */
public final class NidsViews {

    private NidsViews() {
    }

    /**
     * Every stored model, oldest first.
     *
     * @param models the model service
     * @return summaries, the active model marked
     */
    public static List<ModelSummary> models(NidsModelService models) {
        Optional<String> active = models.activeModelId();
        FeatureCatalog catalog = FeatureCatalog.standard();
        return models.models().stream()
                .sorted(Comparator.comparing(ModelBundle::createdAt).thenComparing(ModelBundle::modelId))
                .map(bundle -> ModelSummary.of(bundle, active.map(bundle.modelId()::equals).orElse(false),
                        catalog))
                .collect(ImmutableList.toImmutableList());
    }

    /**
     * The active model's summary.
     *
     * @param models the model service
     * @return the summary, empty if no model is active (or the active one is not stored)
     */
    public static Optional<ModelSummary> activeModel(NidsModelService models) {
        return models.activeModelId().flatMap(models::model)
                .map(bundle -> ModelSummary.of(bundle, true, FeatureCatalog.standard()));
    }

    /**
     * Every switch the model service has state for, plus every switch ONOS runs the NIDS pipeconf on, in device-id
     * order. Counters are read from available switches only (reading an unavailable one would only time out).
     *
     * @param models    the model service
     * @param counters  the counter service
     * @param pipeconfs the pipeconf service
     * @param devices   the device service
     * @return one view per switch
     */
    public static List<DeviceView> devices(NidsModelService models, NidsCounterService counters,
                                           PiPipeconfService pipeconfs, DeviceService devices) {
        Map<DeviceId, DeviceModelState> states = models.deviceStates();
        Set<DeviceId> ids = new TreeSet<>(Comparator.comparing(DeviceId::toString));
        ids.addAll(states.keySet());
        for (Device device : devices.getDevices()) {
            if (pipeconfs.ofDevice(device.id()).filter(NidsPipeconfLoader.PIPECONF_ID::equals).isPresent()) {
                ids.add(device.id());
            }
        }
        List<DeviceView> views = new ArrayList<>(ids.size());
        for (DeviceId id : ids) {
            DeviceModelState state = states.get(id);
            boolean available = devices.isAvailable(id);
            int bank = state == null ? DeviceModelState.NO_BANK : state.activeBank();
            String modelId = state == null ? null : state.modelId().orElse(null);
            List<String> classNames = modelId == null ? List.of()
                    : models.model(modelId).map(bundle -> bundle.compiled().classNames()).orElse(List.of());
            List<DeviceView.ClassCounter> classCounters = new ArrayList<>();
            if (available && bank != DeviceModelState.NO_BANK) {
                new TreeMap<>(counters.classCounters(id, bank)).forEach((classId, packets) -> classCounters.add(
                        new DeviceView.ClassCounter(classId,
                                classId >= 0 && classId < classNames.size() ? classNames.get(classId) : null,
                                packets)));
            }
            Map<String, Long> reportCounters = available ? counters.reportCounters(id) : Map.of();
            views.add(new DeviceView(id, pipeconfs.ofDevice(id).map(PiPipeconfId::id).orElse(null), available,
                    bank, modelId, state == null ? 0 : state.entries(),
                    state == null ? null : state.lastError().orElse(null),
                    state == null ? 0 : state.updatedMillis(), classCounters, reportCounters));
        }
        return views;
    }

    /**
     * Why a rollout did not succeed, in one line naming the switch and its error.
     *
     * @param result a rollout that did not succeed
     * @return e.g. {@code rollout of nids-… failed on device:s2: write timed out; device:s1 rolled back;
     *         nids-… stays active}
     */
    public static String rolloutFailure(RolloutResult result) {
        StringBuilder message = new StringBuilder("rollout of ").append(result.modelId());
        Optional<DeviceResult> failure = result.failure();
        if (failure.isPresent()) {
            message.append(" failed on ").append(failure.get().deviceId()).append(": ")
                    .append(failure.get().error().orElse("no reason given"));
        } else {
            message.append(" did not complete: ").append(result.devices().stream()
                    .filter(d -> d.outcome() != Outcome.FLIPPED)
                    .map(d -> d.deviceId() + " " + d.outcome())
                    .collect(Collectors.joining(", ")));
        }
        List<String> rolledBack = result.devices().stream().filter(d -> d.outcome() == Outcome.ROLLED_BACK)
                .map(d -> d.deviceId().toString()).collect(Collectors.toList());
        if (!rolledBack.isEmpty()) {
            message.append("; rolled back on ").append(String.join(", ", rolledBack));
        }
        message.append(result.previousModelId().map(id -> "; " + id + " stays active")
                .orElse("; no model is active"));
        return message.toString().replaceAll("\\s*\\R\\s*", " ");
    }
}
