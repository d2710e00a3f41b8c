package org.onosproject.nids.model.phase;

/**
 * When a flow is classified: at one of its packet counts, or at its end ({@link #END}: FIN seen both ways or RST, a
 * probe of an idle flow, or eviction from the flow table). Packet phases are the powers of two 1, 2, 4, ...,
 * {@link #MAX_PACKETS} (the packet that brings the flow, both directions counted, to that many packets); beyond
 * them a long flow is classified again every {@link #LATE_PERIOD} packets by one tree, the {@link #LATE} phase, so a
 * flow that lasts (a flood of one flow, a bulk transfer) is looked at while it lasts and contributes training rows
 * in proportion to its length. The number is what the data plane keys its classifier tables with: the packet count,
 * {@link #LATE_NUMBER} for the late phase, 0 for the end (p4src/include/defines.p4: PHASE_END, MAX_PHASE_PACKETS,
 * LATE_PHASE_PERIOD, PHASE_LATE).
 */
public final class Phase implements Comparable<Phase> {

    /** Largest packet count of a packet phase (powers of two up to it). */
    public static final int MAX_PACKETS = 128;

    /** Beyond {@link #MAX_PACKETS}, every packet count divisible by this (a power of two) is the late phase. */
    public static final int LATE_PERIOD = 64;

    /** The data-plane number of the late phase (not a power of two, so no packet phase has it). */
    public static final int LATE_NUMBER = 0xFFFF;

    /** The end of the flow. */
    public static final Phase END = new Phase(0);

    /** Every {@link #LATE_PERIOD}-th packet after {@link #MAX_PACKETS}: packets 192, 256, 320, ... */
    public static final Phase LATE = new Phase(LATE_NUMBER);

    private final int packets;

    private Phase(int packets) {
        this.packets = packets;
    }

    /** The phase at the flow's {@code packets}-th packet; a power of two from 1 to {@link #MAX_PACKETS}. */
    public static Phase atPacket(int packets) {
        if (packets < 1 || packets > MAX_PACKETS || Integer.bitCount(packets) != 1) {
            throw new IllegalArgumentException("a packet phase is a power of two from 1 to " + MAX_PACKETS
                    + " packets (beyond it the late phase classifies every " + LATE_PERIOD + "th packet; or the end"
                    + " of the flow), not " + packets);
        }
        return new Phase(packets);
    }

    /** The phase with this data-plane number: 0 = {@link #END}, {@link #LATE_NUMBER} = {@link #LATE}, else packets. */
    public static Phase of(int number) {
        return number == 0 ? END : number == LATE_NUMBER ? LATE : atPacket(number);
    }

    /** The phase named by {@link #label()} or by its number ("end", "late", "p4", "4"). */
    public static Phase parse(String text) {
        String trimmed = text.trim();
        if (trimmed.equals("end") || trimmed.equals("0")) {
            return END;
        }
        if (trimmed.equals("late") || trimmed.equals(Integer.toString(LATE_NUMBER))) {
            return LATE;
        }
        String digits = trimmed.startsWith("p") ? trimmed.substring(1) : trimmed;
        try {
            return atPacket(Integer.parseInt(digits));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a phase: '" + text + "' (end, late, or a packet count 1, 2, 4, "
                    + "..., " + MAX_PACKETS + ")");
        }
    }

    /**
     * The phase a flow is at with its {@code flowPackets}-th packet, if any: the packet phase of a power of two up to
     * {@link #MAX_PACKETS}, {@link #LATE} for a multiple of {@link #LATE_PERIOD} beyond it, else none (the end is
     * not a packet count). The data plane derives the same (flow_table.p4, take_stock).
     */
    public static java.util.Optional<Phase> atCount(long flowPackets) {
        if (flowPackets >= 1 && flowPackets <= MAX_PACKETS && Long.bitCount(flowPackets) == 1) {
            return java.util.Optional.of(new Phase((int) flowPackets));
        }
        if (flowPackets > MAX_PACKETS && (flowPackets & (LATE_PERIOD - 1)) == 0) {
            return java.util.Optional.of(LATE);
        }
        return java.util.Optional.empty();
    }

    /** Whether this flow packet count is a phase packet (a packet phase or the late phase). */
    public static boolean isPhasePacket(long flowPackets) {
        return atCount(flowPackets).isPresent();
    }

    /** The data-plane number: the packet count, {@link #LATE_NUMBER} for the late phase, 0 for the end. */
    public int number() {
        return packets;
    }

    /** The packet count of a packet phase; 0 for the end and the late phase. */
    public int packets() {
        return isLate() ? 0 : packets;
    }

    public boolean isEnd() {
        return packets == 0;
    }

    public boolean isLate() {
        return packets == LATE_NUMBER;
    }

    /** "p1", "p2", ..., "late" or "end". */
    public String label() {
        return isEnd() ? "end" : isLate() ? "late" : "p" + packets;
    }

    /** Packet phases in ascending packet count, then the late phase, then the end. */
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
