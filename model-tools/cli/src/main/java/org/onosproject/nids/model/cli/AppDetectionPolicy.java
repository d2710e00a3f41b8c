package org.onosproject.nids.model.cli;

import org.onosproject.nids.detection.DetectionPolicy;
import org.onosproject.nids.detection.FlowVerdict;
import org.onosproject.nids.detection.Incident;
import org.onosproject.nids.detection.IncidentBook;
import org.onosproject.nids.detection.IncidentTracker;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The app's detection rules ({@link IncidentTracker}, nids-detection: confidence floor, incidents per source and
 * family, severities, automatic blocks decided on incidents) deciding on a live evaluation's alerts, so
 * {@code eval --pcap} counts what the app would alert, group and block.
 */
final class AppDetectionPolicy implements LiveEvaluation.Policy {

    /** Without {@code --policy}: the app's defaults with automatic blocking on for MEDIUM and above. */
    static final DetectionPolicy AUTO_BLOCKING = DetectionPolicy.fromProperties(
            Map.of(DetectionPolicy.AUTO_BLOCK_MIN_SEVERITY, "MEDIUM"));

    private final IncidentTracker tracker;
    private final Map<Long, LiveEvaluation.Incident> incidents = new HashMap<>();
    private final List<LiveEvaluation.Block> blocks = new ArrayList<>();
    private long lastMicros = Long.MIN_VALUE;

    AppDetectionPolicy(DetectionPolicy policy) {
        this.tracker = new IncidentTracker(policy);
    }

    /** @return the policy with automatic blocking off (alerts and incidents only) */
    static AppDetectionPolicy alertsOnly(DetectionPolicy policy) {
        Map<String, String> properties = new HashMap<>(policy.toProperties());
        properties.put(DetectionPolicy.AUTO_BLOCK_MIN_SEVERITY, "NONE");
        return new AppDetectionPolicy(DetectionPolicy.fromProperties(properties));
    }

    DetectionPolicy policy() {
        return tracker.policy();
    }

    @Override
    public boolean blocked(int source, long micros) {
        return LiveEvaluation.Block.any(blocks, source, micros);
    }

    @Override
    public Optional<LiveEvaluation.Incident> accept(LiveEvaluation.Detection d) {
        // The app takes reports in arrival order: a capture merged from several ports may step back a little.
        lastMicros = Math.max(lastMicros, d.micros);
        IncidentTracker.Outcome outcome = tracker.observe(FlowVerdict.builder().timeMicros(lastMicros)
                .flow(d.client, d.clientPort, d.server, d.serverPort, d.protocol)
                .verdict(d.classId, d.className, d.leafId).phase(d.phase)
                .confidencePermille(d.confidencePermille).build());
        outcome.block().ifPresent(b -> blocks.add(new LiveEvaluation.Block(b.src(), b.createdMicros(),
                b.expiresMicros() == 0 ? Long.MAX_VALUE : b.expiresMicros(), b.reason())));
        return outcome.placement().flatMap(IncidentBook.Placement::incident).map(this::incident);
    }

    private LiveEvaluation.Incident incident(Incident i) {
        return incidents.computeIfAbsent(i.id(), id -> new LiveEvaluation.Incident(i.source(), i.familyName(),
                i.firstSeenMicros()));
    }

    @Override
    public List<LiveEvaluation.Block> blocks() {
        return blocks;
    }

    String describe() {
        return "the app's detection policy " + tracker.policy().toProperties();
    }
}
