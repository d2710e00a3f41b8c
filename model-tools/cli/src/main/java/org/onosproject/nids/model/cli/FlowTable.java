package org.onosproject.nids.model.cli;

import com.google.common.collect.ImmutableList;
import org.onosproject.nids.model.catalog.Feature;

import org.onosproject.nids.model.phase.Phase;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.IntStream;

/** Labelled flow rows read from a CSV file: feature values indexed by catalog feature id, and a label string each. */
final class FlowTable {

    private final String fileName;
    private final String labelColumn;
    private final List<Feature> features;
    private final List<String> ignoredColumns;
    private final long[][] rows;
    private final String[] labels;
    private final Phase[] phases;
    private final Optional<Integer> sourceWindowLog2Us;
    private final long rewrittenValues;

    FlowTable(String fileName, String labelColumn, List<Feature> features, List<String> ignoredColumns,
              long[][] rows, String[] labels, Phase[] phases, Optional<Integer> sourceWindowLog2Us,
              long rewrittenValues) {
        this.fileName = fileName;
        this.labelColumn = labelColumn;
        this.features = ImmutableList.copyOf(features);
        this.ignoredColumns = ImmutableList.copyOf(ignoredColumns);
        this.rows = rows;
        this.labels = labels;
        this.phases = phases;
        this.sourceWindowLog2Us = sourceWindowLog2Us;
        this.rewrittenValues = rewrittenValues;
    }

    /** The phase each row was taken at ({@link Phase#END} for files without a PHASE column). */
    Phase[] phases() {
        return phases;
    }

    /** The phases present, in order. */
    SortedSet<Phase> phaseSet() {
        return new TreeSet<>(Arrays.asList(phases));
    }

    /** Row indices taken at a phase. */
    int[] rowsAt(Phase phase) {
        return IntStream.range(0, phases.length).filter(i -> phases[i].equals(phase)).toArray();
    }

    /** The source window the SRC_* values were computed with, when the file says. */
    Optional<Integer> sourceWindowLog2Us() {
        return sourceWindowLog2Us;
    }

    /** Values rewritten to the switch's definition of their feature ({@code DataPlaneDefinitions}). */
    long rewrittenValues() {
        return rewrittenValues;
    }

    /** File name without directories (what a bundle records). */
    String fileName() {
        return fileName;
    }

    String labelColumn() {
        return labelColumn;
    }

    /** Catalog features read from the file, in catalog order. */
    List<Feature> features() {
        return features;
    }

    /** Columns that are neither read features nor the label. */
    List<String> ignoredColumns() {
        return ignoredColumns;
    }

    int size() {
        return rows.length;
    }

    long[][] rows() {
        return rows;
    }

    String[] labels() {
        return labels;
    }
}
