package org.onosproject.nids.model.compiler;

/** An inclusive range of interval codes: one slot's key of a decision entry. */
public final class CodeRange {

    private final int low;
    private final int high;

    public CodeRange(int low, int high) {
        if (low < 0 || low > high) {
            throw new IllegalArgumentException("bad code range [" + low + ", " + high + "]");
        }
        this.low = low;
        this.high = high;
    }

    public int low() {
        return low;
    }

    public int high() {
        return high;
    }

    public boolean contains(int code) {
        return code >= low && code <= high;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof CodeRange && ((CodeRange) other).low == low && ((CodeRange) other).high == high;
    }

    @Override
    public int hashCode() {
        return 31 * low + high;
    }

    @Override
    public String toString() {
        return "[" + low + ", " + high + "]";
    }
}
