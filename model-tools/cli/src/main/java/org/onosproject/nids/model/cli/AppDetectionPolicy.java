package org.onosproject.nids.model.cli;

import org.onosproject.nids.detection.DetectionPolicy;
import org.onosproject.nids.detection.Detector;
import org.onosproject.nids.detection.Ipv4Cidr;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The app's detection rules ({@link Detector}, nids-detection: severities, alerts, automatic blocks and their TTL)
 * deciding on a live evaluation's alerts, so {@code eval --pcap} counts what the app would alert and block. This
 * build's app raises one alert per flow and groups none: each alert is its own incident.
 */
final class AppDetectionPolicy implements LiveEvaluation.Policy {

    /** Without {@code --policy}: the app's defaults with automatic blocking on for MEDIUM and above. */
    static final DetectionPolicy AUTO_BLOCKING = DetectionPolicy.fromProperties(
            java.util.Map.of(DetectionPolicy.AUTO_BLOCK_MIN_SEVERITY, "MEDIUM"));

    private final Detector detector;
    private final List<LiveEvaluation.Block> blocks = new ArrayList<>();
    private long lastMicros = Long.MIN_VALUE;
    private int flows;

    AppDetectionPolicy(DetectionPolicy policy) {
        this.detector = new Detector(policy);
    }

    /** @return the policy with automatic blocking off (alerts only) */
    static AppDetectionPolicy alertsOnly(DetectionPolicy policy) {
        return new AppDetectionPolicy(new DetectionPolicy(policy.severities(), DetectionPolicy.withProperty(
                policy.blocks(), DetectionPolicy.AUTO_BLOCK_MIN_SEVERITY, "NONE")));
    }

    DetectionPolicy policy() {
        return detector.policy();
    }

    @Override
    public boolean blocked(int source, long micros) {
        return LiveEvaluation.Block.any(blocks, source, micros);
    }

    @Override
    public Optional<LiveEvaluation.Incident> accept(LiveEvaluation.Detection d) {
        // The app takes reports in arrival order: a capture merged from several ports may step back a little.
        lastMicros = Math.max(lastMicros, d.micros);
        Optional<Detector.Alert> alert = detector.observe(new Detector.Verdict(lastMicros, ++flows,
                Ipv4Cidr.addressText(d.client), d.clientPort, Ipv4Cidr.addressText(d.server), d.serverPort,
                d.protocol, 1, d.className, 0, 0));
        alert.flatMap(Detector.Alert::blockId).ifPresent(id -> {
            Detector.Block block = detector.blocks().get(detector.blocks().size() - 1);
            blocks.add(new LiveEvaluation.Block(d.client, block.createdMicros,
                    block.expiresMicros == 0 ? Long.MAX_VALUE : block.expiresMicros, block.reason));
        });
        return alert.map(a -> new LiveEvaluation.Incident(d.client, d.className, lastMicros));
    }

    @Override
    public List<LiveEvaluation.Block> blocks() {
        return blocks;
    }

    String describe() {
        return "the app's detection policy " + detector.policy().toProperties();
    }
}
