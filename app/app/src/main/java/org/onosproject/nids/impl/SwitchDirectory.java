/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.onlab.util.Tools;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.edge.EdgePortService;
import org.onosproject.nids.api.NidsProgrammable;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The switches this ONOS instance programs: available, running a pipeline with the {@link NidsProgrammable}
 * behaviour, mastered here; their pipelines, and their edge ports.
 */
class SwitchDirectory {

    private final DeviceService deviceService;
    private final MastershipService mastershipService;
    private final EdgePortService edgePortService;
    private final NetworkConfigService networkConfigService;

    SwitchDirectory(DeviceService deviceService, MastershipService mastershipService,
                    EdgePortService edgePortService, NetworkConfigService networkConfigService) {
        this.deviceService = deviceService;
        this.mastershipService = mastershipService;
        this.edgePortService = edgePortService;
        this.networkConfigService = networkConfigService;
    }

    /** @return the switches to program, in the order the device service lists them */
    List<DeviceId> targets() {
        List<DeviceId> devices = new ArrayList<>();
        for (Device device : deviceService.getAvailableDevices()) {
            // While ONOS re-asserts mastership (it does so periodically over P4Runtime) a device briefly has no
            // master; skipping it then would silently leave it out of a rollout.
            if (device.is(NidsProgrammable.class) && (mastershipService.isLocalMaster(device.id())
                    || mastershipService.getMasterFor(device.id()) == null)) {
                devices.add(device.id());
            }
        }
        return devices;
    }

    /**
     * @param deviceId a switch
     * @return its pipeline, if it runs one with the NIDS behaviour
     */
    Optional<NidsProgrammable> pipeline(DeviceId deviceId) {
        return NidsPipelines.of(deviceService, deviceId);
    }

    /**
     * Installs what a switch needs besides a model (report clone session, port roles).
     *
     * @param deviceId a switch
     */
    void prepare(DeviceId deviceId) {
        pipeline(deviceId).ifPresent(pipeline -> pipeline.prepare(edgePorts(deviceId)));
    }

    /** Edge ports from the netcfg ("nids.edgePorts"), otherwise the ports ONOS sees no link on. */
    Set<PortNumber> edgePorts(DeviceId deviceId) {
        NidsDeviceConfig config = networkConfigService.getConfig(deviceId, NidsDeviceConfig.class);
        if (config != null && config.edgePorts().isPresent()) {
            return config.edgePorts().get();
        }
        return Tools.stream(edgePortService.getEdgePoints(deviceId)).map(ConnectPoint::port)
                .collect(Collectors.toSet());
    }
}
