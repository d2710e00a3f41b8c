/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.nids.api.BlockRequest;
import org.onosproject.nids.api.NidsBlock;
import org.onosproject.nids.api.NidsBlockService;
import org.onosproject.nids.api.NidsException;
import org.onosproject.nids.api.UserInput;
import org.onosproject.nids.detection.BlockPolicy;
import org.onosproject.rest.AbstractWebResource;

import javax.ws.rs.Consumes;
import javax.ws.rs.DELETE;
import javax.ws.rs.GET;
import javax.ws.rs.POST;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.SecurityContext;
import javax.ws.rs.core.UriInfo;
import java.io.InputStream;
import java.net.URI;

import static org.onosproject.nids.api.NidsException.Kind.INVALID;
import static org.onosproject.nids.api.NidsException.Kind.NOT_FOUND;

/**
 * Blocks: sources dropped at the fabric edge through ONOS intents (docs/blocking.md). A bad body is 400 naming the
 * field; an allowlisted source, a source already blocked with that scope or the cap reached is 409 with the reason.
 */
@Path("blocks")
public class BlocksWebResource extends AbstractWebResource {

    static final String BLOCKS = "blocks";

    @Context
    private UriInfo uriInfo;
    @Context
    private SecurityContext security;

    /**
     * Lists the blocks, newest first, with the state of their intents, and the policy in force.
     *
     * @return 200 with {"blocks": [block, …], "policy": {…}}
     * @onos.rsModel BlockScope BlockPolicy Block BlockList
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response listBlocks() {
        ObjectNode root = mapper().createObjectNode();
        ArrayNode blocks = root.putArray(BLOCKS);
        NidsBlockService service = get(NidsBlockService.class);
        service.blocks().forEach(block -> blocks.add(codec(NidsBlock.class).encode(block, this)));
        root.set("policy", codec(BlockPolicy.class).encode(service.policy(), this));
        return ok(root).build();
    }

    /**
     * One block.
     *
     * @param blockId block id
     * @return 200 with the block; 404 for an unknown id
     * @onos.rsModel Block
     */
    @GET
    @Path("{blockId}")
    @Produces(MediaType.APPLICATION_JSON)
    public Response getBlock(@PathParam("blockId") String blockId) {
        NidsBlock block = get(NidsBlockService.class).block(blockId).orElseThrow(() -> notFound(blockId));
        return ok(codec(NidsBlock.class).encode(block, this)).build();
    }

    /**
     * Blocks a source. The body names it and, optionally, the alert, the scope, the lifetime and the reason:
     * {"src": "10.0.0.3", "ttlSeconds": 600, "reason": "…"} (also "alertId", "scope").
     *
     * @param body the request
     * @return 201 with the block and its Location; 400 for a bad body; 404 for an unknown alert; 409 for an
     *         allowlisted or already blocked source or the cap reached
     * @onos.rsModel BlockRequest
     */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response addBlock(InputStream body) {
        BlockRequest request = request(body);
        NidsBlock block = Audit.change(this, security, "block.add", request.src().toString(),
                                       () -> get(NidsBlockService.class).block(request),
                                       made -> "ok: block " + made.id());
        URI location = uriInfo.getBaseUriBuilder().path(BLOCKS).path(block.id()).build();
        return Response.created(location).entity(codec(NidsBlock.class).encode(block, this)).build();
    }

    /**
     * Unblocks: removes the block and withdraws its intent (the drop rules go).
     *
     * @param blockId block id
     * @return 204; 404 for an unknown id
     */
    @DELETE
    @Path("{blockId}")
    public Response removeBlock(@PathParam("blockId") String blockId) {
        Audit.change(this, security, "block.remove", blockId, () -> get(NidsBlockService.class).unblock(blockId));
        return Response.noContent().build();
    }

    private BlockRequest request(InputStream body) {
        ObjectNode json = JsonBodies.object(body, mapper(), JsonBodies.MAX_DEPTH,
                                            "a JSON object like {\"src\": \"10.0.0.3\"}");
        try {
            return codec(BlockRequest.class).decode(json, this);
        } catch (IllegalArgumentException e) {
            throw new NidsException(INVALID, e.getMessage(), e);
        }
    }

    private static NidsException notFound(String blockId) {
        return new NidsException(NOT_FOUND, "block " + UserInput.brief(blockId) + " does not exist");
    }
}
