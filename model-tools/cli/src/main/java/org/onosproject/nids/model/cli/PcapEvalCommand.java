package org.onosproject.nids.model.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.nids.detection.DetectionPolicy;
import org.onosproject.nids.model.ModelException;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.compiler.BundleClassifier;
import org.onosproject.nids.model.compiler.Verdict;
import org.onosproject.nids.model.dataplane.DataPlaneSettings;
import org.onosproject.nids.model.dataplane.FlowEvent;
import org.onosproject.nids.model.dataplane.IdleSweep;
import org.onosproject.nids.model.dataplane.SwitchDetector;
import org.onosproject.nids.model.dataplane.SwitchReference;
import org.onosproject.nids.model.flow.FlowFeatures;
import org.onosproject.nids.model.flow.PacketHeaders;


import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code nids-model eval --pcap FILE --labels FILE}: a model on labelled live traffic, as an operator meets it.
 * Every packet goes through the switch's software reference and the model's table entries, alert-level verdicts
 * through the alert and auto-block policy; a blocked source's packets are dropped. Prints, per attack, the time to
 * the first alert and incident naming its source and the share of its flows classified attack or covered by a block;
 * for benign traffic, the flows alerted, false incidents per host-hour and any benign host blocked.
 */
final class PcapEvalCommand {

    static final Set<String> VALUED_OPTIONS = Set.of("--model", "--pcap", "--labels", "--policy", "--online",
            "--alert-threshold", "--alert-cap", "--json-out", "--inactive-timeout");
    static final Set<String> FLAGS = Set.of("--json");

    private static final long PROGRESS_PACKETS = 500_000;

    private final FeatureCatalog catalog;
    private final PrintStream out;
    private final Progress progress;

    PcapEvalCommand(FeatureCatalog catalog, PrintStream out, PrintStream err) {
        this.catalog = catalog;
        this.out = out;
        this.progress = new Progress(err);
    }

    void run(List<String> args) {
        Arguments options = Arguments.parse("eval", args, VALUED_OPTIONS, FLAGS);
        Path modelFile = options.existingFile("--model");
        Path pcapFile = options.existingFile("--pcap");
        Path labelsFile = options.existingFile("--labels");
        DetectionPolicy detectionPolicy = options.value("--policy")
                .map(file -> SimulateCommand.readPolicy(Arguments.existingFile(Paths.get(file))))
                .orElse(AppDetectionPolicy.AUTO_BLOCKING);
        ModelBundle bundle = BundleFiles.read(modelFile, catalog);
        AttackWindows windows = AttackWindows.read(labelsFile);
        int threshold = options.fraction("--alert-threshold").map(f -> (int) Math.round(f * 1000))
                .orElse(bundle.alertThresholdPermille());
        int alertCap = options.integer("--alert-cap", 0).orElse(0);
        long inactiveMicros = options.longValue("--inactive-timeout").orElse(IdleSweep.DEFAULT_INACTIVE_MICROS
                / 1_000_000L) * 1_000_000L;
        if (inactiveMicros < 0) {
            throw new UsageException("eval: --inactive-timeout is seconds, 0 or more");
        }

        progress.say("evaluating " + modelFile.getFileName() + " on " + pcapFile + " (" + windows + ")");
        Report report;
        if (options.value("--online").isPresent()) {
            // What the fabric and the app did (their alerts and blocks over REST), scored on a capture of it.
            Path onlineFile = options.existingFile("--online");
            OnlineRecord online = OnlineRecord.read(onlineFile);
            LiveEvaluation detection = replay(pcapFile, windows, online.detector(), online.policy(false),
                    "online alerts");
            LiveEvaluation blocking = replay(pcapFile, windows, online.detector(), online.policy(true),
                    "online blocks");
            report = new Report(bundle, pcapFile, labelsFile, "online: " + online.alertCount() + " alerts, "
                    + online.verdictCount() + " more flows whose verdict alerted and " + blocking.blocks().size()
                    + " blocks of the app (" + onlineFile.getFileName() + ")",
                    detection, blocking, Map.of());
        } else {
            // Pass 1 alerts only: every attack meets the detector on its own, every benign flow is seen.
            SwitchEvalDetector alone = new SwitchEvalDetector(bundle, catalog, threshold, alertCap, inactiveMicros);
            LiveEvaluation detection = replay(pcapFile, windows, alone, AppDetectionPolicy.alertsOnly(
                    detectionPolicy), "alerts only");
            // Pass 2 with the auto-block policy: blocked sources' packets are dropped, as at their edge switch.
            AppDetectionPolicy policy = new AppDetectionPolicy(detectionPolicy);
            LiveEvaluation blocking = replay(pcapFile, windows,
                    new SwitchEvalDetector(bundle, catalog, threshold, alertCap, inactiveMicros), policy, "with blocks");
            report = new Report(bundle, pcapFile, labelsFile, String.format(Locale.ROOT,
                    "alerts at leaf confidence >= %.3f%s; %s", threshold / 1000.0,
                    alertCap == 0 ? "" : ", at most " + alertCap + " per source and epoch", policy.describe()),
                    detection, blocking, alone.lowConfidence());
        }
        Optional<String> jsonOut = options.value("--json-out");
        if (jsonOut.isPresent()) {
            try {
                Files.writeString(Paths.get(jsonOut.get()), report.json() + "\n");
            } catch (IOException e) {
                throw new ModelException("eval: cannot write " + jsonOut.get() + ": " + e.getMessage());
            }
        }
        if (options.flag("--json")) {
            out.println(report.json());
        } else {
            report.printText(out);
        }
    }

    private LiveEvaluation replay(Path pcapFile, AttackWindows windows, LiveEvaluation.Detector detector,
                                  LiveEvaluation.Policy policy, String pass) {
        LiveEvaluation evaluation = new LiveEvaluation(windows, detector, policy);
        long frames = PacketDecoder.forEachPacket(pcapFile, new java.util.EnumMap<>(PacketDecoder.Skip.class),
                (packet, frame) -> {
                    evaluation.accept(packet);
                    if (frame % PROGRESS_PACKETS == 0) {
                        progress.say(String.format(Locale.ROOT, "%s: %,d frames, %,d flows, %d incidents, %d blocks",
                                pass, frame, evaluation.flowCount(), evaluation.incidents().size(),
                                evaluation.blocks().size()));
                    }
                });
        evaluation.finish();
        evaluation.setFrames(frames);
        progress.say(String.format(Locale.ROOT, "%s: %,d frames, %,d flows, %d incidents, %d blocks", pass, frames,
                evaluation.flowCount(), evaluation.incidents().size(), evaluation.blocks().size()));
        return evaluation;
    }

    /**
     * The switch running the model, in software ({@link SwitchDetector}: flow table, source context, phases, leaf
     * confidence, the per-source alert cap): every confident attack verdict marks its flow, the flow's first one is
     * the alert the switch sends (unless the cap kept it back).
     */
    static final class SwitchEvalDetector implements LiveEvaluation.Detector {
        private final SwitchDetector detector;
        private final List<String> classes;
        private final Map<String, Long> lowConfidence = new java.util.TreeMap<>();
        private final IdleSweep sweep;

        /**
         * @param inactiveMicros the app's idle sweep ({@link IdleSweep}): flows idle for longer are classified at
         *                       their end and freed; 0: only at the capture's end
         */
        SwitchEvalDetector(ModelBundle bundle, FeatureCatalog catalog, int thresholdPermille, int alertCap,
                           long inactiveMicros) {
            this.sweep = new IdleSweep(inactiveMicros);
            DataPlaneSettings settings = DataPlaneSettings.builder()
                    .sourceWindowLog2Us(bundle.sourceWindowLog2Us())
                    .sourceAlertCap(alertCap)
                    .build();
            this.detector = new SwitchDetector(new SwitchReference(settings, new FlowFeatures(catalog),
                    bundle.schedule()), new BundleClassifier(bundle, catalog), thresholdPermille);
            this.classes = bundle.classNames();
        }

        @Override
        public List<LiveEvaluation.Detection> accept(PacketHeaders packet) {
            List<LiveEvaluation.Detection> found = new ArrayList<>(0);
            for (long at : sweep.dueBefore(packet.timestampMicros())) {
                found.addAll(detections(detector.sweepIdle(at, sweep.inactiveMicros())));
            }
            found.addAll(detections(detector.accept(packet)));
            return found;
        }

        @Override
        public List<LiveEvaluation.Detection> finish(long micros) {
            return detections(detector.probeAll(micros));
        }

        /** Attack verdicts below the threshold, per class (counted by the switch, not alerted). */
        Map<String, Long> lowConfidence() {
            return lowConfidence;
        }

        private List<LiveEvaluation.Detection> detections(List<SwitchDetector.Detection> found) {
            List<LiveEvaluation.Detection> confident = new ArrayList<>(0);
            for (SwitchDetector.Detection d : found) {
                SwitchDetector.Outcome outcome = d.outcome();
                if (outcome == SwitchDetector.Outcome.LOW_CONFIDENCE) {
                    lowConfidence.merge(classes.get(d.verdict().orElseThrow().classId()), 1L, Long::sum);
                }
                if (outcome != SwitchDetector.Outcome.ALERT && outcome != SwitchDetector.Outcome.ALREADY_ALERTED
                        && outcome != SwitchDetector.Outcome.CAPPED) {
                    continue;
                }
                FlowEvent e = d.event();
                Verdict v = d.verdict().orElseThrow();
                confident.add(new LiveEvaluation.Detection(e.timeMicros(), e.protocol(), e.clientAddress(),
                        e.clientPort(), e.serverAddress(), e.serverPort(), v.classId(), classes.get(v.classId()),
                        v.leafId(), v.confidencePermille(), v.phase().number(),
                        outcome == SwitchDetector.Outcome.ALERT, e.key()));
            }
            return confident;
        }
    }

    /**
     * The figures, with the targets of issue 12 beside them. Detection (time to alert and incident, share of an
     * attack's flows classified attack) and benign alerts come from the alerts-only pass; what blocks cover and
     * which hosts get blocked, from the pass with the auto-block policy. An attack whose source was already blocked
     * at its start counts as detected at its start: an incident names the source and its packets are dropped at its
     * edge. (Online, where the alerts are the app's and the app did block, that is the only way to see it: a blocked
     * source raises no alert.)
     */
    static final class Report {
        static final double MAX_BENIGN_ALERTED = 0.005;
        static final double MAX_SECONDS_TO_DETECT = 2.0;
        static final double MIN_ATTACK_SHARE = 0.9;

        private final ModelBundle bundle;
        private final Path pcap;
        private final Path labels;
        private final String policy;
        private final LiveEvaluation detection;
        private final LiveEvaluation blocking;
        private final List<LiveEvaluation.AttackOutcome> detected;
        private final List<LiveEvaluation.AttackOutcome> covered;
        private final LiveEvaluation.BenignOutcome benign;
        private final LiveEvaluation.BenignOutcome benignBlocking;
        private final Map<String, Long> lowConfidence;

        Report(ModelBundle bundle, Path pcap, Path labels, String policy, LiveEvaluation detection,
               LiveEvaluation blocking, Map<String, Long> lowConfidence) {
            this.lowConfidence = lowConfidence;
            this.bundle = bundle;
            this.pcap = pcap;
            this.labels = labels;
            this.policy = policy;
            this.detection = detection;
            this.blocking = blocking;
            this.detected = detection.attacks();
            this.covered = blocking.attacks();
            this.benign = detection.benign();
            this.benignBlocking = blocking.benign();
        }

        /** Seconds from the attack's start to an incident naming its source; 0 if already blocked then; -1 never. */
        double secondsToDetect(int i) {
            double seconds = detected.get(i).secondsToIncident();
            return seconds < 0 && covered.get(i).blockedBefore ? 0 : seconds;
        }

        boolean attackMet(int i) {
            double seconds = secondsToDetect(i);
            return seconds >= 0 && seconds <= MAX_SECONDS_TO_DETECT
                    && covered.get(i).detectedShare() >= MIN_ATTACK_SHARE;
        }

        boolean benignMet() {
            return benign.alertedShare() <= MAX_BENIGN_ALERTED && benignBlocking.hostsBlocked.isEmpty();
        }

        boolean allMet() {
            boolean met = benignMet();
            for (int i = 0; i < detected.size(); i++) {
                met &= attackMet(i);
            }
            return met;
        }

        String json() {
            ObjectMapper mapper = new ObjectMapper();
            ObjectNode root = mapper.createObjectNode();
            root.put("model_id", bundle.modelId());
            root.put("model", bundle.name());
            root.put("pcap", pcap.getFileName().toString());
            root.put("labels", labels.getFileName().toString());
            root.put("policy", policy);
            root.put("frames", detection.frames());
            root.put("packets", detection.packets());
            root.put("flows", detection.flowCount());
            root.put("capture_seconds", round(detection.captureSeconds(), 3));
            root.put("dropped_by_blocks", blocking.dropped());
            ObjectNode low = root.putObject("low_confidence_verdicts");
            lowConfidence.forEach(low::put);
            ObjectNode b = root.putObject("benign");
            b.put("flows", benign.flows);
            b.put("alerted", benign.alerted);
            b.put("alerted_share", round(benign.alertedShare(), 5));
            b.put("false_incidents", benign.falseIncidents);
            b.put("host_hours", round(benign.hostHours, 4));
            b.put("false_incidents_per_host_hour", round(benign.falseIncidentsPerHostHour(), 3));
            ObjectNode bySource = b.putObject("alerted_by_source");
            benign.alertedBySource.forEach((s, n) -> bySource.put(LiveEvaluation.address(s), n));
            ObjectNode byClass = b.putObject("alerted_by_class");
            benign.alertedByClass.forEach(byClass::put);
            ArrayNode blocked = b.putArray("hosts_blocked");
            benignBlocking.hostsBlocked.forEach(block -> blocked.addObject()
                    .put("source", LiveEvaluation.address(block.source)).put("at_us", block.startMicros)
                    .put("reason", block.reason));
            ArrayNode examples = b.putArray("alerted_examples");
            for (LiveEvaluation.FlowRecord flow : benign.examples) {
                LiveEvaluation.Detection d = flow.firstDetection;
                examples.addObject().put("client", LiveEvaluation.address(d.client)).put("client_port", d.clientPort)
                        .put("server", LiveEvaluation.address(d.server)).put("server_port", d.serverPort)
                        .put("protocol", d.protocol).put("packets", flow.packets).put("phase", d.phaseLabel())
                        .put("class", d.className).put("leaf", d.leafId)
                        .put("confidence_permille", d.confidencePermille)
                        .put("at_s", round((d.micros - flow.firstMicros) / 1e6, 3));
            }
            b.put("met", benignMet());
            ArrayNode incidents = root.putArray("incidents");
            for (LiveEvaluation.Incident incident : detection.incidents()) {
                LiveEvaluation.Detection d = incident.first;
                incidents.addObject().put("source", LiveEvaluation.address(incident.source))
                        .put("class", incident.className).put("opened_us", incident.openedMicros)
                        .put("alerts", incident.alerts)
                        .put("first_flow", String.format(Locale.ROOT, "%d %s:%d -> %s:%d at %s, confidence %d",
                                d.protocol, LiveEvaluation.address(d.client), d.clientPort,
                                LiveEvaluation.address(d.server), d.serverPort, d.phaseLabel(), d.confidencePermille))
                        .put("first_flow_truth", incident.firstTruth);
            }
            ArrayNode list = root.putArray("attacks");
            for (int i = 0; i < detected.size(); i++) {
                LiveEvaluation.AttackOutcome a = detected.get(i);
                LiveEvaluation.AttackOutcome c = covered.get(i);
                ObjectNode node = list.addObject();
                node.put("number", a.window.number());
                node.put("source", a.window.sourceText());
                node.put("family", a.window.family());
                node.put("attack", a.window.attack());
                node.put("tool", a.window.tool());
                node.put("flows", a.flows);
                node.put("alerted", a.alerted);
                node.put("alerted_share", round(a.detectedShare(), 4));
                node.put("seconds_to_alert", round(a.secondsToAlert(), 3));
                node.put("seconds_to_incident", round(a.secondsToIncident(), 3));
                ObjectNode classes = node.putObject("alert_classes");
                a.alertClasses.forEach(classes::put);
                node.put("family_named_share", round(a.namedShare(), 4));
                node.put("with_blocks_alerted", c.alerted);
                node.put("with_blocks_covered", c.covered);
                node.put("with_blocks_share", round(c.detectedShare(), 4));
                node.put("blocked_before_start", c.blockedBefore);
                node.put("seconds_to_detect", round(secondsToDetect(i), 3));
                node.put("met", attackMet(i));
            }
            root.put("met", allMet());
            return root.toString();
        }

        void printText(PrintStream out) {
            out.println("model         " + bundle.modelId() + "  " + bundle.name());
            out.println("traffic       " + pcap + " (" + detection.frames() + " frames, " + detection.flowCount()
                    + " flows, " + String.format(Locale.ROOT, "%.0f s", detection.captureSeconds()) + "), labels "
                    + labels);
            out.println("policy        " + policy + "; with it " + blocking.dropped() + " packets dropped by "
                    + blocking.blocks().size() + " blocks");
            out.println("low confid.   attack verdicts below the threshold (not alerted): " + lowConfidence);
            out.println();
            out.println(String.format(Locale.ROOT, "benign        %d flows, %d alerted (%.2f%%, target <= %.1f%%); "
                            + "%d false incidents (%.1f per host-hour); hosts blocked: %s  %s", benign.flows,
                    benign.alerted, 100 * benign.alertedShare(), 100 * MAX_BENIGN_ALERTED, benign.falseIncidents,
                    benign.falseIncidentsPerHostHour(), benignBlocking.hostsBlocked.isEmpty() ? "none"
                            : String.join(", ", benignBlocking.hostsBlocked.stream()
                            .map(x -> LiveEvaluation.address(x.source)).distinct().toArray(String[]::new)),
                    benignMet() ? "MET" : "NOT MET"));
            if (!benign.alertedBySource.isEmpty()) {
                StringBuilder sources = new StringBuilder();
                benign.alertedBySource.forEach((s, n) -> sources.append(' ').append(LiveEvaluation.address(s))
                        .append('=').append(n));
                out.println("              alerted by source:" + sources);
            }
            out.println();
            out.println("attacks       alone: alerts only; blocked: with the auto-block policy (* already blocked "
                    + "at its start: detected then)");
            out.println(String.format(Locale.ROOT, "%-3s %-10s %-10s %-14s %-12s %6s %7s %7s %7s %7s  %-7s %s", "#",
                    "source", "family", "attack", "tool", "flows", "alone", "alert s", "incid s", "blocked",
                    "target", "classes"));
            for (int i = 0; i < detected.size(); i++) {
                LiveEvaluation.AttackOutcome a = detected.get(i);
                LiveEvaluation.AttackOutcome c = covered.get(i);
                out.println(String.format(Locale.ROOT,
                        "%-3d %-10s %-10s %-14s %-12s %6d %6.1f%% %7s %7s %6.1f%%%s %-7s %s",
                        a.window.number(), a.window.sourceText(), a.window.family(), a.window.attack(),
                        a.window.tool(), a.flows, 100 * a.detectedShare(), seconds(a.secondsToAlert()),
                        seconds(a.secondsToIncident()), 100 * c.detectedShare(), c.blockedBefore ? "*" : " ",
                        attackMet(i) ? "met" : "NOT MET", a.alertClasses));
            }
            out.println();
            out.println("targets       " + (allMet() ? "ALL MET" : "NOT MET") + " (benign <= 0.5% alerted and no "
                    + "benign host blocked; every attack: an incident within 2 s, >= 90% of its flows alerted or "
                    + "blocked)");
        }

        private static String seconds(double s) {
            return s < 0 ? "never" : String.format(Locale.ROOT, "%.2f", s);
        }

        private static double round(double value, int digits) {
            double scale = Math.pow(10, digits);
            return Math.round(value * scale) / scale;
        }
    }
}
