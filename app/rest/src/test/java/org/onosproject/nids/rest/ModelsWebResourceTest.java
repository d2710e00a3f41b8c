/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.ModelSummary;
import org.onosproject.nids.api.NidsException;
import org.onosproject.nids.api.NidsModelService;
import org.onosproject.nids.api.RolloutResult.DeviceResult;
import org.onosproject.nids.api.RolloutResult.Outcome;
import org.onosproject.nids.api.RolloutResult;
import org.onosproject.nids.codec.NidsTestModels;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.bundle.ModelBundleCodec;
import org.onosproject.nids.model.bundle.ModelFormatException;
import org.onosproject.nids.model.capacity.PipelineCapacity;
import org.onosproject.nids.model.catalog.FeatureCatalog;

import javax.ws.rs.client.Entity;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.util.List;
import java.util.Optional;

import static org.easymock.EasyMock.anyString;
import static org.easymock.EasyMock.createMock;
import static org.easymock.EasyMock.expect;
import static org.easymock.EasyMock.getCurrentArguments;
import static org.easymock.EasyMock.replay;
import static org.easymock.EasyMock.verify;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/** /onos/nids/models: every endpoint, every status. */
public class ModelsWebResourceTest extends NidsResourceTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:s1");
    private static final DeviceId S2 = DeviceId.deviceId("device:s2");

    private final ModelBundle binary = new ModelBundleCodec(FeatureCatalog.standard())
            .read(NidsTestModels.resource("/rest/model.json"));
    private final ModelBundle multi = new ModelBundleCodec(FeatureCatalog.standard())
            .read(NidsTestModels.resource("/rest/model-multiclass.json"));

    private NidsModelService service;

    @Before
    public void setUpService() {
        service = createMock(NidsModelService.class);
        setServiceDirectory(new TestServiceDirectory().add(NidsModelService.class, service));
    }

    @After
    public void verifyService() {
        verify(service);
    }

    private static Entity<String> jsonBody(String body) {
        return Entity.entity(body, MediaType.APPLICATION_JSON_TYPE);
    }

    // ---------------------------------------------------------------- GET /models

    @Test
    public void listsModelsOldestFirstWithTheActiveMarker() throws Exception {
        expect(service.summaries()).andReturn(List.of(ModelSummary.of(binary, false, NidsTestModels.CATALOG),
                                                      ModelSummary.of(multi, true, NidsTestModels.CATALOG)));
        replay(service);

        ObjectNode body = json(target("models").request().get(), 200);

        JsonNode models = body.get("models");
        assertEquals(2, models.size());
        JsonNode first = models.get(0);
        assertEquals(binary.modelId(), first.get("id").asText());
        assertEquals("J48 benign/attack on flows.csv: 2 features, 3 leaves", first.get("name").asText());
        assertEquals("2026-01-15T10:00:00Z", first.get("createdAt").asText());
        assertEquals("[\"Benign\",\"Attack\"]", first.get("classes").toString());
        assertEquals(8, first.get("slots").asInt());
        assertEquals("[\"L4_DST_PORT\",\"PROTOCOL\"]", first.get("features").toString());
        assertEquals(3, first.get("leaves").asInt());
        assertEquals(binary.phases().get(0).compiled().featureEntries().size() + binary.phases().get(0).compiled().decisionEntries().size(),
                first.get("entries").asInt());
        assertFalse(first.get("active").asBoolean());
        assertEquals(multi.modelId(), models.get(1).get("id").asText());
        assertTrue(models.get(1).get("active").asBoolean());
    }

    @Test
    public void listsNothingWhenNothingIsStored() throws Exception {
        expect(service.summaries()).andReturn(List.of());
        replay(service);
        assertEquals("{\"models\":[]}", json(target("models").request().get(), 200).toString());
    }

    // ---------------------------------------------------------------- POST /models

    @Test
    public void uploadStoresTheBodyAndAnswersCreatedWithLocation() throws Exception {
        String body = NidsTestModels.resource("/rest/model.json");
        expect(service.upload(body)).andReturn(binary);
        expect(service.activeModelId()).andReturn(Optional.empty());
        replay(service);

        Response response = target("models").request().post(jsonBody(body));

        assertThat(response.getLocation().toString(), endsWith("/models/" + binary.modelId()));
        ObjectNode summary = json(response, 201);
        assertEquals(binary.modelId(), summary.get("id").asText());
        assertFalse(summary.get("active").asBoolean());
    }

    @Test
    public void uploadOfMalformedJsonIs400WithAOneLineReasonAndNeverReachesTheService() throws Exception {
        replay(service);
        Response response = target("models").request()
                .post(jsonBody(NidsTestModels.resource("/rest/model-malformed.json")));
        String message = errorMessage(response, 400);
        assertThat(message, startsWith("malformed JSON: "));
        assertThat(message, containsString("line 21"));
    }

    @Test
    public void uploadOfAnEmptyBodyIs400() throws Exception {
        replay(service);
        assertThat(errorMessage(target("models").request().post(jsonBody("  ")), 400), startsWith("empty body"));
    }

    @Test
    public void uploadOfSomethingOtherThanAnObjectIs400() throws Exception {
        replay(service);
        assertEquals("expected a model bundle (a JSON object), got array",
                errorMessage(target("models").request().post(jsonBody("[1, 2]")), 400));
    }

    @Test
    public void anUploadAboveTwoMebibytesIs413AndNeverReachesTheService() throws Exception {
        replay(service);
        String padding = " ".repeat(2 * 1024 * 1024);
        assertEquals("request body larger than 2097152 bytes",
                     errorMessage(target("models").request().post(jsonBody("{\"name\": \"big\"" + padding + "}")),
                                  413));
    }

    /** A tree nested deeper than any the pipeline can hold: refused before a recursive parser sees it. */
    @Test
    public void aTreeFiveThousandLevelsDeepIs400AndNeverReachesTheService() throws Exception {
        replay(service);
        String message = errorMessage(target("models").request().post(jsonBody(deepTree(5000))), 400);
        assertThat(message, startsWith("JSON nested deeper than " + ModelsWebResource.MAX_MODEL_DEPTH + " levels"));
    }

    @Test
    public void theDeepestTreeThePipelineHoldsIsHandedToTheService() throws Exception {
        expect(service.upload(anyString())).andThrow(new NidsException(NidsException.Kind.INVALID, "refused"));
        replay(service);
        // A chain of splits with one leaf per decision entry of a bank, under the bundle's object and "tree".
        int deepest = PipelineCapacity.packaged().decisionEntriesPerBank() - 1;
        assertEquals("refused", errorMessage(target("models").request().post(jsonBody(deepTree(deepest))), 400));
    }

    /** A bundle whose tree is a chain of splits that many levels deep. */
    static String deepTree(int depth) {
        StringBuilder json = new StringBuilder("{\"schema_version\": 1, \"tree\": ");
        for (int i = 0; i < depth; i++) {
            json.append("{\"feature_id\": 1, \"threshold\": ").append(i).append(", \"le\": {\"leaf_id\": 0}, \"gt\": ");
        }
        json.append("{\"leaf_id\": 0}");
        json.append("}".repeat(depth)).append('}');
        return json.toString();
    }

    @Test
    public void uploadRefusedAsInvalidIs400WithTheServicesReason() throws Exception {
        // the service reads the bundle as the app does, and refuses it with model-core's reason
        expect(service.upload(anyString())).andAnswer(() -> {
            try {
                return new ModelBundleCodec(FeatureCatalog.standard()).read((String) getCurrentArguments()[0]);
            } catch (ModelFormatException e) {
                throw new NidsException(NidsException.Kind.INVALID, e.getMessage(), e);
            }
        });
        replay(service);
        Response response = target("models").request()
                .post(jsonBody(NidsTestModels.resource("/rest/model-schema-v7.json")));
        assertEquals("unknown model schema version 7 (this build reads versions 1 and 2)", errorMessage(response, 400));
    }

    @Test
    public void aModelCoreRefusalThatLeaksThroughIsStill400() throws Exception {
        expect(service.upload(anyString()))
                .andThrow(new ModelFormatException("feature id 99 is not in feature catalog version 1"));
        replay(service);
        assertEquals("feature id 99 is not in feature catalog version 1",
                errorMessage(target("models").request().post(jsonBody("{}")), 400));
    }

    @Test
    public void uploadOfADuplicateIs409() throws Exception {
        expect(service.upload(anyString())).andThrow(new NidsException(NidsException.Kind.CONFLICT,
                "model " + binary.modelId() + " is already stored"));
        replay(service);
        assertEquals("model " + binary.modelId() + " is already stored",
                errorMessage(target("models").request().post(jsonBody(NidsTestModels.json(binary))), 409));
    }

    // ---------------------------------------------------------------- GET /models/{id}

    @Test
    public void getReturnsTheBundleAsModelToolsWroteIt() throws Exception {
        expect(service.model(binary.modelId())).andReturn(Optional.of(binary));
        replay(service);
        ObjectNode body = json(target("models/" + binary.modelId()).request().get(), 200);
        assertEquals(MAPPER.readTree(NidsTestModels.resource("/rest/model.json")), body);
    }

    @Test
    public void getOfAnUnknownModelIs404() throws Exception {
        expect(service.model("nids-unknown")).andReturn(Optional.empty());
        replay(service);
        assertEquals("model nids-unknown is not stored",
                errorMessage(target("models/nids-unknown").request().get(), 404));
    }

    // ---------------------------------------------------------------- DELETE /models/{id}

    @Test
    public void deleteIs204() {
        expect(service.remove(binary.modelId())).andReturn(true);
        replay(service);
        Response response = target("models/" + binary.modelId()).request().delete();
        assertEquals(204, response.getStatus());
    }

    @Test
    public void deleteOfAnUnknownModelIs404() throws Exception {
        expect(service.remove("nids-unknown")).andReturn(false);
        replay(service);
        assertEquals("model nids-unknown is not stored",
                errorMessage(target("models/nids-unknown").request().delete(), 404));
    }

    @Test
    public void deleteOfTheActiveModelIs409() throws Exception {
        expect(service.remove(binary.modelId())).andThrow(new NidsException(NidsException.Kind.CONFLICT,
                "model " + binary.modelId() + " is active; activate another model first"));
        replay(service);
        assertThat(errorMessage(target("models/" + binary.modelId()).request().delete(), 409),
                containsString("is active"));
    }

    // ---------------------------------------------------------------- POST /models/{id}/activate

    @Test
    public void activateIs200WithThePerDeviceResult() throws Exception {
        expect(service.activate(binary.modelId())).andReturn(new RolloutResult(binary.modelId(), multi.modelId(),
                List.of(new DeviceResult(S1, Outcome.FLIPPED, 1, 9, null, 40),
                        new DeviceResult(S2, Outcome.FLIPPED, 0, 9, null, 35)), 80));
        replay(service);

        ObjectNode body = json(target("models/" + binary.modelId() + "/activate").request().post(null), 200);

        assertEquals(binary.modelId(), body.get("modelId").asText());
        assertEquals(multi.modelId(), body.get("previousModelId").asText());
        assertTrue(body.get("succeeded").asBoolean());
        assertEquals(2, body.get("devices").size());
        assertEquals("device:s2", body.get("devices").get(1).get("deviceId").asText());
        assertEquals("FLIPPED", body.get("devices").get(1).get("outcome").asText());
        assertFalse("no error fields on success", body.has("code"));
    }

    @Test
    public void activateWithAFailedDeviceIs502WithTheResultAndAMessageNamingTheDevice() throws Exception {
        expect(service.activate(binary.modelId())).andReturn(new RolloutResult(binary.modelId(), multi.modelId(),
                List.of(new DeviceResult(S1, Outcome.ROLLED_BACK, 1, 9, null, 40),
                        new DeviceResult(S2, Outcome.FAILED, 0, 0, "decision table write refused: RESOURCE_EXHAUSTED",
                                12)), 60));
        replay(service);

        Response response = target("models/" + binary.modelId() + "/activate").request().post(null);

        String message = errorMessage(response, 502);
        assertEquals("rollout of " + binary.modelId() + " failed on device:s2: decision table write refused:"
                + " RESOURCE_EXHAUSTED; rolled back on device:s1; " + multi.modelId() + " stays active", message);
    }

    @Test
    public void theBodyOf502CarriesEveryDeviceOutcome() throws Exception {
        expect(service.activate(binary.modelId())).andReturn(new RolloutResult(binary.modelId(), null,
                List.of(new DeviceResult(S1, Outcome.FAILED, 1, 0, "device unreachable", 3000),
                        new DeviceResult(S2, Outcome.NOT_ATTEMPTED, 0, 0, null, 0)), 3001));
        replay(service);

        ObjectNode body = json(target("models/" + binary.modelId() + "/activate").request().post(null), 502);

        assertEquals(502, body.get("code").asInt());
        assertFalse(body.get("succeeded").asBoolean());
        assertTrue(body.get("previousModelId").isNull());
        assertEquals("FAILED", body.get("devices").get(0).get("outcome").asText());
        assertEquals("device unreachable", body.get("devices").get(0).get("error").asText());
        assertEquals("NOT_ATTEMPTED", body.get("devices").get(1).get("outcome").asText());
    }

    @Test
    public void activateOfAnUnknownModelIs404() throws Exception {
        expect(service.activate("nids-unknown")).andThrow(new NidsException(NidsException.Kind.NOT_FOUND,
                "model nids-unknown is not stored"));
        replay(service);
        assertEquals("model nids-unknown is not stored",
                errorMessage(target("models/nids-unknown/activate").request().post(null), 404));
    }

    @Test
    public void aDeviceFailureThrownByTheServiceIs502() throws Exception {
        expect(service.activate(binary.modelId())).andThrow(new NidsException(
                NidsException.Kind.DEVICE_FAILURE, "device:s1: P4Runtime write failed"));
        replay(service);
        assertEquals("device:s1: P4Runtime write failed",
                errorMessage(target("models/" + binary.modelId() + "/activate").request().post(null), 502));
    }

    // ---------------------------------------------------------------- POST /models/rollback

    @Test
    public void rollbackIs200WithThePerDeviceResult() throws Exception {
        expect(service.rollback()).andReturn(new RolloutResult(multi.modelId(), binary.modelId(),
                List.of(new DeviceResult(S1, Outcome.FLIPPED, 0, 7, null, 20)), 21));
        replay(service);
        ObjectNode body = json(target("models/rollback").request().post(null), 200);
        assertEquals(multi.modelId(), body.get("modelId").asText());
        assertEquals(binary.modelId(), body.get("previousModelId").asText());
    }

    @Test
    public void rollbackWithoutAnEarlierModelIs409() throws Exception {
        expect(service.rollback()).andThrow(new NidsException(NidsException.Kind.CONFLICT,
                "no earlier model to roll back to"));
        replay(service);
        assertEquals("no earlier model to roll back to",
                errorMessage(target("models/rollback").request().post(null), 409));
    }

    @Test
    public void aFailedRollbackIs502() throws Exception {
        expect(service.rollback()).andReturn(new RolloutResult(multi.modelId(), binary.modelId(),
                List.of(new DeviceResult(S1, Outcome.FAILED, 0, 0, "timeout", 20)), 21));
        replay(service);
        assertThat(errorMessage(target("models/rollback").request().post(null), 502),
                startsWith("rollout of " + multi.modelId() + " failed on device:s1: timeout"));
    }

    // ---------------------------------------------------------------- GET /models/active

    @Test
    public void activeIsTheActiveModelsSummary() throws Exception {
        expect(service.summaries()).andReturn(List.of(ModelSummary.of(binary, true, NidsTestModels.CATALOG),
                                                      ModelSummary.of(multi, false, NidsTestModels.CATALOG)));
        replay(service);
        ObjectNode body = json(target("models/active").request().get(), 200);
        assertEquals(binary.modelId(), body.get("id").asText());
        assertTrue(body.get("active").asBoolean());
    }

    @Test
    public void activeIs404WhenNoModelIsActive() throws Exception {
        expect(service.summaries()).andReturn(List.of(ModelSummary.of(binary, false, NidsTestModels.CATALOG)));
        replay(service);
        assertEquals("no model is active", errorMessage(target("models/active").request().get(), 404));
    }

    // ---------------------------------------------------------------- misc

    @Test
    public void withoutTheModelServiceTheApiAnswers503() {
        setServiceDirectory(new TestServiceDirectory());
        replay(service);
        assertEquals(503, target("models").request().get().getStatus());
    }
}
