package org.onosproject.nids.model.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.nids.detection.BlockDecision;
import org.onosproject.nids.detection.DetectionPolicy;
import org.onosproject.nids.detection.Evidence;
import org.onosproject.nids.detection.FlowVerdict;
import org.onosproject.nids.detection.Incident;
import org.onosproject.nids.detection.IncidentTracker;
import org.onosproject.nids.detection.Ipv4Cidr;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A capture's attack verdicts through the app's detection rules ({@link IncidentTracker}, nids-detection): the
 * incidents, evidence alerts and blocks the app would make, and the flows a block would have dropped; as JSON or
 * text. Verdicts are replayed in time order, ties by flow number, as the app takes them in arrival order.
 */
final class DetectionReplay {

    /** One verdict and the number of its flow in the capture. */
    static final class Numbered {
        final int flow;
        final long packet;
        final FlowVerdict verdict;

        Numbered(int flow, long packet, FlowVerdict verdict) {
            this.flow = flow;
            this.packet = packet;
            this.verdict = verdict;
        }
    }

    private final IncidentTracker tracker;
    private final Map<Long, Numbered> byAlert = new HashMap<>();
    /** The auto-block decision about an alert's incident at the alert's verdict. */
    private final Map<Long, BlockDecision> decisionAtAlert = new HashMap<>();

    /**
     * Replays the verdicts.
     *
     * @param policy   the detection policy
     * @param verdicts the verdicts, any order
     */
    DetectionReplay(DetectionPolicy policy, List<Numbered> verdicts) {
        tracker = new IncidentTracker(policy);
        List<Numbered> ordered = new ArrayList<>(verdicts);
        ordered.sort(Comparator.comparingLong((Numbered n) -> n.verdict.timeMicros()).thenComparingInt(n -> n.flow));
        long last = 0;
        for (Numbered numbered : ordered) {
            IncidentTracker.Outcome outcome = tracker.observe(numbered.verdict);
            outcome.alert().ifPresent(a -> {
                byAlert.put(a.id(), numbered);
                outcome.decision().ifPresent(d -> decisionAtAlert.put(a.id(), d));
            });
            last = numbered.verdict.timeMicros();
        }
        tracker.finish(last);
    }

    IncidentTracker tracker() {
        return tracker;
    }

    void json(ObjectNode root) {
        ObjectNode policy = root.putObject("policy");
        tracker.policy().toProperties().forEach(policy::put);
        ArrayNode incidents = root.putArray("incidents");
        for (Incident incident : tracker.incidents()) {
            ObjectNode node = incidents.addObject().put("id", incident.id()).put("state", incident.state().name())
                    .put("severity", incident.severity().name()).put("family", incident.familyName())
                    .put("family_kind", incident.family().label()).put("source", incident.sourceText())
                    .put("first_us", incident.firstSeenMicros()).put("last_us", incident.lastSeenMicros())
                    .put("flows", incident.flows()).put("reports", incident.reports())
                    .put("merged_reports", incident.mergedReports())
                    .put("destinations", incident.destinationCount())
                    .put("destinations_capped", incident.destinationsCapped()).put("ports", incident.portCount())
                    .put("ports_capped", incident.portsCapped())
                    .put("peak_confidence_permille", incident.peakConfidencePermille())
                    .put("location", incident.location().name());
            ArrayNode classes = node.putArray("classes");
            incident.classNames().forEach(classes::add);
            node.put("block_id", incident.blockId().orElse(null));
            node.put("decision", incident.decision().map(Enum::name).orElse(null));
            node.put("decision_reason", incident.decisionReason());
            ArrayNode evidence = node.putArray("evidence");
            for (Evidence e : incident.evidence()) {
                evidence.addObject().put("flow", e.describeFlow()).put("time_us", e.timeMicros())
                        .put("class", e.className()).put("leaf_id", e.leafId()).put("phase", e.phase())
                        .put("confidence_permille", e.confidencePermille()).put("decision_path", e.decisionPath());
            }
        }
        ArrayNode alerts = root.putArray("alerts");
        for (IncidentTracker.Alert alert : tracker.alerts()) {
            FlowVerdict v = alert.verdict();
            Numbered numbered = byAlert.get(alert.id());
            ObjectNode node = alerts.addObject().put("id", alert.id()).put("incident_id", alert.incidentId())
                    .put("flow", numbered.flow).put("time_us", v.timeMicros())
                    .put("client", Ipv4Cidr.addressText(v.client())).put("client_port", v.clientPort())
                    .put("server", Ipv4Cidr.addressText(v.server())).put("server_port", v.serverPort())
                    .put("protocol", v.protocol()).put("class_id", v.classId()).put("class", v.className())
                    .put("leaf_id", v.leafId()).put("decision_path", v.decisionPath())
                    .put("packet", numbered.packet)
                    .put("severity", alert.severity().name())
                    .put("state", alert.blockId().isPresent() ? "BLOCKED" : "OPEN");
            node.put("block_id", alert.blockId().orElse(null));
            // The rule's decision about the alert's incident when the alert was raised (kept from the per-alert
            // replay: the offline demo prints it).
            BlockDecision decision = decisionAtAlert.get(alert.id());
            node.put("decision", decision == null ? null : decision.kind().name());
            node.put("reason", decision == null ? null : decision.reason());
        }
        ArrayNode blocks = root.putArray("blocks");
        for (IncidentTracker.Block block : tracker.blocks()) {
            ObjectNode node = blocks.addObject().put("id", block.id()).put("src", block.srcText())
                    .put("incident_id", block.incidentId()).put("alert_id", block.alertId()).put("origin", "AUTO")
                    .put("reason", block.reason()).put("created_us", block.createdMicros());
            if (block.expiresMicros() == 0) {
                node.putNull("expires_us");
            } else {
                node.put("expires_us", block.expiresMicros());
            }
        }
        ObjectNode dropped = root.putObject("dropped");
        tracker.dropped().forEach(dropped::put);
        ObjectNode counters = root.putObject("counters");
        tracker.counters().forEach(counters::put);
    }

    void print(PrintStream out) {
        out.println();
        out.println("policy        " + tracker.policy().toProperties());
        for (Incident incident : tracker.incidents()) {
            out.printf(Locale.ROOT, "incident %d  %s %s  %s  %.6f..%.6f s  location %s  -> %s: %s%n",
                       incident.id(), incident.state(), incident.severity(), incident.describe(),
                       incident.firstSeenMicros() / 1e6, incident.lastSeenMicros() / 1e6, incident.location(),
                       incident.decision().map(Enum::name).orElse("-"), incident.decisionReason());
        }
        for (IncidentTracker.Alert alert : tracker.alerts()) {
            FlowVerdict v = alert.verdict();
            out.printf(Locale.ROOT, "alert %d  incident %d  %.6f s  flow %d  %s  %s (%s)  leaf %d%s%n", alert.id(),
                       alert.incidentId(), v.timeMicros() / 1e6, byAlert.get(alert.id()).flow, v.describeFlow(),
                       v.className(), alert.severity(), v.leafId(),
                       alert.blockId().map(b -> "  blocked by " + b).orElse(""));
        }
        for (IncidentTracker.Block block : tracker.blocks()) {
            out.printf(Locale.ROOT, "block %s  %s  at %.6f s, %s: %s%n", block.id(), block.srcText(),
                       block.createdMicros() / 1e6,
                       block.expiresMicros() == 0 ? "no expiry" : String.format(Locale.ROOT, "expires at %.6f s",
                                                                                block.expiresMicros() / 1e6),
                       block.reason());
        }
        tracker.dropped().forEach((src, flows) -> out.printf(Locale.ROOT,
                "dropped %d later attack flow(s) of %s at the edge (blocked)%n", flows, src));
        tracker.counters().forEach((name, count) -> out.printf(Locale.ROOT, "counted %s %d%n", name, count));
        if (tracker.incidents().isEmpty()) {
            out.println("no flow classified as an attack: no incident");
        }
    }
}
