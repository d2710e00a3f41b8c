package org.onosproject.nids.model.cost;

/**
 * Range → ternary expansion: how many prefix (value/mask) rows a TCAM target needs for one range, by the classic
 * minimal prefix cover. A w-bit range costs at most 2w − 2 rows; [0, 2^w − 1] costs one.
 */
public final class RangeExpansion {

    private RangeExpansion() {
    }

    /** Prefixes in the minimal cover of [low, high] within {@code bits}-bit values (bits ≤ 62). */
    public static long prefixCount(long low, long high, int bits) {
        if (bits < 1 || bits > 62) {
            throw new IllegalArgumentException("unsupported width " + bits);
        }
        long max = (1L << bits) - 1;
        if (low < 0 || high > max || low > high) {
            throw new IllegalArgumentException("bad range [" + low + ", " + high + "] for " + bits + " bits");
        }
        long count = 0;
        long next = low;
        while (next <= high) {
            // The largest aligned block starting at next that stays inside the range is one prefix.
            long size = next == 0 ? max + 1 : Long.lowestOneBit(next);
            while (next + size - 1 > high) {
                size >>>= 1;
            }
            count++;
            next += size;
        }
        return count;
    }
}
