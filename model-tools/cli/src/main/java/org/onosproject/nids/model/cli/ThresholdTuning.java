package org.onosproject.nids.model.cli;

import org.onosproject.nids.detection.DetectionPolicy;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.catalog.FeatureCatalog;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * {@code train --alert-threshold auto}: the leaf confidence an alert needs, chosen on a labelled capture the trees
 * were not trained on (another lab run): the switch reference runs the model over it with every attack verdict
 * counted, each flow keeps the highest confidence of its attack verdicts, and the threshold is the lowest one (at
 * least {@code floor}) at which at most {@code benignTarget} of the benign flows would be alerted. A capture of another
 * run stands for the traffic the model will meet better than held-out rows of the training runs, which share their
 * hosts' habits.
 */
final class ThresholdTuning {

    /** The choice and what it gives on the tuning capture. */
    static final class Choice {
        final int thresholdPermille;
        final long benignFlows;
        final long benignAlerted;
        final long attackFlows;
        final long attackAlerted;

        Choice(int thresholdPermille, long benignFlows, long benignAlerted, long attackFlows, long attackAlerted) {
            this.thresholdPermille = thresholdPermille;
            this.benignFlows = benignFlows;
            this.benignAlerted = benignAlerted;
            this.attackFlows = attackFlows;
            this.attackAlerted = attackAlerted;
        }

        String describe() {
            return String.format(Locale.ROOT, "threshold %.3f: %d of %d benign flows (%.2f%%) and %d of %d attack "
                            + "flows (%.1f%%) would be alerted", thresholdPermille / 1000.0, benignAlerted,
                    benignFlows, benignFlows == 0 ? 0 : 100.0 * benignAlerted / benignFlows, attackAlerted,
                    attackFlows, attackFlows == 0 ? 0 : 100.0 * attackAlerted / attackFlows);
        }
    }

    private ThresholdTuning() {
    }

    static Choice choose(ModelBundle bundle, FeatureCatalog catalog, Path pcap, AttackWindows windows,
                         double benignTarget, int floorPermille) {
        // Threshold 0: every attack verdict is confident, so each flow records its highest confidence.
        LiveEvaluation replay = new LiveEvaluation(windows,
                new PcapEvalCommand.SwitchEvalDetector(bundle, catalog, 0, 0,
                        org.onosproject.nids.model.dataplane.IdleSweep.DEFAULT_INACTIVE_MICROS),
                AppDetectionPolicy.alertsOnly(DetectionPolicy.DEFAULT));
        PacketDecoder.forEachPacket(pcap, new java.util.EnumMap<>(PacketDecoder.Skip.class),
                (packet, frame) -> replay.accept(packet));
        replay.finish();
        List<Integer> benign = new ArrayList<>();
        List<Integer> attack = new ArrayList<>();
        replay.flowRecords().forEach(flow -> {
            if (flow.aftermath) {
                return;
            }
            (flow.window == null ? benign : attack).add(flow.maxConfidencePermille);
        });
        return choose(benign, attack, benignTarget, floorPermille);
    }

    /**
     * The threshold for several tuning captures: the highest of their choices, so that each of them keeps its benign
     * flows alerted within the target. One capture's benign mix is a small sample (a run's hosts have their habits);
     * the lowest threshold one capture allows is often the floor, and another run's busier clients then cross it.
     */
    static int strictest(List<Choice> choices) {
        return choices.stream().mapToInt(c -> c.thresholdPermille).max()
                .orElseThrow(() -> new IllegalArgumentException("no tuning capture"));
    }

    /** The lowest threshold >= floor alerting at most {@code benignTarget} of the benign flows' maxima. */
    static Choice choose(List<Integer> benignMaxima, List<Integer> attackMaxima, double benignTarget,
                         int floorPermille) {
        TreeSet<Integer> candidates = new TreeSet<>();
        candidates.add(floorPermille);
        benignMaxima.stream().filter(c -> c >= floorPermille).forEach(c -> candidates.add(Math.min(1001, c + 1)));
        long allowed = (long) Math.floor(benignTarget * benignMaxima.size());
        for (int threshold : candidates) {
            long benignAlerted = benignMaxima.stream().filter(c -> c > 0 && c >= threshold).count();
            if (benignAlerted <= allowed) {
                long attackAlerted = attackMaxima.stream().filter(c -> c > 0 && c >= threshold).count();
                return new Choice(Math.min(1000, threshold), benignMaxima.size(), benignAlerted,
                        attackMaxima.size(), attackAlerted);
            }
        }
        throw new IllegalStateException("unreachable: a threshold above every confidence alerts nothing");
    }
}
