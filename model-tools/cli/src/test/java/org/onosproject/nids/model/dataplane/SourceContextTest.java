package org.onosproject.nids.model.dataplane;

import org.junit.Test;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

public class SourceContextTest {

    private static final int WINDOW = 20;                 // 1,048,576 us per epoch
    private static final long EPOCH = 1L << WINDOW;
    private final SourceContext sources = new SourceContext(0, WINDOW, 1 << 16);
    private final int cell = sources.cellOf(0x0A000003);

    @Test
    public void countsFlowsDistinctHostsAndPortsOverTwoEpochs() {
        long t = 5 * EPOCH;
        sources.flowStarted(cell, 0x0A000001, 80, false, t);
        sources.flowStarted(cell, 0x0A000001, 80, false, t + 1);     // same host, same port
        sources.flowStarted(cell, 0x0A000002, 80, false, t + 2);
        assertArrayEquals(new long[]{3, 2, 1, 0}, sources.features(cell, t + 3));
        // Next epoch: the previous one still counts, a new port adds one.
        sources.flowStarted(cell, 0x0A000001, 22, false, t + EPOCH);
        assertArrayEquals(new long[]{4, 2, 2, 0}, sources.features(cell, t + EPOCH));
        // Two epochs on, only the last epoch's flow is left; three on, nothing.
        assertArrayEquals(new long[]{1, 1, 1, 0}, sources.features(cell, t + 2 * EPOCH));
        assertArrayEquals(new long[]{0, 0, 0, 0}, sources.features(cell, t + 3 * EPOCH));
    }

    @Test
    public void halfOpenIsBareSynsMinusCompletedHandshakesNeverBelowZero() {
        long t = 9 * EPOCH;
        for (int port = 1; port <= 5; port++) {
            sources.flowStarted(cell, 0x0A000001, port, true, t);
        }
        sources.handshakeCompleted(cell, t + 10);
        assertEquals(4, sources.features(cell, t + 11)[3]);
        for (int i = 0; i < 9; i++) {
            sources.handshakeCompleted(cell, t + 20);
        }
        assertEquals(0, sources.features(cell, t + 21)[3]);
    }

    @Test
    public void distinctCountsSaturateAtThirtyTwoBuckets() {
        long t = 3 * EPOCH;
        for (int port = 1; port <= 2000; port++) {
            sources.flowStarted(cell, 0x0A000001, port, true, t);
        }
        long[] features = sources.features(cell, t);
        assertEquals(2000, features[0]);
        assertEquals(32, features[2]);
        assertEquals(2000, features[3]);
    }

    @Test
    public void theAlertCapCountsPerEpoch() {
        long t = 7 * EPOCH;
        assertTrue(sources.alertAllowed(cell, 2, t));
        assertTrue(sources.alertAllowed(cell, 2, t));
        assertFalse(sources.alertAllowed(cell, 2, t));
        assertTrue("a new epoch starts over", sources.alertAllowed(cell, 2, t + EPOCH));
        assertTrue("cap 0 means none", sources.alertAllowed(cell, 0, t + EPOCH));
    }
}
