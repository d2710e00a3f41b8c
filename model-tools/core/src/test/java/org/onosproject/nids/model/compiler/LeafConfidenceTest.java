package org.onosproject.nids.model.compiler;

import org.junit.Test;

import static org.junit.Assert.assertEquals;

public class LeafConfidenceTest {

    @Test
    public void smallPureLeavesAreTrustedLessThanLargeOnes() {
        assertEquals(800, LeafConfidence.permille(new long[]{0, 3}, 1, 2));
        assertEquals(996, LeafConfidence.permille(new long[]{0, 300}, 1, 2));
        assertEquals(500, LeafConfidence.permille(new long[]{0, 0}, 1, 2));
        // A mixed leaf: 90 of 100 rows benign, 3 classes: 91 / 103.
        assertEquals(883, LeafConfidence.permille(new long[]{90, 5, 5}, 0, 3));
    }

    @Test
    public void anAttackLeafCountsTheRowsOfEveryAttackClass() {
        // 400 scan probes and 100 one-packet UDP flood flows, no benign row: sure of an attack, (500 + 1) / (500 + 5).
        assertEquals(992, LeafConfidence.permille(new long[]{0, 0, 100, 400, 0}, 3, 5));
        // Benign rows still count against it: (95 + 1) / (100 + 3).
        assertEquals(932, LeafConfidence.permille(new long[]{5, 90, 5}, 1, 3));
        // A benign leaf is as sure as its benign rows: (60 + 1) / (100 + 3).
        assertEquals(592, LeafConfidence.permille(new long[]{60, 30, 10}, 0, 3));
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
