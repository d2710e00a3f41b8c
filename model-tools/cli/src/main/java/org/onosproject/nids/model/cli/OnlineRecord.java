package org.onosproject.nids.model.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.onosproject.nids.model.ModelException;
import org.onosproject.nids.model.flow.FlowKey;
import org.onosproject.nids.model.flow.PacketHeaders;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the app did online, as its REST API answered ({@code eval --online FILE}): {@code {"alerts": [...], "blocks":
 * [...]}} with the bodies of {@code GET /onos/nids/alerts} and {@code GET /onos/nids/blocks}. Scored against a capture
 * of the same traffic and its labels, the figures are the fabric's and the app's, not a replay's: each alert marks
 * its flow at its {@code firstSeenMillis}, each block drops its source from {@code createdAt} to {@code expiresAt}.
 * The app's alerts are the evidence flows of its incidents (the first few flows of each, {@code incidentId}): the
 * alerts of one incident count as one. An incident's later flows raise no alert of their own; the optional
 * {@code "flows"} (bodies of {@code GET /onos/nids/flows}) carry them: each record whose verdict raised an alert
 * ({@code "alert": true}) marks its flow at its {@code receivedMillis} and joins its source's incident of that class.
 */
final class OnlineRecord {

    private final List<LiveEvaluation.Detection> alerts = new ArrayList<>();
    private final List<LiveEvaluation.Block> blocks = new ArrayList<>();
    private final Map<LiveEvaluation.Detection, Long> incidentOf = new IdentityHashMap<>();
    private int alertCount;
    private int verdictCount;

    private OnlineRecord() {
    }

    static OnlineRecord read(Path file) {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(file.toFile());
        } catch (IOException e) {
            throw new ModelException(file + ": not JSON (" + e.getMessage().split("\n", 2)[0] + ")");
        }
        if (root == null || !root.path("alerts").isArray() || !root.path("blocks").isArray()) {
            throw new ModelException(file + ": expected {\"alerts\": [...], \"blocks\": [...]} (GET /onos/nids/alerts"
                    + " and /onos/nids/blocks)");
        }
        OnlineRecord record = new OnlineRecord();
        for (JsonNode a : root.path("alerts")) {
            JsonNode flow = a.path("flow");
            if (!a.path("firstSeenMillis").canConvertToLong() || !flow.path("clientIp").isTextual()
                    || !flow.path("serverIp").isTextual() || !a.path("class").isTextual()) {
                throw new ModelException(file + ": alert " + a.path("id") + " lacks firstSeenMillis, class or flow");
            }
            LiveEvaluation.Detection alert = new LiveEvaluation.Detection(a.path("firstSeenMillis").asLong() * 1000,
                    flow.path("protocol").asInt(), address(file, flow.path("clientIp").asText()),
                    flow.path("clientPort").asInt(), address(file, flow.path("serverIp").asText()),
                    flow.path("serverPort").asInt(), a.path("classId").asInt(-1), a.path("class").asText(),
                    a.path("leafId").asInt(-1), -1, -1, true);
            record.alerts.add(alert);
            // Alerts are an incident's evidence flows: those of one incident share its id (none: their own).
            record.incidentOf.put(alert, a.path("incidentId").canConvertToLong() ? a.path("incidentId").asLong()
                    : -record.alerts.size());
        }
        record.alertCount = record.alerts.size();
        record.addFlowVerdicts(file, root.path("flows"));
        record.alerts.sort(Comparator.comparingLong(d -> d.micros));
        for (JsonNode b : root.path("blocks")) {
            if (!b.path("src").isTextual() || !b.path("createdAt").canConvertToLong()) {
                throw new ModelException(file + ": block " + b.path("id") + " lacks src or createdAt");
            }
            long expires = b.path("expiresAt").canConvertToLong() ? b.path("expiresAt").asLong() * 1000
                    : Long.MAX_VALUE;
            record.blocks.add(new LiveEvaluation.Block(address(file, b.path("src").asText()),
                    b.path("createdAt").asLong() * 1000, expires, b.path("reason").asText("")));
        }
        return record;
    }

    /**
     * The flow records whose verdict raised an alert, one detection per flow (its earliest; an alert already names
     * the flow: skipped); each joins the incident of the alerts of its source and class.
     */
    private void addFlowVerdicts(Path file, JsonNode flows) {
        if (flows.isMissingNode()) {
            return;
        }
        if (!flows.isArray()) {
            throw new ModelException(file + ": \"flows\" is not an array (GET /onos/nids/flows)");
        }
        Map<String, Long> incidentBySourceClass = new HashMap<>();
        Map<FlowKey, LiveEvaluation.Detection> byFlow = new HashMap<>();
        for (LiveEvaluation.Detection alert : alerts) {
            incidentBySourceClass.putIfAbsent(alert.client + "/" + alert.className, incidentOf.get(alert));
            byFlow.merge(alert.key(), alert, (a, b) -> a.micros <= b.micros ? a : b);
        }
        Map<FlowKey, LiveEvaluation.Detection> verdicts = new HashMap<>();
        for (JsonNode f : flows) {
            JsonNode flow = f.path("flow");
            if (!f.path("receivedMillis").canConvertToLong() || !flow.path("clientIp").isTextual()
                    || !flow.path("serverIp").isTextual() || !f.path("class").isTextual()) {
                throw new ModelException(file + ": flow record lacks receivedMillis, class or flow: " + f);
            }
            if (!f.path("alert").asBoolean(false)) {
                continue;
            }
            LiveEvaluation.Detection verdict = new LiveEvaluation.Detection(f.path("receivedMillis").asLong() * 1000,
                    flow.path("protocol").asInt(), address(file, flow.path("clientIp").asText()),
                    flow.path("clientPort").asInt(), address(file, flow.path("serverIp").asText()),
                    flow.path("serverPort").asInt(), f.path("classId").asInt(-1), f.path("class").asText(),
                    f.path("leafId").asInt(-1), f.path("confidencePermille").asInt(-1), f.path("phase").asInt(-1),
                    true);
            if (!byFlow.containsKey(verdict.key())) {
                verdicts.merge(verdict.key(), verdict, (a, b) -> a.micros <= b.micros ? a : b);
            }
        }
        verdictCount = verdicts.size();
        for (LiveEvaluation.Detection verdict : verdicts.values()) {
            alerts.add(verdict);
            // No alert of its source and class (the alert store let it go): an incident of its own per pair.
            incidentOf.put(verdict, incidentBySourceClass.computeIfAbsent(verdict.client + "/" + verdict.className,
                    k -> Long.MIN_VALUE + incidentBySourceClass.size()));
        }
    }

    private static int address(Path file, String text) {
        return PacketHeaders.parseAddress(text).orElseThrow(
                () -> new ModelException(file + ": '" + text + "' is not an IPv4 address"));
    }

    /** @return the app's alerts */
    int alertCount() {
        return alertCount;
    }

    /** @return the flows whose verdict alerted without an alert of their own (past their incident's evidence) */
    int verdictCount() {
        return verdictCount;
    }

    /** The alerts, each handed over once the capture reaches its time. */
    LiveEvaluation.Detector detector() {
        return new LiveEvaluation.Detector() {
            private int next;

            @Override
            public List<LiveEvaluation.Detection> accept(PacketHeaders packet) {
                return until(packet.timestampMicros());
            }

            @Override
            public List<LiveEvaluation.Detection> finish(long micros) {
                return until(Long.MAX_VALUE);
            }

            private List<LiveEvaluation.Detection> until(long micros) {
                List<LiveEvaluation.Detection> due = new ArrayList<>(0);
                while (next < alerts.size() && alerts.get(next).micros <= micros) {
                    due.add(alerts.get(next++));
                }
                return due;
            }
        };
    }

    /** The blocks as the app made them ({@code withBlocks}), or none. */
    LiveEvaluation.Policy policy(boolean withBlocks) {
        List<LiveEvaluation.Block> made = withBlocks ? blocks : List.of();
        Map<Long, LiveEvaluation.Incident> incidents = new HashMap<>();
        return new LiveEvaluation.Policy() {
            @Override
            public boolean blocked(int source, long micros) {
                return LiveEvaluation.Block.any(made, source, micros);
            }

            @Override
            public Optional<LiveEvaluation.Incident> accept(LiveEvaluation.Detection d) {
                return Optional.of(incidents.computeIfAbsent(incidentOf.getOrDefault(d, 0L),
                        id -> new LiveEvaluation.Incident(d.client, d.className, d.micros)));
            }

            @Override
            public List<LiveEvaluation.Block> blocks() {
                return made;
            }
        };
    }
}
