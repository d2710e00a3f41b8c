package org.onosproject.nids.model.capacity;

import java.util.Objects;

/**
 * What the classifier part of the P4 pipeline can hold: feature slots, table sizes, field widths. Table sizes are
 * per table with all banks together (as P4 declares them); a model must fit in one bank, because the other bank
 * holds the active model while a new one is written.
 *
 * <p>There are deliberately no defaults: every number comes from the pipeline (its P4Info, or a documented
 * reference set), so a model is never checked against numbers nobody chose.
 */
public final class PipelineCapacity {

    private final int featureSlots;
    private final int banks;
    private final int rangeTableSize;
    private final int decisionTableSize;
    private final int phaseTableSize;
    private final int maxClasses;
    private final int codeBits;
    private final int slotValueBits;
    private final int classIdBits;
    private final int leafIdBits;

    private PipelineCapacity(Builder builder) {
        this.featureSlots = positive("featureSlots", builder.featureSlots);
        this.banks = positive("banks", builder.banks);
        this.rangeTableSize = positive("rangeTableSize", builder.rangeTableSize);
        this.decisionTableSize = positive("decisionTableSize", builder.decisionTableSize);
        this.phaseTableSize = positive("phaseTableSize", builder.phaseTableSize);
        this.maxClasses = positive("maxClasses", builder.maxClasses);
        this.codeBits = bits("codeBits", builder.codeBits, 31);
        this.slotValueBits = bits("slotValueBits", builder.slotValueBits, 32);
        this.classIdBits = bits("classIdBits", builder.classIdBits, 31);
        this.leafIdBits = bits("leafIdBits", builder.leafIdBits, 31);
        if (maxClasses < 2) {
            throw new IllegalArgumentException("a classifier needs at least 2 classes: maxClasses=" + maxClasses);
        }
    }

    private static int positive(String name, Integer value) {
        if (value == null) {
            throw new IllegalArgumentException("pipeline capacity: " + name + " not given");
        }
        if (value < 1) {
            throw new IllegalArgumentException("pipeline capacity: " + name + " must be positive, not " + value);
        }
        return value;
    }

    private static int bits(String name, Integer value, int max) {
        int bits = positive(name, value);
        if (bits > max) {
            throw new IllegalArgumentException("pipeline capacity: " + name + " must be at most " + max);
        }
        return bits;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** K: features a model can test (one selector + one range table each). */
    public int featureSlots() {
        return featureSlots;
    }

    /** Banks sharing every classifier table (2: active and idle). */
    public int banks() {
        return banks;
    }

    /** Entries of one slot's range table, all banks together. */
    public int rangeTableSize() {
        return rangeTableSize;
    }

    /** Entries of the decision table, all banks together. */
    public int decisionTableSize() {
        return decisionTableSize;
    }

    /** Entries of the phase table (which phases a bank classifies at), all banks together. */
    public int phaseTableSize() {
        return phaseTableSize;
    }

    /** Phases (trees) one bank may hold. */
    public int phasesPerBank() {
        return phaseTableSize / banks;
    }

    /** Range entries one bank of one slot may use (all phases of the model together). */
    public int rangeEntriesPerBank() {
        return rangeTableSize / banks;
    }

    /** Decision entries one bank may use (all phases of the model together). */
    public int decisionEntriesPerBank() {
        return decisionTableSize / banks;
    }

    /** Classes including class 0 (benign). */
    public int maxClasses() {
        return maxClasses;
    }

    /** Width of an interval code and of each decision-table range key. */
    public int codeBits() {
        return codeBits;
    }

    /** Largest code value: a decision range ending here covers every code. */
    public int maxCode() {
        return (1 << codeBits) - 1;
    }

    /** Width of a slot value (feature values are zero-extended to it). */
    public int slotValueBits() {
        return slotValueBits;
    }

    public int classIdBits() {
        return classIdBits;
    }

    public int leafIdBits() {
        return leafIdBits;
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof PipelineCapacity)) {
            return false;
        }
        PipelineCapacity that = (PipelineCapacity) other;
        return featureSlots == that.featureSlots && banks == that.banks && rangeTableSize == that.rangeTableSize
                && decisionTableSize == that.decisionTableSize && phaseTableSize == that.phaseTableSize
                && maxClasses == that.maxClasses
                && codeBits == that.codeBits && slotValueBits == that.slotValueBits
                && classIdBits == that.classIdBits && leafIdBits == that.leafIdBits;
    }

    @Override
    public int hashCode() {
        return Objects.hash(featureSlots, banks, rangeTableSize, decisionTableSize, phaseTableSize, maxClasses,
                codeBits, slotValueBits, classIdBits, leafIdBits);
    }

    @Override
    public String toString() {
        return "PipelineCapacity{slots=" + featureSlots + ", banks=" + banks + ", rangeTable=" + rangeTableSize
                + ", decisionTable=" + decisionTableSize + ", phaseTable=" + phaseTableSize + ", classes=" + maxClasses
                + ", codeBits=" + codeBits + ", slotValueBits=" + slotValueBits + ", classIdBits=" + classIdBits
                + ", leafIdBits=" + leafIdBits + "}";
    }

    /** Every field is required; {@link #build()} names the first one missing. */
    public static final class Builder {
        private Integer featureSlots;
        private Integer banks;
        private Integer rangeTableSize;
        private Integer decisionTableSize;
        private Integer phaseTableSize;
        private Integer maxClasses;
        private Integer codeBits;
        private Integer slotValueBits;
        private Integer classIdBits;
        private Integer leafIdBits;

        private Builder() {
        }

        public Builder featureSlots(int value) {
            featureSlots = value;
            return this;
        }

        public Builder banks(int value) {
            banks = value;
            return this;
        }

        public Builder rangeTableSize(int value) {
            rangeTableSize = value;
            return this;
        }

        public Builder decisionTableSize(int value) {
            decisionTableSize = value;
            return this;
        }

        public Builder phaseTableSize(int value) {
            phaseTableSize = value;
            return this;
        }

        public Builder maxClasses(int value) {
            maxClasses = value;
            return this;
        }

        public Builder codeBits(int value) {
            codeBits = value;
            return this;
        }

        public Builder slotValueBits(int value) {
            slotValueBits = value;
            return this;
        }

        public Builder classIdBits(int value) {
            classIdBits = value;
            return this;
        }

        public Builder leafIdBits(int value) {
            leafIdBits = value;
            return this;
        }

        public PipelineCapacity build() {
            return new PipelineCapacity(this);
        }
    }
}
