package org.onosproject.nids.model.cli;

import org.onosproject.nids.model.bundle.SourceWindow;
import org.onosproject.nids.model.ModelException;
import org.onosproject.nids.model.catalog.Feature;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.catalog.PacketInterval;
import org.onosproject.nids.model.data.DataPlaneDefinitions;
import org.onosproject.nids.model.phase.Phase;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.GZIPInputStream;

/**
 * Reads labelled NetFlow-style CSV (plain or gzip, told apart by content, not name): a header line naming the
 * columns, then one flow per line. Only catalog features are read; every value must be an integer that fits the
 * feature's data-plane width, because that is all a switch can hold; IN_PKT_INTERVAL, not a NetFlow field, is
 * derived from DURATION_IN and IN_PKTS when it has no column. Each problem is one {@link ModelException}
 * naming the file, the line and the column.
 */
final class FlowCsvReader {

    /** Label columns tried, in order, when none is named. */
    static final List<String> DEFAULT_LABEL_COLUMNS = List.of("Attack", "Label");
    /**
     * Optional column naming the phase a row was taken at (the flow's packet count, or 0 / "end" for the end of the
     * flow); rows of a file without it are end-of-flow rows, as in the NetFlow datasets.
     */
    static final String PHASE_COLUMN = "PHASE";
    /** The flow a row belongs to (nids-model dataset): rows of one flow share it. */
    static final String FLOW_COLUMN = "FLOW";
    /** Optional column: the source-context window (log2 us) the SRC_* values were computed with; one value. */
    static final String SOURCE_WINDOW_COLUMN = "SOURCE_WINDOW_LOG2_US";

    /** Rows between two progress reports. */
    static final int PROGRESS_ROWS = 10_000;

    private final FeatureCatalog catalog;
    private final Progress progress;

    FlowCsvReader(FeatureCatalog catalog) {
        this(catalog, null);
    }

    /**
     * @param catalog  the features
     * @param progress where the rows read so far are counted (on a terminal); null: nowhere
     */
    FlowCsvReader(FeatureCatalog catalog, Progress progress) {
        this.catalog = catalog;
        this.progress = progress;
    }

    /**
     * @param file        the CSV file
     * @param wanted      features to read, each of which must be a column; empty = every catalog column present
     * @param labelColumn the label column; empty = Attack, else Label
     */
    FlowTable read(Path file, Optional<List<Feature>> wanted, Optional<String> labelColumn) {
        Arguments.existingFile(file);
        try (BufferedReader reader = open(file)) {
            return read(file, reader, wanted, labelColumn);
        } catch (CharacterCodingException e) {
            throw unreadable(file, "not UTF-8 text");
        } catch (IOException e) {
            throw unreadable(file, e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        }
    }

    private static BufferedReader open(Path file) throws IOException {
        InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
        in.mark(2);
        int first = in.read();
        int second = in.read();
        in.reset();
        if (first == 0x1f && second == 0x8b) {
            in = new GZIPInputStream(in, 1 << 16);
        }
        return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)), 1 << 16);
    }

    private FlowTable read(Path file, BufferedReader reader, Optional<List<Feature>> wanted,
                           Optional<String> requestedLabel) throws IOException {
        String headerLine = reader.readLine();
        if (headerLine == null || headerLine.isBlank()) {
            throw unreadable(file, "no header line");
        }
        if (headerLine.indexOf('\0') >= 0) {
            throw unreadable(file, "not text");
        }
        List<String> header = split(headerLine);
        Map<String, Integer> columnIndex = new HashMap<>();
        for (int i = 0; i < header.size(); i++) {
            String name = header.get(i).trim();
            header.set(i, name);
            columnIndex.putIfAbsent(name, i);
        }

        String labelColumn = requestedLabel.orElseGet(() -> DEFAULT_LABEL_COLUMNS.stream()
                .filter(columnIndex::containsKey).findFirst().orElse(null));
        if (labelColumn == null || !columnIndex.containsKey(labelColumn)) {
            throw new ModelException("missing label column " + (labelColumn == null
                    ? String.join(" or ", DEFAULT_LABEL_COLUMNS) : "'" + labelColumn + "'") + " in " + file);
        }

        // IN_PKT_INTERVAL is not a NetFlow field: a row without its column derives it from DURATION_IN and IN_PKTS.
        Optional<Feature> interval = catalog.byName(PacketInterval.NAME);
        Optional<Feature> durationIn = catalog.byName("DURATION_IN");
        Optional<Feature> inPackets = catalog.byName("IN_PKTS");
        boolean intervalDerivable = interval.isPresent() && !columnIndex.containsKey(PacketInterval.NAME)
                && durationIn.isPresent() && columnIndex.containsKey("DURATION_IN")
                && inPackets.isPresent() && columnIndex.containsKey("IN_PKTS");
        List<Feature> features = new ArrayList<>();
        if (wanted.isPresent()) {
            for (Feature feature : wanted.get()) {
                if (!columnIndex.containsKey(feature.name())
                        && !(intervalDerivable && feature.equals(interval.get()))) {
                    throw new ModelException("column " + feature.name() + " is missing from " + file
                            + (feature.name().equals(PacketInterval.NAME)
                               ? " (and so is DURATION_IN or IN_PKTS, which it is derived from)" : ""));
                }
                features.add(feature);
            }
        } else {
            for (Feature feature : catalog.features()) {
                if (columnIndex.containsKey(feature.name())
                        || (intervalDerivable && feature.equals(interval.get()))) {
                    features.add(feature);
                }
            }
        }
        boolean deriveInterval = intervalDerivable && features.contains(interval.get());
        if (features.isEmpty()) {
            throw new ModelException("no usable feature in " + file + ": none of its columns is a catalog feature"
                    + " (see nids-model features)");
        }
        List<String> ignored = new ArrayList<>();
        for (String name : header) {
            if (!name.equals(labelColumn) && !name.equals(PHASE_COLUMN) && !name.equals(SOURCE_WINDOW_COLUMN)
                    && !name.equals(FLOW_COLUMN)
                    && catalog.byName(name).isEmpty()) {
                ignored.add(name);
            }
        }
        Integer phaseIndex = columnIndex.get(PHASE_COLUMN);
        Integer windowIndex = columnIndex.get(SOURCE_WINDOW_COLUMN);
        Integer window = null;

        List<Feature> readFeatures = new ArrayList<>(features);
        if (deriveInterval) {
            readFeatures.remove(interval.get());
            List.of(durationIn.get(), inPackets.get()).stream().filter(f -> !readFeatures.contains(f))
                    .forEach(readFeatures::add);
        }
        int[] featureColumns = readFeatures.stream().mapToInt(f -> columnIndex.get(f.name())).toArray();
        // PROTOCOL decides what the switch reports for the ICMP fields, even when the tree may not use it.
        Feature protocol = catalog.byName("PROTOCOL").orElseThrow();
        Integer protocolColumn = features.contains(protocol) ? null : columnIndex.get(protocol.name());
        DataPlaneDefinitions definitions = new DataPlaneDefinitions(catalog);
        long rewritten = 0;
        int labelIndex = columnIndex.get(labelColumn);
        List<long[]> rows = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        List<Phase> phases = new ArrayList<>();
        int lineNumber = 1;
        for (String line = reader.readLine(); line != null; line = reader.readLine()) {
            lineNumber++;
            if (line.isEmpty()) {
                continue;
            }
            List<String> fields = split(line);
            if (fields.size() != header.size()) {
                throw unreadable(file, "line " + lineNumber + " has " + fields.size() + " fields, the header has "
                        + header.size());
            }
            long[] row = new long[catalog.maxId() + 1];
            for (int i = 0; i < featureColumns.length; i++) {
                Feature feature = readFeatures.get(i);
                row[feature.id()] = parseValue(fields.get(featureColumns[i]), feature, file, lineNumber);
            }
            if (deriveInterval) {
                row[interval.get().id()] = PacketInterval.of(row[durationIn.get().id()], row[inPackets.get().id()]);
            }
            if (protocolColumn != null) {
                row[protocol.id()] = parseValue(fields.get(protocolColumn), protocol, file, lineNumber);
            }
            rewritten += definitions.apply(row, features.contains(protocol) || protocolColumn != null);
            String label = fields.get(labelIndex).trim();
            if (label.isEmpty()) {
                throw new ModelException("empty label in column " + labelColumn + " of " + file + " line "
                        + lineNumber);
            }
            rows.add(row);
            labels.add(label);
            phases.add(phaseIndex == null ? Phase.END : parsePhase(fields.get(phaseIndex), file, lineNumber));
            if (windowIndex != null) {
                int rowWindow = parseWindow(fields.get(windowIndex), file, lineNumber);
                if (window != null && window != rowWindow) {
                    throw new ModelException(SOURCE_WINDOW_COLUMN + " changes from " + window + " to " + rowWindow
                            + " in " + file + " line " + lineNumber + " (one window per data set)");
                }
                window = rowWindow;
            }
            if (progress != null && rows.size() % PROGRESS_ROWS == 0) {
                progress.count("rows read from " + file.getFileName(), rows.size());
            }
        }
        if (rows.isEmpty()) {
            throw unreadable(file, "no data rows after the header");
        }
        return new FlowTable(file.getFileName().toString(), labelColumn, features, ignored,
                rows.toArray(new long[0][]), labels.toArray(new String[0]), phases.toArray(new Phase[0]),
                Optional.ofNullable(window), rewritten);
    }

    private static Phase parsePhase(String text, Path file, int lineNumber) {
        try {
            return Phase.parse(text);
        } catch (IllegalArgumentException e) {
            throw new ModelException(PHASE_COLUMN + " in " + file + " line " + lineNumber + ": " + e.getMessage());
        }
    }

    private static int parseWindow(String text, Path file, int lineNumber) {
        try {
            int window = Integer.parseInt(text.trim());
            SourceWindow.requireValidWindow(window);
            return window;
        } catch (IllegalArgumentException e) {
            throw new ModelException(SOURCE_WINDOW_COLUMN + " in " + file + " line " + lineNumber + ": '"
                    + text.trim() + "' is not a source window (log2 us, " + SourceWindow.MIN_WINDOW_LOG2_US + ".."
                    + SourceWindow.MAX_WINDOW_LOG2_US + ")");
        }
    }

    /** A feature value: an integer (a trailing ".0" is accepted) within the feature's width. */
    static long parseValue(String text, Feature feature, Path file, int lineNumber) {
        String value = text.trim();
        long parsed;
        try {
            parsed = Long.parseLong(value);
        } catch (NumberFormatException notAnInteger) {
            double number;
            try {
                number = Double.parseDouble(value);
            } catch (NumberFormatException notANumber) {
                throw new ModelException("non-numeric value '" + value + "' for " + feature.name() + " in " + file
                        + " line " + lineNumber);
            }
            if (Double.isNaN(number) || Double.isInfinite(number) || number != Math.rint(number)) {
                throw new ModelException("non-integer value '" + value + "' for " + feature.name() + " in " + file
                        + " line " + lineNumber + " (catalog features are integers)");
            }
            parsed = (long) number;
        }
        if (parsed < 0 || parsed > feature.maxFeatureValue()) {
            throw new ModelException("value " + parsed + " for " + feature.name() + " in " + file + " line "
                    + lineNumber + " is outside 0.." + feature.maxFeatureValue() + " (what the switch can hold)");
        }
        return parsed;
    }

    /** Splits one CSV line; double quotes group fields containing commas ("" is a literal quote). */
    static List<String> split(String line) {
        List<String> fields = new ArrayList<>();
        if (line.indexOf('"') < 0) {
            int start = 0;
            for (int comma = line.indexOf(','); comma >= 0; comma = line.indexOf(',', start)) {
                fields.add(line.substring(start, comma));
                start = comma + 1;
            }
            fields.add(line.substring(start));
            return fields;
        }
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                fields.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        fields.add(field.toString());
        return fields;
    }

    private static ModelException unreadable(Path file, String why) {
        return new ModelException("unreadable CSV " + file + ": " + why);
    }
}
