package org.onosproject.nids.model.cli;

import org.onosproject.nids.model.ModelException;
import org.onosproject.nids.model.catalog.Feature;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.flow.FlowFeatureExtractor;
import org.onosproject.nids.model.flow.FlowState;
import org.onosproject.nids.model.flow.PacketHeaders;

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
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;

/**
 * {@code nids-model dataset}: labelled training rows from a pcap, through the same flow-feature extractor that
 * {@code simulate} uses (the software reference of the switch), so a model trained on them and the switch that
 * serves it share one feature definition. A flow's label is the label of its client (the sender of its first
 * packet), given per address: traffic a project generates itself is labelled by which host ran which tool.
 *
 * <p>{@code --rows flows} writes one row per flow with its final features, as the public datasets do;
 * {@code --rows packets} writes the flow's features after every packet, which is what a switch classifies (it
 * decides at every packet, not at the end of a flow).
 */
final class DatasetCommand {

    static final String LABEL_COLUMN = "Label";
    static final String ATTACK_COLUMN = "Attack";
    static final String SOURCE_COLUMN = "IPV4_SRC_ADDR";
    static final String DESTINATION_COLUMN = "IPV4_DST_ADDR";

    private static final Pattern IPV4 = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");
    private static final Pattern LABEL = Pattern.compile("[A-Za-z0-9_-]+");

    private final FeatureCatalog catalog;
    private final PrintStream out;

    DatasetCommand(FeatureCatalog catalog, PrintStream out) {
        this.catalog = catalog;
        this.out = out;
    }

    void run(List<String> args) {
        Arguments options = Arguments.parse("dataset", args,
                Set.of("--pcap", "--out", "--label-by-src", "--default-label", "--rows"), Set.of());
        Path pcapFile = options.existingFile("--pcap");
        Path outFile = Paths.get(options.required("--out"));
        Map<Integer, String> labels = parseLabels(options.required("--label-by-src"));
        String defaultLabel = label(options.value("--default-label").orElse("Benign"), "--default-label");
        boolean everyPacket = rowsPerPacket(options.value("--rows").orElse("flows"));

        FlowFeatureExtractor extractor = new FlowFeatureExtractor(catalog);
        List<Feature> features = catalog.features();
        Map<PacketDecoder.Skip, Long> skipped = new EnumMap<>(PacketDecoder.Skip.class);
        Map<String, Long> rowsByLabel = new TreeMap<>();
        long frames = 0;
        long rows = 0;
        Path partial = outFile.resolveSibling(outFile.getFileName() + ".partial");
        // Written to a side file and moved into place at the end, so a failed run never leaves a truncated set
        // that a later training run (or a cache check) would take for a whole one.
        try (Writer writer = open(partial, outFile.toString().endsWith(".gz"))) {
            writer.write(header(features));
            try (PcapReader reader = new PcapReader(pcapFile)) {
                for (PcapReader.Frame frame = reader.next(); frame != null; frame = reader.next()) {
                    frames++;
                    PacketDecoder.Result decoded = PacketDecoder.decode(frame.data(), frame.timestampMicros());
                    if (decoded.packet() == null) {
                        skipped.merge(decoded.skip(), 1L, Long::sum);
                        continue;
                    }
                    FlowState flow = extractor.accept(decoded.packet());
                    if (everyPacket) {
                        String label = labels.getOrDefault(flow.clientAddress(), defaultLabel);
                        writer.write(row(flow, extractor.featureValues(flow), features, label));
                        rowsByLabel.merge(label, 1L, Long::sum);
                        rows++;
                    }
                }
            }
            if (!everyPacket) {
                for (FlowState flow : extractor.flows()) {
                    String label = labels.getOrDefault(flow.clientAddress(), defaultLabel);
                    writer.write(row(flow, extractor.featureValues(flow), features, label));
                    rowsByLabel.merge(label, 1L, Long::sum);
                    rows++;
                }
            }
        } catch (IOException e) {
            deleteQuietly(partial);
            throw new ModelException("cannot write " + outFile + ": " + e.getMessage());
        } catch (RuntimeException e) {
            deleteQuietly(partial);
            throw e;
        }
        try {
            Files.move(partial, outFile, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            deleteQuietly(partial);
            throw new ModelException("cannot write " + outFile + ": " + e.getMessage());
        }
        out.printf(Locale.ROOT, "dataset       %s: %d frames, %d flows, %d rows (%s per %s) %s; skipped %s%n",
                pcapFile, frames, extractor.flows().size(), rows, rowsByLabel, everyPacket ? "packet" : "flow",
                "-> " + outFile, skipped);
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

    private static boolean rowsPerPacket(String text) {
        switch (text) {
            case "flows":
                return false;
            case "packets":
                return true;
            default:
                throw new UsageException("dataset: --rows is flows or packets, not '" + text + "'");
        }
    }

    private static Writer open(Path file, boolean gzip) throws IOException {
        OutputStream stream = Files.newOutputStream(file);
        if (gzip) {
            stream = new GZIPOutputStream(stream, 1 << 16);
        }
        return new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), 1 << 16);
    }

    private static String header(List<Feature> features) {
        List<String> columns = new ArrayList<>();
        columns.add(SOURCE_COLUMN);
        columns.add(DESTINATION_COLUMN);
        features.forEach(f -> columns.add(f.name()));
        columns.add(LABEL_COLUMN);
        columns.add(ATTACK_COLUMN);
        return String.join(",", columns) + "\n";
    }

    /** Addresses (ignored by train), the catalog features, then Label (0 benign / 1 attack) and the label text. */
    private static String row(FlowState flow, long[] values, List<Feature> features, String label) {
        StringBuilder line = new StringBuilder(256);
        line.append(PacketHeaders.addressText(flow.clientAddress())).append(',')
                .append(PacketHeaders.addressText(flow.serverAddress()));
        for (Feature feature : features) {
            line.append(',').append(values[feature.id()]);
        }
        line.append(',').append(ClassLabels.isBenign(label) ? 0 : 1).append(',').append(label).append('\n');
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
