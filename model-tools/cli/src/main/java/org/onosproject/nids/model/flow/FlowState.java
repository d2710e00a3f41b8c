package org.onosproject.nids.model.flow;

/**
 * The feature state of one flow in the data plane, updated packet by packet exactly as docs/features.md defines them:
 * the client is the sender of the flow's first packet (IN = client → server), counters and sums wrap at 32 bits,
 * durations are 32-bit microsecond differences of the switch timestamps.
 */
public final class FlowState {

    private static final long U32 = 0xFFFF_FFFFL;

    private final FlowKey key;
    private final int protocol;
    private final int clientAddress;
    private final int clientPort;
    private final int serverAddress;
    private final int serverPort;

    private long inBytes;
    private long inPackets;
    private long outBytes;
    private long outPackets;
    private int tcpFlags;
    private int clientTcpFlags;
    private int serverTcpFlags;
    private long firstMicros;
    private long lastMicros;
    private long firstInMicros;
    private long lastInMicros;
    private long firstOutMicros;
    private long lastOutMicros;
    private int minTtl = Integer.MAX_VALUE;
    private int maxTtl = Integer.MIN_VALUE;
    private int longestPacket = Integer.MIN_VALUE;
    private int shortestPacket = Integer.MAX_VALUE;
    private final long[] sizeBuckets = new long[5];
    private int tcpWindowMaxIn;
    private int tcpWindowMaxOut;
    private int icmpTypeCode;
    private int icmpType;
    private long packets;

    /** A flow whose first packet is {@code first} (not yet counted: {@link #update} it). */
    public static FlowState start(PacketHeaders first) {
        return new FlowState(FlowKey.of(first), first);
    }

    FlowState(FlowKey key, PacketHeaders first) {
        this.key = key;
        this.protocol = first.protocol();
        this.clientAddress = first.sourceAddress();
        this.clientPort = first.sourcePort();
        this.serverAddress = first.destinationAddress();
        this.serverPort = first.destinationPort();
        this.firstMicros = first.timestampMicros();
        if (protocol == PacketHeaders.ICMP) {
            // The flow's first ICMP packet fixes both ICMP features; ICMP flows hold only ICMP packets.
            this.icmpTypeCode = first.icmpType() * 256 + first.icmpCode();
            this.icmpType = first.icmpType();
        }
    }

    /** Whether the packet goes client → server (IN). */
    public boolean isInbound(PacketHeaders packet) {
        return packet.sourceAddress() == clientAddress && packet.sourcePort() == clientPort;
    }

    /** Counts one packet of this flow. */
    public void update(PacketHeaders packet) {
        boolean in = isInbound(packet);
        long now = packet.timestampMicros();
        int length = packet.totalLength();
        if (in) {
            inBytes += length;
            inPackets++;
            if (inPackets == 1) {
                firstInMicros = now;
            }
            lastInMicros = now;
            clientTcpFlags |= packet.tcpFlags();
            tcpWindowMaxIn = Math.max(tcpWindowMaxIn, packet.tcpWindow());
        } else {
            outBytes += length;
            outPackets++;
            if (outPackets == 1) {
                firstOutMicros = now;
            }
            lastOutMicros = now;
            serverTcpFlags |= packet.tcpFlags();
            tcpWindowMaxOut = Math.max(tcpWindowMaxOut, packet.tcpWindow());
        }
        packets++;
        lastMicros = now;
        tcpFlags |= packet.tcpFlags();
        minTtl = Math.min(minTtl, packet.ttl());
        maxTtl = Math.max(maxTtl, packet.ttl());
        longestPacket = Math.max(longestPacket, length);
        shortestPacket = Math.min(shortestPacket, length);
        int bucket = sizeBucket(length);
        if (bucket >= 0) {
            sizeBuckets[bucket]++;
        }
    }

    /** Histogram bucket of a packet length: ≤128, ≤256, ≤512, ≤1024, ≤1514; -1 for longer packets. */
    static int sizeBucket(int length) {
        if (length <= 128) {
            return 0;
        } else if (length <= 256) {
            return 1;
        } else if (length <= 512) {
            return 2;
        } else if (length <= 1024) {
            return 3;
        } else if (length <= 1514) {
            return 4;
        }
        return -1;
    }

    public FlowKey key() {
        return key;
    }

    public int protocol() {
        return protocol;
    }

    public int clientAddress() {
        return clientAddress;
    }

    public int clientPort() {
        return clientPort;
    }

    public int serverAddress() {
        return serverAddress;
    }

    public int serverPort() {
        return serverPort;
    }

    public long packets() {
        return packets;
    }

    /** Packets as the data plane counts them: IN + OUT packets, 32 bits. */
    public long dataPlanePackets() {
        return (inPackets + outPackets) & U32;
    }

    public long firstMicros() {
        return firstMicros;
    }

    public long lastMicros() {
        return lastMicros;
    }

    long inBytes() {
        return inBytes & U32;
    }

    long inPackets() {
        return inPackets & U32;
    }

    long outBytes() {
        return outBytes & U32;
    }

    long outPackets() {
        return outPackets & U32;
    }

    int tcpFlags() {
        return tcpFlags;
    }

    /** OR of the TCP flags the client sent (0 for UDP and ICMP). */
    public int clientTcpFlags() {
        return clientTcpFlags;
    }

    /** OR of the TCP flags the server sent. */
    public int serverTcpFlags() {
        return serverTcpFlags;
    }

    /**
     * The later of the last IN and the last OUT packet, from the first packet, each a 32-bit microsecond difference
     * (the switch keeps 32-bit times; for flows under 71.6 minutes this is last packet − first packet).
     */
    public long durationMicros() {
        long in = (lastInMicros - firstMicros) & U32;
        long out = outPackets == 0 ? 0 : (lastOutMicros - firstMicros) & U32;
        return Math.max(in, out);
    }

    long durationInMicros() {
        return inPackets == 0 ? 0 : (lastInMicros - firstInMicros) & U32;
    }

    long durationOutMicros() {
        return outPackets == 0 ? 0 : (lastOutMicros - firstOutMicros) & U32;
    }

    int minTtl() {
        return minTtl;
    }

    int maxTtl() {
        return maxTtl;
    }

    int longestPacket() {
        return longestPacket;
    }

    int shortestPacket() {
        return shortestPacket;
    }

    long packetsInSizeBucket(int bucket) {
        return sizeBuckets[bucket] & U32;
    }

    int tcpWindowMaxIn() {
        return tcpWindowMaxIn;
    }

    int tcpWindowMaxOut() {
        return tcpWindowMaxOut;
    }

    int icmpTypeCode() {
        return icmpTypeCode;
    }

    int icmpType() {
        return icmpType;
    }
}
