package org.onosproject.nids.model.bundle;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Test;
import org.onosproject.nids.model.TestTrees;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.compiler.CompiledModel;
import org.onosproject.nids.model.compiler.ModelCompiler;
import org.onosproject.nids.model.tree.DecisionTree;

import java.io.InputStream;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/** Stage 4: compiled model → bundle, and back. */
public class ModelBundleCodecTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private final FeatureCatalog catalog = FeatureCatalog.standard();
    private final ModelBundleCodec codec = new ModelBundleCodec(catalog);

    static ModelBundle sampleBundle() {
        FeatureCatalog catalog = FeatureCatalog.standard();
        DecisionTree tree = TestTrees.sampleWithCounts();
        CompiledModel compiled = ModelCompiler.compile(tree, catalog, TestTrees.capacity().build());
        TrainingSummary training = TrainingSummary.builder().dataFile("flows.csv").labelColumn("Attack")
                .binary(true).algorithm("j48").parameters(Map.of("min_leaf", "2")).rows(2).trainRows(2)
                .metrics(Map.of("f1_weighted", 1.0)).build();
        return new ModelBundle(catalog.version(), ModelBundleCodec.contentId(tree), "sample",
                "2024-01-01T00:00:00Z", training, tree, compiled);
    }

    @Test
    public void roundTripKeepsTreeEntriesAndMetadata() {
        ModelBundle bundle = sampleBundle();
        String json = codec.write(bundle);
        ModelBundle read = codec.read(json);
        assertEquals(bundle.modelId(), read.modelId());
        assertEquals("sample", read.name());
        assertEquals("2024-01-01T00:00:00Z", read.createdAt());
        assertEquals("flows.csv", read.training().dataFile());
        assertTrue(read.training().binary());
        assertEquals(Map.of("min_leaf", "2"), read.training().parameters());
        assertTrue(read.compiled().sameEntriesAs(bundle.compiled()));
        assertEquals(bundle.tree().leafCount(), read.tree().leafCount());
        assertArrayEquals(bundle.tree().root().counts(), read.tree().root().counts());
        assertEquals(json, codec.write(read));
    }

    @Test
    public void writtenBundlesMatchTheSchemaAndCarryEveryPart() throws Exception {
        ObjectNode json = (ObjectNode) MAPPER.readTree(codec.write(sampleBundle()));
        assertEquals(List.of(), ModelBundleCodec.validate(json));
        for (String key : List.of("schema_version", "catalog_version", "model_id", "name", "created_at", "training",
                "classes", "slots", "intervals", "feature_entries", "decision_entries", "leaves", "tree")) {
            assertTrue(key, json.has(key));
        }
        assertEquals(8, json.get("slots").size());
        assertEquals("PROTOCOL", json.get("leaves").get(0).get("path").get(0).get("feature").asText());
        assertEquals("<=", json.get("leaves").get(0).get("path").get(0).get("op").asText());
    }

    @Test
    public void theSchemaShipsAsAResource() throws Exception {
        try (InputStream in = ModelBundleCodec.class.getResourceAsStream(ModelBundleCodec.SCHEMA_RESOURCE)) {
            assertNotNull(in);
            assertEquals("NIDS model bundle", MAPPER.readTree(in).get("title").asText());
        }
    }

    @Test
    public void unknownSchemaVersionIsRefusedByName() throws Exception {
        ObjectNode json = (ObjectNode) MAPPER.readTree(codec.write(sampleBundle()));
        json.put("schema_version", 2);
        expectFormatError(json.toString(), "unknown model schema version 2 (this build reads version 1)");
    }

    @Test
    public void documentsThatAreNotBundlesAreRefused() {
        expectFormatError("{not json", "not a JSON document");
        expectFormatError("[1, 2]", "not a model bundle");
        expectFormatError("{\"name\": \"x\"}", "not a model bundle: no integer schema_version");
    }

    @Test
    public void schemaViolationsAreNamed() throws Exception {
        ObjectNode json = (ObjectNode) MAPPER.readTree(codec.write(sampleBundle()));
        ((ObjectNode) json.get("decision_entries").get(0)).remove("priority");
        expectFormatError(json.toString(), "does not match the model-bundle schema");
        ObjectNode renamed = (ObjectNode) MAPPER.readTree(codec.write(sampleBundle()));
        ((ArrayNode) renamed.get("classes")).set(0, MAPPER.getNodeFactory().textNode("Normal"));
        expectFormatError(renamed.toString(), "does not match the model-bundle schema");
    }

    @Test
    public void crossReferencesAreChecked() throws Exception {
        ObjectNode wrongCatalog = (ObjectNode) MAPPER.readTree(codec.write(sampleBundle()));
        wrongCatalog.put("catalog_version", 9);
        expectFormatError(wrongCatalog.toString(), "built for feature catalog version 9");
        ObjectNode shortEntry = (ObjectNode) MAPPER.readTree(codec.write(sampleBundle()));
        ((ArrayNode) shortEntry.get("decision_entries").get(0).get("codes")).remove(7);
        expectFormatError(shortEntry.toString(), "has 7 code ranges, slot_count is 8");
        ObjectNode unknownFeature = (ObjectNode) MAPPER.readTree(codec.write(sampleBundle()));
        ((ObjectNode) unknownFeature.get("tree")).put("feature_id", 99);
        expectFormatError(unknownFeature.toString(), "feature id 99 is not in feature catalog version 1");
        ObjectNode renumbered = (ObjectNode) MAPPER.readTree(codec.write(sampleBundle()));
        ((ObjectNode) renumbered.get("tree").get("le").get("le")).put("leaf_id", 4);
        expectFormatError(renumbered.toString(), "tree leaf ids must be numbered depth-first from 1");
    }

    @Test
    public void contentIdDependsOnTheTreeOnly() {
        DecisionTree tree = TestTrees.sample();
        assertEquals(ModelBundleCodec.contentId(tree), ModelBundleCodec.contentId(TestTrees.sample()));
        assertTrue(ModelBundleCodec.contentId(tree).matches("nids-[0-9a-f]{16}"));
        DecisionTree other = DecisionTree.of(tree.root(), List.of("Benign", "Other"));
        assertNotEquals(ModelBundleCodec.contentId(tree), ModelBundleCodec.contentId(other));
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
