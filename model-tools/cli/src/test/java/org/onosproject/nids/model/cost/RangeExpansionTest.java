package org.onosproject.nids.model.cost;

import org.junit.Test;

import static org.junit.Assert.assertEquals;

public class RangeExpansionTest {

    @Test
    public void minimalPrefixCovers() {
        assertEquals(1, RangeExpansion.prefixCount(0, 65535, 16));
        assertEquals(1, RangeExpansion.prefixCount(7, 7, 16));
        assertEquals(1, RangeExpansion.prefixCount(8, 15, 16));
        assertEquals(2, RangeExpansion.prefixCount(0, 5, 16));
        // [1, 65534] is the worst case for 16 bits: 2w − 2 prefixes.
        assertEquals(30, RangeExpansion.prefixCount(1, 65534, 16));
        assertEquals(16, RangeExpansion.prefixCount(1, 65535, 16));
        assertEquals(1, RangeExpansion.prefixCount(0, 0xFFFF_FFFFL, 32));
        assertEquals(32, RangeExpansion.prefixCount(1, 0xFFFF_FFFFL, 32));
    }

    @Test
    public void bruteForceAgreesOnSmallWidths() {
        for (int low = 0; low < 64; low++) {
            for (int high = low; high < 64; high++) {
                assertEquals(low + ".." + high, bruteForce(low, high, 6), RangeExpansion.prefixCount(low, high, 6));
            }
        }
    }

    /** Greedy over all aligned blocks, largest first: the known-optimal cover, computed the slow way. */
    private static long bruteForce(int low, int high, int bits) {
        long count = 0;
        int value = low;
        while (value <= high) {
            int size = 1 << bits;
            while (size > 1 && (value % size != 0 || value + size - 1 > high)) {
                size >>= 1;
            }
            value += size;
            count++;
        }
        return count;
    }
}
