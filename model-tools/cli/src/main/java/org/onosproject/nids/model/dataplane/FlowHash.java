package org.onosproject.nids.model.dataplane;

import java.util.zip.CRC32;

/**
 * The data plane's hashes, bit for bit (p4src/include/control/flow_table.p4 and source_context.p4):
 * <ul>
 *   <li>flow hash: CRC-32 (zlib's) over the canonical key with the run-time seed added to each 32-bit word
 *       ({@code low address + seed, high address + seed, (low port ++ high port) + seed}, then the protocol byte),
 *       big-endian. Adding (not XOR-ing or prefixing) matters: CRC is linear, so a seed XOR-ed or prepended would
 *       leave which keys collide the same for every seed; the carries of an addition make collisions depend on it.</li>
 *   <li>way cells: way 0 = the hash's low bits, way 1 = {@code slotsPerWay} + its bits 16 and up;</li>
 *   <li>source cell, host and port buckets: multiply-shift hashes with odd multipliers derived from the seed.</li>
 * </ul>
 * Not a cryptographic MAC: it keeps an attacker who does not know the seed from computing colliding flows offline.
 */
public final class FlowHash {

    /** Mixed into the seed for the source-cell multiplier (so seed 0 still spreads addresses). */
    public static final int SOURCE_MIX = 0x9E3779B9;
    /** Mixed into the seed for the host-bucket multiplier. */
    public static final int HOST_MIX = 0x85EBCA6B;
    /** Mixed into the seed for the port-bucket multiplier. */
    public static final int PORT_MIX = 0xC2B2AE35;

    private FlowHash() {
    }

    /** The 32-bit flow hash of a canonical key (addresses as unsigned ints, ports 0..65535). */
    public static long flowHash(int seed, int lowAddress, int highAddress, int lowPort, int highPort, int protocol) {
        byte[] key = new byte[13];
        putInt(key, 0, lowAddress + seed);
        putInt(key, 4, highAddress + seed);
        putInt(key, 8, ((lowPort & 0xFFFF) << 16 | (highPort & 0xFFFF)) + seed);
        key[12] = (byte) protocol;
        CRC32 crc = new CRC32();
        crc.update(key);
        return crc.getValue();
    }

    /** The flow-table cell of a hash in a way (0 or 1); cells of way 1 follow those of way 0. */
    public static int cell(long flowHash, int way, int slotsPerWay) {
        int mask = slotsPerWay - 1;
        return way == 0 ? (int) (flowHash & mask) : slotsPerWay + (int) ((flowHash >>> 16) & mask);
    }

    /** The source-context cell of a client address (cells = 2^16). */
    public static int sourceCell(int seed, int clientAddress, int cells) {
        int product = clientAddress * ((seed ^ SOURCE_MIX) | 1);
        return (product >>> 16) & (cells - 1);
    }

    /** The bucket (0..31) a server address sets in a source's host bitmap. */
    public static int hostBucket(int seed, int serverAddress) {
        return (serverAddress * ((seed ^ HOST_MIX) | 1)) >>> 27;
    }

    /** The bucket (0..31) a server port sets in a source's port bitmap (16-bit multiply). */
    public static int portBucket(int seed, int serverPort) {
        int multiplier = ((seed ^ PORT_MIX) | 1) & 0xFFFF;
        return ((serverPort * multiplier) & 0xFFFF) >>> 11;
    }

    private static void putInt(byte[] bytes, int offset, int value) {
        bytes[offset] = (byte) (value >>> 24);
        bytes[offset + 1] = (byte) (value >>> 16);
        bytes[offset + 2] = (byte) (value >>> 8);
        bytes[offset + 3] = (byte) value;
    }
}
