package org.onosproject.nids.model.cli;

import com.google.common.collect.ImmutableList;
import org.onosproject.nids.model.catalog.Feature;

import java.util.List;

/** Labelled flow rows read from a CSV file: feature values indexed by catalog feature id, and a label string each. */
final class FlowTable {

    private final String fileName;
    private final String labelColumn;
    private final List<Feature> features;
    private final List<String> ignoredColumns;
    private final long[][] rows;
    private final String[] labels;
    private final long rewrittenValues;

    FlowTable(String fileName, String labelColumn, List<Feature> features, List<String> ignoredColumns,
              long[][] rows, String[] labels, long rewrittenValues) {
        this.fileName = fileName;
        this.labelColumn = labelColumn;
        this.features = ImmutableList.copyOf(features);
        this.ignoredColumns = ImmutableList.copyOf(ignoredColumns);
        this.rows = rows;
        this.labels = labels;
        this.rewrittenValues = rewrittenValues;
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
