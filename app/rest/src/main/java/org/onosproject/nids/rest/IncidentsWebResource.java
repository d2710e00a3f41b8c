/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.nids.api.IncidentParams;
import org.onosproject.nids.api.IncidentQuery;
import org.onosproject.nids.api.NidsException;
import org.onosproject.nids.api.NidsIncidentService;
import org.onosproject.nids.api.UserInput;
import org.onosproject.nids.detection.Incident;
import org.onosproject.rest.AbstractWebResource;

import javax.ws.rs.GET;
import javax.ws.rs.POST;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

import static org.onosproject.nids.api.NidsException.Kind.NOT_FOUND;

/**
 * Incidents: the attack verdicts of one source and attack family within a window, with their evidence flows, where
 * the source was seen, and the automatic-blocking rule's latest decision (docs/alerts.md). The evidence flows' alerts
 * are {@code GET /alerts?incident={id}}; a block answering an incident is {@code POST /blocks} with its
 * {@code incidentId}.
 */
@Path("incidents")
public class IncidentsWebResource extends AbstractWebResource {

    /**
     * Lists incidents, newest (last seen) first, with the incident store's counters.
     *
     * @param state  optional: OPEN, ACKNOWLEDGED, BLOCKED or CLOSED (any case)
     * @param source optional: only incidents of this IPv4 source
     * @param family optional: only incidents of this family (Scan, Flood, BruteForce, SlowDoS, or a class name)
     * @param since  optional: only incidents last seen at or after this ISO-8601 instant or epoch ms
     * @param limit  optional: at most this many, 1..10000 (default 100)
     * @return 200 with {"incidents": [incident, …], "counters": {name: count}}; 400 naming the bad parameter
     * @onos.rsModel Incident IncidentList
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response listIncidents(@QueryParam("state") String state,
                                  @QueryParam("source") String source,
                                  @QueryParam("family") String family,
                                  @QueryParam("since") String since,
                                  @QueryParam("limit") String limit) {
        IncidentQuery query = IncidentParams.query(state, source, family, since, limit);
        NidsIncidentService service = get(NidsIncidentService.class);
        ObjectNode root = mapper().createObjectNode();
        ArrayNode incidents = root.putArray("incidents");
        service.incidents(query).forEach(i -> incidents.add(codec(Incident.class).encode(i, this)));
        ObjectNode counters = root.putObject("counters");
        service.counters().forEach(counters::put);
        return ok(root).build();
    }

    /**
     * One incident.
     *
     * @param incidentId incident id
     * @return 200 with the incident; 404 for an unknown id
     * @onos.rsModel Incident
     */
    @GET
    @Path("{incidentId}")
    @Produces(MediaType.APPLICATION_JSON)
    public Response getIncident(@PathParam("incidentId") String incidentId) {
        Incident incident = IncidentParams.incidentId(incidentId).flatMap(get(NidsIncidentService.class)::incident)
                .orElseThrow(() -> notFound(incidentId));
        return ok(codec(Incident.class).encode(incident, this)).build();
    }

    /**
     * Acknowledges an incident and its evidence alerts (OPEN becomes ACKNOWLEDGED; automatic blocking then leaves the
     * source to the operator; any other state is left as it is).
     *
     * @param incidentId incident id
     * @return 200 with the incident after the change; 404 for an unknown id
     */
    @POST
    @Path("{incidentId}/ack")
    @Produces(MediaType.APPLICATION_JSON)
    public Response acknowledgeIncident(@PathParam("incidentId") String incidentId) {
        long id = IncidentParams.incidentId(incidentId).orElseThrow(() -> notFound(incidentId));
        return ok(codec(Incident.class).encode(get(NidsIncidentService.class).acknowledge(id), this)).build();
    }

    private static NidsException notFound(String incidentId) {
        return new NidsException(NOT_FOUND, "incident " + UserInput.brief(incidentId) + " does not exist");
    }
}
