package org.onosproject.nids.model.cli;

import org.onosproject.nids.model.bundle.SourceWindow;
import org.onosproject.nids.model.ModelException;
import org.onosproject.nids.model.catalog.Feature;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.dataplane.DataPlaneSettings;
import org.onosproject.nids.model.dataplane.FlowEvent;
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
 * packets (1, 2, 4, ... 128) and at its end (FIN/RST, eviction, or the idle sweep at the end of the capture), with a
 * PHASE column (packet count, 0 = end) that {@code train} uses to train one tree per phase. {@code --rows flows}
 * writes one row per flow at its end, as the public datasets do. {@code --features} writes only the named catalog
 * features; {@code --ambiguous benign} gives the benign label to attack rows that benign rows of the same phase
 * match on those features.
 */
final class DatasetCommand {

    static final String LABEL_COLUMN = "Label";
    static final String ATTACK_COLUMN = "Attack";
    static final String SOURCE_COLUMN = "IPV4_SRC_ADDR";
    static final String DESTINATION_COLUMN = "IPV4_DST_ADDR";

    private static final Pattern IPV4 = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");
    private static final Pattern LABEL = Pattern.compile("[A-Za-z0-9_-]+");

    /** Frames between two progress reports. */
    static final int PROGRESS_FRAMES = 10_000;

    private final FeatureCatalog catalog;
    private final PrintStream out;
    private final PrintStream err;

    DatasetCommand(FeatureCatalog catalog, PrintStream out, PrintStream err) {
        this.catalog = catalog;
        this.out = out;
        this.err = err;
    }

    /** One row before it is written: the flow's addresses, the phase, its feature values (by id), its label. */
    private static final class Row {
        private final int client;
        private final int server;
        private final Phase phase;
        private final long[] values;
        private String label;

        Row(FlowEvent event, String label) {
            this.client = event.clientAddress();
            this.server = event.serverAddress();
            this.phase = event.phase();
            this.values = event.featureValues();
            this.label = label;
        }
    }

    void run(List<String> args) {
        Arguments options = Arguments.parse("dataset", args,
                Set.of("--pcap", "--out", "--label-by-src", "--default-label", "--rows", "--features",
                        "--ambiguous", "--source-window", "--idle-timeout-us", "--max-phase"), Set.of());
        Path pcapFile = options.existingFile("--pcap");
        Path outFile = Paths.get(options.required("--out"));
        Map<Integer, String> labels = parseLabels(options.required("--label-by-src"));
        String defaultLabel = label(options.value("--default-label").orElse("Benign"), "--default-label");
        boolean phaseRows = rowsPerPhase(options.value("--rows").orElse("phases"));
        List<Feature> features = features(options.value("--features").orElse("all"));
        boolean ambiguousBenign = ambiguousToBenign(options.value("--ambiguous").orElse("keep"));
        int window = options.integer("--source-window", 0).orElse(SourceWindow.DEFAULT_WINDOW_LOG2_US);
        int maxPhase = options.integer("--max-phase", 1).orElse(128);
        DataPlaneSettings settings;
        PhaseSchedule schedule;
        try {
            settings = DataPlaneSettings.builder().sourceWindowLog2Us(window)
                    .idleTimeoutUs(options.longValue("--idle-timeout-us").orElse(0L)).build();
            schedule = PhaseSchedule.upTo(maxPhase);
        } catch (IllegalArgumentException e) {
            throw new UsageException("dataset: " + e.getMessage());
        }

        Progress progress = new Progress(err);
        progress.say("reading " + pcapFile);
        SwitchReference reference = new SwitchReference(settings, new FlowFeatures(catalog), schedule);
        Map<PacketDecoder.Skip, Long> skipped = new EnumMap<>(PacketDecoder.Skip.class);
        List<Row> rows = new ArrayList<>();
        long frames = 0;
        long lastMicros = 0;
        try (PcapReader reader = new PcapReader(pcapFile)) {
            for (PcapReader.Frame frame = reader.next(); frame != null; frame = reader.next()) {
                frames++;
                if (frames % PROGRESS_FRAMES == 0) {
                    progress.count("frames read from " + pcapFile.getFileName(), frames);
                }
                PacketDecoder.Result decoded = PacketDecoder.decode(frame.data(), frame.timestampMicros());
                if (decoded.packet() == null) {
                    skipped.merge(decoded.skip(), 1L, Long::sum);
                    continue;
                }
                lastMicros = frame.timestampMicros();
                addRows(reference.accept(decoded.packet()), phaseRows, labels, defaultLabel, rows);
            }
        }
        addRows(reference.probeAll(lastMicros + 1), phaseRows, labels, defaultLabel, rows);
        progress.say("read " + frames + " frames, " + reference.flowsStarted() + " flows; writing " + rows.size()
                + " rows to " + outFile);
        long relabelled = ambiguousBenign ? relabelAmbiguous(rows, features) : 0;
        Map<String, Long> rowsByLabel = new TreeMap<>();
        rows.forEach(r -> rowsByLabel.merge(r.label, 1L, Long::sum));
        write(outFile, features, rows, phaseRows, window);
        out.printf(Locale.ROOT, "dataset       %s: %d frames, %d flows, %d rows (%s per %s)%s -> %s; skipped %s%n",
                pcapFile, frames, reference.flowsStarted(), rows.size(), rowsByLabel,
                phaseRows ? "phase" : "flow",
                ambiguousBenign ? ", " + relabelled + " ambiguous rows labelled benign" : "", outFile,
                skipped);
    }

    /** Rows of the events: every one (phases), or only the flows' ends. */
    private static void addRows(List<FlowEvent> events, boolean phaseRows, Map<Integer, String> labels,
                                String defaultLabel, List<Row> rows) {
        for (FlowEvent event : events) {
            if (phaseRows || event.phase().isEnd()) {
                rows.add(new Row(event, labels.getOrDefault(event.clientAddress(), defaultLabel)));
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
        java.util.regex.Matcher m = IPV4.matcher(text);
        if (!m.matches()) {
            throw new UsageException("dataset: --label-by-src: '" + text + "' is not an IPv4 address");
        }
        int address = 0;
        for (int i = 1; i <= 4; i++) {
            int octet = Integer.parseInt(m.group(i));
            if (octet > 255) {
                throw new UsageException("dataset: --label-by-src: '" + text + "' is not an IPv4 address");
            }
            address = (address << 8) | octet;
        }
        return address;
    }

    private static String label(String text, String option) {
        if (!LABEL.matcher(text).matches()) {
            throw new UsageException("dataset: " + option + ": a label is letters, digits, '_' or '-', not '"
                    + text + "'");
        }
        return text;
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
        columns.add(FlowCsvReader.SOURCE_WINDOW_COLUMN);
        columns.add(LABEL_COLUMN);
        columns.add(ATTACK_COLUMN);
        return String.join(",", columns) + "\n";
    }

    /**
     * Addresses (ignored by train), the features, the phase (packet count, 0 = end), the source window, then Label
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
