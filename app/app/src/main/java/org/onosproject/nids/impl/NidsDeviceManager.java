/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.nids.api.DeviceModelState;
import org.onosproject.nids.api.DeviceView;
import org.onosproject.nids.api.NidsDeviceService;
import org.onosproject.nids.api.NidsModelService;
import org.onosproject.nids.api.NidsProgrammable;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The switches running the NIDS pipeline as REST and CLI show them: rollout state from the model service, counters
 * read through each switch's {@link NidsProgrammable}.
 */
@Component(immediate = true, service = NidsDeviceService.class)
public class NidsDeviceManager implements NidsDeviceService {

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NidsModelService modelService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected DeviceService deviceService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PiPipeconfService pipeconfService;

    @Override
    public List<DeviceView> devices() {
        Map<DeviceId, DeviceModelState> states = modelService.deviceStates();
        Set<DeviceId> ids = new TreeSet<>(Comparator.comparing(DeviceId::toString));
        ids.addAll(states.keySet());
        for (Device device : deviceService.getDevices()) {
            if (device.is(NidsProgrammable.class)) {
                ids.add(device.id());
            }
        }
        List<DeviceView> views = new ArrayList<>(ids.size());
        for (DeviceId id : ids) {
            DeviceModelState state = states.get(id);
            boolean available = deviceService.isAvailable(id);
            int bank = state == null ? DeviceModelState.NO_BANK : state.activeBank();
            String modelId = state == null ? null : state.modelId().orElse(null);
            List<String> classNames = modelId == null ? List.of()
                    : modelService.model(modelId).map(bundle -> bundle.classNames()).orElse(List.of());
            List<DeviceView.ClassCounter> classCounters = new ArrayList<>();
            if (available && bank != DeviceModelState.NO_BANK) {
                new TreeMap<>(classCounters(id, bank)).forEach((classId, packets) -> classCounters.add(
                        new DeviceView.ClassCounter(classId,
                                classId >= 0 && classId < classNames.size() ? classNames.get(classId) : null,
                                packets)));
            }
            Map<String, Long> reportCounters = available ? reportCounters(id) : Map.of();
            views.add(new DeviceView(id, pipeconfService.ofDevice(id).map(PiPipeconfId::id).orElse(null), available,
                    bank, modelId, state == null ? 0 : state.entries(),
                    state == null ? null : state.lastError().orElse(null),
                    state == null ? 0 : state.updatedMillis(), classCounters, reportCounters));
        }
        return views;
    }

    @Override
    public Map<Integer, Long> classCounters(DeviceId deviceId, int bank) {
        return pipeline(deviceId).map(p -> p.classCounters(bank)).orElse(Map.of());
    }

    @Override
    public Map<String, Long> reportCounters(DeviceId deviceId) {
        return pipeline(deviceId).map(NidsProgrammable::reportCounters).orElse(Map.of());
    }

    private Optional<NidsProgrammable> pipeline(DeviceId deviceId) {
        return NidsPipelines.of(deviceService, deviceId);
    }
}
