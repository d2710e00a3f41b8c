/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.nids.api.DeviceModelState;
import org.onosproject.nids.api.DeviceView;
import org.onosproject.nids.api.NidsDeviceService;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Lists the NIDS switches: pipeconf, availability, active bank, model, entries, last error and counters. With -j,
 * the JSON of GET /onos/nids/devices.
 */
@Service
@Command(scope = "onos", name = "nids-devices",
        description = "Lists the NIDS switches with their active bank, model, entries and counters")
public class NidsDevicesCommand extends NidsCommand {

    @Override
    protected void doExecute() {
        List<DeviceView> views = getService(NidsDeviceService.class).devices();
        if (outputJson()) {
            ObjectNode root = mapper().createObjectNode();
            ArrayNode array = root.putArray("devices");
            views.forEach(view -> array.add(codec(DeviceView.class).encode(view, this)));
            printJson(root);
            return;
        }
        if (views.isEmpty()) {
            print("No device runs the NIDS pipeconf.");
            return;
        }
        for (DeviceView view : views) {
            print("%s pipeconf=%s available=%s bank=%s model=%s entries=%d", view.deviceId(),
                    view.pipeconfId().orElse("none"), view.available(),
                    view.activeBank() == DeviceModelState.NO_BANK ? "none" : Integer.toString(view.activeBank()),
                    view.modelId().orElse("none"), view.entries());
            if (!view.classCounters().isEmpty()) {
                print("    classes: %s", view.classCounters().stream().map(DeviceView.ClassCounter::toString)
                        .collect(Collectors.joining(" ")));
            }
            if (!view.reportCounters().isEmpty()) {
                print("    reports: %s", view.reportCounters().entrySet().stream()
                        .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" ")));
            }
            view.lastError().ifPresent(error -> print("    last error: %s", error));
        }
    }
}
