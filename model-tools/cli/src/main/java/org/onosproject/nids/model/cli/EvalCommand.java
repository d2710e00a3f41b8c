package org.onosproject.nids.model.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.nids.model.ModelException;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.bundle.PhaseModel;
import org.onosproject.nids.model.data.LabeledFlows;
import org.onosproject.nids.model.phase.Phase;
import org.onosproject.nids.model.catalog.Feature;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.eval.Evaluation;
import org.onosproject.nids.model.compiler.TableSemanticsClassifier;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code nids-model eval}: classifies every row of a CSV with the model's table entries (as the switch would), each
 * row by the tree of its phase (PHASE column; the END tree for files without one, such as the NetFlow datasets),
 * and reports the metrics and the fidelity of the entries to the tree, per phase. The headline (top-level JSON
 * metrics) is the END phase's, else the last phase's.
 */
final class EvalCommand {

    static final Set<String> VALUED_OPTIONS = Set.of("--model", "--data", "--label");
    static final Set<String> FLAGS = Set.of("--json");

    private final FeatureCatalog catalog;
    private final PrintStream out;
    private final PrintStream err;

    EvalCommand(FeatureCatalog catalog, PrintStream out, PrintStream err) {
        this.catalog = catalog;
        this.out = out;
        this.err = err;
    }

    void run(List<String> args) {
        if (args.contains("--pcap") || args.contains("--labels")) {
            new PcapEvalCommand(catalog, out, err).run(args);
            return;
        }
        Arguments options = Arguments.parse("eval", args, VALUED_OPTIONS, FLAGS);
        Path modelFile = options.existingFile("--model");
        Path dataFile = options.existingFile("--data");
        // --json: stderr stays for the notes and errors scripts read.
        Progress progress = options.flag("--json") ? Progress.quiet(err) : new Progress(err);
        ModelBundle bundle = BundleFiles.read(modelFile, catalog);
        SortedSet<Integer> used = new TreeSet<>();
        bundle.phases().forEach(phase -> used.addAll(phase.tree().usedFeatureIds()));
        List<Feature> features = used.stream().map(catalog::byId).collect(Collectors.toList());
        Optional<String> label = options.value("--label").or(() -> bundle.training().labelColumn());
        progress.say("reading " + dataFile);
        FlowTable table = new FlowCsvReader(catalog, progress).read(dataFile, features.isEmpty() ? Optional.empty()
                : Optional.of(features), label);
        progress.say("read " + table.size() + " rows; evaluating " + bundle.modelId());
        ClassLabels classes = ClassLabels.forModel(table.labels(), bundle.classNames());
        if (!classes.unknownLabels().isEmpty()) {
            err.println("nids-model: note: labels the model does not know (counted as never predicted): "
                    + String.join(", ", classes.unknownLabels()));
        }
        LabeledFlows flows = classes.flows(table.rows());
        Map<Phase, Evaluation> evaluations = new TreeMap<>();
        for (Phase phase : table.phaseSet()) {
            PhaseModel model = bundle.phase(phase).orElseThrow(() -> new ModelException("the data has rows at phase "
                    + phase + ", the model has no tree for it (phases " + bundle.schedule() + ")"));
            evaluations.put(phase, Evaluation.of(model.tree(), new TableSemanticsClassifier(model.compiled(), catalog),
                    flows.subset(table.rowsAt(phase))));
        }
        Phase headline = evaluations.containsKey(Phase.END) ? Phase.END
                : ((TreeMap<Phase, Evaluation>) evaluations).lastKey();
        if (options.flag("--json")) {
            ObjectNode json = new ObjectMapper().createObjectNode();
            json.put("model_id", bundle.modelId());
            json.put("data_file", table.fileName());
            json.setAll(EvaluationReport.json(evaluations.get(headline)));
            ObjectNode phases = json.putObject("phases");
            evaluations.forEach((phase, evaluation) -> phases.set(phase.label(), EvaluationReport.json(evaluation)));
            out.println(json.toString());
        } else {
            out.println("model         " + bundle.modelId() + "  " + bundle.name());
            out.println("data          " + dataFile);
            evaluations.forEach((phase, evaluation) -> {
                out.println();
                out.println("phase " + phase.label());
                EvaluationReport.printText(evaluation, out);
            });
        }
    }
}
