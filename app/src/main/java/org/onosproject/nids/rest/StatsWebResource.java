/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.rest;

import org.onlab.osgi.ServiceNotFoundException;
import org.onosproject.nids.api.NidsAlertService;
import org.onosproject.nids.api.NidsFlowRecordService;
import org.onosproject.nids.codec.AlertCodecs;
import org.onosproject.nids.codec.AlertViews;
import org.onosproject.rest.AbstractWebResource;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.util.Optional;

/**
 * Alert and flow statistics: alerts by state, and per class and per switch the open alerts, alerts, reports and
 * flows.
 */
@Path("stats")
public class StatsWebResource extends AbstractWebResource {

    /**
     * The statistics.
     *
     * @return 200 with the statistics (flows null, flowsAvailable false, when the flow service is not running)
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response stats() {
        Optional<NidsFlowRecordService> flows;
        try {
            flows = Optional.of(get(NidsFlowRecordService.class));
        } catch (ServiceNotFoundException e) {
            flows = Optional.empty();
        }
        return ok(AlertCodecs.STATS.encode(AlertViews.stats(get(NidsAlertService.class), flows), this)).build();
    }
}
