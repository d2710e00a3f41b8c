package org.onosproject.nids.model.compiler;

/**
 * How sure a leaf is of its class, from the training rows that reached it: the Laplace estimate
 * {@code (n_class + 1) / (n + classes)}, in per mille, rounded down. A leaf that saw 3 attack rows and nothing else
 * gets 800 (binary), one that saw 300 gets 996: small leaves, which generalise worst, are not trusted as much as
 * their purity alone would say. The data plane compares this number with the run-time alert threshold.
 */
public final class LeafConfidence {

    /** Full confidence: what a leaf without training counts (a converted schema-1 bundle) is given. */
    public static final int FULL = 1000;

    private LeafConfidence() {
    }

    /**
     * @param counts  training rows per class id at the leaf; empty when unknown
     * @param classId the class the leaf predicts
     * @param classes the number of classes of the model
     */
    public static int permille(long[] counts, int classId, int classes) {
        if (counts.length == 0) {
            return FULL;
        }
        if (counts.length != classes) {
            throw new IllegalArgumentException("leaf counts for " + counts.length + " classes, the model has "
                    + classes);
        }
        long total = 0;
        for (long count : counts) {
            total += count;
        }
        return (int) ((counts[classId] + 1) * 1000 / (total + classes));
    }
}
