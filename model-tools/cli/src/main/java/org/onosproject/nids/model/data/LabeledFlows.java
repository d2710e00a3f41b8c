package org.onosproject.nids.model.data;

import com.google.common.collect.ImmutableList;

import java.util.List;
import java.util.Objects;

/**
 * Flow records with a class each: the rows trees are trained, pruned and evaluated on.
 * Each row holds feature values (dataset units) indexed by catalog feature id; cells of features the data does not
 * carry are 0. Rows are shared, not copied: treat them as read-only.
 */
public final class LabeledFlows {

    private final List<String> classNames;
    private final long[][] rows;
    private final int[] classIds;

    public LabeledFlows(List<String> classNames, long[][] rows, int[] classIds) {
        if (rows.length != classIds.length) {
            throw new IllegalArgumentException("rows and class ids differ in length");
        }
        this.classNames = ImmutableList.copyOf(classNames);
        for (int classId : classIds) {
            Objects.checkIndex(classId, this.classNames.size());
        }
        this.rows = rows;
        this.classIds = classIds;
    }

    public List<String> classNames() {
        return classNames;
    }

    public int size() {
        return rows.length;
    }

    /** Feature values of row {@code index}, indexed by feature id. */
    public long[] row(int index) {
        return rows[index];
    }

    public int classId(int index) {
        return classIds[index];
    }

    /** The rows at the given indices, in that order. */
    public LabeledFlows subset(int[] indices) {
        long[][] subsetRows = new long[indices.length][];
        int[] subsetClasses = new int[indices.length];
        for (int i = 0; i < indices.length; i++) {
            subsetRows[i] = rows[indices[i]];
            subsetClasses[i] = classIds[indices[i]];
        }
        return new LabeledFlows(classNames, subsetRows, subsetClasses);
    }

    /** Rows per class id. */
    public long[] classCounts() {
        long[] counts = new long[classNames.size()];
        for (int classId : classIds) {
            counts[classId]++;
        }
        return counts;
    }
}
