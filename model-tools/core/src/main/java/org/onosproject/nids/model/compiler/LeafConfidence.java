package org.onosproject.nids.model.compiler;

/**
 * How sure a leaf is of its verdict, from the training rows that reached it: the Laplace estimate
 * {@code (n_verdict + 1) / (n + classes)}, in per mille, rounded down, where {@code n_verdict} counts the rows of
 * the leaf's class for a benign leaf and the rows of every attack class for an attack leaf. A leaf that saw 3 attack
 * rows and nothing else gets 800 (binary), one that saw 300 gets 996: small leaves, which generalise worst, are not
 * trusted as much as their purity alone would say. The data plane compares this number with the run-time alert
 * threshold, which decides attack or not; the class only names the family, so a leaf whose rows are all attacks of
 * families that look alike there (a UDP scan's probes and a UDP flood's one-packet flows) is sure of an attack
 * although no one family has most of its rows. Binary models are unaffected.
 */
public final class LeafConfidence {

    /** Full confidence: what a leaf without training counts (a converted schema-1 bundle) is given. */
    public static final int FULL = 1000;

    /** Class 0 is benign in every model ({@link ModelCompiler#BENIGN_CLASS}); every other class is an attack. */
    private static final int BENIGN_CLASS_ID = 0;

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
        long verdict = classId == BENIGN_CLASS_ID ? counts[BENIGN_CLASS_ID] : total - counts[BENIGN_CLASS_ID];
        return (int) ((verdict + 1) * 1000 / (total + classes));
    }
}
