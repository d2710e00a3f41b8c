/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.nids.api.AlertParams;
import org.onosproject.nids.api.AlertQuery;
import org.onosproject.nids.api.NidsAlert;
import org.onosproject.nids.api.NidsAlertService;
import org.onosproject.nids.api.NidsException;
import org.onosproject.nids.api.UserInput;
import org.onosproject.rest.AbstractWebResource;

import javax.ws.rs.GET;
import javax.ws.rs.POST;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.SecurityContext;

import static org.onosproject.nids.api.NidsException.Kind.NOT_FOUND;

/**
 * Alerts: the flows the model called attacks, deduplicated (docs/alerts.md); listing with filters, one alert, and
 * acknowledgement. Bad parameters are 400 with a reason naming the parameter ({@link AlertParams}).
 */
@Path("alerts")
public class AlertsWebResource extends AbstractWebResource {

    @Context
    private SecurityContext security;

    /**
     * Lists alerts, newest (last seen) first.
     *
     * @param state     optional: OPEN, ACKNOWLEDGED or BLOCKED (any case)
     * @param since     optional: only alerts last seen at or after this ISO-8601 instant or epoch ms
     * @param className optional: only alerts of this class name
     * @param incident  optional: only the evidence alerts of this incident
     * @param limit     optional: at most this many, 1..10000 (default 100)
     * @return 200 with {"alerts": [alert, …]}; 400 naming the bad parameter
     * @onos.rsModel FlowKey DecisionStep Alert AlertList
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response listAlerts(@QueryParam("state") String state,
                               @QueryParam("since") String since,
                               @QueryParam("class") String className,
                               @QueryParam("incident") String incident,
                               @QueryParam("limit") String limit) {
        AlertQuery query = AlertParams.query(state, since, className, incident, limit);
        ObjectNode root = mapper().createObjectNode();
        ArrayNode alerts = root.putArray("alerts");
        get(NidsAlertService.class).alerts(query).forEach(alert -> alerts.add(codec(NidsAlert.class).encode(alert,
                this)));
        return ok(root).build();
    }

    /**
     * One alert.
     *
     * @param alertId alert id
     * @return 200 with the alert; 404 for an unknown id
     * @onos.rsModel Alert
     */
    @GET
    @Path("{alertId}")
    @Produces(MediaType.APPLICATION_JSON)
    public Response getAlert(@PathParam("alertId") String alertId) {
        NidsAlert alert = AlertParams.alertId(alertId).flatMap(get(NidsAlertService.class)::alert)
                .orElseThrow(() -> notFound(alertId));
        return ok(codec(NidsAlert.class).encode(alert, this)).build();
    }

    /**
     * Acknowledges an alert (OPEN becomes ACKNOWLEDGED; acknowledging again, or a blocked alert, changes nothing).
     *
     * @param alertId alert id
     * @return 200 with the alert after the change; 404 for an unknown id
     */
    @POST
    @Path("{alertId}/ack")
    @Produces(MediaType.APPLICATION_JSON)
    public Response acknowledgeAlert(@PathParam("alertId") String alertId) {
        NidsAlert acked = Audit.change(this, security, "alert.ack", alertId, () -> get(NidsAlertService.class)
                .acknowledge(AlertParams.alertId(alertId).orElseThrow(() -> notFound(alertId))));
        return ok(codec(NidsAlert.class).encode(acked, this)).build();
    }

    private static NidsException notFound(String alertId) {
        return new NidsException(NOT_FOUND, "alert " + UserInput.brief(alertId) + " does not exist");
    }
}
