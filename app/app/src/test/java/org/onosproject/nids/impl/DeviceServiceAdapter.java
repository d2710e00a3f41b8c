/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import com.google.common.collect.ImmutableList;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.MastershipRole;
import org.onosproject.net.Port;
import org.onosproject.net.PortNumber;
import org.onosproject.net.device.DeviceListener;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.device.PortStatistics;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A device service over a list of devices, every one available (onos-api's test jar has no adapter for it). */
public class DeviceServiceAdapter implements DeviceService {

    private final List<Device> devices;

    public DeviceServiceAdapter(List<Device> devices) {
        this.devices = new CopyOnWriteArrayList<>(devices);
    }

    @Override
    public int getDeviceCount() {
        return devices.size();
    }

    @Override
    public Iterable<Device> getDevices() {
        return ImmutableList.copyOf(devices);
    }

    @Override
    public Iterable<Device> getDevices(Device.Type type) {
        return getDevices();
    }

    @Override
    public Iterable<Device> getAvailableDevices() {
        return getDevices();
    }

    @Override
    public Iterable<Device> getAvailableDevices(Device.Type type) {
        return getDevices();
    }

    @Override
    public Device getDevice(DeviceId deviceId) {
        return devices.stream().filter(d -> d.id().equals(deviceId)).findFirst().orElse(null);
    }

    @Override
    public MastershipRole getRole(DeviceId deviceId) {
        return MastershipRole.MASTER;
    }

    @Override
    public List<Port> getPorts(DeviceId deviceId) {
        return List.of();
    }

    @Override
    public List<PortStatistics> getPortStatistics(DeviceId deviceId) {
        return List.of();
    }

    @Override
    public List<PortStatistics> getPortDeltaStatistics(DeviceId deviceId) {
        return List.of();
    }

    @Override
    public Port getPort(DeviceId deviceId, PortNumber portNumber) {
        return null;
    }

    @Override
    public boolean isAvailable(DeviceId deviceId) {
        return getDevice(deviceId) != null;
    }

    @Override
    public String localStatus(DeviceId deviceId) {
        return "";
    }

    @Override
    public long getLastUpdatedInstant(DeviceId deviceId) {
        return 0;
    }

    @Override
    public void addListener(DeviceListener listener) {
    }

    @Override
    public void removeListener(DeviceListener listener) {
    }
}
