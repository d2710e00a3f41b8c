package org.onosproject.nids.model.compiler;

import org.junit.Test;

import static org.junit.Assert.assertEquals;

public class LeafConfidenceTest {

    @Test
    public void smallPureLeavesAreTrustedLessThanLargeOnes() {
        assertEquals(800, LeafConfidence.permille(new long[]{0, 3}, 1, 2));
        assertEquals(996, LeafConfidence.permille(new long[]{0, 300}, 1, 2));
        assertEquals(500, LeafConfidence.permille(new long[]{0, 0}, 1, 2));
        // A mixed leaf: 90 of 100 rows, 3 classes: 91 / 103.
        assertEquals(883, LeafConfidence.permille(new long[]{5, 90, 5}, 1, 3));
    }

    @Test
    public void aLeafWithoutCountsIsFullyConfident() {
        assertEquals(LeafConfidence.FULL, LeafConfidence.permille(new long[0], 1, 2));
    }

    @Test(expected = IllegalArgumentException.class)
    public void countsMustCoverEveryClass() {
        LeafConfidence.permille(new long[]{1, 2}, 1, 3);
    }
}
