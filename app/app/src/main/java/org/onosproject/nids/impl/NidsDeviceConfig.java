/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.common.collect.ImmutableSet;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.config.Config;

import java.util.Optional;
import java.util.Set;

/**
 * Per-switch NIDS configuration in the network config, under the device's "nids" key:
 * <pre>
 * "devices": { "device:bmv2:s1": { "nids": { "edgePorts": [1, 2] } } }
 * </pre>
 * Edge ports face hosts: flows are tracked where they enter or leave the fabric, never on transit hops.
 */
public class NidsDeviceConfig extends Config<DeviceId> {

    public static final String KEY = "nids";
    static final String EDGE_PORTS = "edgePorts";

    @Override
    public boolean isValid() {
        if (!hasOnlyFields(EDGE_PORTS)) {
            return false;
        }
        JsonNode ports = object.path(EDGE_PORTS);
        if (ports.isMissingNode()) {
            return true;
        }
        if (!ports.isArray()) {
            return false;
        }
        for (JsonNode port : ports) {
            if (!port.canConvertToLong() || port.asLong() < 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * @return the configured edge ports, if the config names them
     */
    public Optional<Set<PortNumber>> edgePorts() {
        JsonNode ports = object.path(EDGE_PORTS);
        if (!ports.isArray()) {
            return Optional.empty();
        }
        ImmutableSet.Builder<PortNumber> set = ImmutableSet.builder();
        ports.forEach(p -> set.add(PortNumber.portNumber(p.asLong())));
        return Optional.of(set.build());
    }
}
