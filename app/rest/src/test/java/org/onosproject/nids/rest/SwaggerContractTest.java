/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableMap;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.Ip4Address;
import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.nids.api.AlertParams;
import org.onosproject.nids.api.AlertState;
import org.onosproject.nids.api.BlockReactionStats;
import org.onosproject.nids.api.BlockRequest;
import org.onosproject.nids.api.ClassShareSample;
import org.onosproject.nids.api.DeviceView;
import org.onosproject.nids.api.ModelSummary;
import org.onosproject.nids.api.NidsAlertService;
import org.onosproject.nids.api.NidsAuditService;
import org.onosproject.nids.api.NidsBlock;
import org.onosproject.nids.api.NidsBlockService;
import org.onosproject.nids.api.NidsClassShareService;
import org.onosproject.nids.api.NidsDeviceService;
import org.onosproject.nids.api.NidsIncidentService;
import org.onosproject.nids.api.NidsFlowRecordService;
import org.onosproject.nids.api.NidsModelService;
import org.onosproject.nids.api.NidsStatsService;
import org.onosproject.nids.api.RolloutResult;
import org.onosproject.nids.api.RecordingAudit;
import org.onosproject.nids.codec.AlertTestData;
import org.onosproject.nids.codec.IncidentTestData;
import org.onosproject.nids.codec.NidsTestModels;
import org.onosproject.nids.detection.AlertSeverity;
import org.onosproject.nids.detection.BlockPolicy;
import org.onosproject.nids.detection.Ipv4Cidr;
import org.onosproject.nids.model.bundle.ModelBundle;

import javax.ws.rs.DELETE;
import javax.ws.rs.GET;
import javax.ws.rs.POST;
import javax.ws.rs.PUT;
import javax.ws.rs.client.Entity;
import java.io.File;
import java.lang.reflect.Method;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import static org.easymock.EasyMock.anyInt;
import static org.easymock.EasyMock.anyObject;
import static org.easymock.EasyMock.createNiceMock;
import static org.easymock.EasyMock.expect;
import static org.easymock.EasyMock.replay;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The REST API document onos-maven-plugin generates (target/swagger.json, what ONOS's API docs serve) describes
 * exactly the endpoints the web application serves, and the answers and request bodies the resources really give
 * and take match the document's definitions (src/main/resources/definitions).
 */
public class SwaggerContractTest extends NidsResourceTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final File SWAGGER = new File("target/swagger.json");
    private static final DeviceId S1 = DeviceId.deviceId("device:s1");

    private final ModelBundle model = NidsTestModels.binary("m", "2026-01-15T10:00:00Z");
    private JsonNode swagger;

    @Before
    public void readTheDocumentAndServeFixtures() throws Exception {
        assertTrue("run the build: onos-maven-plugin writes " + SWAGGER.getAbsolutePath(), SWAGGER.exists());
        swagger = MAPPER.readTree(SWAGGER);

        NidsModelService models = createNiceMock(NidsModelService.class);
        expect(models.summaries()).andStubReturn(List.of(ModelSummary.of(model, true, NidsTestModels.CATALOG)));
        expect(models.model(model.modelId())).andStubReturn(Optional.of(model));
        RolloutResult flipped = new RolloutResult(model.modelId(), null, List.of(
                new RolloutResult.DeviceResult(S1, RolloutResult.Outcome.FLIPPED, 1, 9, null, 12)), 15);
        expect(models.activate(model.modelId())).andStubReturn(flipped);
        expect(models.rollback()).andStubReturn(flipped);
        NidsDeviceService devices = createNiceMock(NidsDeviceService.class);
        expect(devices.devices()).andStubReturn(List.of(new DeviceView(S1, "org.onosproject.nids.bmv2", true, 1,
                model.modelId(), 9, "bank 0 cleanup refused", 1234L,
                List.of(new DeviceView.ClassCounter(0, "Benign", 900), new DeviceView.ClassCounter(7, null, 3)),
                Map.of("sent.ALERT", 42L, "evictions", 5L))));
        NidsAlertService alerts = createNiceMock(NidsAlertService.class);
        expect(alerts.alerts(anyObject())).andStubReturn(List.of(
                AlertTestData.alert(1, AlertState.OPEN, AlertTestData.T0),
                AlertTestData.alert(2, AlertState.BLOCKED, AlertTestData.T0 + 5)));
        expect(alerts.alert(1)).andStubReturn(Optional.of(AlertTestData.alert(1, AlertState.OPEN, AlertTestData.T0)));
        NidsStatsService stats = createNiceMock(NidsStatsService.class);
        expect(stats.alertStats()).andStubReturn(StatsWebResourceTest.stats(true));
        NidsClassShareService shares = createNiceMock(NidsClassShareService.class);
        expect(shares.pollSeconds()).andStubReturn(10);
        expect(shares.maxSamples()).andStubReturn(360);
        expect(shares.localReads()).andStubReturn(Map.of(DeviceId.deviceId("device:bmv2:s1"), 4L));
        expect(shares.classShares(anyInt())).andStubReturn(List.of(new ClassShareSample(1_000, 10_000, "m1",
                ImmutableMap.of("Benign", 90L, "Attack", 10L))));
        NidsBlockService blocks = createNiceMock(NidsBlockService.class);
        NidsBlock block = NidsBlock.builder().id("4").src(Ip4Address.valueOf("10.0.0.3")).reason("test")
                .alertId(2L).incidentId(6L).createdMillis(1000).expiresMillis(601_000).build()
                .withStatus("INSTALLED", List.of(DeviceId.deviceId("device:bmv2:s1")));
        expect(blocks.blocks()).andStubReturn(List.of(block));
        expect(blocks.block("4")).andStubReturn(Optional.of(block));
        expect(blocks.reactionStats()).andStubReturn(new BlockReactionStats(1, 100, 4096, 0, 0));
        expect(blocks.policy()).andStubReturn(new BlockPolicy(AlertSeverity.HIGH, 600,
                                                              List.of(Ipv4Cidr.parse("10.0.0.0/30")), 100)
                .withAutoBlockMinAlerts(3));
        NidsIncidentService incidents = createNiceMock(NidsIncidentService.class);
        expect(incidents.incidents(anyObject())).andStubReturn(List.of(IncidentTestData.incident(7),
                IncidentTestData.incident(6).blocked("4")));
        expect(incidents.incident(7)).andStubReturn(Optional.of(IncidentTestData.incident(7)));
        expect(incidents.counters()).andStubReturn(Map.of("refused", 2L));
        RecordingAudit audit = new RecordingAudit((user, role) -> "admin".equals(user));
        audit.record("onos", "block.add", "10.0.0.3", "ok: block 4");
        PiPipeconfService pipeconfs = createNiceMock(PiPipeconfService.class);
        expect(pipeconfs.getPipeconf(anyObject(PiPipeconfId.class))).andStubReturn(Optional.of(createNiceMock(PiPipeconf.class)));
        replay(models, devices, alerts, stats, shares, blocks, incidents, pipeconfs);
        setServiceDirectory(new TestServiceDirectory()
                .add(NidsModelService.class, models).add(NidsDeviceService.class, devices)
                .add(NidsAlertService.class, alerts).add(NidsFlowRecordService.class, AlertTestData.statsFlows())
                .add(NidsStatsService.class, stats).add(NidsClassShareService.class, shares)
                .add(NidsBlockService.class, blocks).add(NidsIncidentService.class, incidents)
                .add(NidsAuditService.class, audit)
                .add(PiPipeconfService.class, pipeconfs));
    }

    /** "METHOD /path" of every resource method of the application. */
    private static Set<String> served() {
        Set<String> endpoints = new TreeSet<>();
        for (Class<?> type : new NidsWebApplication().getClasses()) {
            javax.ws.rs.Path root = type.getAnnotation(javax.ws.rs.Path.class);
            if (root == null) {
                continue;
            }
            for (Method method : type.getDeclaredMethods()) {
                String verb = method.isAnnotationPresent(GET.class) ? "GET"
                        : method.isAnnotationPresent(POST.class) ? "POST"
                        : method.isAnnotationPresent(PUT.class) ? "PUT"
                        : method.isAnnotationPresent(DELETE.class) ? "DELETE" : null;
                if (verb == null) {
                    continue;
                }
                javax.ws.rs.Path sub = method.getAnnotation(javax.ws.rs.Path.class);
                endpoints.add(verb + " /" + root.value() + (sub == null ? "" : "/" + sub.value()));
            }
        }
        return endpoints;
    }

    private Set<String> documented() {
        Set<String> endpoints = new TreeSet<>();
        swagger.get("paths").fields().forEachRemaining(path -> path.getValue().fieldNames()
                .forEachRemaining(method -> endpoints.add(method.toUpperCase() + " " + path.getKey())));
        return endpoints;
    }

    /** The errors of a JSON value against one of the document's definitions. */
    private Set<ValidationMessage> check(String definition, JsonNode value) {
        ObjectNode schema = MAPPER.createObjectNode();
        schema.set("definitions", swagger.get("definitions"));
        schema.put("$ref", "#/definitions/" + definition);
        JsonSchema validator = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V4).getSchema(schema);
        return validator.validate(value);
    }

    @Test
    public void theDocumentListsExactlyTheServedEndpointsUnderTheAppsContext() {
        Set<String> served = served();
        assertTrue(served.toString(), served.contains("POST /models/{modelId}/activate"));
        assertEquals(served, documented());
        assertEquals("/onos/nids", swagger.get("basePath").asText());
        Set<String> alertParameters = new TreeSet<>();
        swagger.get("paths").get("/alerts").get("get").get("parameters")
                .forEach(p -> alertParameters.add(p.get("name").asText()));
        assertEquals(new TreeSet<>(List.of(AlertParams.STATE, AlertParams.SINCE, AlertParams.CLASS,
                                           AlertParams.INCIDENT, AlertParams.LIMIT)), alertParameters);
    }

    @Test
    public void everyDocumentedAnswerIsWhatTheResourceAnswers() throws Exception {
        Map<String, String> calls = ImmutableMap.<String, String>builder()
                .put("GET /health", "health").put("GET /models", "models").put("GET /models/active", "models/active")
                .put("GET /models/{modelId}", "models/" + model.modelId()).put("GET /devices", "devices")
                .put("GET /alerts", "alerts").put("GET /alerts/{alertId}", "alerts/1").put("GET /flows", "flows")
                .put("GET /stats", "stats").put("GET /incidents", "incidents")
                .put("GET /incidents/{incidentId}", "incidents/7").put("GET /blocks", "blocks").put("GET /blocks/{blockId}", "blocks/4")
                .put("GET /audit", "audit")
                .put("POST /models/{modelId}/activate", "models/" + model.modelId() + "/activate")
                .put("POST /models/rollback", "models/rollback")
                .build();
        int checked = 0;
        for (Iterator<Map.Entry<String, JsonNode>> paths = swagger.get("paths").fields(); paths.hasNext(); ) {
            Map.Entry<String, JsonNode> path = paths.next();
            for (Iterator<Map.Entry<String, JsonNode>> ops = path.getValue().fields(); ops.hasNext(); ) {
                Map.Entry<String, JsonNode> op = ops.next();
                JsonNode schema = op.getValue().path("responses").path("200").path("schema").path("$ref");
                if (schema.isMissingNode()) {
                    continue;
                }
                String endpoint = op.getKey().toUpperCase() + " " + path.getKey();
                String target = calls.get(endpoint);
                assertTrue("no call for " + endpoint, target != null);
                String definition = schema.asText().substring("#/definitions/".length());
                JsonNode body = op.getKey().equals("get") ? json(target(target).request().get(), 200)
                        : json(target(target).request().post(Entity.json("")), 200);
                assertEquals(endpoint + " " + body, Set.of(), check(definition, body));
                checked++;
            }
        }
        assertEquals("every documented answer checked", 16, checked);
    }

    @Test
    public void documentedRequestBodiesAreWhatTheResourcesTake() throws Exception {
        JsonNode bundle = MAPPER.readTree(NidsTestModels.resource("/rest/model.json"));
        assertEquals(Set.of(), check("ModelBundle", bundle));
        JsonNode request = MAPPER.readTree("{\"src\": \"10.0.0.3\", \"ttlSeconds\": 600, \"reason\": \"scan\","
                + " \"alertId\": 7, \"incidentId\": 3, \"scope\": {\"dst\": \"10.0.1.0/24\", \"ipProto\": 6, \"dstPort\": 80}}");
        assertEquals(Set.of(), check("BlockRequest", request));
        assertTrue("a definition catches a wrong body", !check("BlockRequest", MAPPER.readTree("{}")).isEmpty());
        assertTrue(!check("ModelBundle", MAPPER.readTree("{\"schema_version\": 2}")).isEmpty());
    }
}
