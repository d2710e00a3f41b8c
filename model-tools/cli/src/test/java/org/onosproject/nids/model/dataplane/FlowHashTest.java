package org.onosproject.nids.model.dataplane;

import org.junit.Test;

import java.util.zip.CRC32;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;

public class FlowHashTest {

    private static final int A = 0x0A000001;   // 10.0.0.1
    private static final int B = 0x0A000002;

    @Test
    public void seedZeroIsPlainCrc32OfTheThirteenKeyBytes() {
        CRC32 crc = new CRC32();
        crc.update(new byte[]{10, 0, 0, 1, 10, 0, 0, 2, (byte) 0x9C, 0x40, 0, 80, 6});
        assertEquals(crc.getValue(), FlowHash.flowHash(0, A, B, 40000, 80, 6));
    }

    @Test
    public void theSeedIsAddedToEachWord() {
        CRC32 crc = new CRC32();
        // 10.0.0.1 + 0x01000000 = 11.0.0.1; ports word 0x9C400050 + 0x01000000 = 0x9D400050.
        crc.update(new byte[]{11, 0, 0, 1, 11, 0, 0, 2, (byte) 0x9D, 0x40, 0, 80, 6});
        assertEquals(crc.getValue(), FlowHash.flowHash(0x01000000, A, B, 40000, 80, 6));
    }

    /** CRC is linear: with a prefixed seed, pairs that collide for one seed collide for all. An added seed not. */
    @Test
    public void whichKeysCollideDependsOnTheSeed() {
        int slots = 1 << 15;
        // Find a pair of keys that collide in way 0 for seed 0.
        long target = FlowHash.cell(FlowHash.flowHash(0, A, B, 1000, 80, 6), 0, slots);
        int partner = -1;
        for (int port = 1001; port < 1 << 16 && partner < 0; port++) {
            if (FlowHash.cell(FlowHash.flowHash(0, A, B, port, 80, 6), 0, slots) == target) {
                partner = port;
            }
        }
        assertTrue("a colliding port exists for seed 0", partner > 0);
        int stillColliding = 0;
        for (int seed = 1; seed <= 64; seed++) {
            if (FlowHash.cell(FlowHash.flowHash(seed * 0x9E3779B1, A, B, 1000, 80, 6), 0, slots)
                    == FlowHash.cell(FlowHash.flowHash(seed * 0x9E3779B1, A, B, partner, 80, 6), 0, slots)) {
                stillColliding++;
            }
        }
        assertTrue("collisions of seed 0 survive in " + stillColliding + " of 64 seeds", stillColliding <= 2);
    }

    @Test
    public void wayCellsAreDisjoint() {
        long hash = 0xABCD1234L;
        assertEquals(0x1234, FlowHash.cell(hash, 0, 1 << 15));
        assertEquals((1 << 15) + (0xABCD & 0x7FFF), FlowHash.cell(hash, 1, 1 << 15));
    }

    @Test
    public void bucketsAndCellsStayInRangeAndSpread() {
        java.util.Set<Integer> hostBuckets = new java.util.HashSet<>();
        java.util.Set<Integer> portBuckets = new java.util.HashSet<>();
        for (int i = 0; i < 256; i++) {
            int host = FlowHash.hostBucket(0, 0x0A000000 + i);
            int port = FlowHash.portBucket(0, i);
            assertTrue(host >= 0 && host < 32 && port >= 0 && port < 32);
            hostBuckets.add(host);
            portBuckets.add(port);
            int cell = FlowHash.sourceCell(7, 0x0A000000 + i, 1 << 16);
            assertTrue(cell >= 0 && cell < 1 << 16);
        }
        assertTrue("a /24 spreads over most host buckets: " + hostBuckets.size(), hostBuckets.size() >= 28);
        assertTrue("256 ports spread over most port buckets: " + portBuckets.size(), portBuckets.size() >= 28);
        assertNotEquals(FlowHash.sourceCell(1, A, 1 << 16), FlowHash.sourceCell(1, B, 1 << 16));
    }
}
