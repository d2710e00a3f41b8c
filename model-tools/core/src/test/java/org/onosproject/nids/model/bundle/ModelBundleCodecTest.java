package org.onosproject.nids.model.bundle;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Test;
import org.onosproject.nids.model.TestTrees;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.phase.Phase;
import org.onosproject.nids.model.tree.DecisionTree;
import org.onosproject.nids.model.tree.SplitNode;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.onosproject.nids.model.TestTrees.FLOW_DURATION;
import static org.onosproject.nids.model.TestTrees.IN_BYTES;
import static org.onosproject.nids.model.TestTrees.L4_DST_PORT;
import static org.onosproject.nids.model.TestTrees.PROTOCOL;
import static org.onosproject.nids.model.TestTrees.leaf;

/** Bundles (schema 2: one tree per phase) to JSON and back; schema-1 bundles converted on reading. */
public class ModelBundleCodecTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private final FeatureCatalog catalog = FeatureCatalog.standard();
    private final ModelBundleCodec codec = new ModelBundleCodec(catalog);

    /** The sample tree, recounted on a few rows, at phase 1 and at the end. */
    static ModelBundle sampleBundle() {
        FeatureCatalog catalog = FeatureCatalog.standard();
        // the sample tree with the counts of three training rows: PROTOCOL 6 (Benign), PROTOCOL 17 (Attack),
        // PROTOCOL 17 with IN_BYTES 10 (Attack)
        long[] none = {0, 0};
        DecisionTree tree = DecisionTree.of(
                new SplitNode(PROTOCOL, 6,
                        new SplitNode(L4_DST_PORT, 1023, leaf(0, 1, 0),
                                new SplitNode(FLOW_DURATION, 5, leaf(1, none), leaf(0, none), none), new long[]{1, 0}),
                        new SplitNode(IN_BYTES, 1000, leaf(1, 0, 2), leaf(0, none), new long[]{0, 2}),
                        new long[]{1, 2}),
                TestTrees.BINARY);
        TrainingSummary training = TrainingSummary.builder().dataFile("flows.csv").labelColumn("Attack")
                .binary(true).algorithm("j48").parameters(Map.of("min_leaf", "2")).rows(3).trainRows(3)
                .metrics(Map.of("f1_weighted", 1.0)).build();
        return ModelBundles.compile("sample", "2024-01-01T00:00:00Z", training,
                Map.of(Phase.atPacket(1), tree, Phase.END, tree), 750, 20, catalog,
                TestTrees.capacity().build());
    }

    private ObjectNode sampleJson() throws Exception {
        return (ObjectNode) MAPPER.readTree(codec.write(sampleBundle()));
    }

    @Test
    public void roundTripKeepsPhasesTreesEntriesAndMetadata() {
        ModelBundle bundle = sampleBundle();
        String json = codec.write(bundle);
        ModelBundle read = codec.read(json);
        assertEquals(bundle.modelId(), read.modelId());
        assertEquals("sample", read.name());
        assertEquals("2024-01-01T00:00:00Z", read.createdAt());
        assertEquals("flows.csv", read.training().dataFile());
        assertTrue(read.training().binary());
        assertEquals(750, read.alertThresholdPermille());
        assertEquals(20, read.sourceWindowLog2Us());
        assertEquals(List.of(Phase.atPacket(1), Phase.END),
                List.of(read.phases().get(0).phase(), read.phases().get(1).phase()));
        for (int i = 0; i < 2; i++) {
            PhaseModel original = bundle.phases().get(i);
            PhaseModel copy = read.phases().get(i);
            assertTrue(copy.compiled().sameEntriesAs(original.compiled()));
            assertEquals(original.tree().leafCount(), copy.tree().leafCount());
            assertArrayEquals(original.tree().root().counts(), copy.tree().root().counts());
        }
        assertEquals(json, codec.write(read));
    }

    @Test
    public void leavesCarryTheirLaplaceConfidence() {
        PhaseModel end = sampleBundle().phase(Phase.END).get();
        // Leaf 1 (PROTOCOL <= 6, port <= 1023: benign) saw the one benign row: (1 + 1) / (1 + 2).
        assertEquals(666, end.compiled().leaves().get(0).confidencePermille());
        assertEquals(666, end.compiled().decisionEntries().get(0).confidencePermille());
        // A leaf no row reached: (0 + 1) / (0 + 2).
        assertEquals(500, end.compiled().leaves().get(1).confidencePermille());
    }

    @Test
    public void writtenBundlesMatchTheSchemaAndCarryEveryPart() throws Exception {
        ObjectNode json = sampleJson();
        assertEquals(List.of(), ModelBundleCodec.validate(json));
        for (String key : List.of("schema_version", "catalog_version", "model_id", "name", "created_at", "training",
                "classes", "alert_threshold_permille", "source_context", "slot_count", "phases")) {
            assertTrue(key, json.has(key));
        }
        assertEquals(2, json.get("schema_version").asInt());
        ObjectNode first = (ObjectNode) json.get("phases").get(0);
        assertEquals(1, first.get("phase").asInt());
        assertEquals(0, json.get("phases").get(1).get("phase").asInt());
        for (String key : List.of("slots", "intervals", "feature_entries", "decision_entries", "leaves", "tree")) {
            assertTrue(key, first.has(key));
        }
        assertEquals(8, first.get("slots").size());
        assertEquals("PROTOCOL", first.get("leaves").get(0).get("path").get(0).get("feature").asText());
        assertTrue(first.get("decision_entries").get(0).has("confidence_permille"));
    }

    @Test
    public void theSchemasShipAsResources() throws Exception {
        for (String resource : List.of(ModelBundleCodec.SCHEMA_RESOURCE, ModelBundleCodec.SCHEMA_V1_RESOURCE)) {
            try (InputStream in = ModelBundleCodec.class.getResourceAsStream(resource)) {
                assertNotNull(resource, in);
                assertEquals("NIDS model bundle", MAPPER.readTree(in).get("title").asText());
            }
        }
    }

    @Test
    public void aSchemaOneBundleBecomesItsEndPhaseAndAlertsOnEveryAttackLeaf() throws Exception {
        String v1;
        try (InputStream in = getClass().getResourceAsStream("/org/onosproject/nids/model/model-v1.json")) {
            v1 = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        ModelBundle bundle = codec.read(v1);
        assertEquals("nids-c03f60fb58a5165b", bundle.modelId());
        assertEquals(1, bundle.phases().size());
        assertEquals(Phase.END, bundle.phases().get(0).phase());
        assertEquals(0, bundle.alertThresholdPermille());
        assertEquals(SourceWindow.DEFAULT_WINDOW_LOG2_US, bundle.sourceWindowLog2Us());
        assertEquals(ModelBundleCodec.CONVERTED_FROM_V1, bundle.training().parameters().get("converted_from"));
        // Written again, it is a valid schema-2 bundle.
        ModelBundle again = codec.read(codec.write(bundle));
        assertTrue(again.phases().get(0).compiled().sameEntriesAs(bundle.phases().get(0).compiled()));
    }

    @Test
    public void unknownSchemaVersionIsRefusedByName() throws Exception {
        ObjectNode json = sampleJson();
        json.put("schema_version", 3);
        expectFormatError(json.toString(), "unknown model schema version 3 (this build reads versions 1 and 2)");
    }

    @Test
    public void documentsThatAreNotBundlesAreRefused() {
        expectFormatError("{not json", "not a JSON document");
        expectFormatError("[1, 2]", "not a model bundle");
        expectFormatError("{\"name\": \"x\"}", "not a model bundle: no integer schema_version");
    }

    @Test
    public void schemaViolationsAreNamed() throws Exception {
        ObjectNode json = sampleJson();
        ((ObjectNode) json.get("phases").get(0).get("decision_entries").get(0)).remove("confidence_permille");
        expectFormatError(json.toString(), "does not match the model-bundle schema (version 2)");
        ObjectNode renamed = sampleJson();
        ((ArrayNode) renamed.get("classes")).set(0, MAPPER.getNodeFactory().textNode("Normal"));
        expectFormatError(renamed.toString(), "does not match the model-bundle schema");
        ObjectNode threshold = sampleJson();
        threshold.put("alert_threshold_permille", 1001);
        expectFormatError(threshold.toString(), "does not match the model-bundle schema");
        ObjectNode window = sampleJson();
        ((ObjectNode) window.get("source_context")).put("window_log2_us", 5);
        expectFormatError(window.toString(), "does not match the model-bundle schema");
    }

    @Test
    public void crossReferencesAreChecked() throws Exception {
        ObjectNode wrongCatalog = sampleJson();
        wrongCatalog.put("catalog_version", 9);
        expectFormatError(wrongCatalog.toString(), "built for feature catalog version 9");
        ObjectNode shortEntry = sampleJson();
        ((ArrayNode) shortEntry.get("phases").get(0).get("decision_entries").get(0).get("codes")).remove(7);
        expectFormatError(shortEntry.toString(), "phase p1: decision entry for leaf 1 has 7 code ranges");
        ObjectNode unknownFeature = sampleJson();
        ((ObjectNode) unknownFeature.get("phases").get(1).get("tree")).put("feature_id", 99);
        expectFormatError(unknownFeature.toString(), "feature id 99 is not in feature catalog version 3");
        ObjectNode renumbered = sampleJson();
        ((ObjectNode) renumbered.get("phases").get(0).get("tree").get("le").get("le")).put("leaf_id", 4);
        expectFormatError(renumbered.toString(), "tree leaf ids must be numbered depth-first from 1");
        ObjectNode notAPhase = sampleJson();
        ((ObjectNode) notAPhase.get("phases").get(0)).put("phase", 3);
        expectFormatError(notAPhase.toString(), "a packet phase is a power of two");
        // Phases beyond 128 packets were powers of two up to 32768 before the late phase replaced them.
        ObjectNode oldLatePhase = sampleJson();
        ((ObjectNode) oldLatePhase.get("phases").get(0)).put("phase", 256);
        expectFormatError(oldLatePhase.toString(), "from 1 to 128 packets (beyond it the late phase");
        ObjectNode twice = sampleJson();
        ((ObjectNode) twice.get("phases").get(0)).put("phase", 0);
        expectFormatError(twice.toString(), "phase end appears twice");
    }

    @Test
    public void contentIdDependsOnWhatDecides() {
        DecisionTree tree = TestTrees.sample();
        String id = ModelBundles.contentId(TestTrees.BINARY, Map.of(Phase.END, tree), 900, 21);
        assertEquals(id, ModelBundles.contentId(TestTrees.BINARY, Map.of(Phase.END, TestTrees.sample()), 900, 21));
        assertTrue(id.matches("nids-[0-9a-f]{16}"));
        assertNotEquals(id, ModelBundles.contentId(TestTrees.BINARY, Map.of(Phase.atPacket(2), tree), 900, 21));
        assertNotEquals(id, ModelBundles.contentId(TestTrees.BINARY, Map.of(Phase.END, tree), 800, 21));
        assertNotEquals(id, ModelBundles.contentId(TestTrees.BINARY, Map.of(Phase.END, tree), 900, 22));
        assertNotEquals(id, ModelBundles.contentId(List.of("Benign", "Other"), Map.of(Phase.END, tree), 900, 21));
    }

    private void expectFormatError(String json, String expected) {
        try {
            codec.read(json);
            fail("accepted: " + json);
        } catch (ModelFormatException e) {
            assertTrue(e.getMessage(), e.getMessage().contains(expected));
        }
    }
}
