package org.onosproject.nids.model.flow;

import java.util.OptionalInt;

/**
 * The header fields of one IPv4 packet (TCP, UDP or ICMP) that the data plane's flow features read, with the
 * switch's ingress timestamp in microseconds. Addresses are IPv4 addresses as unsigned 32-bit values in an int.
 */
public final class PacketHeaders {

    public static final int ICMP = 1;
    public static final int TCP = 6;
    public static final int UDP = 17;

    private final long timestampMicros;
    private final int sourceAddress;
    private final int destinationAddress;
    private final int protocol;
    private final int sourcePort;
    private final int destinationPort;
    private final int totalLength;
    private final int ttl;
    private final int tcpFlags;
    private final int tcpWindow;
    private final int icmpType;
    private final int icmpCode;
    private final int icmpIdentifier;

    private PacketHeaders(long timestampMicros, int sourceAddress, int destinationAddress, int protocol,
                          int sourcePort, int destinationPort, int totalLength, int ttl, int tcpFlags, int tcpWindow,
                          int icmpType, int icmpCode, int icmpIdentifier) {
        this.timestampMicros = timestampMicros;
        this.sourceAddress = sourceAddress;
        this.destinationAddress = destinationAddress;
        this.protocol = protocol;
        this.sourcePort = sourcePort;
        this.destinationPort = destinationPort;
        this.totalLength = totalLength;
        this.ttl = ttl;
        this.tcpFlags = tcpFlags;
        this.tcpWindow = tcpWindow;
        this.icmpType = icmpType;
        this.icmpCode = icmpCode;
        this.icmpIdentifier = icmpIdentifier;
    }

    public static PacketHeaders tcp(long timestampMicros, int sourceAddress, int destinationAddress, int sourcePort,
                                    int destinationPort, int totalLength, int ttl, int flags, int window) {
        return new PacketHeaders(timestampMicros, sourceAddress, destinationAddress, TCP, sourcePort,
                destinationPort, totalLength, ttl, flags & 0xFF, window & 0xFFFF, 0, 0, 0);
    }

    public static PacketHeaders udp(long timestampMicros, int sourceAddress, int destinationAddress, int sourcePort,
                                    int destinationPort, int totalLength, int ttl) {
        return new PacketHeaders(timestampMicros, sourceAddress, destinationAddress, UDP, sourcePort,
                destinationPort, totalLength, ttl, 0, 0, 0, 0, 0);
    }

    /** An ICMP packet whose identifier (if it is a query or a query's reply) is 0. */
    public static PacketHeaders icmp(long timestampMicros, int sourceAddress, int destinationAddress,
                                     int totalLength, int ttl, int type, int code) {
        return icmp(timestampMicros, sourceAddress, destinationAddress, totalLength, ttl, type, code, 0);
    }

    /**
     * An ICMP packet; {@code identifier} is the 16 bits after its checksum (the identifier of an echo, timestamp,
     * information or address mask message; ignored for other types).
     */
    public static PacketHeaders icmp(long timestampMicros, int sourceAddress, int destinationAddress,
                                     int totalLength, int ttl, int type, int code, int identifier) {
        return new PacketHeaders(timestampMicros, sourceAddress, destinationAddress, ICMP, 0, 0, totalLength, ttl,
                0, 0, type & 0xFF, code & 0xFF, isIcmpQuery(type & 0xFF) ? identifier & 0xFFFF : 0);
    }

    /**
     * Whether an ICMP type is a query or a query's reply (echo 8/0, timestamp 13/14, information 15/16, address mask
     * 17/18): the messages Linux conntrack keys by their identifier, and the switch too (p4src parser.p4).
     */
    public static boolean isIcmpQuery(int type) {
        return type == 0 || type == 8 || (type >= 13 && type <= 18);
    }

    public long timestampMicros() {
        return timestampMicros;
    }

    public int sourceAddress() {
        return sourceAddress;
    }

    public int destinationAddress() {
        return destinationAddress;
    }

    public int protocol() {
        return protocol;
    }

    /** 0 for ICMP. */
    public int sourcePort() {
        return sourcePort;
    }

    /** 0 for ICMP. */
    public int destinationPort() {
        return destinationPort;
    }

    /** IPv4 total length (header + payload). */
    public int totalLength() {
        return totalLength;
    }

    public int ttl() {
        return ttl;
    }

    /** The TCP flags byte (CWR ECE URG ACK PSH RST SYN FIN); 0 for UDP and ICMP. */
    public int tcpFlags() {
        return tcpFlags;
    }

    /** The TCP window field, unscaled; 0 for UDP and ICMP. */
    public int tcpWindow() {
        return tcpWindow;
    }

    public int icmpType() {
        return icmpType;
    }

    public int icmpCode() {
        return icmpCode;
    }

    /** An ICMP query's (or its reply's) identifier; 0 for any other packet. */
    public int icmpIdentifier() {
        return icmpIdentifier;
    }

    /**
     * The source port of the switch's flow key: the TCP/UDP source port; for an ICMP query or its reply, its
     * identifier (both key ports hold it, so a reply finds its request's flow); 0 otherwise. Features and reports
     * keep {@link #sourcePort} (0 for ICMP).
     */
    public int sourceKeyPort() {
        return protocol == ICMP ? icmpIdentifier : sourcePort;
    }

    /** The destination port of the switch's flow key (see {@link #sourceKeyPort}). */
    public int destinationKeyPort() {
        return protocol == ICMP ? icmpIdentifier : destinationPort;
    }

    /** Dotted-quad form of an address held in an int. */
    public static String addressText(int address) {
        return ((address >>> 24) & 0xFF) + "." + ((address >>> 16) & 0xFF) + "." + ((address >>> 8) & 0xFF) + "."
                + (address & 0xFF);
    }

    /** An address from its dotted-quad form ({@code 10.0.0.3}); empty when the text is not one. */
    public static OptionalInt parseAddress(String text) {
        String[] octets = text.trim().split("\\.", -1);
        if (octets.length != 4) {
            return OptionalInt.empty();
        }
        int address = 0;
        for (String octet : octets) {
            if (octet.isEmpty() || octet.length() > 3 || !octet.chars().allMatch(Character::isDigit)) {
                return OptionalInt.empty();
            }
            int value = Integer.parseInt(octet);
            if (value > 255) {
                return OptionalInt.empty();
            }
            address = (address << 8) | value;
        }
        return OptionalInt.of(address);
    }
}
