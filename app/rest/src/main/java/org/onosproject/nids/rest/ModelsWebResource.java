/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.nids.api.ModelSummary;
import org.onosproject.nids.api.NidsAuditService;
import org.onosproject.nids.api.NidsException;
import org.onosproject.nids.api.NidsModelService;
import org.onosproject.nids.api.RolloutResult;
import org.onosproject.nids.api.UserInput;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.capacity.PipelineCapacity;
import org.onosproject.nids.model.catalog.FeatureCatalog;
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

import static org.onosproject.nids.api.NidsException.Kind.NOT_FOUND;

/**
 * Decision-tree models: the stored bundles, upload and removal, activation (rollout to every switch) and rollback.
 * Refusals of the model service map to statuses in {@link NidsExceptionMapper}.
 */
@Path("models")
public class ModelsWebResource extends AbstractWebResource {

    private static final String MODELS = "models";

    @Context
    private UriInfo uriInfo;
    @Context
    private SecurityContext security;

    /**
     * Lists the stored models, oldest first.
     *
     * @return 200 with {"models": [summary, …]}; the active one has "active": true
     * @onos.rsModel ModelList
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response listModels() {
        ObjectNode root = mapper().createObjectNode();
        ArrayNode models = root.putArray(MODELS);
        modelService().summaries().forEach(summary -> models.add(codec(ModelSummary.class).encode(summary, this)));
        return ok(root).build();
    }

    /**
     * Stores a model bundle, as model-tools writes it. Nothing reaches a switch until it is activated.
     *
     * @param body the bundle
     * @return 201 with the model's summary and Location /onos/nids/models/{id}; 400 with the reason when the
     *         bundle is refused; 409 when it conflicts with a stored model (e.g. the same id)
     * @onos.rsModel ModelBundle
     */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response uploadModel(InputStream body) {
        String json = readJsonObject(body);
        NidsModelService service = modelService();
        ModelBundle stored = Audit.change(this, security, "model.upload", "-", () -> service.upload(json),
                                          bundle -> "ok: " + bundle.modelId());
        boolean active = service.activeModelId().map(stored.modelId()::equals).orElse(false);
        URI location = uriInfo.getBaseUriBuilder().path(MODELS).path(stored.modelId()).build();
        return Response.created(location)
                .entity(codec(ModelSummary.class).encode(ModelSummary.of(stored, active, FeatureCatalog.standard()),
                        this))
                .build();
    }

    /**
     * The active model.
     *
     * @return 200 with the active model's summary; 404 when no model is active
     * @onos.rsModel ModelSummary
     */
    @GET
    @Path("active")
    @Produces(MediaType.APPLICATION_JSON)
    public Response activeModel() {
        ModelSummary active = modelService().summaries().stream().filter(ModelSummary::active).findFirst()
                .orElseThrow(() -> new NidsException(NOT_FOUND, "no model is active"));
        return ok(codec(ModelSummary.class).encode(active, this)).build();
    }

    /**
     * One stored model, the whole bundle.
     *
     * @param modelId model id
     * @return 200 with the model.json document; 404 for an unknown id
     * @onos.rsModel ModelBundle
     */
    @GET
    @Path("{modelId}")
    @Produces(MediaType.APPLICATION_JSON)
    public Response getModel(@PathParam("modelId") String modelId) {
        ModelBundle bundle = modelService().model(modelId)
                .orElseThrow(() -> notFound(modelId));
        return ok(codec(ModelBundle.class).encode(bundle, this)).build();
    }

    /**
     * Removes a stored model.
     *
     * @param modelId model id
     * @return 204; 404 for an unknown id; 409 if the model is active
     */
    @DELETE
    @Path("{modelId}")
    public Response removeModel(@PathParam("modelId") String modelId) {
        Audit.change(this, security, "model.remove", modelId, () -> {
            if (!modelService().remove(modelId)) {
                throw notFound(modelId);
            }
            return true;
        });
        return Response.noContent().build();
    }

    /**
     * Makes a stored model the active one on every switch running the NIDS pipeconf.
     *
     * @param modelId model id
     * @return 200 with the per-device rollout result; 502 with the same body plus "code" and "message" (naming
     *         the device and why) when a device failed; 404 for an unknown id
     * @onos.rsModel DeviceRollout RolloutResult
     */
    @POST
    @Path("{modelId}/activate")
    @Produces(MediaType.APPLICATION_JSON)
    public Response activateModel(@PathParam("modelId") String modelId) {
        return rolloutResponse(Audit.change(this, security, "model.activate", modelId,
                                            () -> modelService().activate(modelId), NidsAuditService::outcome));
    }

    /**
     * Re-activates the model that was active before the current one.
     *
     * @return as activate; 409 when there is no earlier model
     * @onos.rsModel DeviceRollout RolloutResult
     */
    @POST
    @Path("rollback")
    @Produces(MediaType.APPLICATION_JSON)
    public Response rollback() {
        return rolloutResponse(Audit.change(this, security, "model.rollback", "-", () -> modelService().rollback(),
                                            NidsAuditService::outcome));
    }

    private Response rolloutResponse(RolloutResult result) {
        ObjectNode json = codec(RolloutResult.class).encode(result, this);
        if (result.succeeded()) {
            return ok(json).build();
        }
        Response.Status status = Response.Status.BAD_GATEWAY;
        ObjectNode body = NidsErrors.body(status, result.failureMessage());
        body.setAll(json);
        return Response.status(status).type(MediaType.APPLICATION_JSON_TYPE).entity(body).build();
    }

    private NidsModelService modelService() {
        return get(NidsModelService.class);
    }

    private static NidsException notFound(String modelId) {
        return new NidsException(NOT_FOUND, "model " + UserInput.brief(modelId) + " is not stored");
    }

    /**
     * The deepest nesting a stored model can have: a tree the decision table holds has at most one leaf per entry,
     * so it is at most that many levels deep, under the bundle's object and its "tree" member; the rest of a bundle
     * (entries, slots, training summary) nests 4 levels at most.
     */
    static final int MAX_MODEL_DEPTH = PipelineCapacity.packaged().decisionEntriesPerBank() + 8;

    /**
     * The largest model bundle accepted: one that fills the pipeline (about 1,000 decision entries, each leaf with its
     * explanation, trees at every phase) is about 1.1 MiB of JSON; the model store keeps it compressed. Twice what
     * the pipeline can hold would be 2.2 MiB: 2 MiB leaves room for longer explanations and refuses a 2 MB body.
     */
    static final int MAX_MODEL_BYTES = 2 << 20;

    /** The body as text, refused with a one-line reason unless it is one JSON object within the limits. */
    private static String readJsonObject(InputStream body) {
        return JsonBodies.objectText(body, MAX_MODEL_DEPTH, "a model bundle (a JSON object)", MAX_MODEL_BYTES);
    }
}
