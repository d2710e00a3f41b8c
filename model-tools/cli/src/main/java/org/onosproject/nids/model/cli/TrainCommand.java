package org.onosproject.nids.model.cli;

import org.onosproject.nids.model.bundle.SourceWindow;
import org.onosproject.nids.model.ModelException;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.bundle.ModelBundleCodec;
import org.onosproject.nids.model.bundle.ModelBundles;
import org.onosproject.nids.model.bundle.PhaseModel;
import org.onosproject.nids.model.bundle.TrainingSummary;
import org.onosproject.nids.model.capacity.CapacityExceededException;
import org.onosproject.nids.model.capacity.PipelineCapacity;
import org.onosproject.nids.model.catalog.Feature;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.catalog.PacketInterval;
import org.onosproject.nids.model.data.LabeledFlows;
import org.onosproject.nids.model.eval.Evaluation;
import org.onosproject.nids.model.compiler.TableSemanticsClassifier;
import org.onosproject.nids.model.phase.Phase;
import org.onosproject.nids.model.tree.DecisionTree;
import org.onosproject.nids.model.tree.FeatureImportance;
import org.onosproject.nids.model.train.TreeShaper;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * {@code nids-model train}: CSV → one Weka tree per phase (catalog features only, at most K of them per tree) →
 * shaped to the pipeline → compiled → evaluated on the test part → model.json. Rows of a file with a PHASE column
 * ({@code nids-model dataset --rows phases}) train the tree of their phase; rows of a file without one (the NetFlow
 * datasets: one row per finished flow) train the END tree.
 *
 * <p>The late tree ({@link Phase#LATE}: every 64th packet of a long flow) sees, by default ({@code --late-features
 * volume}), only the features that say how much, how fast and in which directions a flow sends: protocol, packets,
 * bytes, durations, TCP flags and the source context; not its packet lengths, length histogram, ICMP type, TTLs,
 * TCP windows or ports. A long flow's packet sizes and header values are whatever its sending tool chose (a flood
 * tool's payload size is a parameter), so a late tree that splits on them learns the training tools, not the
 * traffic; what separates a one-flow flood from a bulk transfer is that nothing (or everything, as echo replies)
 * comes back at a sustained rate. {@code --late-features all} gives it every feature of the rows.
 *
 * <p>IN_PKT_INTERVAL (the client's packet spacing) is tested, by default ({@code --interval-phases sustained}), only
 * by the trees that see a flow sustained or whole: the late tree and the END tree. The trees of packets 1..128 see a
 * flow's first packets, whose spacing is how the hosts' stacks and the tools pace a handshake and a request, not a
 * rate; trees that split on it there learn the training machine. {@code --interval-phases all} gives it to every
 * tree.
 *
 * <p>The tree of packet 1 sees, by default ({@code --first-packet-features header}), no size of the flow's packets
 * (bytes, lengths, the length histogram): at packet 1 they are the one packet's size, which is what the sending
 * program put in it (a kernel's SYN with its options, a raw tool's bare or padded SYN, a DNS query, a scanner's
 * probe), so a tree that splits on it learns which training tool sent what (a SYN flood sent with {@code hping3
 * -d 20} has the size of a browser's SYN). It decides by the protocol, the flags, the ICMP type, the ports and the
 * client's source context. {@code --first-packet-features all} gives it every feature.
 */
final class TrainCommand {

    static final Set<String> VALUED_OPTIONS = Set.of("--data", "--out", "--label", "--algorithm", "--max-depth",
            "--max-leaves", "--min-leaf", "--features", "--test", "--test-fraction", "--seed", "--alert-threshold",
            "--source-window", "--phases", "--splits", "--tune-pcap", "--tune-labels", "--benign-alert-target",
            "--late-features", "--interval-phases", "--first-packet-features");
    static final Set<String> FLAGS = Set.of("--binary");

    static final double DEFAULT_TEST_FRACTION = 0.3;
    static final long DEFAULT_SEED = 1;
    static final int DEFAULT_MIN_LEAF = 2;
    /** --alert-threshold auto: benign flows of the tuning capture that may be alerted (a fifth of 0.5%). */
    static final double DEFAULT_BENIGN_ALERT_TARGET = 0.001;
    /** Features the late tree does not see with --late-features volume: a long flow's tool-chosen shape. */
    static final Set<String> SHAPE_FEATURES = Set.of("L4_SRC_PORT", "L4_DST_PORT", "MIN_TTL", "MAX_TTL",
            "LONGEST_FLOW_PKT", "SHORTEST_FLOW_PKT", "MIN_IP_PKT_LEN", "MAX_IP_PKT_LEN", "NUM_PKTS_UP_TO_128_BYTES",
            "NUM_PKTS_128_TO_256_BYTES", "NUM_PKTS_256_TO_512_BYTES", "NUM_PKTS_512_TO_1024_BYTES",
            "NUM_PKTS_1024_TO_1514_BYTES", "TCP_WIN_MAX_IN", "TCP_WIN_MAX_OUT", "ICMP_TYPE", "ICMP_IPV4_TYPE");
    /**
     * Features the packet-1 tree does not see with --first-packet-features header: at packet 1 they are the size of
     * one packet, the sender's choice.
     */
    static final Set<String> FIRST_PACKET_SIZE_FEATURES = Set.of("IN_BYTES", "OUT_BYTES", "LONGEST_FLOW_PKT",
            "SHORTEST_FLOW_PKT", "MIN_IP_PKT_LEN", "MAX_IP_PKT_LEN", "NUM_PKTS_UP_TO_128_BYTES",
            "NUM_PKTS_128_TO_256_BYTES", "NUM_PKTS_256_TO_512_BYTES", "NUM_PKTS_512_TO_1024_BYTES",
            "NUM_PKTS_1024_TO_1514_BYTES");
    /** --alert-threshold auto never goes below this. */
    static final int MIN_AUTO_THRESHOLD_PERMILLE = 900;

    private final FeatureCatalog catalog;
    private final PipelineCapacity capacity;
    private final PrintStream out;
    private final Progress progress;

    TrainCommand(FeatureCatalog catalog, PipelineCapacity capacity, PrintStream out, PrintStream err) {
        this.catalog = catalog;
        this.capacity = capacity;
        this.out = out;
        this.progress = new Progress(err);
    }

    /** One phase's rows, tree and evaluation. */
    private static final class PhaseRun {
        private final Phase phase;
        private final LabeledFlows train;
        private final LabeledFlows test;
        private DecisionTree tree;
        private Evaluation evaluation;

        PhaseRun(Phase phase, LabeledFlows train, LabeledFlows test) {
            this.phase = phase;
            this.train = train;
            this.test = test;
        }
    }

    void run(List<String> args) {
        Arguments options = Arguments.parse("train", args, VALUED_OPTIONS, FLAGS);
        Path dataFile = options.existingFile("--data");
        Path outFile = Paths.get(options.required("--out"));
        boolean binary = options.flag("--binary");
        TreeAlgorithm algorithm = options.value("--algorithm").map(TreeAlgorithm::ofOption).orElse(TreeAlgorithm.J48);
        Optional<Integer> maxDepth = options.integer("--max-depth", 1);
        Optional<Integer> maxLeavesOption = options.integer("--max-leaves", 1);
        int minLeaf = options.integer("--min-leaf", 1).orElse(DEFAULT_MIN_LEAF);
        boolean centeredSplits = centeredSplits(options.value("--splits").orElse("data"));
        long seed = options.longValue("--seed").orElse(DEFAULT_SEED);
        boolean autoThreshold = options.value("--alert-threshold").filter("auto"::equals).isPresent();
        double threshold = autoThreshold ? ModelBundles.DEFAULT_ALERT_THRESHOLD_PERMILLE / 1000.0
                : options.fraction("--alert-threshold").orElse(ModelBundles.DEFAULT_ALERT_THRESHOLD_PERMILLE / 1000.0);
        List<Path> tunePcaps = options.value("--tune-pcap").map(Arguments::existingFiles).orElse(List.of());
        List<Path> tuneLabels = options.value("--tune-labels").map(Arguments::existingFiles).orElse(List.of());
        double benignTarget = options.fraction("--benign-alert-target").orElse(DEFAULT_BENIGN_ALERT_TARGET);
        if (autoThreshold != (!tunePcaps.isEmpty() && !tuneLabels.isEmpty())
                || tunePcaps.isEmpty() != tuneLabels.isEmpty()) {
            throw new UsageException("train: --alert-threshold auto needs --tune-pcap FILE[,FILE...] and --tune-labels "
                    + "FILE[,FILE...] (labelled captures not trained on), and they need it");
        }
        if (tunePcaps.size() != tuneLabels.size()) {
            throw new UsageException("train: --tune-pcap gives " + tunePcaps.size() + " captures, --tune-labels "
                    + tuneLabels.size() + " labels files (one per capture)");
        }
        Optional<String> testOption = options.value("--test");
        if (testOption.isPresent() && options.value("--test-fraction").isPresent()) {
            throw new UsageException("train: give --test or --test-fraction, not both");
        }
        Optional<Path> testFile = testOption.map(Paths::get).map(Arguments::existingFile);
        double testFraction = options.fraction("--test-fraction").orElse(testFile.isPresent() ? 0.0
                : DEFAULT_TEST_FRACTION);
        Optional<List<Feature>> requestedFeatures = requestedFeatures(options.value("--features").orElse("auto"));
        boolean lateVolumeOnly = lateVolumeOnly(options.value("--late-features").orElse("volume"));
        boolean intervalSustainedOnly = intervalSustainedOnly(options.value("--interval-phases").orElse("sustained"));
        boolean firstPacketHeaderOnly = firstPacketHeaderOnly(options.value("--first-packet-features")
                .orElse("header"));
        requireWritableTarget(outFile);

        FlowCsvReader reader = new FlowCsvReader(catalog, progress);
        progress.say("reading " + dataFile);
        FlowTable table = reader.read(dataFile, requestedFeatures, options.value("--label"));
        progress.say("read " + table.size() + " rows; label column " + table.labelColumn() + "; "
                + table.features().size() + " catalog features; phases " + table.phaseSet());
        if (!table.ignoredColumns().isEmpty()) {
            progress.say("ignoring " + table.ignoredColumns().size() + " columns that are not catalog features: "
                    + String.join(", ", table.ignoredColumns()));
        }
        if (table.rewrittenValues() > 0) {
            progress.say("set " + table.rewrittenValues() + " ICMP_TYPE/ICMP_IPV4_TYPE values of non-ICMP flows to 0,"
                    + " as the switch reports them (docs/features.md)");
        }
        int window = sourceWindow(options.integer("--source-window", 0), table.sourceWindowLog2Us());
        SortedSet<Phase> phases = phases(options.value("--phases"), table.phaseSet());
        int maxLeaves = maxLeavesOption.orElse(capacity.decisionEntriesPerBank() / phases.size());

        FlowTable testTable = testFile.map(file -> reader.read(file, Optional.of(table.features()),
                Optional.of(table.labelColumn()))).orElse(null);
        List<String> trainLabels = new ArrayList<>();
        List<PhaseRun> runs = new ArrayList<>();
        Map<Phase, DataSplit> splits = new TreeMap<>();
        for (Phase phase : phases) {
            int[] rows = table.rowsAt(phase);
            DataSplit split = testTable != null ? DataSplit.all(rows.length)
                    : DataSplit.stratified(select(table.labels(), rows), testFraction, seed);
            splits.put(phase, split);
            for (int i : split.train()) {
                trainLabels.add(table.labels()[rows[i]]);
            }
        }
        ClassLabels trainClasses = ClassLabels.forTraining(trainLabels.toArray(new String[0]), binary);
        List<String> classNames = trainClasses.classNames();
        LabeledFlows all = ClassLabels.forModel(table.labels(), classNames).flows(table.rows());
        LabeledFlows allTest = testTable == null ? null
                : ClassLabels.forModel(testTable.labels(), classNames).flows(testTable.rows());
        long trainRows = 0;
        long testRows = 0;
        for (Phase phase : phases) {
            int[] rows = table.rowsAt(phase);
            DataSplit split = splits.get(phase);
            LabeledFlows train = all.subset(compose(rows, split.train()));
            LabeledFlows test = testTable != null ? allTest.subset(testTable.rowsAt(phase))
                    : all.subset(compose(rows, split.test()));
            runs.add(new PhaseRun(phase, train, test));
            trainRows += train.size();
            testRows += test.size();
        }
        progress.say(trainRows + " training rows, " + testRows + " test rows; classes " + classNames);

        WekaTrainer.Settings settings = new WekaTrainer.Settings(algorithm, minLeaf, maxDepth, seed);
        Map<Phase, DecisionTree> trees = new TreeMap<>();
        for (PhaseRun run : runs) {
            progress.say("phase " + run.phase + ": " + run.train.size() + " training rows");
            List<Feature> features = table.features();
            if (run.phase.isLate() && lateVolumeOnly) {
                features = features.stream().filter(f -> !SHAPE_FEATURES.contains(f.name()))
                        .collect(Collectors.toList());
                if (features.isEmpty()) {
                    throw new ModelException("the late tree has no feature to test: every feature of the rows is a "
                            + "packet-shape feature (--late-features all gives it those)");
                }
            }
            if (intervalSustainedOnly && !run.phase.isLate() && !run.phase.isEnd()) {
                features = features.stream().filter(f -> !f.name().equals(PacketInterval.NAME))
                        .collect(Collectors.toList());
                if (features.isEmpty()) {
                    throw new ModelException("the tree of phase " + run.phase + " has no feature to test: "
                            + PacketInterval.NAME + " is the only one (--interval-phases all gives it every tree)");
                }
            }
            if (firstPacketHeaderOnly && run.phase.number() == 1) {
                features = features.stream().filter(f -> !FIRST_PACKET_SIZE_FEATURES.contains(f.name()))
                        .collect(Collectors.toList());
                if (features.isEmpty()) {
                    throw new ModelException("the tree of packet 1 has no feature to test: every feature of the rows "
                            + "is a packet size (--first-packet-features all gives it those)");
                }
            }
            DecisionTree tree = trainWithinSlots(run.train, features, requestedFeatures.isEmpty(), settings);
            run.tree = shape(tree, run.train, maxDepth, maxLeaves);
            if (centeredSplits) {
                run.tree = SplitCentering.center(run.tree, run.train);
            }
            progress.say("phase " + run.phase + ": tree of " + run.tree.leafCount() + " leaves, depth "
                    + run.tree.depth() + ", features " + names(run.tree.usedFeatureIds()));
            trees.put(run.phase, run.tree);
        }

        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put("algorithm", algorithm.option());
        parameters.put("min_leaf", Integer.toString(minLeaf));
        maxDepth.ifPresent(depth -> parameters.put("max_depth", depth.toString()));
        parameters.put("max_leaves", Integer.toString(maxLeaves));
        parameters.put("features", requestedFeatures.map(f -> names(f)).orElse("auto"));
        if (phases.contains(Phase.LATE)) {
            parameters.put("late_features", lateVolumeOnly ? "volume" : "all");
        }
        if (phases.contains(Phase.atPacket(1))) {
            parameters.put("first_packet_features", firstPacketHeaderOnly ? "header" : "all");
        }
        if (table.features().stream().anyMatch(f -> f.name().equals(PacketInterval.NAME))
                && phases.stream().anyMatch(p -> !p.isLate() && !p.isEnd())) {
            parameters.put("interval_phases", intervalSustainedOnly ? "sustained" : "all");
        }
        parameters.put("seed", Long.toString(seed));
        parameters.put("splits", centeredSplits ? "center" : "data");
        parameters.put("test", testFile.isPresent() ? "file" : Double.toString(testFraction));
        String testDescription = testFile.isPresent() ? testTable.fileName() : testFraction > 0
                ? String.format(Locale.ROOT, "a stratified %.0f%% of %s per phase (seed %d)", testFraction * 100,
                table.fileName(), seed) : null;
        if (testDescription != null) {
            parameters.put("test_part", testDescription);
        }
        parameters.put("phases", phases.stream().map(Phase::label).collect(Collectors.joining(",")));
        String name = String.format(Locale.ROOT, "%s %s on %s: %d phase%s, %d leaves", algorithm.displayName(),
                classNames.equals(List.of("Benign", ClassLabels.ATTACK_CLASS)) ? "benign/attack" : "multi-class",
                table.fileName(), phases.size(), phases.size() == 1 ? "" : "s",
                trees.values().stream().mapToInt(DecisionTree::leafCount).sum());
        // Compile once to evaluate (the metrics go into the bundle), then once more with them: equal trees give
        // equal entries and id.
        TrainingSummary.Builder summary = TrainingSummary.builder()
                .dataFile(table.fileName())
                .testDataFile(testFile.map(p -> p.getFileName().toString()).orElse(null))
                .labelColumn(table.labelColumn())
                .binary(classNames.equals(List.of("Benign", ClassLabels.ATTACK_CLASS)))
                .algorithm(algorithm.option())
                .parameters(parameters)
                .rows(table.size() + (testTable == null ? 0 : testTable.size()))
                .trainRows(trainRows)
                .testRows(testRows);
        String createdAt = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        int thresholdPermille = (int) Math.round(threshold * 1000);
        if (autoThreshold) {
            progress.say("choosing the alert threshold on " + tunePcaps + " (benign flows alerted at most "
                    + benignTarget * 100 + "% of each)");
            ModelBundle untuned = ModelBundles.compile(name, createdAt, summary.build(), trees, thresholdPermille,
                    window, catalog, capacity);
            List<ThresholdTuning.Choice> choices = new ArrayList<>();
            List<String> described = new ArrayList<>();
            for (int i = 0; i < tunePcaps.size(); i++) {
                ThresholdTuning.Choice choice = ThresholdTuning.choose(untuned, catalog, tunePcaps.get(i),
                        AttackWindows.read(tuneLabels.get(i)), benignTarget, MIN_AUTO_THRESHOLD_PERMILLE);
                choices.add(choice);
                described.add(choice.describe() + " on " + shortName(tunePcaps.get(i)));
                progress.say("on " + shortName(tunePcaps.get(i)) + ": " + choice.describe());
            }
            thresholdPermille = ThresholdTuning.strictest(choices);
            parameters.put("alert_threshold", choices.size() == 1 ? "auto: " + described.get(0)
                    : String.format(Locale.ROOT, "auto: %.3f, the highest of each capture's own: %s",
                    thresholdPermille / 1000.0, String.join("; ", described)));
            summary.parameters(parameters);
        }
        progress.say("compiling " + phases.size() + " phase(s) for " + capacity.featureSlots() + " slots");
        ModelBundle compiled = ModelBundles.compile(name, createdAt, summary.build(), trees, thresholdPermille,
                window, catalog, capacity);
        Map<String, Double> metrics = new LinkedHashMap<>();
        for (PhaseRun run : runs) {
            PhaseModel phaseModel = compiled.phase(run.phase).orElseThrow();
            LabeledFlows evaluated = run.test.size() > 0 ? run.test : run.train;
            run.evaluation = Evaluation.of(run.tree, new TableSemanticsClassifier(phaseModel.compiled(), catalog),
                    evaluated);
            String prefix = run.phase.equals(headlinePhase(phases)) ? "" : run.phase.label() + ".";
            EvaluationReport.headline(run.evaluation).forEach((key, value) -> metrics.put(prefix + key, value));
        }
        ModelBundle bundle = ModelBundles.compile(name, createdAt, summary.metrics(metrics).build(), trees,
                thresholdPermille, window, catalog, capacity);
        write(outFile, new ModelBundleCodec(catalog).write(bundle));
        progress.say("wrote " + outFile + " (model " + bundle.modelId() + ")");

        out.println("model         " + bundle.modelId() + "  " + name);
        out.println("evaluated on  " + (testRows > 0 ? (testDescription != null ? testDescription : "test part")
                : "the training rows (no test part)"));
        out.printf(Locale.ROOT, "alerts        at leaves of at least %.1f%% confidence; source window 2^%d us%n",
                thresholdPermille / 10.0, window);
        for (PhaseRun run : runs) {
            out.println();
            out.println("phase " + run.phase.label() + ": " + run.tree.leafCount() + " leaves, features "
                    + names(run.tree.usedFeatureIds()));
            EvaluationReport.printText(run.evaluation, out);
        }
    }

    /** {@code --splits data}: thresholds where Weka puts them; {@code center}: in the middle of their gap. */
    private static boolean centeredSplits(String option) {
        switch (option) {
            case "data":
                return false;
            case "center":
                return true;
            default:
                throw new UsageException("train: --splits is data or center, not '" + option + "'");
        }
    }

    /** The phase whose metrics are the model's headline: the end if trained, else the last phase. */
    private static Phase headlinePhase(SortedSet<Phase> phases) {
        return phases.contains(Phase.END) ? Phase.END : phases.last();
    }

    private static int sourceWindow(Optional<Integer> option, Optional<Integer> fromData) {
        if (option.isPresent() && fromData.isPresent() && !option.equals(fromData)) {
            throw new UsageException("train: --source-window " + option.get() + " but the data's SRC_* features were "
                    + "computed with window " + fromData.get());
        }
        int window = option.or(() -> fromData).orElse(SourceWindow.DEFAULT_WINDOW_LOG2_US);
        try {
            SourceWindow.requireValidWindow(window);
        } catch (IllegalArgumentException e) {
            throw new UsageException("train: --source-window: " + e.getMessage());
        }
        return window;
    }

    /** The phases to train: those named (each must have rows), else every phase of the data. */
    private static SortedSet<Phase> phases(Optional<String> option, SortedSet<Phase> present) {
        if (option.isEmpty()) {
            return present;
        }
        SortedSet<Phase> chosen = new TreeSet<>();
        for (String text : option.get().split(",")) {
            Phase phase;
            try {
                phase = Phase.parse(text);
            } catch (IllegalArgumentException e) {
                throw new UsageException("train: --phases: " + e.getMessage());
            }
            if (!present.contains(phase)) {
                throw new ModelException("--phases names " + phase + ", which has no rows in the data (phases "
                        + present + ")");
            }
            chosen.add(phase);
        }
        return chosen;
    }

    private static int[] compose(int[] rows, int[] indices) {
        int[] composed = new int[indices.length];
        for (int i = 0; i < indices.length; i++) {
            composed[i] = rows[indices[i]];
        }
        return composed;
    }

    private static String[] select(String[] labels, int[] rows) {
        String[] selected = new String[rows.length];
        for (int i = 0; i < rows.length; i++) {
            selected[i] = labels[rows[i]];
        }
        return selected;
    }

    /**
     * Trains; with automatic features and a tree over more features than the pipeline has slots, ranks the tree's
     * features by importance and retrains on the top K.
     */
    private DecisionTree trainWithinSlots(LabeledFlows train, List<Feature> features, boolean automatic,
                                          WekaTrainer.Settings settings) {
        progress.say("training " + settings.algorithm().displayName() + " on " + train.size() + " rows x "
                + features.size() + " features");
        DecisionTree tree = WekaTrainer.train(train, features, settings);
        if (!automatic || tree.usedFeatureIds().size() <= capacity.featureSlots()) {
            return tree;
        }
        List<Integer> ranking = FeatureImportance.ranking(TreeShaper.recount(tree, train));
        List<Feature> top = ranking.subList(0, capacity.featureSlots()).stream().sorted()
                .map(catalog::byId).collect(Collectors.toList());
        progress.say("the tree tests " + tree.usedFeatureIds().size() + " features, the pipeline has "
                + capacity.featureSlots() + " slots: retraining on the most important " + top.size() + ": "
                + top.stream().map(Feature::name).collect(Collectors.joining(", ")));
        return WekaTrainer.train(train, top, settings);
    }

    /** Recount on the training rows, then cut to the depth and leaf limits, dropping splits that decide nothing. */
    private static DecisionTree shape(DecisionTree tree, LabeledFlows train, Optional<Integer> maxDepth,
                                      int maxLeaves) {
        DecisionTree shaped = TreeShaper.mergeRedundantSplits(TreeShaper.recount(tree, train));
        if (maxDepth.isPresent() && shaped.depth() > maxDepth.get()) {
            shaped = TreeShaper.mergeRedundantSplits(TreeShaper.limitDepth(shaped, maxDepth.get()));
        }
        if (shaped.leafCount() > maxLeaves) {
            shaped = TreeShaper.mergeRedundantSplits(TreeShaper.limitLeaves(shaped, maxLeaves));
        }
        return shaped;
    }

    private static boolean lateVolumeOnly(String option) {
        switch (option) {
            case "volume":
                return true;
            case "all":
                return false;
            default:
                throw new UsageException("train: --late-features is volume or all, not '" + option + "'");
        }
    }

    private static boolean firstPacketHeaderOnly(String option) {
        switch (option) {
            case "header":
                return true;
            case "all":
                return false;
            default:
                throw new UsageException("train: --first-packet-features is header or all, not '" + option + "'");
        }
    }

    private static boolean intervalSustainedOnly(String option) {
        switch (option) {
            case "sustained":
                return true;
            case "all":
                return false;
            default:
                throw new UsageException("train: --interval-phases is sustained or all, not '" + option + "'");
        }
    }

    private Optional<List<Feature>> requestedFeatures(String option) {
        if (option.equals("auto")) {
            return Optional.empty();
        }
        List<Feature> features = new ArrayList<>();
        for (String name : option.split(",")) {
            String trimmed = name.trim();
            if (trimmed.isEmpty()) {
                continue;
            }
            Feature feature = catalog.byName(trimmed).orElseThrow(() -> new ModelException(
                    "--features: " + trimmed + " is not a catalog feature (see nids-model features)"));
            if (!features.contains(feature)) {
                features.add(feature);
            }
        }
        if (features.isEmpty()) {
            throw new UsageException("train: --features needs auto or a comma-separated list of catalog features");
        }
        if (features.size() > capacity.featureSlots()) {
            throw new CapacityExceededException("the model exceeds the pipeline's capacity: --features names "
                    + features.size() + " features, the pipeline has " + capacity.featureSlots()
                    + " feature slots (" + (features.size() - capacity.featureSlots()) + " over)");
        }
        features.sort((a, b) -> Integer.compare(a.id(), b.id()));
        return Optional.of(features);
    }

    private static void requireWritableTarget(Path outFile) {
        Path parent = outFile.toAbsolutePath().getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            throw new ModelException("cannot write " + outFile + ": no such directory " + parent);
        }
        if (Files.isDirectory(outFile)) {
            throw new ModelException("cannot write " + outFile + ": it is a directory");
        }
    }

    private static void write(Path outFile, String json) {
        try {
            Files.write(outFile, json.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new ModelException("cannot write " + outFile + ": " + e.getMessage());
        }
    }

    private String names(Iterable<Integer> featureIds) {
        List<String> names = new ArrayList<>();
        featureIds.forEach(id -> names.add(catalog.byId(id).name()));
        return String.join(",", names);
    }

    private static String names(List<Feature> features) {
        return features.stream().map(Feature::name).collect(Collectors.joining(","));
    }

    /** A capture's name with its folder ({@code seed103/lab.pcap}): lab runs all name theirs lab.pcap. */
    private static String shortName(Path file) {
        Path parent = file.toAbsolutePath().getParent();
        return (parent == null || parent.getFileName() == null ? "" : parent.getFileName() + "/") + file.getFileName();
    }
}
