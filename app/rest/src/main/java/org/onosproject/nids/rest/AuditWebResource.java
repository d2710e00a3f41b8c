/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.nids.api.AlertParams;
import org.onosproject.nids.api.AuditEntry;
import org.onosproject.nids.api.NidsAuditService;
import org.onosproject.rest.AbstractWebResource;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.SecurityContext;
import java.time.Instant;

/**
 * The audit log: every model, block, alert and policy change, who made it, when, through which cluster instance, and
 * how it ended (newest first, the same from every instance), and whether the requesting user may make changes (ONOS's
 * admin role).
 */
@Path("audit")
public class AuditWebResource extends AbstractWebResource {

    @Context
    private SecurityContext security;

    /**
     * The newest audit entries.
     *
     * @param limit optional: at most this many, 1..10000 (default 100)
     * @return 200 with {"entries": [entry, …], "evicted": n, "notStored": n, "requester": {"user": name, "admin":
     *         bool}}; 400 for a bad limit
     * @onos.rsModel AuditList
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response audit(@QueryParam("limit") String limit) {
        int count = AlertParams.limit(limit);
        NidsAuditService audit = get(NidsAuditService.class);
        ObjectNode root = mapper().createObjectNode();
        ArrayNode entries = root.putArray("entries");
        for (AuditEntry entry : audit.entries(count)) {
            entries.addObject().put("time", Instant.ofEpochMilli(entry.timeMillis()).toString())
                    .put("instance", entry.instance()).put("user", entry.user()).put("action", entry.action()).put("target", entry.target())
                    .put("result", entry.result());
        }
        root.put("evicted", audit.evicted());
        root.put("notStored", audit.notStored());
        String user = Audit.user(security);
        root.putObject("requester").put("user", user)
                .put("admin", audit.hasRole(user, NidsAuditService.ADMIN_ROLE));
        return ok(root).build();
    }
}
