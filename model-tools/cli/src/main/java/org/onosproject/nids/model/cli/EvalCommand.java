package org.onosproject.nids.model.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.catalog.Feature;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.eval.Evaluation;
import org.onosproject.nids.model.compiler.TableSemanticsClassifier;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code nids-model eval}: classifies every row of a CSV with the model's table entries (as the switch would),
 * reports the metrics and the fidelity of the entries to the tree.
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
        Arguments options = Arguments.parse("eval", args, VALUED_OPTIONS, FLAGS);
        Path modelFile = options.existingFile("--model");
        Path dataFile = options.existingFile("--data");
        // --json: stderr stays for the notes and errors scripts read.
        Progress progress = options.flag("--json") ? Progress.quiet(err) : new Progress(err);
        ModelBundle bundle = BundleFiles.read(modelFile, catalog);
        List<Feature> features = bundle.tree().usedFeatureIds().stream().map(catalog::byId)
                .collect(Collectors.toList());
        Optional<String> label = options.value("--label").or(() -> bundle.training().labelColumn());
        progress.say("reading " + dataFile);
        FlowTable table = new FlowCsvReader(catalog, progress).read(dataFile, Optional.of(features), label);
        progress.say("read " + table.size() + " rows; evaluating " + bundle.modelId());
        ClassLabels classes = ClassLabels.forModel(table.labels(), bundle.compiled().classNames());
        if (!classes.unknownLabels().isEmpty()) {
            err.println("nids-model: note: labels the model does not know (counted as never predicted): "
                    + String.join(", ", classes.unknownLabels()));
        }
        Evaluation evaluation = Evaluation.of(bundle.tree(),
                new TableSemanticsClassifier(bundle.compiled(), catalog), classes.flows(table.rows()));
        if (options.flag("--json")) {
            ObjectNode json = new ObjectMapper().createObjectNode();
            json.put("model_id", bundle.modelId());
            json.put("data_file", table.fileName());
            json.setAll(EvaluationReport.json(evaluation));
            out.println(json.toString());
        } else {
            out.println("model         " + bundle.modelId() + "  " + bundle.name());
            out.println("data          " + dataFile);
            EvaluationReport.printText(evaluation, out);
        }
    }
}
