package org.onosproject.nids.model.cli;

import org.onosproject.nids.model.bundle.SourceWindow;
import org.onosproject.nids.model.ModelException;
import org.onosproject.nids.model.catalog.Feature;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.dataplane.DataPlaneSettings;
import org.onosproject.nids.model.dataplane.FlowEvent;
import org.onosproject.nids.model.dataplane.IdleSweep;
import org.onosproject.nids.model.dataplane.SwitchReference;
import org.onosproject.nids.model.flow.FlowFeatures;
import org.onosproject.nids.model.flow.PacketHeaders;
import org.onosproject.nids.model.phase.Phase;
import org.onosproject.nids.model.phase.PhaseSchedule;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;

/**
 * {@code nids-model dataset}: labelled training rows from a pcap, through the same software reference of the switch
 * that {@code simulate} uses ({@link SwitchReference}: flow table, source context, phases), so a model trained on them
 * and the switch that serves it share one feature definition. A flow's label is the label of its client (the sender
 * of its first packet), given per address: traffic a project generates itself is labelled by which host ran which
 * tool.
 *
 * <p>{@code --rows phases} (the default) writes a row each time the switch would classify a flow: at its phase
 * packets (1, 2, 4, ... 128; then every 64th packet, the late phase, unless {@code --late-phase off}) and at its end (FIN/RST, eviction, the app's idle sweep ({@link IdleSweep},
 * {@code --inactive-timeout}) or the sweep at the end of the capture), with a
 * PHASE column (packet count, 65535 = late, 0 = end) that {@code train} uses to train one tree per phase. {@code --rows flows}
 * writes one row per flow at its end, as the public datasets do. {@code --features} writes only the named catalog
 * features; {@code --ambiguous benign} gives the benign label to attack rows that benign rows of the same phase
 * match on those features. {@code --late-rows-only FILE,...} takes the rows of those captures (each one of --pcap)
 * at the late phase only; {@code --late-attack-rows-only FILE,...} takes their attack flows' rows at the late phase
 * only and their benign flows' rows at every phase.
 */
final class DatasetCommand {

    static final String LABEL_COLUMN = "Label";
    static final String ATTACK_COLUMN = "Attack";
    static final String SOURCE_COLUMN = "IPV4_SRC_ADDR";
    static final String DESTINATION_COLUMN = "IPV4_DST_ADDR";

    private static final Pattern LABEL = Pattern.compile("[A-Za-z0-9_-]+");

    /** Frames between two progress reports. */
    static final int PROGRESS_FRAMES = 10_000;

    private final FeatureCatalog catalog;
    private final PrintStream out;
    private final Progress progress;

    DatasetCommand(FeatureCatalog catalog, PrintStream out, PrintStream err) {
        this.catalog = catalog;
        this.out = out;
        this.progress = new Progress(err);
    }

    /**
     * One row before it is written: the flow's addresses and number, the phase, its feature values (by id), its label
     * and the group its label came from (an attack of the labels file, or the client's label).
     */
    private static final class Row {
        private final int client;
        private final int server;
        private final long flow;
        private final Phase phase;
        private final long[] values;
        private final String group;
        private String label;

        Row(FlowEvent event, FlowLabel label, int capture) {
            this.client = event.clientAddress();
            this.server = event.serverAddress();
            // Flow numbers restart with each capture: the capture's index in the high bits keeps them apart.
            this.flow = ((long) capture << 40) | event.flowNumber();
            this.phase = event.phase();
            this.values = event.featureValues();
            this.label = label.name;
            this.group = capture + "/" + label.group;
        }
    }

    /** A flow's label and the group it stands for (for --max-flows-per-attack). */
    static final class FlowLabel {
        private final String name;
        private final String group;

        FlowLabel(String name, String group) {
            this.name = name;
            this.group = group;
        }
    }

    void run(List<String> args) {
        Arguments options = Arguments.parse("dataset", args,
                Set.of("--pcap", "--out", "--label-by-src", "--labels", "--default-label", "--rows", "--features",
                        "--ambiguous", "--source-window", "--idle-timeout-us", "--max-phase", "--late-phase",
                        "--max-flows-per-attack", "--seed", "--inactive-timeout", "--late-rows-only",
                        "--late-attack-rows-only"), Set.of());
        List<Path> pcapFiles = files(options.required("--pcap"));
        Set<Integer> lateOnly = lateOnlyCaptures("--late-rows-only", options.value("--late-rows-only"), pcapFiles);
        Set<Integer> lateAttackOnly = lateOnlyCaptures("--late-attack-rows-only",
                options.value("--late-attack-rows-only"), pcapFiles);
        if (lateOnly.stream().anyMatch(lateAttackOnly::contains)) {
            throw new UsageException("dataset: a capture is in --late-rows-only and --late-attack-rows-only");
        }
        Path outFile = Paths.get(options.required("--out"));
        String defaultLabel = label(options.value("--default-label").orElse("Benign"), "--default-label");
        List<FlowLabeller> labellers = labellers(options, defaultLabel, pcapFiles.size());
        boolean phaseRows = rowsPerPhase(options.value("--rows").orElse("phases"));
        List<Feature> features = features(options.value("--features").orElse("all"));
        boolean ambiguousBenign = ambiguousToBenign(options.value("--ambiguous").orElse("keep"));
        int window = options.integer("--source-window", 0).orElse(SourceWindow.DEFAULT_WINDOW_LOG2_US);
        int maxPhase = options.integer("--max-phase", 1).orElse(Phase.MAX_PACKETS);
        boolean latePhase = onOff(options.value("--late-phase").orElse("on"), "--late-phase");
        Optional<Integer> maxFlowsPerAttack = options.integer("--max-flows-per-attack", 1);
        long seed = options.longValue("--seed").orElse(1L);
        long inactiveMicros = options.longValue("--inactive-timeout").orElse(IdleSweep.DEFAULT_INACTIVE_MICROS
                / 1_000_000L) * 1_000_000L;
        if (inactiveMicros < 0) {
            throw new UsageException("dataset: --inactive-timeout is seconds, 0 or more");
        }
        DataPlaneSettings settings;
        PhaseSchedule schedule;
        try {
            settings = DataPlaneSettings.builder().sourceWindowLog2Us(window)
                    .idleTimeoutUs(options.longValue("--idle-timeout-us").orElse(0L)).build();
            schedule = PhaseSchedule.upTo(maxPhase, latePhase);
        } catch (IllegalArgumentException e) {
            throw new UsageException("dataset: " + e.getMessage());
        }

        Map<PacketDecoder.Skip, Long> skipped = new EnumMap<>(PacketDecoder.Skip.class);
        List<Row> rows = new ArrayList<>();
        long frames = 0;
        long flows = 0;
        for (int capture = 0; capture < pcapFiles.size(); capture++) {
            progress.say("reading " + pcapFiles.get(capture));
            SwitchReference reference = new SwitchReference(settings, new FlowFeatures(catalog), schedule);
            FlowLabeller labeller = labellers.get(capture);
            IdleSweep sweep = new IdleSweep(inactiveMicros);
            long[] lastMicros = {0};
            int number = capture;
            long before = frames;
            java.util.function.BiPredicate<FlowEvent, FlowLabel> kept = lateOnly.contains(capture)
                    ? (event, label) -> event.phase().isLate()
                    : lateAttackOnly.contains(capture)
                    ? (event, label) -> event.phase().isLate() || ClassLabels.isBenign(label.name)
                    : (event, label) -> true;
            frames += PacketDecoder.forEachPacket(pcapFiles.get(capture), skipped, (packet, frame) -> {
                lastMicros[0] = packet.timestampMicros();
                for (long at : sweep.dueBefore(packet.timestampMicros())) {
                    addRows(reference.sweepIdle(at, inactiveMicros), phaseRows, labeller, number, kept, rows);
                }
                addRows(reference.accept(packet), phaseRows, labeller, number, kept, rows);
                if ((before + frame) % PROGRESS_FRAMES == 0) {
                    progress.count("frames read", before + frame);
                }
            });
            addRows(reference.probeAll(lastMicros[0] + 1), phaseRows, labeller, capture, kept, rows);
            flows += reference.flowsStarted();
        }
        progress.say("read " + frames + " frames, " + flows + " flows; writing " + rows.size() + " rows to " + outFile);
        long flowsLeftOut = maxFlowsPerAttack.map(max -> capFlowsPerAttack(rows, max, seed)).orElse(0L);
        long relabelled = ambiguousBenign ? relabelAmbiguous(rows, features) : 0;
        Map<String, Long> rowsByLabel = new TreeMap<>();
        rows.forEach(r -> rowsByLabel.merge(r.label, 1L, Long::sum));
        write(outFile, features, rows, phaseRows, window);
        out.printf(Locale.ROOT, "dataset       %s: %d frames, %d flows, %d rows (%s per %s)%s%s -> %s; skipped %s%n",
                pcapFiles.stream().map(Path::toString).collect(java.util.stream.Collectors.joining(",")), frames,
                flows, rows.size(), rowsByLabel,
                phaseRows ? "phase" : "flow",
                maxFlowsPerAttack.isPresent() ? ", " + flowsLeftOut + " attack flows left out (at most "
                        + maxFlowsPerAttack.get() + " per attack)" : "",
                ambiguousBenign ? ", " + relabelled + " ambiguous rows labelled benign" : "", outFile,
                skipped);
    }

    /**
     * Keeps at most {@code max} flows (all their rows) of each attack, drawn with the seed: a flood of 20,000 flows
     * would otherwise outweigh everything else in the trees and the leaf counts, and its copies teach nothing new.
     * Benign flows are all kept. Returns the number of flows left out.
     */
    private static long capFlowsPerAttack(List<Row> rows, int max, long seed) {
        Map<String, List<Long>> flowsByGroup = new TreeMap<>();
        Set<String> seen = new java.util.HashSet<>();
        for (Row row : rows) {
            if (!ClassLabels.isBenign(row.label) && seen.add(row.group + "/" + row.flow)) {
                flowsByGroup.computeIfAbsent(row.group, g -> new ArrayList<>()).add(row.flow);
            }
        }
        Set<Long> dropped = new java.util.HashSet<>();
        java.util.Random random = new java.util.Random(seed);
        for (List<Long> flows : flowsByGroup.values()) {
            if (flows.size() > max) {
                java.util.Collections.shuffle(flows, random);
                dropped.addAll(flows.subList(max, flows.size()));
            }
        }
        rows.removeIf(row -> !ClassLabels.isBenign(row.label) && dropped.contains(row.flow));
        return dropped.size();
    }

    /**
     * A flow's label, from its client (and, with a labels file, the time of its first packet); null for a flow an
     * attacker starts right after its attack (AttackWindows.AFTERMATH_MICROS): left out.
     */
    interface FlowLabeller {
        FlowLabel labelOf(FlowEvent flow);
    }

    /**
     * {@code --late-rows-only a.pcap,...}: the captures (each one of --pcap) whose flows give rows at the late phase
     * only. A crafted capture of single-flow floods teaches the late tree what a flood is at a sustained rate; its
     * first packets look like any datagram's, and rows of them would teach the early trees to call those floods.
     * {@code --late-attack-rows-only}: the same for its attack flows, while its benign flows (as fast as the floods)
     * give rows at every phase: without them the early trees never see a fast benign datagram flow and call one an
     * attack at its fourth packet.
     */
    private static Set<Integer> lateOnlyCaptures(String option, Optional<String> list, List<Path> pcapFiles) {
        Set<Integer> captures = new java.util.TreeSet<>();
        if (list.isEmpty()) {
            return captures;
        }
        for (Path file : files(list.get())) {
            int index = pcapFiles.indexOf(file);
            if (index < 0) {
                throw new UsageException("dataset: " + option + " " + file + " is not one of --pcap");
            }
            captures.add(index);
        }
        return captures;
    }

    private static List<Path> files(String list) {
        return Arguments.existingFiles(list);
    }

    /** One labeller per capture: the same addresses for all, or each capture's labels file. */
    private static List<FlowLabeller> labellers(Arguments options, String defaultLabel, int captures) {
        Optional<String> bySource = options.value("--label-by-src");
        Optional<String> labelsFiles = options.value("--labels");
        if (bySource.isPresent() == labelsFiles.isPresent()) {
            throw new UsageException("dataset: give --label-by-src ADDR=LABEL,... or --labels FILE (one of them)");
        }
        List<FlowLabeller> labellers = new ArrayList<>();
        if (bySource.isPresent()) {
            Map<Integer, String> labels = parseLabels(bySource.get());
            FlowLabeller labeller = flow -> {
                String label = labels.getOrDefault(flow.clientAddress(), defaultLabel);
                return new FlowLabel(label, label);
            };
            for (int i = 0; i < captures; i++) {
                labellers.add(labeller);
            }
            return labellers;
        }
        List<Path> files = files(labelsFiles.get());
        if (files.size() != captures) {
            throw new UsageException("dataset: " + captures + " captures (--pcap) but " + files.size()
                    + " labels files (--labels): one each, in the same order");
        }
        FlowLabel benign = new FlowLabel(defaultLabel, defaultLabel);
        for (Path file : files) {
            AttackWindows windows = AttackWindows.read(file);
            labellers.add(flow -> windows.inAftermath(flow.clientAddress(), flow.firstMicros()) ? null
                    : windows.windowOf(flow.clientAddress(), flow.firstMicros())
                    .map(w -> new FlowLabel(w.family(), "attack " + w.number())).orElse(benign));
        }
        return labellers;
    }

    /** Rows of the events: every one (phases), or only the flows' ends. */
    private static void addRows(List<FlowEvent> events, boolean phaseRows, FlowLabeller labeller, int capture,
                                java.util.function.BiPredicate<FlowEvent, FlowLabel> kept, List<Row> rows) {
        for (FlowEvent event : events) {
            FlowLabel label = labeller.labelOf(event);
            if (label != null && (phaseRows || event.phase().isEnd()) && kept.test(event, label)) {
                rows.add(new Row(event, label, capture));
            }
        }
    }

    /**
     * Rows whose written features equal those of a benign row get the benign label: the switch, which sees only
     * these features, cannot tell them apart, and a model that calls such a state an attack alerts on benign
     * flows (every TCP flow starts with the same SYN). The attack flow is then alerted at its first state that no
     * benign flow shares.
     */
    private static long relabelAmbiguous(List<Row> rows, List<Feature> features) {
        Set<List<Long>> benignStates = new HashSet<>();
        String benignLabel = null;
        for (Row row : rows) {
            if (ClassLabels.isBenign(row.label)) {
                benignStates.add(state(row, features));
                benignLabel = row.label;
            }
        }
        long relabelled = 0;
        for (Row row : rows) {
            if (!ClassLabels.isBenign(row.label) && benignStates.contains(state(row, features))) {
                row.label = benignLabel;
                relabelled++;
            }
        }
        return relabelled;
    }

    private static List<Long> state(Row row, List<Feature> features) {
        List<Long> state = new ArrayList<>(features.size() + 1);
        state.add((long) row.phase.number());
        features.forEach(f -> state.add(row.values[f.id()]));
        return state;
    }

    private void write(Path outFile, List<Feature> features, List<Row> rows, boolean phaseRows, int window) {
        Path partial = outFile.resolveSibling(outFile.getFileName() + ".partial");
        // Written to a side file and moved into place at the end, so a failed run never leaves a truncated set
        // that a later training run (or a cache check) would take for a whole one.
        try {
            try (Writer writer = open(partial, outFile.toString().endsWith(".gz"))) {
                writer.write(header(features, phaseRows));
                for (Row row : rows) {
                    writer.write(line(row, features, phaseRows, window));
                }
            }
            Files.move(partial, outFile, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            deleteQuietly(partial);
            throw new ModelException("cannot write " + outFile + ": " + e.getMessage());
        }
    }

    private List<Feature> features(String text) {
        if (text.equals("all")) {
            return catalog.features();
        }
        List<Feature> chosen = new ArrayList<>();
        for (String name : text.split(",")) {
            Feature feature = catalog.byName(name.trim()).orElseThrow(() -> new UsageException(
                    "dataset: --features: " + name.trim() + " is not a catalog feature (see nids-model features)"));
            if (!chosen.contains(feature)) {
                chosen.add(feature);
            }
        }
        // Catalog order, whatever order they were named in: the columns of every set look alike.
        chosen.sort(Comparator.comparingInt(Feature::id));
        return chosen;
    }

    private static boolean ambiguousToBenign(String text) {
        switch (text) {
            case "keep":
                return false;
            case "benign":
                return true;
            default:
                throw new UsageException("dataset: --ambiguous is keep or benign, not '" + text + "'");
        }
    }

    /** {@code 10.0.0.3=Attack,10.0.0.4=Scan}: client address → label; each address at most once. */
    static Map<Integer, String> parseLabels(String text) {
        Map<Integer, String> labels = new LinkedHashMap<>();
        for (String item : text.split(",")) {
            String trimmed = item.trim();
            int equals = trimmed.indexOf('=');
            if (equals <= 0) {
                throw new UsageException("dataset: --label-by-src needs ADDRESS=LABEL items, not '" + trimmed + "'");
            }
            int address = address(trimmed.substring(0, equals).trim());
            String label = label(trimmed.substring(equals + 1).trim(), "--label-by-src");
            if (labels.put(address, label) != null) {
                throw new UsageException("dataset: --label-by-src names " + trimmed.substring(0, equals).trim()
                        + " twice");
            }
        }
        return labels;
    }

    private static int address(String text) {
        return PacketHeaders.parseAddress(text).orElseThrow(() -> new UsageException("dataset: --label-by-src: '"
                + text + "' is not an IPv4 address"));
    }

    private static String label(String text, String option) {
        if (!LABEL.matcher(text).matches()) {
            throw new UsageException("dataset: " + option + ": a label is letters, digits, '_' or '-', not '"
                    + text + "'");
        }
        return text;
    }

    private static boolean onOff(String text, String option) {
        switch (text) {
            case "on":
                return true;
            case "off":
                return false;
            default:
                throw new UsageException("dataset: " + option + " is on or off, not '" + text + "'");
        }
    }

    private static boolean rowsPerPhase(String text) {
        switch (text) {
            case "flows":
                return false;
            case "phases":
                return true;
            case "packets":
                throw new UsageException("dataset: --rows packets is gone: the switch classifies a flow at its "
                        + "phases (packets 1, 2, 4, ...) and its end, so use --rows phases");
            default:
                throw new UsageException("dataset: --rows is phases or flows, not '" + text + "'");
        }
    }

    private static Writer open(Path file, boolean gzip) throws IOException {
        OutputStream stream = Files.newOutputStream(file);
        if (gzip) {
            stream = new GZIPOutputStream(stream, 1 << 16);
        }
        return new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), 1 << 16);
    }

    private static String header(List<Feature> features, boolean phaseRows) {
        List<String> columns = new ArrayList<>();
        columns.add(SOURCE_COLUMN);
        columns.add(DESTINATION_COLUMN);
        features.forEach(f -> columns.add(f.name()));
        if (phaseRows) {
            columns.add(FlowCsvReader.PHASE_COLUMN);
        }
        columns.add(FlowCsvReader.FLOW_COLUMN);
        columns.add(FlowCsvReader.SOURCE_WINDOW_COLUMN);
        columns.add(LABEL_COLUMN);
        columns.add(ATTACK_COLUMN);
        return String.join(",", columns) + "\n";
    }

    /**
     * Addresses (ignored by train), the features, the phase (packet count, 0 = end), the flow's number (its rows
     * share it), the source window, then Label
     * (0 benign / 1 attack) and the label text.
     */
    private static String line(Row row, List<Feature> features, boolean phaseRows, int window) {
        StringBuilder line = new StringBuilder(256);
        line.append(PacketHeaders.addressText(row.client)).append(',').append(PacketHeaders.addressText(row.server));
        for (Feature feature : features) {
            line.append(',').append(row.values[feature.id()]);
        }
        if (phaseRows) {
            line.append(',').append(row.phase.number());
        }
        line.append(',').append(row.flow);
        line.append(',').append(window);
        line.append(',').append(ClassLabels.isBenign(row.label) ? 0 : 1).append(',').append(row.label).append('\n');
        return line.toString();
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // Best effort: the partial file is named as such and never read.
        }
    }
}
