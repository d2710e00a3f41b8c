/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.AlertParams;
import org.onosproject.nids.api.FlowRecord;
import org.onosproject.nids.api.NidsFlowRecordService;
import org.onosproject.rest.AbstractWebResource;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.util.Optional;

/**
 * The flow window: the most recent flow records the switches reported (benign and attack), as the alerts see them.
 */
@Path("flows")
public class FlowsWebResource extends AbstractWebResource {

    /**
     * Lists recent flow records, newest first.
     *
     * @param device optional: only the records of this switch (e.g. device:s1)
     * @param limit  optional: at most this many, 1..10000 (default 100)
     * @return 200 with {"flows": [record, …]}; 400 naming the bad parameter
     * @onos.rsModel FlowRecord FlowList
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response listFlows(@QueryParam("device") String device,
                              @QueryParam("limit") String limit) {
        Optional<DeviceId> deviceId = AlertParams.device(device);
        int max = AlertParams.limit(limit);
        ObjectNode root = mapper().createObjectNode();
        ArrayNode flows = root.putArray("flows");
        get(NidsFlowRecordService.class).recentFlows(deviceId, max).stream().limit(max)
                .forEach(record -> flows.add(codec(FlowRecord.class).encode(record, this)));
        return ok(root).build();
    }
}
