/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.onosproject.mastership.MastershipService;
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

/**
 * The switches running a pipeline with the {@link NidsProgrammable} behaviour (all of them, or those this instance
 * masters), their pipelines, and their edge ports.
 */
class SwitchDirectory {

    private final DeviceService deviceService;
    private final MastershipService mastershipService;
    private final EdgePorts edgePorts;

    SwitchDirectory(DeviceService deviceService, MastershipService mastershipService,
                    EdgePortService edgePortService, NetworkConfigService networkConfigService) {
        this.deviceService = deviceService;
        this.mastershipService = mastershipService;
        this.edgePorts = new EdgePorts(edgePortService, networkConfigService);
    }

    /**
     * The switches an activation or rollback programs: every available switch with the NIDS pipeline, whichever
     * instance masters it (the rollout writes through ONOS's flow rule and group services, which hand each write to
     * the switch's master and report its outcome back, so one instance rolls a model out to the whole fabric).
     *
     * @return the switches, in the order the device service lists them
     */
    List<DeviceId> targets() {
        List<DeviceId> devices = new ArrayList<>();
        for (Device device : deviceService.getAvailableDevices()) {
            if (device.is(NidsProgrammable.class)) {
                devices.add(device.id());
            }
        }
        return devices;
    }

    /**
     * The switches this instance keeps in line on its own (reconciliation): those it masters. Every instance runs
     * the reconciler; each switch is reconciled once, by its master.
     *
     * @return the switches, in the order the device service lists them
     */
    List<DeviceId> mastered() {
        List<DeviceId> devices = new ArrayList<>();
        for (DeviceId deviceId : targets()) {
            if (mastersHere(mastershipService, deviceId)) {
                devices.add(deviceId);
            }
        }
        return devices;
    }

    /**
     * Whether this instance does a switch's own work (reconciliation, the class-counter poll): it masters the switch,
     * or nobody does. While ONOS re-asserts mastership (it does so periodically over P4Runtime) a device briefly has
     * no master; skipping it then would leave it out until the next round.
     *
     * @param mastership ONOS's mastership service
     * @param deviceId   a switch
     * @return true if this instance masters it or it has no master
     */
    static boolean mastersHere(MastershipService mastership, DeviceId deviceId) {
        return mastership.isLocalMaster(deviceId) || mastership.getMasterFor(deviceId) == null;
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
        return edgePorts.of(deviceId);
    }
}
