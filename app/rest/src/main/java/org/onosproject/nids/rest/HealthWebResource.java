/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.nids.api.NidsApp;
import org.onosproject.rest.AbstractWebResource;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

/**
 * Whether the NIDS app is ready to take devices: its pipeconf is registered with ONOS.
 */
@Path("health")
public class HealthWebResource extends AbstractWebResource {

    /**
     * Readiness of the NIDS app.
     *
     * @return 200 with {"pipeconfId": id, "pipeconfRegistered": true|false}
     * @onos.rsModel Health
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response health() {
        boolean registered = get(PiPipeconfService.class)
                .getPipeconf(new PiPipeconfId(NidsApp.PIPECONF_ID)).isPresent();
        ObjectNode root = mapper().createObjectNode()
                .put("pipeconfId", NidsApp.PIPECONF_ID)
                .put("pipeconfRegistered", registered);
        return ok(root).build();
    }
}
