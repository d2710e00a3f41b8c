package org.onosproject.nids.model.compiler;

import java.util.Arrays;

import static org.onosproject.nids.model.catalog.Feature.DATA_PLANE_MAX;

/**
 * A partition of the whole slot domain [0, 2^32 − 1] into consecutive intervals for one feature, in data-plane
 * units. Interval {@code i} (its code) is [{@code lowerBound(i)}, {@code upperBound(i)}]; the last upper bound is
 * always 2^32 − 1, so every value the switch can compare has a code.
 */
public final class IntervalPartition {

    private final int featureId;
    private final long[] upperBounds;

    public IntervalPartition(int featureId, long[] upperBounds) {
        if (upperBounds.length == 0 || upperBounds[upperBounds.length - 1] != DATA_PLANE_MAX) {
            throw new IllegalArgumentException("a partition must end at " + DATA_PLANE_MAX);
        }
        for (int i = 0; i < upperBounds.length; i++) {
            if (upperBounds[i] < 0 || (i > 0 && upperBounds[i] <= upperBounds[i - 1])) {
                throw new IllegalArgumentException("upper bounds must be non-negative and strictly ascending: "
                        + Arrays.toString(upperBounds));
            }
        }
        this.featureId = featureId;
        this.upperBounds = upperBounds.clone();
    }

    public int featureId() {
        return featureId;
    }

    /** Number of intervals (codes 0 .. size − 1). */
    public int size() {
        return upperBounds.length;
    }

    public long lowerBound(int code) {
        return code == 0 ? 0 : upperBounds[code - 1] + 1;
    }

    public long upperBound(int code) {
        return upperBounds[code];
    }

    public long[] upperBounds() {
        return upperBounds.clone();
    }

    /** The code of the interval holding this data-plane value. */
    public int codeOf(long dataPlaneValue) {
        if (dataPlaneValue < 0 || dataPlaneValue > DATA_PLANE_MAX) {
            throw new IllegalArgumentException("outside the slot domain: " + dataPlaneValue);
        }
        int index = Arrays.binarySearch(upperBounds, dataPlaneValue);
        return index >= 0 ? index : -index - 1;
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof IntervalPartition)) {
            return false;
        }
        IntervalPartition that = (IntervalPartition) other;
        return featureId == that.featureId && Arrays.equals(upperBounds, that.upperBounds);
    }

    @Override
    public int hashCode() {
        return 31 * featureId + Arrays.hashCode(upperBounds);
    }

    @Override
    public String toString() {
        return "#" + featureId + Arrays.toString(upperBounds);
    }
}
