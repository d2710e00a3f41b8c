package org.onosproject.nids.model.flow;

import java.util.Objects;

/**
 * The bidirectional flow key: protocol and the two (address, port) endpoints in canonical order, the lower pair
 * (unsigned address, then port) first, so both directions of a conversation map to the same key. The switch's key
 * ({@link #of}) takes an ICMP query's identifier as both ports (as Linux conntrack does): each ping process is a
 * flow of its own. Features and reports name ICMP flows with ports 0 ({@link #reported}).
 */
public final class FlowKey {

    private final int protocol;
    private final int lowAddress;
    private final int lowPort;
    private final int highAddress;
    private final int highPort;

    private FlowKey(int protocol, int lowAddress, int lowPort, int highAddress, int highPort) {
        this.protocol = protocol;
        this.lowAddress = lowAddress;
        this.lowPort = lowPort;
        this.highAddress = highAddress;
        this.highPort = highPort;
    }

    /** The switch's flow key of a packet (an ICMP query's identifier as both ports). */
    public static FlowKey of(PacketHeaders packet) {
        return of(packet, packet.sourceKeyPort(), packet.destinationKeyPort());
    }

    /**
     * The key as reports and the features name the packet's flow: L4 ports, 0 for ICMP. Flows the switch keeps
     * apart (two pings of the same hosts) may share it.
     */
    public static FlowKey reported(PacketHeaders packet) {
        return of(packet, packet.sourcePort(), packet.destinationPort());
    }

    private static FlowKey of(PacketHeaders packet, int sourcePort, int destinationPort) {
        int source = packet.sourceAddress();
        int destination = packet.destinationAddress();
        int order = Integer.compareUnsigned(source, destination);
        boolean sourceFirst = order < 0 || (order == 0 && sourcePort <= destinationPort);
        return sourceFirst
                ? new FlowKey(packet.protocol(), source, sourcePort, destination, destinationPort)
                : new FlowKey(packet.protocol(), destination, destinationPort, source, sourcePort);
    }

    public int protocol() {
        return protocol;
    }

    public int lowAddress() {
        return lowAddress;
    }

    public int lowPort() {
        return lowPort;
    }

    public int highAddress() {
        return highAddress;
    }

    public int highPort() {
        return highPort;
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof FlowKey)) {
            return false;
        }
        FlowKey that = (FlowKey) other;
        return protocol == that.protocol && lowAddress == that.lowAddress && lowPort == that.lowPort
                && highAddress == that.highAddress && highPort == that.highPort;
    }

    @Override
    public int hashCode() {
        return Objects.hash(protocol, lowAddress, lowPort, highAddress, highPort);
    }

    @Override
    public String toString() {
        return protocol + ":" + PacketHeaders.addressText(lowAddress) + ":" + lowPort + "<>"
                + PacketHeaders.addressText(highAddress) + ":" + highPort;
    }
}
