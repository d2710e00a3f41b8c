package org.onosproject.nids.model.cli;

import org.onosproject.nids.model.ModelException;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.bundle.PhaseModel;
import org.onosproject.nids.model.capacity.PipelineCapacity;
import org.onosproject.nids.model.catalog.Feature;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.compiler.TableSemanticsClassifier;
import org.onosproject.nids.model.cost.CostReport;
import org.onosproject.nids.model.eval.ClassificationMetrics;
import org.onosproject.nids.model.eval.Evaluation;
import org.onosproject.nids.model.phase.Phase;
import org.onosproject.nids.model.tree.LeafNode;
import org.onosproject.nids.model.tree.SplitNode;
import org.onosproject.nids.model.tree.TreeNode;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code nids-model report --model M --out report.html [--data FILE] [--label COL]}: one standalone HTML page (no
 * external files) with what the Models view shows — the tree with tests in feature units and each leaf's class,
 * confidence and training flows, the entries and cost — plus the training summary and, with {@code --data}, the
 * evaluation: per-class figures, the confusion matrix as a heat map and the per-attack detection time.
 * <p>
 * Detection time needs per-packet rows ({@code nids-model dataset --rows packets}): the snapshots of one flow are told
 * apart by label, ports and protocol (addresses are not features); a flow is detected at its first snapshot (fewest
 * packets) the model calls an attack, and its packets and FLOW_DURATION_MILLISECONDS there are its detection time.
 */
final class ReportCommand {

    private final FeatureCatalog catalog;
    private final PipelineCapacity capacity;
    private final PrintStream err;

    ReportCommand(FeatureCatalog catalog, PipelineCapacity capacity, PrintStream err) {
        this.catalog = catalog;
        this.capacity = capacity;
        this.err = err;
    }

    void run(List<String> args) {
        Arguments options = Arguments.parse("report", args, Set.of("--model", "--out", "--data", "--label"),
                                            Set.of());
        ModelBundle bundle = BundleFiles.read(options.existingFile("--model"), catalog);
        Path out = Paths.get(options.required("--out"));
        Progress progress = new Progress(err);
        StringBuilder html = new StringBuilder();
        head(html, bundle);
        training(html, bundle);
        for (PhaseModel phase : bundle.phases()) {
            html.append("<h2>Phase ").append(esc(phase.phase().label())).append("</h2>\n");
            cost(html, CostReport.of(phase.compiled(), catalog, capacity));
            html.append("<h3>Tree</h3>\n<p class=\"note\">Each test in feature units (durations in ms); a leaf: "
                                + "class, share of its training flows of that class, training flows.</p>\n"
                                + "<ul class=\"tree\">");
            node(html, phase.tree().root(), null, bundle.classNames());
            html.append("</ul>\n");
        }
        if (options.value("--data").isPresent()) {
            Path data = options.existingFile("--data");
            progress.say("reading " + data);
            FlowTable table = new FlowCsvReader(catalog, progress).read(data, Optional.empty(),
                    options.value("--label").or(() -> bundle.training().labelColumn()));
            progress.say("read " + table.size() + " rows; evaluating " + bundle.modelId());
            evaluation(html, bundle, table);
        }
        html.append("</body></html>\n");
        write(out, html.toString());
        progress.say("wrote " + out);
    }

    private static void head(StringBuilder html, ModelBundle bundle) {
        html.append("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>NIDS model ")
                .append(esc(bundle.modelId())).append("</title>\n<style>\n")
                .append("body{font-family:sans-serif;margin:20px;font-size:14px}")
                .append("table{border-collapse:collapse;margin:6px 0}td,th{padding:2px 10px;text-align:left}")
                .append("th{border-bottom:1px solid #999}.note{color:#666}")
                .append("ul.tree,ul.tree ul{list-style:none;padding-left:18px;border-left:1px dotted #999}")
                .append("ul.tree{padding-left:0;border:none}.split{font-family:monospace}.branch{color:#777}")
                .append(".leaf{padding:1px 6px;border-radius:3px;background:#e8eef7}")
                .append(".leaf.attack{background:#f6d5d1}td.cell{text-align:right;min-width:60px}")
                .append("\n</style></head><body>\n<h1>Model <code>").append(esc(bundle.modelId()))
                .append("</code></h1>\n<p>").append(esc(bundle.name())).append(" — created ")
                .append(esc(bundle.createdAt())).append("</p>\n");
    }

    private static void training(StringBuilder html, ModelBundle bundle) {
        html.append("<h2>Training</h2>\n<table>");
        row(html, "data", bundle.training().dataFile());
        bundle.training().algorithm().ifPresent(a -> row(html, "algorithm", a));
        row(html, "rows (train / test)", bundle.training().rows() + " (" + bundle.training().trainRows() + " / "
                + bundle.training().testRows() + ")");
        bundle.training().metrics().forEach((name, value) -> row(html, name, fmt(value)));
        row(html, "classes", String.join(", ", bundle.classNames()));
        for (PhaseModel phase : bundle.phases()) {
            row(html, "phase " + phase.phase().label() + ": leaves / depth",
                phase.tree().leafCount() + " / " + phase.tree().depth());
        }
        html.append("</table>\n");
    }

    private static void cost(StringBuilder html, CostReport cost) {
        html.append("<h2>Cost (as <code>nids-model cost</code>)</h2>\n<table><tr><th>table</th><th>entries</th>"
                            + "<th>ternary entries</th><th>capacity per bank</th></tr>");
        for (CostReport.TableCost table : cost.tables()) {
            html.append("<tr><td>").append(esc(table.table())).append("</td><td>").append(table.entries())
                    .append("</td><td>").append(table.ternaryEntries()).append("</td><td>")
                    .append(table.capacityPerBank()).append("</td></tr>");
        }
        html.append("<tr><th>total</th><th>").append(cost.totalEntries()).append("</th><th>")
                .append(cost.totalTernaryEntries()).append("</th><th></th></tr></table>\n<p>")
                .append(cost.tableCount()).append(" tables, ").append(cost.stages()).append(" stages</p>\n");
    }

    private void node(StringBuilder html, TreeNode node, String branch, List<String> classes) {
        html.append("<li>");
        if (branch != null) {
            html.append("<span class=\"branch\">").append(branch).append("</span> ");
        }
        long total = node.hasCounts() ? node.total() : 0;
        if (node.isLeaf()) {
            LeafNode leaf = (LeafNode) node;
            long ofClass = node.hasCounts() && leaf.classId() < node.counts().length ? node.counts()[leaf.classId()]
                    : 0;
            String name = leaf.classId() < classes.size() ? classes.get(leaf.classId()) : "class " + leaf.classId();
            html.append("<span class=\"leaf").append(leaf.classId() != 0 ? " attack" : "").append("\">leaf ")
                    .append(leaf.leafId()).append(": ").append(esc(name)).append(", ")
                    .append(String.format(Locale.ROOT, "%.1f%%", total == 0 ? 0.0 : 100.0 * ofClass / total))
                    .append(" of ").append(total).append(" training flows</span>");
        } else {
            SplitNode split = (SplitNode) node;
            String feature = catalog.byIdOptional(split.featureId()).map(Feature::name)
                    .orElse("feature " + split.featureId());
            html.append("<span class=\"split\">").append(esc(feature)).append(" &lt;= ").append(split.threshold())
                    .append("</span> <span class=\"note\">(").append(total).append(" training flows)</span><ul>");
            node(html, split.lessOrEqual(), "yes:", classes);
            node(html, split.greater(), "no:", classes);
            html.append("</ul>");
        }
        html.append("</li>");
    }

    /** The evaluation of the END tree (else the latest phase's) on every row of the data. */
    private void evaluation(StringBuilder html, ModelBundle bundle, FlowTable table) {
        PhaseModel phase = bundle.phase(Phase.END).orElse(bundle.phases().get(bundle.phases().size() - 1));
        ClassLabels labels = ClassLabels.forModel(table.labels(), bundle.classNames());
        TableSemanticsClassifier classifier = new TableSemanticsClassifier(phase.compiled(), catalog);
        Evaluation evaluation = Evaluation.of(phase.tree(), classifier, labels.flows(table.rows()));
        ClassificationMetrics metrics = evaluation.metrics();
        List<String> classes = metrics.classNames();
        html.append("<h2>Evaluation on ").append(esc(table.fileName())).append(" (phase ")
                .append(esc(phase.phase().label())).append(")</h2>\n<table>");
        EvaluationReport.headline(evaluation).forEach((name, value) -> row(html, name, fmt(value)));
        row(html, "rows", Long.toString(metrics.rows()));
        html.append("</table>\n<table><tr><th>class</th><th>precision</th><th>recall</th><th>f1</th>"
                            + "<th>support</th></tr>");
        for (int c = 0; c < classes.size(); c++) {
            html.append("<tr><td>").append(esc(classes.get(c))).append("</td><td>").append(fmt(metrics.precision(c)))
                    .append("</td><td>").append(fmt(metrics.recall(c))).append("</td><td>")
                    .append(fmt(metrics.f1(c))).append("</td><td>").append(metrics.support(c)).append("</td></tr>");
        }
        html.append("</table>\n<h3>Confusion matrix</h3>\n<p class=\"note\">rows: true class, columns: predicted; "
                            + "shade: share of the true class's rows</p>\n<table id=\"confusion\"><tr><th></th>");
        classes.forEach(c -> html.append("<th>").append(esc(c)).append("</th>"));
        html.append("</tr>");
        long[][] confusion = metrics.confusion();
        for (int t = 0; t < confusion.length; t++) {
            long rowTotal = 0;
            for (long cell : confusion[t]) {
                rowTotal += cell;
            }
            html.append("<tr><th>").append(esc(classes.get(t))).append("</th>");
            for (int p = 0; p < confusion[t].length; p++) {
                double share = rowTotal == 0 ? 0 : (double) confusion[t][p] / rowTotal;
                int shade = (int) Math.round(255 - 200 * share);
                String color = t == p ? String.format("rgb(%d,255,%d)", shade, shade)
                        : String.format("rgb(255,%d,%d)", shade, shade);
                html.append("<td class=\"cell\" style=\"background:").append(color).append("\">")
                        .append(confusion[t][p]).append("</td>");
            }
            html.append("</tr>");
        }
        html.append("</table>\n");
        detectionTime(html, table, labels, classifier, classes);
    }

    /** Per attack class: flows, detected, packets and ms at detection (median, 90th percentile), as a table and bars. */
    private void detectionTime(StringBuilder html, FlowTable table, ClassLabels labels,
                               TableSemanticsClassifier classifier, List<String> classes) {
        html.append("<h3>Detection time per attack</h3>\n");
        int[] key = ids("L4_SRC_PORT", "L4_DST_PORT", "PROTOCOL");
        int[] packets = ids("IN_PKTS", "OUT_PKTS");
        int duration = ids("FLOW_DURATION_MILLISECONDS")[0];
        if (key == null || packets == null || duration < 0) {
            html.append("<p class=\"note\">needs the columns L4_SRC_PORT, L4_DST_PORT, PROTOCOL, IN_PKTS, OUT_PKTS "
                                + "and FLOW_DURATION_MILLISECONDS</p>\n");
            return;
        }
        long[][] rows = table.rows();
        int[] truth = labels.classIds();
        // flow (class, ports, protocol) -> its snapshots' indices
        Map<String, List<Integer>> flows = new LinkedHashMap<>();
        for (int i = 0; i < rows.length; i++) {
            if (truth[i] > 0) {
                flows.computeIfAbsent(truth[i] + "/" + rows[i][key[0]] + "/" + rows[i][key[1]] + "/"
                                              + rows[i][key[2]], k -> new ArrayList<>()).add(i);
            }
        }
        boolean perPacket = flows.values().stream().anyMatch(s -> s.size() > 1);
        if (!perPacket) {
            html.append("<p class=\"note\">one row per flow: detection time needs per-packet rows "
                                + "(<code>nids-model dataset --rows packets</code>)</p>\n");
            return;
        }
        Map<Integer, List<long[]>> detected = new TreeMap<>();
        Map<Integer, Integer> flowCount = new TreeMap<>();
        for (List<Integer> snapshots : flows.values()) {
            int cls = truth[snapshots.get(0)];
            flowCount.merge(cls, 1, Integer::sum);
            snapshots.sort(Comparator.comparingLong(i -> rows[i][packets[0]] + rows[i][packets[1]]));
            for (int i : snapshots) {
                if (classifier.classifyFeatureValues(rows[i]).classId() != 0) {
                    detected.computeIfAbsent(cls, c -> new ArrayList<>())
                            .add(new long[]{rows[i][packets[0]] + rows[i][packets[1]], rows[i][duration]});
                    break;
                }
            }
        }
        html.append("<table id=\"detection\"><tr><th>attack</th><th>flows</th><th>detected</th>"
                            + "<th>packets (median / p90)</th><th>ms (median / p90)</th><th></th></tr>");
        long maxMedianMs = 1;
        for (List<long[]> d : detected.values()) {
            maxMedianMs = Math.max(maxMedianMs, percentile(d, 1, 0.5));
        }
        for (Map.Entry<Integer, Integer> entry : flowCount.entrySet()) {
            List<long[]> d = detected.getOrDefault(entry.getKey(), List.of());
            html.append("<tr><td>").append(esc(classes.get(entry.getKey()))).append("</td><td>")
                    .append(entry.getValue()).append("</td><td>").append(d.size()).append("</td>");
            if (d.isEmpty()) {
                html.append("<td>-</td><td>-</td><td></td></tr>");
                continue;
            }
            long medianMs = percentile(d, 1, 0.5);
            html.append("<td>").append(percentile(d, 0, 0.5)).append(" / ").append(percentile(d, 0, 0.9))
                    .append("</td><td>").append(medianMs).append(" / ").append(percentile(d, 1, 0.9))
                    .append("</td><td><svg width=\"200\" height=\"12\"><rect width=\"")
                    .append(Math.max(1, 200 * medianMs / maxMedianMs))
                    .append("\" height=\"12\" fill=\"#d62728\"/></svg></td></tr>");
        }
        html.append("</table>\n<p class=\"note\">a flow's snapshots are told apart by class, ports and protocol; it "
                            + "is detected at its first snapshot (fewest packets) classified as an attack</p>\n");
    }

    private int[] ids(String... names) {
        int[] ids = new int[names.length];
        for (int i = 0; i < names.length; i++) {
            Optional<Feature> feature = catalog.byName(names[i]);
            if (feature.isEmpty()) {
                return names.length == 1 ? new int[]{-1} : null;
            }
            ids[i] = feature.get().id();
        }
        return ids;
    }

    private static long percentile(List<long[]> values, int column, double q) {
        long[] sorted = values.stream().mapToLong(v -> v[column]).sorted().toArray();
        return sorted[(int) Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
    }

    private static void row(StringBuilder html, String name, String value) {
        html.append("<tr><td>").append(esc(name)).append("</td><td>").append(esc(value)).append("</td></tr>");
    }

    private static String fmt(double value) {
        return String.format(Locale.ROOT, "%.4f", value);
    }

    static String esc(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /** Written whole or not at all: a temporary file beside it, moved over it. */
    private static void write(Path out, String html) {
        Path tmp = out.resolveSibling(out.getFileName() + ".tmp");
        try {
            Files.write(tmp, html.getBytes(StandardCharsets.UTF_8));
            Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // nothing more to clean
            }
            throw new ModelException("cannot write " + out + ": " + e.getMessage());
        }
    }
}
