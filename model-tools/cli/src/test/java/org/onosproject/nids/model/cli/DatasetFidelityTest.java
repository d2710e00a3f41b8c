package org.onosproject.nids.model.cli;

import org.junit.Assume;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.onosproject.nids.model.capacity.PipelineCapacity;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.bundle.PhaseModel;
import org.onosproject.nids.model.phase.Phase;
import org.onosproject.nids.model.catalog.Feature;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.eval.Evaluation;
import org.onosproject.nids.model.compiler.TableSemanticsClassifier;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * On the real labelled samples (../shared/datasets from the repository root, when present): trains as in
 * docs/results.md, then checks that the compiled entries classify every row of the file exactly as the tree does,
 * and that the test-part figures still meet the targets.
 */
public class DatasetFidelityTest {

    static final String UNSW = "nf-unsw-nb15-v2.sample.csv.gz";
    static final String CIC = "nf-cse-cic-ids2018-v2.sample.csv.gz";

    @Rule
    public TemporaryFolder folder = new TemporaryFolder();

    private final FeatureCatalog catalog = FeatureCatalog.standard();

    static Path datasets() {
        Path dir = Paths.get("").toAbsolutePath();
        while (dir != null && !Files.isDirectory(dir.resolve("model-tools"))) {
            dir = dir.getParent();
        }
        return dir == null ? Paths.get("no-repository-root") : dir.resolve("../shared/datasets").normalize();
    }

    private Path dataset(String name) {
        Path file = datasets().resolve(name);
        Assume.assumeTrue("dataset " + file + " absent: skipping the fidelity check on real data",
                Files.isRegularFile(file));
        return file;
    }

    private ModelBundle train(Path data, String... extra) {
        Path model = folder.getRoot().toPath().resolve("model.json");
        List<String> args = new ArrayList<>(List.of("--data", data.toString(), "--out", model.toString(),
                "--max-leaves", "256"));
        args.addAll(Arrays.asList(extra));
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream());
        new TrainCommand(catalog, PipelineCapacity.packaged(), quiet, quiet).run(args);
        return BundleFiles.read(model, catalog);
    }

    /** Entries vs tree on every row of the file (training and test rows alike). */
    private void assertFidelityOnWholeFile(ModelBundle bundle, Path data) {
        List<Feature> features = end(bundle).tree().usedFeatureIds().stream().map(catalog::byId)
                .collect(Collectors.toList());
        FlowTable table = new FlowCsvReader(catalog).read(data, Optional.of(features), Optional.of("Attack"));
        Evaluation evaluation = Evaluation.of(end(bundle).tree(), new TableSemanticsClassifier(end(bundle).compiled(), catalog),
                ClassLabels.forModel(table.labels(), bundle.classNames()).flows(table.rows()));
        assertEquals(table.size(), evaluation.metrics().rows());
        assertEquals("first disagreement at row " + evaluation.firstDisagreement(), 1.0, evaluation.fidelity(), 0);
    }

    @Test
    public void unswBinaryJ48MeetsTheTargetsWithFidelityOne() {
        Path data = dataset(UNSW);
        ModelBundle bundle = train(data, "--binary");
        Map<String, Double> metrics = bundle.training().metrics();
        assertEquals(1.0, metrics.get("fidelity"), 0);
        assertTrue(metrics.toString(), metrics.get("f1_weighted") >= 0.996);
        assertTrue(metrics.toString(), metrics.get("attack_f1") >= 0.95);
        assertTrue(end(bundle).tree().usedFeatureIds().size() <= 8 && end(bundle).tree().leafCount() <= 256);
        assertFidelityOnWholeFile(bundle, data);
    }

    @Test
    public void cicBinaryJ48MeetsTheTargetsWithFidelityOne() {
        Path data = dataset(CIC);
        ModelBundle bundle = train(data, "--binary");
        Map<String, Double> metrics = bundle.training().metrics();
        assertTrue(metrics.toString(), metrics.get("f1_weighted") >= 0.994);
        assertTrue(metrics.toString(), metrics.get("attack_f1") >= 0.975);
        assertFidelityOnWholeFile(bundle, data);
    }

    @Test
    public void cicMultiClassRepTreeHasFidelityOne() {
        Path data = dataset(CIC);
        ModelBundle bundle = train(data, "--algorithm", "reptree");
        assertTrue(bundle.classNames().size() > 10);
        assertFidelityOnWholeFile(bundle, data);
    }

    @Test
    public void unswMultiClassJ48HasFidelityOne() {
        Path data = dataset(UNSW);
        ModelBundle bundle = train(data);
        assertEquals(10, bundle.classNames().size());
        assertFidelityOnWholeFile(bundle, data);
    }

    /** The END phase of a bundle trained on end-of-flow rows (the only phase such a bundle has). */
    private static PhaseModel end(ModelBundle bundle) {
        assertEquals(List.of(Phase.END), List.of(bundle.phases().get(bundle.phases().size() - 1).phase()));
        return bundle.phase(Phase.END).orElseThrow();
    }
}
