package org.onosproject.nids.model.cost;

import org.junit.Test;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

public class NetronomeLatencyEstimateTest {

    @Test
    public void addedTablesFollowTheFittedQuadratic() {
        assertEquals(0, NetronomeLatencyEstimate.addedTablesNs(0), 1e-9);
        assertEquals(334.04, NetronomeLatencyEstimate.addedTablesNs(1), 1e-9);
        assertEquals(22.44 * 81 + 311.6 * 9, NetronomeLatencyEstimate.addedTablesNs(9), 1e-9);
    }

    @Test
    public void baseLatencyComesFromTheMeasuredTable() {
        // The method's own validation case: L3 forwarding, α=2, β=2, γ=0, estimated 8,200 ns.
        assertEquals(8200, new NetronomeLatencyEstimate(2, 2, 0, true).totalNs(), 1e-9);
        assertEquals(9900, new NetronomeLatencyEstimate(2, 2, 0, false).totalNs(), 1e-9);
        NetronomeLatencyEstimate nids = new NetronomeLatencyEstimate(3, 1, 9, true);
        assertEquals(7800 + 22.44 * 81 + 311.6 * 9, nids.totalNs(), 1e-9);
        assertTrue(nids.withinFittedRange());
        assertFalse(new NetronomeLatencyEstimate(3, 1, 17, true).withinFittedRange());
    }

    @Test(expected = IllegalArgumentException.class)
    public void combinationsOutsideTheTableAreRefused() {
        new NetronomeLatencyEstimate(1, 2, 0, true);
    }
}
