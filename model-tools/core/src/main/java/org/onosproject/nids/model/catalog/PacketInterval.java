package org.onosproject.nids.model.catalog;

/**
 * IN_PKT_INTERVAL (docs/features.md, "Packet spacing"): the client's packet spacing as the switch computes it,
 * DURATION_IN shifted right by floor(log2(IN_PKTS)), no division. The one definition the switch reference (in
 * microseconds) and the dataset reader (in the datasets' milliseconds: the same shift of a floored value gives the
 * same floor) both use.
 */
public final class PacketInterval {

    /** The catalog name of the feature. */
    public static final String NAME = "IN_PKT_INTERVAL";

    private PacketInterval() {
    }

    /**
     * @param durationIn DURATION_IN, in any unit (the result is in the same unit)
     * @param inPackets  IN_PKTS (32-bit; 0 shifts by nothing)
     * @return durationIn >> floor(log2(inPackets))
     */
    public static long of(long durationIn, long inPackets) {
        return durationIn >>> floorLog2(inPackets);
    }

    /** floor(log2(x)) of a 32-bit count, 0 for 0 (the switch's priority encoding). */
    static int floorLog2(long x) {
        long count = x & 0xFFFF_FFFFL;
        return count == 0 ? 0 : 63 - Long.numberOfLeadingZeros(count);
    }
}
