package org.onosproject.nids.model.dataplane;

import org.onosproject.nids.model.compiler.BundleClassifier;
import org.onosproject.nids.model.compiler.Verdict;
import org.onosproject.nids.model.flow.PacketHeaders;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A switch running a model, in software: the {@link SwitchReference} classifies each flow at its phases with the
 * model's entries ({@link BundleClassifier}); a flow is alerted once, at its first attack verdict whose leaf is
 * confident enough, unless its client already reached the per-source alert cap in this epoch. Evicted flows are
 * classified with the END tree, as the app does from their EVICT report.
 */
public final class SwitchDetector {

    /** What became of one event. */
    public enum Outcome {
        /** The model has no tree for the event's phase: nothing classified. */
        NOT_CLASSIFIED,
        /** Class 0. */
        BENIGN,
        /** An attack class at a leaf below the alert threshold: counted per class, not alerted. */
        LOW_CONFIDENCE,
        /** The flow's first confident attack verdict: an alert. */
        ALERT,
        /** A confident attack verdict of a flow already alerted. */
        ALREADY_ALERTED,
        /**
         * A flow's first confident attack verdict that the per-source alert cap kept from being reported (counted);
         * the flow counts as alerted (no retry).
         */
        CAPPED
    }

    /** One event with its verdict and outcome. */
    public static final class Detection {
        private final FlowEvent event;
        private final Verdict verdict;
        private final Outcome outcome;

        Detection(FlowEvent event, Verdict verdict, Outcome outcome) {
            this.event = event;
            this.verdict = verdict;
            this.outcome = outcome;
        }

        public FlowEvent event() {
            return event;
        }

        /** Empty when the model has no tree for the event's phase. */
        public Optional<Verdict> verdict() {
            return Optional.ofNullable(verdict);
        }

        public Outcome outcome() {
            return outcome;
        }
    }

    private final SwitchReference reference;
    private final BundleClassifier classifier;
    private final int thresholdPermille;
    private final int alertCap;
    private final SourceContext alertCounts;
    private final Set<Long> alertedFlows = new HashSet<>();

    /**
     * @param thresholdPermille least leaf confidence for an alert (the bundle's, or a deployment's override)
     */
    public SwitchDetector(SwitchReference reference, BundleClassifier classifier, int thresholdPermille) {
        this.reference = reference;
        this.classifier = classifier;
        this.thresholdPermille = thresholdPermille;
        DataPlaneSettings settings = reference.settings();
        this.alertCap = settings.sourceAlertCap();
        this.alertCounts = new SourceContext(settings.flowHashSeed(), settings.sourceWindowLog2Us(),
                settings.sourceCells());
    }

    public SwitchReference reference() {
        return reference;
    }

    /** Counts a packet and classifies what the switch classifies at it. */
    public List<Detection> accept(PacketHeaders packet) {
        return detect(reference.accept(packet));
    }

    /** The app's idle sweep: END verdicts of the flows idle for more than {@code inactiveMicros}. */
    public List<Detection> sweepIdle(long timestampMicros, long inactiveMicros) {
        return detect(reference.sweepIdle(timestampMicros, inactiveMicros));
    }

    /** An idle sweep of every live flow (e.g. at the end of a capture): END verdicts. */
    public List<Detection> probeAll(long timestampMicros) {
        return detect(reference.probeAll(timestampMicros));
    }

    private List<Detection> detect(List<FlowEvent> events) {
        List<Detection> detections = new ArrayList<>(events.size());
        for (FlowEvent event : events) {
            Optional<Verdict> verdict = classifier.classify(event.phase(), event.dataPlaneValues());
            detections.add(new Detection(event, verdict.orElse(null), outcome(event, verdict)));
        }
        return detections;
    }

    private Outcome outcome(FlowEvent event, Optional<Verdict> verdict) {
        if (verdict.isEmpty()) {
            return Outcome.NOT_CLASSIFIED;
        }
        Verdict v = verdict.get();
        if (!v.isAttack()) {
            return Outcome.BENIGN;
        }
        if (!v.alerts(thresholdPermille)) {
            return Outcome.LOW_CONFIDENCE;
        }
        if (alertedFlows.contains(event.flowNumber())) {
            return Outcome.ALREADY_ALERTED;
        }
        long clock = (event.timeMicros() + reference.settings().clockOffsetUs()) & DataPlaneSettings.CLOCK_MASK;
        alertedFlows.add(event.flowNumber());
        return alertCounts.alertAllowed(alertCounts.cellOf(event.clientAddress()), alertCap, clock)
                ? Outcome.ALERT : Outcome.CAPPED;
    }
}
