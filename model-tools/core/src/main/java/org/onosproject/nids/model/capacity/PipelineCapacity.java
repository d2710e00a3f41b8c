package org.onosproject.nids.model.capacity;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiConsumer;

/**
 * What the classifier part of the P4 pipeline can hold: feature slots, table sizes, field widths. Table sizes are
 * per table with all banks together (as P4 declares them); a model must fit in one bank, because the other bank
 * holds the active model while a new one is written.
 *
 * <p>There are deliberately no defaults: every number comes from the pipeline (its P4Info, or a documented
 * reference set), so a model is never checked against numbers nobody chose. The pipeline of this repository is
 * packaged as {@code capacity.json} beside this class, which {@code make constants} derives from the pipeconf's
 * P4Info: the model tools read it without ONOS, the pipeconf checks it against its P4Info.
 */
public final class PipelineCapacity {

    /** The resource (beside this class) holding the capacities of the pipeline in this repository. */
    public static final String PACKAGED_RESOURCE = "capacity.json";
    private static final String GENERATED_BY = "generatedBy";
    /** The JSON fields, named as the builder's setters. */
    private static final Map<String, BiConsumer<Builder, Integer>> FIELDS = Map.ofEntries(
            Map.entry("featureSlots", Builder::featureSlots), Map.entry("banks", Builder::banks),
            Map.entry("rangeTableSize", Builder::rangeTableSize),
            Map.entry("decisionTableSize", Builder::decisionTableSize),
            Map.entry("phaseTableSize", Builder::phaseTableSize),
            Map.entry("maxClasses", Builder::maxClasses), Map.entry("codeBits", Builder::codeBits),
            Map.entry("slotValueBits", Builder::slotValueBits), Map.entry("classIdBits", Builder::classIdBits),
            Map.entry("leafIdBits", Builder::leafIdBits));

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

    /**
     * @return the capacities of the pipeline in this repository ({@value #PACKAGED_RESOURCE})
     * @throws IllegalStateException if the resource is missing or malformed (a broken build)
     */
    public static PipelineCapacity packaged() {
        return Packaged.CAPACITY;
    }

    /**
     * Reads capacities written as a JSON object of this class's field names ({@code capacity.json}).
     *
     * @param json the object
     * @return the capacities
     * @throws IllegalArgumentException naming the first unknown, missing or non-integer field
     */
    public static PipelineCapacity fromJson(JsonNode json) {
        if (json == null || !json.isObject()) {
            throw new IllegalArgumentException("pipeline capacity: expected a JSON object");
        }
        Builder builder = builder();
        for (Iterator<Map.Entry<String, JsonNode>> it = json.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            String name = field.getKey();
            if (name.equals(GENERATED_BY)) {
                continue;
            }
            BiConsumer<Builder, Integer> setter = FIELDS.get(name);
            if (setter == null) {
                throw new IllegalArgumentException("pipeline capacity: unknown field " + name);
            }
            if (!field.getValue().canConvertToInt() || !field.getValue().isIntegralNumber()) {
                throw new IllegalArgumentException("pipeline capacity: " + name + " is not an integer");
            }
            setter.accept(builder, field.getValue().intValue());
        }
        return builder.build();
    }

    /** Read once, on first use. */
    private static final class Packaged {
        static final PipelineCapacity CAPACITY = read();

        private static PipelineCapacity read() {
            try (InputStream in = PipelineCapacity.class.getResourceAsStream(PACKAGED_RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException("missing resource " + PACKAGED_RESOURCE + " (run `make constants`)");
                }
                return fromJson(new ObjectMapper().readTree(in));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + PACKAGED_RESOURCE, e);
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException(PACKAGED_RESOURCE + ": " + e.getMessage(), e);
            }
        }
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
