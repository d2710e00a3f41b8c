package org.onosproject.nids.model.cli;

import org.onosproject.nids.model.flow.PacketHeaders;

/**
 * Decodes an Ethernet frame the way the data plane's parser does: EtherType 0x0800 directly after the MAC
 * addresses (no VLAN tag), IPv4 (options skipped by IHL), then TCP, UDP or ICMP. Anything else is not tracked.
 */
final class PacketDecoder {

    /** Why a frame is not a tracked packet. */
    enum Skip {
        NOT_IPV4_ON_ETHERNET, NOT_TCP_UDP_ICMP, TRUNCATED
    }

    /** A decoded packet, or the reason there is none. */
    static final class Result {
        private final PacketHeaders packet;
        private final Skip skip;

        private Result(PacketHeaders packet, Skip skip) {
            this.packet = packet;
            this.skip = skip;
        }

        PacketHeaders packet() {
            return packet;
        }

        Skip skip() {
            return skip;
        }
    }

    private static final int ETHERNET_HEADER = 14;
    private static final int ETHERTYPE_IPV4 = 0x0800;

    private PacketDecoder() {
    }

    static Result decode(byte[] frame, long timestampMicros) {
        if (frame.length < ETHERNET_HEADER + 20) {
            return frame.length >= ETHERNET_HEADER && u16(frame, 12) == ETHERTYPE_IPV4
                    ? skip(Skip.TRUNCATED) : skip(Skip.NOT_IPV4_ON_ETHERNET);
        }
        if (u16(frame, 12) != ETHERTYPE_IPV4) {
            return skip(Skip.NOT_IPV4_ON_ETHERNET);
        }
        int ip = ETHERNET_HEADER;
        int versionAndLength = frame[ip] & 0xFF;
        int headerLength = (versionAndLength & 0x0F) * 4;
        if (versionAndLength >> 4 != 4 || headerLength < 20) {
            return skip(Skip.NOT_IPV4_ON_ETHERNET);
        }
        int totalLength = u16(frame, ip + 2);
        int ttl = frame[ip + 8] & 0xFF;
        int protocol = frame[ip + 9] & 0xFF;
        int source = u32(frame, ip + 12);
        int destination = u32(frame, ip + 16);
        int l4 = ip + headerLength;
        switch (protocol) {
            case PacketHeaders.TCP:
                if (frame.length < l4 + 16) {
                    return skip(Skip.TRUNCATED);
                }
                return packet(PacketHeaders.tcp(timestampMicros, source, destination, u16(frame, l4),
                        u16(frame, l4 + 2), totalLength, ttl, frame[l4 + 13] & 0xFF, u16(frame, l4 + 14)));
            case PacketHeaders.UDP:
                if (frame.length < l4 + 4) {
                    return skip(Skip.TRUNCATED);
                }
                return packet(PacketHeaders.udp(timestampMicros, source, destination, u16(frame, l4),
                        u16(frame, l4 + 2), totalLength, ttl));
            case PacketHeaders.ICMP:
                if (frame.length < l4 + 2) {
                    return skip(Skip.TRUNCATED);
                }
                // The identifier of a query (bytes 4-5), when the frame holds it (the switch reads it ahead).
                return packet(PacketHeaders.icmp(timestampMicros, source, destination, totalLength, ttl,
                        frame[l4] & 0xFF, frame[l4 + 1] & 0xFF, frame.length >= l4 + 6 ? u16(frame, l4 + 4) : 0));
            default:
                return skip(Skip.NOT_TCP_UDP_ICMP);
        }
    }

    private static Result packet(PacketHeaders packet) {
        return new Result(packet, null);
    }

    private static Result skip(Skip reason) {
        return new Result(null, reason);
    }

    private static int u16(byte[] data, int offset) {
        return ((data[offset] & 0xFF) << 8) | (data[offset + 1] & 0xFF);
    }

    private static int u32(byte[] data, int offset) {
        return ((data[offset] & 0xFF) << 24) | ((data[offset + 1] & 0xFF) << 16) | ((data[offset + 2] & 0xFF) << 8)
                | (data[offset + 3] & 0xFF);
    }

    /** What {@link #forEachPacket} hands on: a decoded packet and its frame's number (1-based). */
    interface PacketConsumer {
        void accept(org.onosproject.nids.model.flow.PacketHeaders packet, long frameNumber);
    }

    /**
     * Reads a capture and hands every IPv4 TCP/UDP/ICMP packet to {@code consumer} in capture order; counts the frames
     * skipped, by reason, into {@code skipped}. Returns the number of frames read.
     */
    static long forEachPacket(java.nio.file.Path pcap, java.util.Map<Skip, Long> skipped, PacketConsumer consumer) {
        long frames = 0;
        try (PcapReader reader = new PcapReader(pcap)) {
            for (PcapReader.Frame frame = reader.next(); frame != null; frame = reader.next()) {
                frames++;
                Result decoded = decode(frame.data(), frame.timestampMicros());
                if (decoded.packet() == null) {
                    skipped.merge(decoded.skip(), 1L, Long::sum);
                } else {
                    consumer.accept(decoded.packet(), frames);
                }
            }
        }
        return frames;
    }
}
