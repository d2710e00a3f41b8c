package org.onosproject.nids.model.phase;

/**
 * When a flow is classified: at one of its packet counts (1, 2, 4, ... — the packet that brings the flow, both
 * directions counted, to that many packets) or at its end ({@link #END}: FIN seen both ways or RST, a probe of an
 * idle flow, or eviction from the flow table). The number is what the data plane keys its classifier tables with:
 * the packet count, 0 for the end.
 */
public final class Phase implements Comparable<Phase> {

    /** Largest packet count a phase may have (the data plane's phase key is 16 bits, powers of two only). */
    public static final int MAX_PACKETS = 1 << 15;

    /** The end of the flow. */
    public static final Phase END = new Phase(0);

    private final int packets;

    private Phase(int packets) {
        this.packets = packets;
    }

    /** The phase at the flow's {@code packets}-th packet; a power of two from 1 to {@link #MAX_PACKETS}. */
    public static Phase atPacket(int packets) {
        if (packets < 1 || packets > MAX_PACKETS || Integer.bitCount(packets) != 1) {
            throw new IllegalArgumentException("a phase is a power of two from 1 to " + MAX_PACKETS
                    + " packets (or the end of the flow), not " + packets);
        }
        return new Phase(packets);
    }

    /** The phase with this data-plane number: 0 = {@link #END}, else a packet count. */
    public static Phase of(int number) {
        return number == 0 ? END : atPacket(number);
    }

    /** The phase named by {@link #label()} or by its number ("end", "p4", "4"). */
    public static Phase parse(String text) {
        String trimmed = text.trim();
        if (trimmed.equals("end") || trimmed.equals("0")) {
            return END;
        }
        String digits = trimmed.startsWith("p") ? trimmed.substring(1) : trimmed;
        try {
            return atPacket(Integer.parseInt(digits));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a phase: '" + text + "' (end, or a packet count 1, 2, 4, ...)");
        }
    }

    /** Whether this flow packet count is a phase packet (a power of two up to {@link #MAX_PACKETS}). */
    public static boolean isPhasePacket(long flowPackets) {
        return flowPackets >= 1 && flowPackets <= MAX_PACKETS && Long.bitCount(flowPackets) == 1;
    }

    /** The data-plane number: the packet count, 0 for the end. */
    public int number() {
        return packets;
    }

    /** The packet count of the phase; 0 for the end. */
    public int packets() {
        return packets;
    }

    public boolean isEnd() {
        return packets == 0;
    }

    /** "p1", "p2", ... or "end". */
    public String label() {
        return isEnd() ? "end" : "p" + packets;
    }

    /** Packet phases in ascending packet count, then the end. */
    @Override
    public int compareTo(Phase other) {
        return Long.compare(order(), other.order());
    }

    private long order() {
        return isEnd() ? Long.MAX_VALUE : packets;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Phase && ((Phase) other).packets == packets;
    }

    @Override
    public int hashCode() {
        return packets;
    }

    @Override
    public String toString() {
        return label();
    }
}
