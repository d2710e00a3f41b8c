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
import org.onosproject.nids.model.compiler.BundleClassifier;
import org.onosproject.nids.model.compiler.Verdict;
import org.onosproject.nids.model.dataplane.DataPlaneSettings;
import org.onosproject.nids.model.dataplane.FlowEvent;
import org.onosproject.nids.model.dataplane.SwitchDetector;
import org.onosproject.nids.model.dataplane.SwitchReference;
import org.onosproject.nids.model.flow.FlowFeatures;
import org.onosproject.nids.model.flow.PacketHeaders;
import org.onosproject.nids.model.phase.Phase;
import org.onosproject.nids.model.tree.LeafNode;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * {@code nids-model simulate}: the software reference of a switch running a model. Feeds a pcap (pcap timestamps as
 * the switch's ingress timestamps, shifted by {@code --clock-offset-us}) through the data plane's flow table, source
 * context and phases ({@link SwitchReference}), classifies each flow at its phases with the model's table entries and
 * alerts as the switch does ({@link SwitchDetector}); at the end of the capture every flow still in the table is
 * probed, as the app's idle sweep would ({@code --sweep none} leaves them). Prints per flow its verdicts by phase and
 * its first alert. Every verdict is also checked against the phase's tree.
 *
 * <p>With {@code --policy POLICY.json} (a JSON object of the app's detection properties, {@code
 * DetectionPolicy.PROPERTIES}), the flows' alerts (with their phase and confidence) are replayed in time order through
 * the app's detection rules ({@link DetectionReplay}): the incidents, evidence alerts and blocks the app would make,
 * and the flows a block would have dropped.
 */
final class SimulateCommand {

    static final Set<String> VALUED_OPTIONS = Set.of("--model", "--pcap", "--hash-seed", "--idle-timeout-us",
            "--clock-offset-us", "--alert-threshold", "--alert-cap", "--sweep", "--policy");
    static final Set<String> FLAGS = Set.of("--json");

    /** What the simulation remembers per flow instance. */
    private static final class FlowRecord {
        private final long number;
        private final List<SwitchDetector.Detection> detections = new ArrayList<>();
        private SwitchDetector.Detection firstAlert;

        FlowRecord(long number) {
            this.number = number;
        }

        FlowEvent last() {
            return detections.get(detections.size() - 1).event();
        }
    }

    private final FeatureCatalog catalog;
    private final PrintStream out;

    SimulateCommand(FeatureCatalog catalog, PrintStream out) {
        this.catalog = catalog;
        this.out = out;
    }

    void run(List<String> args) {
        Arguments options = Arguments.parse("simulate", args, VALUED_OPTIONS, FLAGS);
        Path modelFile = options.existingFile("--model");
        Path pcapFile = options.existingFile("--pcap");
        ModelBundle bundle = BundleFiles.read(modelFile, catalog);
        Optional<DetectionPolicy> policy = options.value("--policy")
                .map(file -> readPolicy(Arguments.existingFile(Paths.get(file))));
        int threshold = options.fraction("--alert-threshold").map(f -> (int) Math.round(f * 1000))
                .orElse(bundle.alertThresholdPermille());
        boolean sweep = !options.value("--sweep").orElse("end").equals("none");
        if (!List.of("end", "none").contains(options.value("--sweep").orElse("end"))) {
            throw new UsageException("simulate: --sweep is end or none");
        }
        DataPlaneSettings settings = DataPlaneSettings.builder()
                .flowHashSeed((int) options.longValue("--hash-seed").orElse(0L).longValue())
                .idleTimeoutUs(options.longValue("--idle-timeout-us").orElse(0L))
                .clockOffsetUs(options.longValue("--clock-offset-us").orElse(0L))
                .sourceAlertCap(options.integer("--alert-cap", 0).orElse(0))
                .sourceWindowLog2Us(bundle.sourceWindowLog2Us())
                .build();
        SwitchDetector detector = new SwitchDetector(new SwitchReference(settings, new FlowFeatures(catalog),
                bundle.schedule()), new BundleClassifier(bundle, catalog), threshold);

        Map<Long, FlowRecord> flows = new TreeMap<>();     // by flow number: the order flows started
        Map<PacketDecoder.Skip, Long> skipped = new EnumMap<>(PacketDecoder.Skip.class);
        long frames = 0;
        long lastMicros = 0;
        long[] treeDisagreements = {0};
        try (PcapReader reader = new PcapReader(pcapFile)) {
            for (PcapReader.Frame frame = reader.next(); frame != null; frame = reader.next()) {
                frames++;
                PacketDecoder.Result decoded = PacketDecoder.decode(frame.data(), frame.timestampMicros());
                if (decoded.packet() == null) {
                    skipped.merge(decoded.skip(), 1L, Long::sum);
                    continue;
                }
                lastMicros = frame.timestampMicros();
                record(detector.accept(decoded.packet()), flows, bundle, treeDisagreements);
            }
        }
        if (sweep) {
            record(detector.probeAll(lastMicros + 1), flows, bundle, treeDisagreements);
        }
        Optional<DetectionReplay> detection = policy.map(p -> detect(p, bundle, flows));
        if (options.flag("--json")) {
            ObjectNode root = json(bundle, pcapFile, flows, frames, skipped, treeDisagreements[0], threshold,
                                   detector);
            detection.ifPresent(d -> d.json(root));
            out.println(root);
        } else {
            printText(bundle, pcapFile, flows, frames, skipped, treeDisagreements[0], threshold, detector);
            detection.ifPresent(d -> d.print(out));
        }
    }

    private static void record(List<SwitchDetector.Detection> detections, Map<Long, FlowRecord> flows,
                               ModelBundle bundle, long[] treeDisagreements) {
        for (SwitchDetector.Detection detection : detections) {
            FlowEvent event = detection.event();
            FlowRecord flow = flows.computeIfAbsent(event.flowNumber(), FlowRecord::new);
            flow.detections.add(detection);
            if (detection.outcome() == SwitchDetector.Outcome.ALERT && flow.firstAlert == null) {
                flow.firstAlert = detection;
            }
            detection.verdict().ifPresent(verdict -> {
                LeafNode leaf = bundle.phase(verdict.phase()).orElseThrow().tree().leafFor(event.featureValues());
                if (leaf.classId() != verdict.classId() || leaf.leafId() != verdict.leafId()) {
                    treeDisagreements[0]++;
                }
            });
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

    /** Each flow's alert (its first confident attack verdict), in time order, through the app's detection rules. */
    private DetectionReplay detect(DetectionPolicy policy, ModelBundle bundle, Map<Long, FlowRecord> flows) {
        List<String> classes = bundle.classNames();
        List<DetectionReplay.Numbered> verdicts = new ArrayList<>();
        for (FlowRecord flow : flows.values()) {
            if (flow.firstAlert != null) {
                FlowEvent event = flow.firstAlert.event();
                Verdict alert = flow.firstAlert.verdict().orElseThrow();
                verdicts.add(new DetectionReplay.Numbered((int) flow.number, event.flowPackets(), FlowVerdict.builder()
                        .timeMicros(event.timeMicros())
                        .flow(event.clientAddress(), event.clientPort(), event.serverAddress(), event.serverPort(),
                              event.protocol())
                        .verdict(alert.classId(), classes.get(alert.classId()), alert.leafId())
                        .phase(alert.phase().number()).confidencePermille(alert.confidencePermille())
                        .decisionPath(path(bundle, alert.phase(), alert.leafId())).modelId(bundle.modelId())
                        .build()));
            }
        }
        return new DetectionReplay(policy, verdicts);
    }

    /** The leaf's conditions in the phase's tree, in words (without the flow's values, which the app adds). */
    private String path(ModelBundle bundle, Phase phase, int leafId) {
        return bundle.phase(phase).map(model -> model.compiled().leaves().stream()
                .filter(leaf -> leaf.leafId() == leafId).findFirst()
                .map(leaf -> leaf.conditions().stream().map(c -> catalog.byIdOptional(c.featureId())
                        .map(Feature::name).orElse("#" + c.featureId()) + " " + c.operator().symbol() + " "
                        + c.value()).collect(Collectors.joining(" and ")))
                .orElse("")).orElse("");
    }

    /** Verdicts the switch counts in class_counter: at phase packets and ends (probes and evictions excluded). */
    private static boolean countedBySwitch(SwitchDetector.Detection detection) {
        FlowEvent.Kind kind = detection.event().kind();
        return detection.verdict().isPresent() && (kind == FlowEvent.Kind.PHASE || kind == FlowEvent.Kind.END);
    }

    private ObjectNode json(ModelBundle bundle, Path pcapFile, Map<Long, FlowRecord> flows, long frames,
                        Map<PacketDecoder.Skip, Long> skipped, long treeDisagreements, int threshold,
                        SwitchDetector detector) {
        List<String> classes = bundle.classNames();
        ObjectNode root = new ObjectMapper().createObjectNode();
        root.put("model_id", bundle.modelId());
        root.put("pcap", pcapFile.getFileName().toString());
        root.put("frames", frames);
        ObjectNode skips = root.putObject("skipped");
        for (PacketDecoder.Skip reason : PacketDecoder.Skip.values()) {
            skips.put(reason.name().toLowerCase(Locale.ROOT), skipped.getOrDefault(reason, 0L));
        }
        root.put("tree_disagreements", treeDisagreements);
        root.put("alert_threshold_permille", threshold);
        SwitchReference reference = detector.reference();
        root.putObject("flow_table").put("flows_started", reference.flowsStarted())
                .put("evictions", reference.evictions()).put("idle_evictions", reference.idleEvictions())
                .put("ignored_packets", reference.ignoredPackets());
        long[] classCounts = new long[classes.size()];
        ArrayNode flowArray = root.putArray("flows");
        for (FlowRecord flow : flows.values()) {
            FlowEvent last = flow.last();
            ObjectNode node = flowArray.addObject();
            node.put("flow", flow.number);
            node.put("protocol", last.protocol());
            node.put("client", PacketHeaders.addressText(last.clientAddress()));
            node.put("client_port", last.clientPort());
            node.put("server", PacketHeaders.addressText(last.serverAddress()));
            node.put("server_port", last.serverPort());
            node.put("packets", last.flowPackets());
            node.put("first_us", last.firstMicros());
            node.put("slot", last.slot());
            node.put("end", last.kind().name().toLowerCase(Locale.ROOT));
            ObjectNode features = node.putObject("features");
            ObjectNode dataPlane = node.putObject("data_plane");
            long[] featureValues = last.featureValues();
            long[] dataPlaneValues = last.dataPlaneValues();
            for (Feature feature : catalog.features()) {
                features.put(feature.name(), featureValues[feature.id()]);
                dataPlane.put(feature.name(), dataPlaneValues[feature.id()]);
            }
            ArrayNode verdicts = node.putArray("verdicts");
            Verdict lastVerdict = null;
            long classified = 0;
            for (SwitchDetector.Detection detection : flow.detections) {
                ObjectNode v = verdicts.addObject();
                FlowEvent event = detection.event();
                v.put("kind", event.kind().name().toLowerCase(Locale.ROOT)).put("phase", event.phase().label())
                        .put("packets", event.flowPackets()).put("time_us", event.timeMicros())
                        .put("outcome", detection.outcome().name().toLowerCase(Locale.ROOT));
                if (detection.verdict().isPresent()) {
                    Verdict verdict = detection.verdict().get();
                    v.put("class_id", verdict.classId()).put("class", classes.get(verdict.classId()))
                            .put("leaf_id", verdict.leafId()).put("confidence_permille", verdict.confidencePermille());
                    lastVerdict = verdict;
                }
                if (countedBySwitch(detection)) {
                    classified++;
                    classCounts[detection.verdict().get().classId()]++;
                }
            }
            node.put("classified", classified);
            node.put("class_id", lastVerdict == null ? 0 : lastVerdict.classId());
            node.put("class", classes.get(lastVerdict == null ? 0 : lastVerdict.classId()));
            node.put("leaf_id", lastVerdict == null ? 0 : lastVerdict.leafId());
            if (flow.firstAlert == null) {
                node.putNull("first_alert");
            } else {
                Verdict alert = flow.firstAlert.verdict().orElseThrow();
                node.putObject("first_alert").put("packet", flow.firstAlert.event().flowPackets())
                        .put("phase", alert.phase().label())
                        .put("time_us", flow.firstAlert.event().timeMicros())
                        .put("class_id", alert.classId())
                        .put("class", classes.get(alert.classId()))
                        .put("leaf_id", alert.leafId())
                        .put("confidence_permille", alert.confidencePermille());
            }
        }
        ObjectNode counts = root.putObject("class_counts");
        for (int i = 0; i < classes.size(); i++) {
            counts.put(classes.get(i), classCounts[i]);
        }
        return root;
    }

    private void printText(ModelBundle bundle, Path pcapFile, Map<Long, FlowRecord> flows, long frames,
                           Map<PacketDecoder.Skip, Long> skipped, long treeDisagreements, int threshold,
                           SwitchDetector detector) {
        List<String> classes = bundle.classNames();
        SwitchReference reference = detector.reference();
        out.println("model         " + bundle.modelId() + "  " + bundle.name());
        out.println("phases        " + bundle.schedule() + "; alerts at leaves of at least "
                + String.format(Locale.ROOT, "%.1f%%", threshold / 10.0) + " confidence");
        out.println("pcap          " + pcapFile + ": " + frames + " frames, " + reference.flowsStarted()
                + " flows started, " + reference.evictions() + " evicted (" + reference.idleEvictions()
                + " idle); skipped " + skipped);
        out.println("tree check    " + (treeDisagreements == 0 ? "every verdict agrees with its phase's tree"
                : treeDisagreements + " verdicts DISAGREE with the tree"));
        out.println();
        for (FlowRecord flow : flows.values()) {
            FlowEvent last = flow.last();
            StringBuilder verdicts = new StringBuilder();
            for (SwitchDetector.Detection detection : flow.detections) {
                if (detection.verdict().isPresent()) {
                    Verdict v = detection.verdict().get();
                    verdicts.append(' ').append(v.phase().label()).append('=').append(classes.get(v.classId()))
                            .append(String.format(Locale.ROOT, "(%d,%.1f%%)", v.leafId(),
                                    v.confidencePermille() / 10.0));
                }
            }
            String alert = flow.firstAlert == null ? "no alert"
                    : "ALERT at " + flow.firstAlert.event().phase().label() + " ("
                    + classes.get(flow.firstAlert.verdict().orElseThrow().classId()) + ")";
            out.printf(Locale.ROOT, "flow %d  proto %d  %s:%d -> %s:%d  packets %d  %s  %s%n", flow.number,
                    last.protocol(), PacketHeaders.addressText(last.clientAddress()), last.clientPort(),
                    PacketHeaders.addressText(last.serverAddress()), last.serverPort(), last.flowPackets(),
                    last.kind().name().toLowerCase(Locale.ROOT), alert);
            out.println("       " + (verdicts.length() == 0 ? "not classified" : verdicts.toString().trim()));
        }
    }
}
