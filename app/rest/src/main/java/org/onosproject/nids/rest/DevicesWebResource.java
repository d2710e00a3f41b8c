/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.nids.api.DeviceView;
import org.onosproject.nids.api.NidsDeviceService;
import org.onosproject.rest.AbstractWebResource;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

/**
 * The switches of the NIDS: every switch running the NIDS pipeconf or holding app state, with its bank, model,
 * entries, last error and counters.
 */
@Path("devices")
public class DevicesWebResource extends AbstractWebResource {

    /**
     * Lists the NIDS switches in device-id order.
     *
     * @return 200 with {"devices": [device, …]}
     * @onos.rsModel Device DeviceList
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response listDevices() {
        ObjectNode root = mapper().createObjectNode();
        ArrayNode devices = root.putArray("devices");
        get(NidsDeviceService.class).devices()
                .forEach(view -> devices.add(codec(DeviceView.class).encode(view, this)));
        return ok(root).build();
    }
}
