package org.onosproject.nids.model.cli;

import java.util.Locale;

/** The Weka tree learners the CLI offers. */
enum TreeAlgorithm {
    /** Weka's C4.5 (J48): error-based pruning, numeric tests {@code x <= t} on a value seen in training. */
    J48("j48", "J48"),
    /** Weka's REPTree: reduced-error pruning, numeric tests {@code x < t} at a midpoint. */
    REPTREE("reptree", "REPTree");

    private final String option;
    private final String displayName;

    TreeAlgorithm(String option, String displayName) {
        this.option = option;
        this.displayName = displayName;
    }

    String option() {
        return option;
    }

    String displayName() {
        return displayName;
    }

    static TreeAlgorithm ofOption(String value) {
        for (TreeAlgorithm algorithm : values()) {
            if (algorithm.option.equals(value.toLowerCase(Locale.ROOT))) {
                return algorithm;
            }
        }
        throw new UsageException("train: --algorithm must be j48 or reptree, not '" + value + "'");
    }
}
