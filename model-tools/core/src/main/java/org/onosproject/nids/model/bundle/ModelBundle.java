package org.onosproject.nids.model.bundle;

import com.google.common.collect.ImmutableList;
import org.onosproject.nids.model.compiler.LeafConfidence;
import org.onosproject.nids.model.phase.Phase;
import org.onosproject.nids.model.phase.PhaseSchedule;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A deployable model: identity and provenance, one tree per phase with its compiled entries, the leaf-confidence
 * threshold an alert needs, and the source-context window its SRC_* features were computed with.
 * {@link ModelBundleCodec} reads and writes it as model.json (docs/model-format.md); {@link ModelBundles} builds one
 * from trees.
 */
public final class ModelBundle {

    /** The bundle schema version this build writes (it reads version 1 too, converting it). */
    public static final int SCHEMA_VERSION = 2;

    private final int catalogVersion;
    private final String modelId;
    private final String name;
    private final String createdAt;
    private final TrainingSummary training;
    private final List<String> classNames;
    private final int alertThresholdPermille;
    private final int sourceWindowLog2Us;
    private final List<PhaseModel> phases;

    public ModelBundle(int catalogVersion, String modelId, String name, String createdAt, TrainingSummary training,
                       List<String> classNames, int alertThresholdPermille, int sourceWindowLog2Us,
                       List<PhaseModel> phases) {
        this.catalogVersion = catalogVersion;
        this.modelId = Objects.requireNonNull(modelId);
        this.name = Objects.requireNonNull(name);
        this.createdAt = Objects.requireNonNull(createdAt);
        this.training = Objects.requireNonNull(training);
        this.classNames = ImmutableList.copyOf(classNames);
        if (alertThresholdPermille < 0 || alertThresholdPermille > LeafConfidence.FULL) {
            throw new IllegalArgumentException("alert threshold " + alertThresholdPermille
                    + " is not 0..1000 per mille");
        }
        this.alertThresholdPermille = alertThresholdPermille;
        this.sourceWindowLog2Us = sourceWindowLog2Us;
        List<PhaseModel> sorted = new ArrayList<>(phases);
        sorted.sort(Comparator.comparing(PhaseModel::phase));
        if (sorted.isEmpty()) {
            throw new IllegalArgumentException("a model has at least one phase");
        }
        for (int i = 0; i < sorted.size(); i++) {
            if (i > 0 && sorted.get(i).phase().equals(sorted.get(i - 1).phase())) {
                throw new IllegalArgumentException("phase " + sorted.get(i).phase() + " twice");
            }
            if (!sorted.get(i).tree().classNames().equals(this.classNames)) {
                throw new IllegalArgumentException("phase " + sorted.get(i).phase() + " has classes "
                        + sorted.get(i).tree().classNames() + ", the model " + this.classNames);
            }
        }
        this.phases = ImmutableList.copyOf(sorted);
    }

    public int schemaVersion() {
        return SCHEMA_VERSION;
    }

    public int catalogVersion() {
        return catalogVersion;
    }

    /** Content-derived id (see {@link ModelBundles#contentId}). */
    public String modelId() {
        return modelId;
    }

    public String name() {
        return name;
    }

    /** ISO-8601 UTC instant. */
    public String createdAt() {
        return createdAt;
    }

    public TrainingSummary training() {
        return training;
    }

    /** Class names by class id; class 0 is benign. */
    public List<String> classNames() {
        return classNames;
    }

    /** Least leaf confidence (per mille) an attack verdict needs to be alerted, unless a deployment overrides it. */
    public int alertThresholdPermille() {
        return alertThresholdPermille;
    }

    /** log2 of the source-context epoch in microseconds the SRC_* features were computed with. */
    public int sourceWindowLog2Us() {
        return sourceWindowLog2Us;
    }

    /** The phases in order (packet phases ascending, the end last). */
    public List<PhaseModel> phases() {
        return phases;
    }

    public Optional<PhaseModel> phase(Phase phase) {
        return phases.stream().filter(p -> p.phase().equals(phase)).findFirst();
    }

    /** The phases the model classifies at. */
    public PhaseSchedule schedule() {
        return PhaseSchedule.of(phases.stream().map(PhaseModel::phase).collect(Collectors.toList()));
    }

    /** K the entries were compiled for (the same for every phase). */
    public int slotCount() {
        return phases.get(0).compiled().slots().slotCount();
    }
}
