package org.onosproject.nids.model.catalog;

import org.junit.Test;

import static org.junit.Assert.assertEquals;

public class PacketIntervalTest {

    @Test
    public void floorLog2IsThePositionOfTheHighestSetBit() {
        assertEquals(0, PacketInterval.floorLog2(0));
        assertEquals(0, PacketInterval.floorLog2(1));
        assertEquals(1, PacketInterval.floorLog2(2));
        assertEquals(1, PacketInterval.floorLog2(3));
        assertEquals(7, PacketInterval.floorLog2(255));
        assertEquals(8, PacketInterval.floorLog2(256));
        assertEquals(16, PacketInterval.floorLog2(65536));
        assertEquals(31, PacketInterval.floorLog2(0xFFFF_FFFFL));
        // a 32-bit count: bits above 32 are not the switch's
        assertEquals(0, PacketInterval.floorLog2(1L << 32));
    }

    @Test
    public void theSpacingIsTheDurationShiftedByTheCountsLog2() {
        for (long packets = 1; packets < 5000; packets++) {
            long power = Long.highestOneBit(packets);
            assertEquals(123_456_789L / power, PacketInterval.of(123_456_789L, packets));
        }
        assertEquals(77, PacketInterval.of(77, 0));
        assertEquals(0xFFFF_FFFFL >>> 31, PacketInterval.of(0xFFFF_FFFFL, 0x8000_0000L));
    }

    /** The datasets' milliseconds shifted give the switch's microseconds shifted, then floored to ms. */
    @Test
    public void shiftingMillisecondsIsExactlyTheFlooredShiftOfMicroseconds() {
        for (long micros = 0; micros < 200_000; micros += 37) {
            for (long packets : new long[]{1, 2, 3, 7, 64, 100, 1025}) {
                assertEquals(PacketInterval.of(micros, packets) / 1000, PacketInterval.of(micros / 1000, packets));
            }
        }
    }
}
