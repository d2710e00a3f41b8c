package org.onosproject.nids.model.cost;

/**
 * Per-packet latency estimate for a P4 program on a Netronome Agilio CX SmartNIC by the P4 latency estimation
 * method (see docs/results.md and shared literature notes): L = T(α, β) + f(γ), with T the measured base latency for
 * α parsed and β modified headers (its Table II) and f(γ) = 22.44·γ² + 311.6·γ ns for γ tables beyond the first.
 * It estimates that SmartNIC target only, not BMv2, and f was fitted for γ = 0…10.
 */
public final class NetronomeLatencyEstimate {

    /** Parsed-header counts α of the base-latency table. */
    private static final int[] ALPHA = {1, 2, 2, 3, 3, 3};
    /** Modified-header counts β of the base-latency table. */
    private static final int[] BETA = {1, 1, 2, 1, 2, 3};
    /** T(α, β) in ns with explicit actions. */
    private static final double[] EXPLICIT_NS = {7900, 8900, 9900, 9000, 10100, 10900};
    /** T(α, β) in ns with implicit (table) actions. */
    private static final double[] IMPLICIT_NS = {7600, 7800, 8200, 7800, 8600, 10300};
    /** The γ range f(γ) was fitted on. */
    public static final int MAX_FITTED_TABLES = 10;

    private final int parsedHeaders;
    private final int modifiedHeaders;
    private final int addedTables;
    private final boolean tableActions;
    private final double baseNs;

    /**
     * @param parsedHeaders   α
     * @param modifiedHeaders β
     * @param addedTables     γ, tables beyond the first
     * @param tableActions    true when the program's actions are table actions ("implicit"), false for explicit ones
     */
    public NetronomeLatencyEstimate(int parsedHeaders, int modifiedHeaders, int addedTables, boolean tableActions) {
        if (addedTables < 0) {
            throw new IllegalArgumentException("negative table count");
        }
        int column = -1;
        for (int i = 0; i < ALPHA.length; i++) {
            if (ALPHA[i] == parsedHeaders && BETA[i] == modifiedHeaders) {
                column = i;
            }
        }
        if (column < 0) {
            throw new IllegalArgumentException("the method has no base latency for α=" + parsedHeaders + ", β="
                    + modifiedHeaders);
        }
        this.parsedHeaders = parsedHeaders;
        this.modifiedHeaders = modifiedHeaders;
        this.addedTables = addedTables;
        this.tableActions = tableActions;
        this.baseNs = tableActions ? IMPLICIT_NS[column] : EXPLICIT_NS[column];
    }

    /** f(γ) in ns. */
    public static double addedTablesNs(int tables) {
        return 22.44 * tables * tables + 311.6 * tables;
    }

    public int parsedHeaders() {
        return parsedHeaders;
    }

    public int modifiedHeaders() {
        return modifiedHeaders;
    }

    public int addedTables() {
        return addedTables;
    }

    public boolean tableActions() {
        return tableActions;
    }

    /** T(α, β) in ns. */
    public double baseNs() {
        return baseNs;
    }

    /** f(γ) in ns. */
    public double tablesNs() {
        return addedTablesNs(addedTables);
    }

    public double totalNs() {
        return baseNs + tablesNs();
    }

    /** False when γ lies outside the range f was fitted on: the figure is then an extrapolation. */
    public boolean withinFittedRange() {
        return addedTables <= MAX_FITTED_TABLES;
    }
}
