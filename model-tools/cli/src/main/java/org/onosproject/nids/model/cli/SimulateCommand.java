package org.onosproject.nids.model.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.nids.detection.DetectionPolicy;
import org.onosproject.nids.detection.FlowVerdict;
import org.onosproject.nids.model.ModelException;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.catalog.Feature;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.compiler.Classification;
import org.onosproject.nids.model.compiler.TableSemanticsClassifier;
import org.onosproject.nids.model.flow.FlowFeatureExtractor;
import org.onosproject.nids.model.flow.FlowKey;
import org.onosproject.nids.model.flow.FlowState;
import org.onosproject.nids.model.flow.PacketHeaders;
import org.onosproject.nids.model.tree.LeafNode;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code nids-model simulate}: the software reference of the switch. Runs the data-plane flow features over a pcap
 * (pcap timestamps as the switch's ingress timestamps) and classifies each flow after every packet with the model's
 * table entries, as the switch does; prints per flow its features, final class and leaf, and the first packet at
 * which it was classified as an attack. Every classification is also checked against the tree.
 *
 * <p>With {@code --policy POLICY.json} (a JSON object of the app's detection properties, {@code
 * DetectionPolicy.PROPERTIES}), the flows' first attack verdicts are replayed in time order through the app's
 * detection rules ({@link DetectionReplay}): the incidents, evidence alerts and blocks the app would make, and the
 * flows a block would have dropped.
 */
final class SimulateCommand {

    /** What the simulation remembers per flow besides the data-plane state. */
    private static final class FlowOutcome {
        private final int number;
        private Classification last = Classification.NO_MATCH;
        private long firstAlertPacket;
        private long firstAlertMicros;
        private Classification firstAlert;

        FlowOutcome(int number) {
            this.number = number;
        }
    }

    private final FeatureCatalog catalog;
    private final PrintStream out;

    SimulateCommand(FeatureCatalog catalog, PrintStream out) {
        this.catalog = catalog;
        this.out = out;
    }

    void run(List<String> args) {
        Arguments options = Arguments.parse("simulate", args, Set.of("--model", "--pcap", "--policy"),
                                            Set.of("--json"));
        Path modelFile = options.existingFile("--model");
        Path pcapFile = options.existingFile("--pcap");
        Optional<DetectionPolicy> policy = options.value("--policy")
                .map(file -> readPolicy(Arguments.existingFile(Paths.get(file))));
        ModelBundle bundle = BundleFiles.read(modelFile, catalog);
        TableSemanticsClassifier classifier = new TableSemanticsClassifier(bundle.compiled(), catalog);
        FlowFeatureExtractor extractor = new FlowFeatureExtractor(catalog);
        Map<FlowKey, FlowOutcome> outcomes = new HashMap<>();
        Map<PacketDecoder.Skip, Long> skipped = new EnumMap<>(PacketDecoder.Skip.class);
        long frames = 0;
        long treeDisagreements = 0;
        try (PcapReader reader = new PcapReader(pcapFile)) {
            for (PcapReader.Frame frame = reader.next(); frame != null; frame = reader.next()) {
                frames++;
                PacketDecoder.Result decoded = PacketDecoder.decode(frame.data(), frame.timestampMicros());
                if (decoded.packet() == null) {
                    skipped.merge(decoded.skip(), 1L, Long::sum);
                    continue;
                }
                FlowState flow = extractor.accept(decoded.packet());
                FlowOutcome outcome = outcomes.computeIfAbsent(flow.key(), k -> new FlowOutcome(outcomes.size() + 1));
                Classification answer = classifier.classifyDataPlane(extractor.dataPlaneValues(flow));
                LeafNode treeLeaf = bundle.tree().leafFor(extractor.featureValues(flow));
                if (treeLeaf.classId() != answer.classId() || treeLeaf.leafId() != answer.leafId()) {
                    treeDisagreements++;
                }
                outcome.last = answer;
                if (answer.classId() != 0 && outcome.firstAlert == null) {
                    outcome.firstAlert = answer;
                    outcome.firstAlertPacket = flow.packets();
                    outcome.firstAlertMicros = frame.timestampMicros();
                }
            }
        }
        Optional<DetectionReplay> detection = policy.map(p -> detect(p, bundle, extractor, outcomes));
        if (options.flag("--json")) {
            ObjectNode root = json(bundle, pcapFile, extractor, outcomes, frames, skipped, treeDisagreements);
            detection.ifPresent(d -> d.json(root));
            out.println(root);
        } else {
            printText(bundle, pcapFile, extractor, outcomes, frames, skipped, treeDisagreements);
            detection.ifPresent(d -> d.print(out));
        }
    }

    /**
     * @param file a JSON object of detection properties (strings or numbers)
     * @return the policy
     * @throws ModelException naming the file and what is wrong
     */
    static DetectionPolicy readPolicy(Path file) {
        JsonNode json;
        try {
            json = new ObjectMapper().readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw new ModelException(file + ": not a JSON document: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new ModelException(file + ": " + e.getMessage());
        }
        if (json == null || !json.isObject()) {
            throw new ModelException(file + ": expected a JSON object of detection properties");
        }
        Map<String, String> properties = new LinkedHashMap<>();
        json.fields().forEachRemaining(field -> {
            if (!field.getValue().isValueNode() || field.getValue().isNull()) {
                throw new ModelException(file + ": " + field.getKey() + " must be a string or a number");
            }
            properties.put(field.getKey(), field.getValue().asText());
        });
        try {
            return DetectionPolicy.fromProperties(properties);
        } catch (IllegalArgumentException e) {
            throw new ModelException(file + ": " + e.getMessage());
        }
    }

    /** Each flow's first attack verdict, in time order, through the detection policy. */
    private DetectionReplay detect(DetectionPolicy policy, ModelBundle bundle, FlowFeatureExtractor extractor,
                                   Map<FlowKey, FlowOutcome> outcomes) {
        List<String> classes = bundle.compiled().classNames();
        List<DetectionReplay.Numbered> verdicts = new ArrayList<>();
        for (FlowState flow : extractor.flows()) {
            FlowOutcome outcome = outcomes.get(flow.key());
            if (outcome.firstAlert != null) {
                int classId = outcome.firstAlert.classId();
                int leafId = outcome.firstAlert.leafId();
                verdicts.add(new DetectionReplay.Numbered(outcome.number, outcome.firstAlertPacket, FlowVerdict.builder()
                        .timeMicros(outcome.firstAlertMicros)
                        .flow(flow.clientAddress(), flow.clientPort(), flow.serverAddress(), flow.serverPort(),
                              flow.protocol())
                        .verdict(classId, classes.get(classId), leafId)
                        .decisionPath(path(bundle, leafId)).modelId(bundle.modelId()).build()));
            }
        }
        return new DetectionReplay(policy, verdicts);
    }

    /** The leaf's conditions in words (without the flow's values, which the app adds). */
    private String path(ModelBundle bundle, int leafId) {
        return bundle.compiled().leaves().stream().filter(leaf -> leaf.leafId() == leafId).findFirst()
                .map(leaf -> leaf.conditions().stream().map(c -> catalog.byIdOptional(c.featureId())
                        .map(Feature::name).orElse("#" + c.featureId()) + " " + c.operator().symbol() + " "
                        + c.value()).collect(Collectors.joining(" and ")))
                .orElse("");
    }

    private ObjectNode json(ModelBundle bundle, Path pcapFile, FlowFeatureExtractor extractor,
                        Map<FlowKey, FlowOutcome> outcomes, long frames, Map<PacketDecoder.Skip, Long> skipped,
                        long treeDisagreements) {
        List<String> classes = bundle.compiled().classNames();
        ObjectNode root = new ObjectMapper().createObjectNode();
        root.put("model_id", bundle.modelId());
        root.put("pcap", pcapFile.getFileName().toString());
        root.put("frames", frames);
        ObjectNode skips = root.putObject("skipped");
        for (PacketDecoder.Skip reason : PacketDecoder.Skip.values()) {
            skips.put(reason.name().toLowerCase(Locale.ROOT), skipped.getOrDefault(reason, 0L));
        }
        root.put("tree_disagreements", treeDisagreements);
        ArrayNode flows = root.putArray("flows");
        for (FlowState flow : extractor.flows()) {
            FlowOutcome outcome = outcomes.get(flow.key());
            ObjectNode node = flows.addObject();
            node.put("flow", outcome.number);
            node.put("protocol", flow.protocol());
            node.put("client", PacketHeaders.addressText(flow.clientAddress()));
            node.put("client_port", flow.clientPort());
            node.put("server", PacketHeaders.addressText(flow.serverAddress()));
            node.put("server_port", flow.serverPort());
            node.put("packets", flow.packets());
            node.put("first_us", flow.firstMicros());
            node.put("last_us", flow.lastMicros());
            ObjectNode features = node.putObject("features");
            ObjectNode dataPlane = node.putObject("data_plane");
            long[] featureValues = extractor.featureValues(flow);
            long[] dataPlaneValues = extractor.dataPlaneValues(flow);
            for (Feature feature : catalog.features()) {
                features.put(feature.name(), featureValues[feature.id()]);
                dataPlane.put(feature.name(), dataPlaneValues[feature.id()]);
            }
            node.put("class_id", outcome.last.classId());
            node.put("class", classes.get(outcome.last.classId()));
            node.put("leaf_id", outcome.last.leafId());
            if (outcome.firstAlert == null) {
                node.putNull("first_alert");
            } else {
                node.putObject("first_alert").put("packet", outcome.firstAlertPacket)
                        .put("time_us", outcome.firstAlertMicros)
                        .put("class_id", outcome.firstAlert.classId())
                        .put("class", classes.get(outcome.firstAlert.classId()))
                        .put("leaf_id", outcome.firstAlert.leafId());
            }
        }
        return root;
    }

    private void printText(ModelBundle bundle, Path pcapFile, FlowFeatureExtractor extractor,
                           Map<FlowKey, FlowOutcome> outcomes, long frames, Map<PacketDecoder.Skip, Long> skipped,
                           long treeDisagreements) {
        List<String> classes = bundle.compiled().classNames();
        List<FlowState> flows = extractor.flows();
        out.println("model         " + bundle.modelId() + "  " + bundle.name());
        out.println("pcap          " + pcapFile + ": " + frames + " frames, " + flows.size() + " flows; skipped "
                + skipped);
        out.println("tree check    " + (treeDisagreements == 0 ? "every classification agrees with the tree"
                : treeDisagreements + " packet classifications DISAGREE with the tree"));
        out.println();
        for (FlowState flow : flows) {
            FlowOutcome outcome = outcomes.get(flow.key());
            long[] values = extractor.featureValues(flow);
            StringBuilder features = new StringBuilder();
            for (int featureId : bundle.tree().usedFeatureIds()) {
                features.append(' ').append(catalog.byId(featureId).name()).append('=').append(values[featureId]);
            }
            String alert = outcome.firstAlert == null ? "no alert"
                    : "first alert at packet " + outcome.firstAlertPacket + " ("
                    + classes.get(outcome.firstAlert.classId()) + ", leaf " + outcome.firstAlert.leafId() + ")";
            out.printf(Locale.ROOT, "flow %d  proto %d  %s:%d -> %s:%d  packets %d  class %s (%d)  leaf %d  %s%n",
                    outcome.number, flow.protocol(), PacketHeaders.addressText(flow.clientAddress()),
                    flow.clientPort(), PacketHeaders.addressText(flow.serverAddress()), flow.serverPort(),
                    flow.packets(), classes.get(outcome.last.classId()), outcome.last.classId(),
                    outcome.last.leafId(), alert);
            out.println("       " + features.toString().trim());
        }
    }
}
