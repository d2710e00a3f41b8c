package org.onosproject.nids.model.bundle;

import com.google.common.collect.ImmutableMap;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** How a model was made: data, label, algorithm and its parameters, row counts and the test metrics. */
public final class TrainingSummary {

    private final String dataFile;
    private final String testDataFile;
    private final String labelColumn;
    private final boolean binary;
    private final String algorithm;
    private final Map<String, String> parameters;
    private final long rows;
    private final long trainRows;
    private final long testRows;
    private final Map<String, Double> metrics;

    private TrainingSummary(Builder builder) {
        this.dataFile = Objects.requireNonNull(builder.dataFile, "data file");
        this.testDataFile = builder.testDataFile;
        this.labelColumn = builder.labelColumn;
        this.binary = builder.binary;
        this.algorithm = builder.algorithm;
        this.parameters = ImmutableMap.copyOf(builder.parameters);
        this.rows = builder.rows;
        this.trainRows = builder.trainRows;
        this.testRows = builder.testRows;
        this.metrics = ImmutableMap.copyOf(builder.metrics);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this summary's values. */
    public Builder toBuilder() {
        return builder().dataFile(dataFile).testDataFile(testDataFile).labelColumn(labelColumn).binary(binary)
                .algorithm(algorithm).parameters(parameters).rows(rows).trainRows(trainRows).testRows(testRows)
                .metrics(metrics);
    }

    /** File name (no directory) of the training data. */
    public String dataFile() {
        return dataFile;
    }

    /** File name of separate test data, when the test part did not come from the training file. */
    public Optional<String> testDataFile() {
        return Optional.ofNullable(testDataFile);
    }

    public Optional<String> labelColumn() {
        return Optional.ofNullable(labelColumn);
    }

    /** True when trained as benign vs attack. */
    public boolean binary() {
        return binary;
    }

    public Optional<String> algorithm() {
        return Optional.ofNullable(algorithm);
    }

    public Map<String, String> parameters() {
        return parameters;
    }

    /** Rows read (training file, plus the test file if any). */
    public long rows() {
        return rows;
    }

    public long trainRows() {
        return trainRows;
    }

    public long testRows() {
        return testRows;
    }

    /** accuracy, f1_weighted, f1_macro, attack_f1, fidelity on the test part. */
    public Map<String, Double> metrics() {
        return metrics;
    }

    /** All fields optional but the data file. */
    public static final class Builder {
        private String dataFile;
        private String testDataFile;
        private String labelColumn;
        private boolean binary;
        private String algorithm;
        private Map<String, String> parameters = ImmutableMap.of();
        private long rows;
        private long trainRows;
        private long testRows;
        private Map<String, Double> metrics = ImmutableMap.of();

        private Builder() {
        }

        public Builder dataFile(String value) {
            dataFile = value;
            return this;
        }

        public Builder testDataFile(String value) {
            testDataFile = value;
            return this;
        }

        public Builder labelColumn(String value) {
            labelColumn = value;
            return this;
        }

        public Builder binary(boolean value) {
            binary = value;
            return this;
        }

        public Builder algorithm(String value) {
            algorithm = value;
            return this;
        }

        public Builder parameters(Map<String, String> value) {
            parameters = value;
            return this;
        }

        public Builder rows(long value) {
            rows = value;
            return this;
        }

        public Builder trainRows(long value) {
            trainRows = value;
            return this;
        }

        public Builder testRows(long value) {
            testRows = value;
            return this;
        }

        public Builder metrics(Map<String, Double> value) {
            metrics = value;
            return this;
        }

        public TrainingSummary build() {
            return new TrainingSummary(this);
        }
    }
}
