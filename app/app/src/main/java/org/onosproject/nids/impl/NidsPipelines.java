/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.device.DeviceService;
import org.onosproject.nids.api.NidsProgrammable;

import java.util.Optional;

/**
 * Reaches a switch's pipeline through the {@link NidsProgrammable} behaviour its pipeconf gives the device driver
 * (as ONOS's IntManager reaches IntProgrammable): a switch without it does not run the NIDS pipeline.
 */
public final class NidsPipelines {

    private NidsPipelines() {
    }

    /**
     * @param deviceService the device service
     * @param deviceId      a switch
     * @return its pipeline, if it runs the NIDS pipeline
     */
    public static Optional<NidsProgrammable> of(DeviceService deviceService, DeviceId deviceId) {
        Device device = deviceService.getDevice(deviceId);
        if (device == null || !device.is(NidsProgrammable.class)) {
            return Optional.empty();
        }
        return Optional.of(device.as(NidsProgrammable.class));
    }
}
