/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.onlab.util.Tools;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.edge.EdgePortService;

import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The fabric's edge ports, where hosts' packets enter it: a switch's "nids.edgePorts" in the network config, otherwise
 * the ports ONOS sees no link on. The pipeline's port roles come from here, and so does the spoofed-source check's
 * idea of where a client's packets entered the fabric.
 */
public final class EdgePorts {

    private final EdgePortService edgePortService;
    private final NetworkConfigService networkConfigService;

    /**
     * @param edgePortService      ONOS's edge ports (no link)
     * @param networkConfigService the network config ({@link NidsDeviceConfig} under "nids")
     */
    public EdgePorts(EdgePortService edgePortService, NetworkConfigService networkConfigService) {
        this.edgePortService = edgePortService;
        this.networkConfigService = networkConfigService;
    }

    /**
     * @param deviceId a switch
     * @return its edge ports
     */
    public Set<PortNumber> of(DeviceId deviceId) {
        return configured(deviceId).orElseGet(() -> Tools.stream(edgePortService.getEdgePoints(deviceId))
                .map(ConnectPoint::port).collect(Collectors.toSet()));
    }

    /**
     * @param point a switch port
     * @return whether it is an edge port
     */
    public boolean isEdge(ConnectPoint point) {
        return configured(point.deviceId()).map(ports -> ports.contains(point.port()))
                .orElseGet(() -> edgePortService.isEdgePoint(point));
    }

    private Optional<Set<PortNumber>> configured(DeviceId deviceId) {
        NidsDeviceConfig config = networkConfigService.getConfig(deviceId, NidsDeviceConfig.class);
        return config != null ? config.edgePorts() : Optional.empty();
    }
}
