package org.onosproject.nids.model.catalog;

import java.util.Objects;
import java.util.Optional;

/**
 * One catalog feature: its stable id, dataset name, data-plane width and the scale between the feature value
 * (dataset unit, what trees test) and the data-plane value (what the switch's range tables compare).
 * Only the durations have a scale other than 1: they are kept in microseconds and reported in milliseconds,
 * {@code feature = floor(dataPlane / scale)}.
 */
public final class Feature {

    /** Slot values are the data-plane value zero-extended to 32 bits, so every feature lives in this domain. */
    public static final long DATA_PLANE_MAX = 0xFFFF_FFFFL;

    private final int id;
    private final String name;
    private final int widthBits;
    private final long scale;
    private final String definition;
    private final String deviation;

    public Feature(int id, String name, int widthBits, long scale, String definition, String deviation) {
        if (id < 1) {
            throw new IllegalArgumentException("feature ids start at 1 (0 means no feature): " + id);
        }
        if (widthBits < 1 || widthBits > 32) {
            throw new IllegalArgumentException("feature width must be 1..32 bits: " + name + " " + widthBits);
        }
        if (scale < 1) {
            throw new IllegalArgumentException("feature scale must be positive: " + name + " " + scale);
        }
        this.id = id;
        this.name = Objects.requireNonNull(name);
        this.widthBits = widthBits;
        this.scale = scale;
        this.definition = Objects.requireNonNull(definition);
        this.deviation = deviation;
    }

    public int id() {
        return id;
    }

    public String name() {
        return name;
    }

    public int widthBits() {
        return widthBits;
    }

    public long scale() {
        return scale;
    }

    public String definition() {
        return definition;
    }

    /** How the data plane deviates from nProbe's definition, if it does. */
    public Optional<String> deviation() {
        return Optional.ofNullable(deviation);
    }

    /** Largest value the switch can hold for this feature, in data-plane units. */
    public long maxDataPlaneValue() {
        return (1L << widthBits) - 1;
    }

    /** Largest feature value (dataset unit) the switch can report. */
    public long maxFeatureValue() {
        return maxDataPlaneValue() / scale;
    }

    /** The feature value the switch reports for a data-plane value. */
    public long featureValueOf(long dataPlaneValue) {
        return dataPlaneValue / scale;
    }

    /** The smallest data-plane value that reports as {@code featureValue}. */
    public long lowestDataPlaneValueOf(long featureValue) {
        return featureValue * scale;
    }

    /**
     * The largest data-plane value that reports as {@code featureValue}, clipped to the slot domain:
     * a tree test {@code x <= t} is exactly the data-plane test {@code dp <= highestDataPlaneValueOf(t)}.
     */
    public long highestDataPlaneValueOf(long featureValue) {
        long highest = featureValue * scale + (scale - 1);
        return Math.min(highest, DATA_PLANE_MAX);
    }

    @Override
    public boolean equals(Object other) {
        if (this == other) {
            return true;
        }
        if (!(other instanceof Feature)) {
            return false;
        }
        Feature that = (Feature) other;
        return id == that.id && widthBits == that.widthBits && scale == that.scale
                && name.equals(that.name) && definition.equals(that.definition)
                && Objects.equals(deviation, that.deviation);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, name, widthBits, scale);
    }

    @Override
    public String toString() {
        return name + "(#" + id + ")";
    }
}
