package org.onosproject.nids.model.compiler;

import java.util.Objects;

/**
 * One entry of a slot's range table: slot values in [{@code low}, {@code high}] (data-plane units) get
 * {@code code}. The bank key is added by whoever writes the entry. Entries of one slot never overlap; the priority
 * is there because P4Runtime requires one on range tables (higher wins).
 */
public final class FeatureTableEntry {

    private final int slot;
    private final int featureId;
    private final long low;
    private final long high;
    private final int code;
    private final int priority;

    public FeatureTableEntry(int slot, int featureId, long low, long high, int code, int priority) {
        if (low > high) {
            throw new IllegalArgumentException("empty range [" + low + ", " + high + "]");
        }
        this.slot = slot;
        this.featureId = featureId;
        this.low = low;
        this.high = high;
        this.code = code;
        this.priority = priority;
    }

    public int slot() {
        return slot;
    }

    public int featureId() {
        return featureId;
    }

    public long low() {
        return low;
    }

    public long high() {
        return high;
    }

    public int code() {
        return code;
    }

    public int priority() {
        return priority;
    }

    public boolean matches(long slotValue) {
        return slotValue >= low && slotValue <= high;
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof FeatureTableEntry)) {
            return false;
        }
        FeatureTableEntry that = (FeatureTableEntry) other;
        return slot == that.slot && featureId == that.featureId && low == that.low && high == that.high
                && code == that.code && priority == that.priority;
    }

    @Override
    public int hashCode() {
        return Objects.hash(slot, featureId, low, high, code, priority);
    }

    @Override
    public String toString() {
        return "slot" + slot + "[" + low + ".." + high + "]→" + code + "@" + priority;
    }
}
