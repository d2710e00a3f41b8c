package org.onosproject.nids.model.bundle;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.compiler.CodeRange;
import org.onosproject.nids.model.compiler.CompiledModel;
import org.onosproject.nids.model.compiler.DecisionEntry;
import org.onosproject.nids.model.compiler.FeatureTableEntry;
import org.onosproject.nids.model.compiler.IntervalPartition;
import org.onosproject.nids.model.compiler.LeafConfidence;
import org.onosproject.nids.model.compiler.LeafPath;
import org.onosproject.nids.model.compiler.SlotAssignment;
import org.onosproject.nids.model.phase.Phase;
import org.onosproject.nids.model.tree.Condition;
import org.onosproject.nids.model.tree.DecisionTree;
import org.onosproject.nids.model.tree.LeafNode;
import org.onosproject.nids.model.tree.SplitNode;
import org.onosproject.nids.model.tree.TreeNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * model.json ⇄ {@link ModelBundle}. Reading checks, in this order: JSON syntax, the schema version (an unknown one is
 * refused by name), the JSON Schema of that version shipped beside this class (the same file the app validates
 * with), the catalog version, then the cross-references the schema cannot express (leaf numbering, slot count,
 * feature ids, class ids, phases). A schema-1 bundle (one tree, no phases) is converted on reading: its tree becomes
 * the END phase and its alert threshold 0, which is what schema 1 meant (every attack leaf alerted, once per flow).
 */
public final class ModelBundleCodec {

    /** Classpath location of the JSON Schema of the bundle this build writes. */
    public static final String SCHEMA_RESOURCE = "/org/onosproject/nids/model/model-bundle.schema.json";
    /** Classpath location of the JSON Schema of schema-1 bundles, which are converted on reading. */
    public static final String SCHEMA_V1_RESOURCE = "/org/onosproject/nids/model/model-bundle-v1.schema.json";
    /** Marker {@code training.parameters.converted_from} of a converted schema-1 bundle. */
    public static final String CONVERTED_FROM_V1 = "schema 1";

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final int MAX_REPORTED_SCHEMA_ERRORS = 3;
    private static final Map<String, JsonSchema> SCHEMAS = new java.util.concurrent.ConcurrentHashMap<>();

    private final FeatureCatalog catalog;

    public ModelBundleCodec(FeatureCatalog catalog) {
        this.catalog = catalog;
    }

    // ---------------------------------------------------------------- writing

    /** The bundle as pretty-printed JSON; number arrays stay on one line so entries read as table rows. */
    public String write(ModelBundle bundle) {
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter()
                .withObjectIndenter(new DefaultIndenter("  ", "\n"))
                .withArrayIndenter(DefaultPrettyPrinter.NopIndenter.instance);
        try {
            return MAPPER.writer(printer).writeValueAsString(toJson(bundle)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize bundle", e);
        }
    }

    public ObjectNode toJson(ModelBundle bundle) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("schema_version", ModelBundle.SCHEMA_VERSION);
        root.put("catalog_version", bundle.catalogVersion());
        root.put("model_id", bundle.modelId());
        root.put("name", bundle.name());
        root.put("created_at", bundle.createdAt());
        root.set("training", trainingJson(bundle.training()));
        ArrayNode classes = root.putArray("classes");
        bundle.classNames().forEach(classes::add);
        root.put("alert_threshold_permille", bundle.alertThresholdPermille());
        root.putObject("source_context").put("window_log2_us", bundle.sourceWindowLog2Us());
        root.put("slot_count", bundle.slotCount());
        ArrayNode phases = root.putArray("phases");
        for (PhaseModel phase : bundle.phases()) {
            phases.add(phaseJson(phase));
        }
        return root;
    }

    private ObjectNode phaseJson(PhaseModel phase) {
        CompiledModel compiled = phase.compiled();
        ObjectNode root = MAPPER.createObjectNode();
        root.put("phase", phase.phase().number());
        SlotAssignment slots = compiled.slots();
        ArrayNode slotArray = root.putArray("slots");
        for (int slot = 0; slot < slots.slotCount(); slot++) {
            ObjectNode node = slotArray.addObject().put("slot", slot).put("feature_id", slots.featureIdAt(slot));
            if (slots.featureIdAt(slot) != 0) {
                node.put("feature", featureName(slots.featureIdAt(slot)));
            }
        }
        ArrayNode intervals = root.putArray("intervals");
        for (IntervalPartition partition : compiled.partitions().values()) {
            ObjectNode node = intervals.addObject().put("feature_id", partition.featureId())
                    .put("feature", featureName(partition.featureId()))
                    .put("slot", slots.slotOf(partition.featureId()));
            ArrayNode bounds = node.putArray("upper_bounds");
            for (long bound : partition.upperBounds()) {
                bounds.add(bound);
            }
        }
        ArrayNode featureEntries = root.putArray("feature_entries");
        for (FeatureTableEntry entry : compiled.featureEntries()) {
            featureEntries.addObject().put("slot", entry.slot()).put("feature_id", entry.featureId())
                    .put("low", entry.low()).put("high", entry.high()).put("code", entry.code())
                    .put("priority", entry.priority());
        }
        ArrayNode decisionEntries = root.putArray("decision_entries");
        Set<Integer> reachable = compiled.decisionEntries().stream().map(DecisionEntry::leafId)
                .collect(Collectors.toSet());
        for (DecisionEntry entry : compiled.decisionEntries()) {
            ObjectNode node = decisionEntries.addObject().put("leaf_id", entry.leafId())
                    .put("class_id", entry.classId()).put("confidence_permille", entry.confidencePermille())
                    .put("priority", entry.priority());
            ArrayNode codes = node.putArray("codes");
            for (CodeRange range : entry.codeRanges()) {
                codes.addArray().add(range.low()).add(range.high());
            }
        }
        ArrayNode leaves = root.putArray("leaves");
        for (LeafPath leaf : compiled.leaves()) {
            ObjectNode node = leaves.addObject().put("leaf_id", leaf.leafId()).put("class_id", leaf.classId())
                    .put("class", compiled.classNames().get(leaf.classId()))
                    .put("reachable", reachable.contains(leaf.leafId()))
                    .put("confidence_permille", leaf.confidencePermille());
            ArrayNode path = node.putArray("path");
            for (Condition condition : leaf.conditions()) {
                path.addObject().put("feature_id", condition.featureId())
                        .put("feature", featureName(condition.featureId()))
                        .put("op", condition.operator().symbol()).put("value", condition.value());
            }
            putCounts(node, leaf.counts());
        }
        root.set("tree", nodeJson(phase.tree().root()));
        return root;
    }

    private ObjectNode trainingJson(TrainingSummary training) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("data_file", training.dataFile());
        training.testDataFile().ifPresent(file -> node.put("test_data_file", file));
        training.labelColumn().ifPresent(label -> node.put("label_column", label));
        node.put("binary", training.binary());
        training.algorithm().ifPresent(algorithm -> node.put("algorithm", algorithm));
        ObjectNode parameters = node.putObject("parameters");
        training.parameters().forEach(parameters::put);
        node.put("rows", training.rows());
        node.put("train_rows", training.trainRows());
        node.put("test_rows", training.testRows());
        ObjectNode metrics = node.putObject("metrics");
        training.metrics().forEach(metrics::put);
        return node;
    }

    private ObjectNode nodeJson(TreeNode node) {
        ObjectNode json = MAPPER.createObjectNode();
        if (node.isLeaf()) {
            LeafNode leaf = (LeafNode) node;
            json.put("leaf_id", leaf.leafId()).put("class_id", leaf.classId());
        } else {
            SplitNode split = (SplitNode) node;
            json.put("feature_id", split.featureId()).put("feature", featureName(split.featureId()))
                    .put("threshold", split.threshold());
            json.set("le", nodeJson(split.lessOrEqual()));
            json.set("gt", nodeJson(split.greater()));
        }
        putCounts(json, node.counts());
        return json;
    }

    private static void putCounts(ObjectNode node, long[] counts) {
        if (counts.length > 0) {
            ArrayNode array = node.putArray("counts");
            for (long count : counts) {
                array.add(count);
            }
        }
    }

    private String featureName(int featureId) {
        return catalog.byIdOptional(featureId).map(f -> f.name()).orElse("#" + featureId);
    }

    // ---------------------------------------------------------------- reading

    public ModelBundle read(InputStream in) {
        try {
            return read(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public ModelBundle read(String json) {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new ModelFormatException("not a JSON document: " + e.getOriginalMessage());
        }
        if (root == null || !root.isObject()) {
            throw new ModelFormatException("not a model bundle: the document is not a JSON object");
        }
        JsonNode version = root.get("schema_version");
        if (version == null || !version.isIntegralNumber()) {
            throw new ModelFormatException("not a model bundle: no integer schema_version");
        }
        int schemaVersion = version.asInt();
        if (schemaVersion != 1 && schemaVersion != ModelBundle.SCHEMA_VERSION) {
            throw new ModelFormatException("unknown model schema version " + version.asText()
                    + " (this build reads versions 1 and " + ModelBundle.SCHEMA_VERSION + ")");
        }
        List<String> errors = validate(root);
        if (!errors.isEmpty()) {
            throw new ModelFormatException("the bundle does not match the model-bundle schema (version "
                    + schemaVersion + "): "
                    + String.join("; ", errors.subList(0, Math.min(errors.size(), MAX_REPORTED_SCHEMA_ERRORS)))
                    + (errors.size() > MAX_REPORTED_SCHEMA_ERRORS
                    ? " (and " + (errors.size() - MAX_REPORTED_SCHEMA_ERRORS) + " more)" : ""));
        }
        int catalogVersion = root.get("catalog_version").asInt();
        if (!catalog.reads(catalogVersion)) {
            throw new ModelFormatException("the model was built for feature catalog version " + catalogVersion
                    + ", this build has version " + catalog.version());
        }
        return schemaVersion == 1 ? fromV1Json(root) : fromJson(root);
    }

    /**
     * Schema violations of a parsed document against the schema of its {@code schema_version} (empty = valid). A
     * document without a known version is checked against this build's schema.
     */
    public static List<String> validate(JsonNode document) {
        JsonNode version = document.get("schema_version");
        String resource = version != null && version.isIntegralNumber() && version.asInt() == 1
                ? SCHEMA_V1_RESOURCE : SCHEMA_RESOURCE;
        Set<ValidationMessage> messages = schema(resource).validate(document);
        return messages.stream().map(ValidationMessage::getMessage).sorted().collect(Collectors.toList());
    }

    private static JsonSchema schema(String resource) {
        return SCHEMAS.computeIfAbsent(resource, name -> {
            try (InputStream in = ModelBundleCodec.class.getResourceAsStream(name)) {
                if (in == null) {
                    throw new IllegalStateException("schema resource missing: " + name);
                }
                return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7).getSchema(in);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    private ModelBundle fromJson(JsonNode root) {
        List<String> classNames = classNames(root);
        int slotCount = root.get("slot_count").asInt();
        int window = root.get("source_context").get("window_log2_us").asInt();
        try {
            SourceWindow.requireValidWindow(window);
        } catch (IllegalArgumentException e) {
            throw new ModelFormatException("source_context: " + e.getMessage());
        }
        List<PhaseModel> phases = new ArrayList<>();
        Set<Integer> seen = new java.util.HashSet<>();
        for (JsonNode phaseJson : root.get("phases")) {
            Phase phase;
            try {
                phase = Phase.of(phaseJson.get("phase").asInt());
            } catch (IllegalArgumentException e) {
                throw new ModelFormatException(e.getMessage());
            }
            if (!seen.add(phase.number())) {
                throw new ModelFormatException("phase " + phase + " appears twice");
            }
            phases.add(phaseFromJson(phase, phaseJson, classNames, slotCount, true));
        }
        return new ModelBundle(root.get("catalog_version").asInt(), root.get("model_id").asText(),
                root.get("name").asText(), root.get("created_at").asText(), trainingFromJson(root.get("training")),
                classNames, root.get("alert_threshold_permille").asInt(), window, phases);
    }

    /** A schema-1 bundle: its one tree is the END phase; threshold 0 keeps its meaning (every attack leaf alerts). */
    private ModelBundle fromV1Json(JsonNode root) {
        List<String> classNames = classNames(root);
        PhaseModel end = phaseFromJson(Phase.END, root, classNames, root.get("slot_count").asInt(), false);
        TrainingSummary training = trainingFromJson(root.get("training"));
        Map<String, String> parameters = new LinkedHashMap<>(training.parameters());
        parameters.put("converted_from", CONVERTED_FROM_V1);
        training = training.toBuilder().parameters(parameters).build();
        return new ModelBundle(root.get("catalog_version").asInt(), root.get("model_id").asText(),
                root.get("name").asText(), root.get("created_at").asText(), training, classNames, 0,
                SourceWindow.DEFAULT_WINDOW_LOG2_US, List.of(end));
    }

    private static List<String> classNames(JsonNode root) {
        List<String> classNames = new ArrayList<>();
        root.get("classes").forEach(c -> classNames.add(c.asText()));
        return classNames;
    }

    /**
     * One phase's tables and tree. {@code node} holds slots, intervals, feature_entries, decision_entries, leaves and
     * tree (a phase object of schema 2, the top level of schema 1, where confidences are derived from the counts).
     */
    private PhaseModel phaseFromJson(Phase phase, JsonNode node, List<String> classNames, int slotCount,
                                     boolean confidenceGiven) {
        String where = "phase " + phase + ": ";
        JsonNode slotsJson = node.get("slots");
        if (slotsJson.size() != slotCount) {
            throw new ModelFormatException(where + "slots lists " + slotsJson.size() + " selectors, slot_count is "
                    + slotCount);
        }
        int[] featureIdBySlot = new int[slotCount];
        for (JsonNode slot : slotsJson) {
            int index = slot.get("slot").asInt();
            if (index >= slotCount) {
                throw new ModelFormatException(where + "slot " + index + " is outside slot_count " + slotCount);
            }
            featureIdBySlot[index] = knownFeature(slot.get("feature_id").asInt(), true);
        }
        Map<Integer, IntervalPartition> partitions = new TreeMap<>();
        for (JsonNode interval : node.get("intervals")) {
            int featureId = knownFeature(interval.get("feature_id").asInt(), false);
            long[] bounds = new long[interval.get("upper_bounds").size()];
            for (int i = 0; i < bounds.length; i++) {
                bounds[i] = interval.get("upper_bounds").get(i).asLong();
            }
            try {
                partitions.put(featureId, new IntervalPartition(featureId, bounds));
            } catch (IllegalArgumentException e) {
                throw new ModelFormatException(where + "intervals of feature " + featureId + ": " + e.getMessage());
            }
        }
        List<FeatureTableEntry> featureEntries = new ArrayList<>();
        for (JsonNode entry : node.get("feature_entries")) {
            if (entry.get("low").asLong() > entry.get("high").asLong()) {
                throw new ModelFormatException(where + "feature entry with low > high: " + entry);
            }
            featureEntries.add(new FeatureTableEntry(entry.get("slot").asInt(),
                    knownFeature(entry.get("feature_id").asInt(), false), entry.get("low").asLong(),
                    entry.get("high").asLong(), entry.get("code").asInt(), entry.get("priority").asInt()));
        }
        List<LeafPath> leaves = new ArrayList<>();
        Map<Integer, Integer> confidenceByLeaf = new TreeMap<>();
        for (JsonNode leaf : node.get("leaves")) {
            List<Condition> path = new ArrayList<>();
            for (JsonNode condition : leaf.get("path")) {
                path.add(new Condition(knownFeature(condition.get("feature_id").asInt(), false),
                        Condition.Operator.ofSymbol(condition.get("op").asText()), condition.get("value").asLong()));
            }
            int classId = knownClass(leaf.get("class_id").asInt(), classNames.size());
            long[] counts = counts(leaf);
            if (counts.length != 0 && counts.length != classNames.size()) {
                throw new ModelFormatException(where + "leaf " + leaf.get("leaf_id").asInt() + " has counts for "
                        + counts.length + " classes, the model has " + classNames.size());
            }
            int confidence = confidenceGiven ? leaf.get("confidence_permille").asInt()
                    : LeafConfidence.permille(counts, classId, classNames.size());
            confidenceByLeaf.put(leaf.get("leaf_id").asInt(), confidence);
            leaves.add(new LeafPath(leaf.get("leaf_id").asInt(), classId, path, counts, confidence));
        }
        List<DecisionEntry> decisionEntries = new ArrayList<>();
        for (JsonNode entry : node.get("decision_entries")) {
            int leafId = entry.get("leaf_id").asInt();
            JsonNode codes = entry.get("codes");
            if (codes.size() != slotCount) {
                throw new ModelFormatException(where + "decision entry for leaf " + leafId + " has " + codes.size()
                        + " code ranges, slot_count is " + slotCount);
            }
            List<CodeRange> ranges = new ArrayList<>();
            for (JsonNode range : codes) {
                if (range.get(0).asInt() > range.get(1).asInt()) {
                    throw new ModelFormatException(where + "decision entry with an empty code range: " + entry);
                }
                ranges.add(new CodeRange(range.get(0).asInt(), range.get(1).asInt()));
            }
            Integer leafConfidence = confidenceByLeaf.get(leafId);
            if (leafConfidence == null) {
                throw new ModelFormatException(where + "decision entry for leaf " + leafId
                        + ", which the leaves do not list");
            }
            int confidence = confidenceGiven ? entry.get("confidence_permille").asInt() : leafConfidence;
            decisionEntries.add(new DecisionEntry(leafId, knownClass(entry.get("class_id").asInt(),
                    classNames.size()), confidence, entry.get("priority").asInt(), ranges));
        }
        DecisionTree tree = DecisionTree.of(nodeFromJson(node.get("tree"), classNames.size()), classNames);
        checkLeafNumbering(node.get("tree"), new int[]{0});
        CompiledModel compiled = new CompiledModel(classNames, new SlotAssignment(featureIdBySlot), partitions,
                featureEntries, decisionEntries, leaves);
        return new PhaseModel(phase, tree, compiled);
    }

    private TreeNode nodeFromJson(JsonNode node, int classes) {
        if (node.has("leaf_id")) {
            return new LeafNode(knownClass(node.get("class_id").asInt(), classes), counts(node));
        }
        return new SplitNode(knownFeature(node.get("feature_id").asInt(), false), node.get("threshold").asLong(),
                nodeFromJson(node.get("le"), classes), nodeFromJson(node.get("gt"), classes), counts(node));
    }

    /** Leaf ids in the tree must be 1, 2, ... in depth-first "le"-first order, as the entries refer to them. */
    private static void checkLeafNumbering(JsonNode node, int[] lastLeafId) {
        if (node.has("leaf_id")) {
            int expected = ++lastLeafId[0];
            if (node.get("leaf_id").asInt() != expected) {
                throw new ModelFormatException("tree leaf ids must be numbered depth-first from 1: found "
                        + node.get("leaf_id").asInt() + " where " + expected + " belongs");
            }
            return;
        }
        checkLeafNumbering(node.get("le"), lastLeafId);
        checkLeafNumbering(node.get("gt"), lastLeafId);
    }

    private static long[] counts(JsonNode node) {
        JsonNode counts = node.get("counts");
        if (counts == null) {
            return new long[0];
        }
        long[] values = new long[counts.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = counts.get(i).asLong();
        }
        return values;
    }

    private int knownFeature(int featureId, boolean zeroAllowed) {
        if (featureId == 0 && zeroAllowed) {
            return 0;
        }
        if (catalog.byIdOptional(featureId).isEmpty()) {
            throw new ModelFormatException("feature id " + featureId + " is not in feature catalog version "
                    + catalog.version());
        }
        return featureId;
    }

    private static int knownClass(int classId, int classes) {
        if (classId >= classes) {
            throw new ModelFormatException("class id " + classId + " but the bundle has " + classes + " classes");
        }
        return classId;
    }

    private static TrainingSummary trainingFromJson(JsonNode node) {
        Map<String, String> parameters = new LinkedHashMap<>();
        node.path("parameters").fields().forEachRemaining(e -> parameters.put(e.getKey(), e.getValue().asText()));
        Map<String, Double> metrics = new LinkedHashMap<>();
        node.path("metrics").fields().forEachRemaining(e -> metrics.put(e.getKey(), e.getValue().asDouble()));
        return TrainingSummary.builder()
                .dataFile(node.get("data_file").asText())
                .testDataFile(node.hasNonNull("test_data_file") ? node.get("test_data_file").asText() : null)
                .labelColumn(node.hasNonNull("label_column") ? node.get("label_column").asText() : null)
                .binary(node.path("binary").asBoolean(false))
                .algorithm(node.hasNonNull("algorithm") ? node.get("algorithm").asText() : null)
                .parameters(parameters)
                .rows(node.get("rows").asLong())
                .trainRows(node.path("train_rows").asLong())
                .testRows(node.path("test_rows").asLong())
                .metrics(metrics)
                .build();
    }
}
