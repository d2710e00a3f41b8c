package org.onosproject.nids.model.cli;

import com.google.common.collect.ImmutableMap;
import org.onosproject.nids.model.ModelException;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.bundle.ModelBundleCodec;
import org.onosproject.nids.model.bundle.TrainingSummary;
import org.onosproject.nids.model.capacity.CapacityExceededException;
import org.onosproject.nids.model.capacity.PipelineCapacity;
import org.onosproject.nids.model.catalog.Feature;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.compiler.CompiledModel;
import org.onosproject.nids.model.compiler.ModelCompiler;
import org.onosproject.nids.model.data.LabeledFlows;
import org.onosproject.nids.model.eval.Evaluation;
import org.onosproject.nids.model.compiler.TableSemanticsClassifier;
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
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code nids-model train}: CSV → Weka tree (catalog features only, at most K of them) → shaped to the pipeline →
 * compiled → evaluated on the test part → model.json.
 */
final class TrainCommand {

    static final Set<String> VALUED_OPTIONS = Set.of("--data", "--out", "--label", "--algorithm", "--max-depth",
            "--max-leaves", "--min-leaf", "--features", "--test", "--test-fraction", "--seed");
    static final Set<String> FLAGS = Set.of("--binary");

    static final double DEFAULT_TEST_FRACTION = 0.3;
    static final long DEFAULT_SEED = 1;
    static final int DEFAULT_MIN_LEAF = 2;

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

    void run(List<String> args) {
        Arguments options = Arguments.parse("train", args, VALUED_OPTIONS, FLAGS);
        Path dataFile = options.existingFile("--data");
        Path outFile = Paths.get(options.required("--out"));
        boolean binary = options.flag("--binary");
        TreeAlgorithm algorithm = options.value("--algorithm").map(TreeAlgorithm::ofOption).orElse(TreeAlgorithm.J48);
        Optional<Integer> maxDepth = options.integer("--max-depth", 1);
        int maxLeaves = options.integer("--max-leaves", 1).orElse(capacity.decisionEntriesPerBank());
        int minLeaf = options.integer("--min-leaf", 1).orElse(DEFAULT_MIN_LEAF);
        long seed = options.longValue("--seed").orElse(DEFAULT_SEED);
        Optional<String> testOption = options.value("--test");
        if (testOption.isPresent() && options.value("--test-fraction").isPresent()) {
            throw new UsageException("train: give --test or --test-fraction, not both");
        }
        Optional<Path> testFile = testOption.map(Paths::get).map(Arguments::existingFile);
        double testFraction = options.fraction("--test-fraction").orElse(testFile.isPresent() ? 0.0
                : DEFAULT_TEST_FRACTION);
        Optional<List<Feature>> requestedFeatures = requestedFeatures(options.value("--features").orElse("auto"));
        requireWritableTarget(outFile);

        FlowCsvReader reader = new FlowCsvReader(catalog, progress);
        progress.say("reading " + dataFile);
        FlowTable table = reader.read(dataFile, requestedFeatures, options.value("--label"));
        progress.say("read " + table.size() + " rows; label column " + table.labelColumn() + "; "
                + table.features().size() + " catalog features");
        if (!table.ignoredColumns().isEmpty()) {
            progress.say("ignoring " + table.ignoredColumns().size() + " columns that are not catalog features: "
                    + String.join(", ", table.ignoredColumns()));
        }
        if (table.rewrittenValues() > 0) {
            progress.say("set " + table.rewrittenValues() + " ICMP_TYPE/ICMP_IPV4_TYPE values of non-ICMP flows to 0,"
                    + " as the switch reports them (docs/features.md)");
        }

        LabeledFlows train;
        LabeledFlows test;
        String testDescription;
        if (testFile.isPresent()) {
            FlowTable testTable = reader.read(testFile.get(), Optional.of(table.features()),
                    Optional.of(table.labelColumn()));
            ClassLabels trainClasses = ClassLabels.forTraining(table.labels(), binary);
            train = trainClasses.flows(table.rows());
            test = ClassLabels.forModel(testTable.labels(), trainClasses.classNames()).flows(testTable.rows());
            testDescription = testTable.fileName();
        } else {
            DataSplit split = DataSplit.stratified(table.labels(), testFraction, seed);
            String[] trainLabels = select(table.labels(), split.train());
            ClassLabels trainClasses = ClassLabels.forTraining(trainLabels, binary);
            LabeledFlows all = ClassLabels.forModel(table.labels(), trainClasses.classNames()).flows(table.rows());
            train = all.subset(split.train());
            test = all.subset(split.test());
            testDescription = testFraction > 0 ? String.format("a stratified %.0f%% of %s (seed %d)",
                    testFraction * 100, table.fileName(), seed) : null;
        }
        progress.say(train.size() + " training rows, " + test.size() + " test rows; classes "
                + train.classNames());

        WekaTrainer.Settings settings = new WekaTrainer.Settings(algorithm, minLeaf, maxDepth, seed);
        DecisionTree tree = trainWithinSlots(train, table.features(), requestedFeatures.isEmpty(), settings);
        tree = shape(tree, train, maxDepth, maxLeaves);
        progress.say("tree: " + tree.leafCount() + " leaves, depth " + tree.depth() + ", features "
                + names(tree.usedFeatureIds()));

        progress.say("compiling for " + capacity.featureSlots() + " slots");
        CompiledModel compiled = ModelCompiler.compile(tree, catalog, capacity);
        progress.say(compiled.decisionEntries().size() + " decision entries, " + compiled.featureEntries().size()
                + " range entries");

        LabeledFlows evaluated = test.size() > 0 ? test : train;
        progress.say("evaluating on " + evaluated.size() + (test.size() > 0 ? " test" : " training (no test part)")
                + " rows");
        Evaluation evaluation = Evaluation.of(tree, new TableSemanticsClassifier(compiled, catalog), evaluated);

        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put("algorithm", algorithm.option());
        parameters.put("min_leaf", Integer.toString(minLeaf));
        maxDepth.ifPresent(depth -> parameters.put("max_depth", depth.toString()));
        parameters.put("max_leaves", Integer.toString(maxLeaves));
        parameters.put("features", requestedFeatures.map(f -> names(f)).orElse("auto"));
        parameters.put("seed", Long.toString(seed));
        parameters.put("test", testFile.isPresent() ? "file" : Double.toString(testFraction));
        if (testDescription != null) {
            parameters.put("test_part", testDescription);
        }
        TrainingSummary summary = TrainingSummary.builder()
                .dataFile(table.fileName())
                .testDataFile(testFile.map(p -> p.getFileName().toString()).orElse(null))
                .labelColumn(table.labelColumn())
                .binary(train.classNames().equals(List.of("Benign", ClassLabels.ATTACK_CLASS)))
                .algorithm(algorithm.option())
                .parameters(parameters)
                .rows(testFile.isPresent() ? train.size() + test.size() : table.size())
                .trainRows(train.size())
                .testRows(test.size())
                .metrics(ImmutableMap.copyOf(EvaluationReport.headline(evaluation)))
                .build();
        String name = String.format("%s %s on %s: %d features, %d leaves", algorithm.displayName(),
                summary.binary() ? "benign/attack" : "multi-class", table.fileName(),
                tree.usedFeatureIds().size(), tree.leafCount());
        ModelBundle bundle = new ModelBundle(catalog.version(), ModelBundleCodec.contentId(tree), name,
                Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(), summary, tree, compiled);
        write(outFile, new ModelBundleCodec(catalog).write(bundle));
        progress.say("wrote " + outFile + " (model " + bundle.modelId() + ")");

        out.println("model         " + bundle.modelId() + "  " + name);
        out.println("evaluated on  " + (test.size() > 0 ? (testDescription != null ? testDescription : "test part")
                : "the training rows (no test part)"));
        EvaluationReport.printText(evaluation, out);
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

    private static String[] select(String[] labels, int[] rows) {
        String[] selected = new String[rows.length];
        for (int i = 0; i < rows.length; i++) {
            selected[i] = labels[rows[i]];
        }
        return selected;
    }

    private String names(Iterable<Integer> featureIds) {
        List<String> names = new ArrayList<>();
        featureIds.forEach(id -> names.add(catalog.byId(id).name()));
        return String.join(",", names);
    }

    private static String names(List<Feature> features) {
        return features.stream().map(Feature::name).collect(Collectors.joining(","));
    }
}
