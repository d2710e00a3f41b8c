package org.onosproject.nids.model.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.nids.model.ModelException;
import org.onosproject.nids.model.bundle.BundleVerifier;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.bundle.ModelBundles;
import org.onosproject.nids.model.bundle.PhaseModel;
import org.onosproject.nids.model.capacity.CapacityReport;
import org.onosproject.nids.model.capacity.PipelineCapacity;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.cost.CostReport;
import org.onosproject.nids.model.cost.NetronomeLatencyEstimate;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@code nids-model cost}: entries per table and in total, their TCAM (ternary) expansion, tables and stages, the
 * capacity check against the pipeline, and the Netronome latency estimate.
 */
final class CostCommand {

    static final String LATENCY_TARGET = "Netronome Agilio CX SmartNIC (P4 latency estimation method; not BMv2)";

    private final FeatureCatalog catalog;
    private final PipelineCapacity capacity;
    private final PrintStream out;

    CostCommand(FeatureCatalog catalog, PipelineCapacity capacity, PrintStream out) {
        this.catalog = catalog;
        this.capacity = capacity;
        this.out = out;
    }

    void run(List<String> args) {
        Arguments options = Arguments.parse("cost", args, Set.of("--model"), Set.of("--json"));
        ModelBundle bundle = BundleFiles.read(options.existingFile("--model"), catalog);
        String recompiles = recompilationCheck(bundle);
        CapacityReport fits = ModelBundles.capacityReport(bundle, catalog, capacity);
        if (options.flag("--json")) {
            ObjectNode root = new ObjectMapper().createObjectNode();
            root.put("model_id", bundle.modelId());
            root.put("fits", fits.fits());
            ArrayNode problems = root.putArray("capacity_problems");
            fits.overflows().forEach(usage -> problems.add(usage.describe()));
            root.put("entries_match_tree", recompiles);
            ArrayNode phases = root.putArray("phases");
            for (PhaseModel phase : bundle.phases()) {
                phases.add(json(phase, CostReport.of(phase.compiled(), catalog, capacity)));
            }
            out.println(root.toString());
        } else {
            out.println("model         " + bundle.modelId() + "  " + bundle.name());
            out.println("pipeline      " + capacity);
            out.println("fits          " + (fits.fits() ? "yes" : "NO") + " (all phases in one bank)");
            for (CapacityReport.Usage usage : fits.usages()) {
                out.println("              " + usage.describe());
            }
            out.println("entries match the tree: " + recompiles);
            for (PhaseModel phase : bundle.phases()) {
                out.println();
                out.println("phase " + phase.phase().label());
                printText(phase, CostReport.of(phase.compiled(), catalog, capacity));
            }
        }
    }

    /** "yes", or why the entries are not what the tree compiles to for this pipeline. */
    private String recompilationCheck(ModelBundle bundle) {
        try {
            BundleVerifier.requireEntriesMatchTree(bundle, catalog, capacity);
            return "yes";
        } catch (ModelException e) {
            return "no: " + e.getMessage();
        }
    }

    private ObjectNode json(PhaseModel phase, CostReport cost) {
        ObjectNode root = new ObjectMapper().createObjectNode();
        root.put("phase", phase.phase().label());
        root.put("slots_used", phase.compiled().slots().usedSlots());
        root.put("slots", capacity.featureSlots());
        ArrayNode tables = root.putArray("tables");
        for (CostReport.TableCost table : cost.tables()) {
            tables.addObject().put("table", table.table()).put("entries", table.entries())
                    .put("ternary_entries", table.ternaryEntries())
                    .put("ternary_entries_narrow_codes", table.narrowTernaryEntries())
                    .put("capacity_per_bank", table.capacityPerBank());
        }
        root.put("total_entries", cost.totalEntries());
        root.put("total_ternary_entries", cost.totalTernaryEntries());
        root.put("total_ternary_entries_narrow_codes", cost.totalNarrowTernaryEntries());
        root.put("tables_used", cost.tableCount());
        root.put("stages", cost.stages());
        NetronomeLatencyEstimate latency = cost.latency();
        ObjectNode estimate = root.putObject("latency_estimate");
        estimate.put("target", LATENCY_TARGET);
        estimate.put("estimate", true);
        estimate.put("parsed_headers", latency.parsedHeaders());
        estimate.put("modified_headers", latency.modifiedHeaders());
        estimate.put("added_tables", latency.addedTables());
        estimate.put("base_ns", latency.baseNs());
        estimate.put("added_tables_ns", latency.tablesNs());
        estimate.put("total_ns", latency.totalNs());
        estimate.put("within_fitted_range", latency.withinFittedRange());
        NetronomeLatencyEstimate pipeline = cost.pipelineLatency();
        ObjectNode whole = root.putObject("pipeline_latency_estimate");
        whole.put("target", LATENCY_TARGET);
        whole.put("estimate", true);
        whole.put("added_tables", pipeline.addedTables());
        whole.put("total_ns", pipeline.totalNs());
        whole.put("within_fitted_range", pipeline.withinFittedRange());
        return root;
    }

    private void printText(PhaseModel phase, CostReport cost) {
        out.printf(Locale.ROOT, "%-40s %8s %12s %12s %14s%n", "table", "entries", "ternary", "ternary-narrow",
                "one bank holds");
        for (CostReport.TableCost table : cost.tables()) {
            out.printf(Locale.ROOT, "%-40s %8d %12d %12d %14d%n", table.table(), table.entries(),
                    table.ternaryEntries(), table.narrowTernaryEntries(), table.capacityPerBank());
        }
        out.printf(Locale.ROOT, "%-40s %8d %12d %12d%n", "total", cost.totalEntries(), cost.totalTernaryEntries(),
                cost.totalNarrowTernaryEntries());
        out.println("(ternary: value/mask rows the range entries need on a TCAM target without range match, with the"
                + " pipeline's " + capacity.codeBits() + "-bit codes; ternary-narrow: with each slot's code only as"
                + " wide as its interval count needs)");
        out.println();
        out.printf(Locale.ROOT, "tables        %d (%d of %d slot range tables + the decision table)%n",
                cost.tableCount(), phase.compiled().slots().usedSlots(), capacity.featureSlots());
        out.printf(Locale.ROOT, "stages        %d dependent match stages (range tables in parallel, then the "
                + "decision table), after the slot selectors%n", cost.stages());
        out.println();
        NetronomeLatencyEstimate latency = cost.latency();
        out.println("latency ESTIMATE for " + LATENCY_TARGET + ":");
        out.printf(Locale.ROOT, "  T(α=%d parsed, β=%d modified headers, table actions) = %.0f ns%n",
                latency.parsedHeaders(), latency.modifiedHeaders(), latency.baseNs());
        out.printf(Locale.ROOT, "  f(γ=%d added tables) = 22.44·γ² + 311.6·γ = %.0f ns%n", latency.addedTables(),
                latency.tablesNs());
        out.printf(Locale.ROOT, "  estimated per-packet latency %.0f ns (%.2f µs)%s%n", latency.totalNs(),
                latency.totalNs() / 1000, extrapolation(latency));
        NetronomeLatencyEstimate pipeline = cost.pipelineLatency();
        out.printf(Locale.ROOT, "  the fixed pipeline applies all %d classifier tables (%d selectors, %d range, "
                        + "1 decision) whatever the model: γ=%d gives %.0f ns (%.2f µs)%s%n",
                pipeline.addedTables(), capacity.featureSlots(), capacity.featureSlots(), pipeline.addedTables(),
                pipeline.totalNs(), pipeline.totalNs() / 1000, extrapolation(pipeline));
    }

    private static String extrapolation(NetronomeLatencyEstimate estimate) {
        return estimate.withinFittedRange() ? ""
                : "  [γ > " + NetronomeLatencyEstimate.MAX_FITTED_TABLES + ": extrapolated]";
    }
}
