package org.onosproject.nids.model.dataplane;

import org.onosproject.nids.model.bundle.SourceWindow;
import java.util.HashMap;
import java.util.Map;

/**
 * The data plane's per-source sketch, bit for bit (p4src/include/control/source_context.p4): one cell per hash of
 * the client address (sources that hash alike share a cell), each counting over a sliding window of two epochs
 * (the current and the previous one; epoch = {@code now_us >> windowLog2Us}, kept in 16 bits):
 * <ul>
 *   <li>flows the source started (16-bit counters per epoch, saturating);</li>
 *   <li>distinct server addresses and ports of those flows, as buckets of a 32-bit bitmap per epoch, with the
 *       number of buckets set in the union of both epochs kept up to date as bits are set;</li>
 *   <li>TCP flows it opened with a bare SYN, and those whose handshake it completed (16-bit, saturating);</li>
 *   <li>alerts sent about its flows in the current epoch (for the per-source alert cap).</li>
 * </ul>
 * A cell last touched in the previous epoch rolls over when read (current becomes previous); one touched earlier
 * reads as empty. Reading never changes a cell; updates roll it over and write it.
 */
public final class SourceContext {

    static final int COUNTER_MAX = 0xFFFF;
    /** Epochs are kept in 16 bits (a cell untouched for a multiple of 65,536 epochs would read as current). */
    static final long EPOCH_MASK = 0xFFFF;
    static final int ALERTS_MAX = 0xFF;

    /** The four source features, in catalog order (ids 29..32). */
    public enum Feature {
        SRC_FLOWS, SRC_DST_HOSTS, SRC_DST_PORTS, SRC_HALF_OPEN
    }

    /** One cell, as the register holds it. */
    static final class Cell {
        long epoch;
        int flowsCur;
        int flowsPrev;
        int hostsCur;           // bitmap
        int hostsPrev;
        int hostsCurCount;      // buckets set in hostsCur
        int hostsUnion;         // buckets set in hostsCur | hostsPrev
        int portsCur;
        int portsPrev;
        int portsCurCount;
        int portsUnion;
        int synCur;
        int synPrev;
        int doneCur;
        int donePrev;
        int alerts;

        Cell copy() {
            Cell c = new Cell();
            c.epoch = epoch;
            c.flowsCur = flowsCur;
            c.flowsPrev = flowsPrev;
            c.hostsCur = hostsCur;
            c.hostsPrev = hostsPrev;
            c.hostsCurCount = hostsCurCount;
            c.hostsUnion = hostsUnion;
            c.portsCur = portsCur;
            c.portsPrev = portsPrev;
            c.portsCurCount = portsCurCount;
            c.portsUnion = portsUnion;
            c.synCur = synCur;
            c.synPrev = synPrev;
            c.doneCur = doneCur;
            c.donePrev = donePrev;
            c.alerts = alerts;
            return c;
        }

        /** The cell as seen in epoch {@code now}: rolled over once, or emptied. */
        Cell view(long now) {
            if (epoch == now) {
                return copy();
            }
            Cell c = new Cell();
            c.epoch = now;
            if (((epoch + 1) & EPOCH_MASK) == now) {
                c.flowsPrev = flowsCur;
                c.hostsPrev = hostsCur;
                c.hostsUnion = hostsCurCount;
                c.portsPrev = portsCur;
                c.portsUnion = portsCurCount;
                c.synPrev = synCur;
                c.donePrev = doneCur;
            }
            return c;
        }
    }

    private final int seed;
    private final int windowLog2Us;
    private final int cells;
    private final Map<Integer, Cell> cellsByIndex = new HashMap<>();

    public SourceContext(int seed, int windowLog2Us, int cells) {
        SourceWindow.requireValidWindow(windowLog2Us);
        if (Integer.bitCount(cells) != 1) {
            throw new IllegalArgumentException("source cells must be a power of two: " + cells);
        }
        this.seed = seed;
        this.windowLog2Us = windowLog2Us;
        this.cells = cells;
    }

    /** The cell index of a client address. */
    public int cellOf(int clientAddress) {
        return FlowHash.sourceCell(seed, clientAddress, cells);
    }

    long epochOf(long nowUs) {
        return (nowUs >>> windowLog2Us) & EPOCH_MASK;
    }

    private Cell viewAt(int cell, long nowUs) {
        Cell stored = cellsByIndex.get(cell);
        long epoch = epochOf(nowUs);
        if (stored == null) {
            Cell empty = new Cell();
            return empty.view(epoch);
        }
        return stored.view(epoch);
    }

    /** A flow started by the client in this cell (its first packet at {@code nowUs}). */
    public void flowStarted(int cell, int serverAddress, int serverPort, boolean bareSyn, long nowUs) {
        Cell c = viewAt(cell, nowUs);
        c.flowsCur = Math.min(COUNTER_MAX, c.flowsCur + 1);
        int host = 1 << FlowHash.hostBucket(seed, serverAddress);
        if ((c.hostsCur & host) == 0) {
            c.hostsCur |= host;
            c.hostsCurCount++;
            if ((c.hostsPrev & host) == 0) {
                c.hostsUnion++;
            }
        }
        int port = 1 << FlowHash.portBucket(seed, serverPort);
        if ((c.portsCur & port) == 0) {
            c.portsCur |= port;
            c.portsCurCount++;
            if ((c.portsPrev & port) == 0) {
                c.portsUnion++;
            }
        }
        if (bareSyn) {
            c.synCur = Math.min(COUNTER_MAX, c.synCur + 1);
        }
        cellsByIndex.put(cell, c);
    }

    /** The client of a flow it opened with a bare SYN completed the handshake (its first ACK). */
    public void handshakeCompleted(int cell, long nowUs) {
        Cell c = viewAt(cell, nowUs);
        c.doneCur = Math.min(COUNTER_MAX, c.doneCur + 1);
        cellsByIndex.put(cell, c);
    }

    /**
     * An alert about a flow of this client is about to be sent: whether the per-source cap lets it through
     * ({@code cap} 0 = no cap). A passed alert is counted in the cell; a refused one is not.
     */
    public boolean alertAllowed(int cell, int cap, long nowUs) {
        Cell c = viewAt(cell, nowUs);
        if (cap != 0 && c.alerts >= cap) {
            return false;
        }
        c.alerts = Math.min(ALERTS_MAX, c.alerts + 1);
        cellsByIndex.put(cell, c);
        return true;
    }

    /** The SRC_* values of a flow that its client's record no longer covers: none. */
    public static final long[] NO_CONTEXT = new long[4];

    /** The four SRC_* data-plane values of a cell at {@code nowUs}, in {@link Feature} order. */
    public long[] features(int cell, long nowUs) {
        Cell c = viewAt(cell, nowUs);
        long halfOpen = Math.max(0, (long) c.synCur + c.synPrev - c.doneCur - c.donePrev);
        return new long[]{(long) c.flowsCur + c.flowsPrev, c.hostsUnion, c.portsUnion, halfOpen};
    }

    public int windowLog2Us() {
        return windowLog2Us;
    }

    /**
     * The longest a record can look back: two epochs. A flow silent for at least this long has no packet in its
     * client's record.
     */
    public long windowSpanUs() {
        return 2L << windowLog2Us;
    }
}
