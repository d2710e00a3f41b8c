package org.onosproject.nids.model.dataplane;

import org.onosproject.nids.model.flow.FlowFeatures;
import org.onosproject.nids.model.flow.FlowKey;
import org.onosproject.nids.model.flow.FlowState;
import org.onosproject.nids.model.flow.PacketHeaders;
import org.onosproject.nids.model.phase.Phase;
import org.onosproject.nids.model.phase.PhaseSchedule;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The software model of one switch's NIDS stages, exact to the data plane (p4src/, docs/pipeline.md): the 2-way flow
 * table with its keyed hash, eviction rule and closed-flow handling, the per-source sketch, and the moments a flow is
 * classified (its phase packets and its end). Feed it every tracked packet in order; it returns the events the switch
 * would classify or report at that packet. Training rows per phase, {@code nids-model simulate} and the app's
 * classification of evicted flows all come from here, so the switch and the tools see the same features.
 *
 * <p>Flow table, per packet (canonical key K, cells A = way 0 and B = way 1 of K's hash):
 * <ol>
 *   <li>A holds K (live or closed), else B holds K: that cell. A closed cell of K ignores the packet unless it is a
 *       bare SYN (SYN without ACK), which starts a new flow there.</li>
 *   <li>Neither: a new flow takes A if A holds no live flow, else B if B holds none, else (idle timeout on) A if its
 *       flow has been idle that long, else B if idle; else the way whose flow has fewer packets, the one idle for
 *       longer on a tie, B on a full tie. A live flow replaced is reported first (EVICT / IDLE_EVICT). Idle times
 *       are 32-bit microsecond differences, as the switch keeps them.</li>
 *   <li>A flow ends at a TCP RST or once FIN was seen both ways: END (classified by the END tree) and its cell is
 *       closed (key kept for late packets, free for others). Otherwise the packet whose count is a phase of the
 *       schedule is classified by that phase's tree (PHASE). A packet is classified once at most.</li>
 * </ol>
 */
public final class SwitchReference {

    private static final int TCP_FIN = 0x01;
    private static final int TCP_SYN = 0x02;
    private static final int TCP_RST = 0x04;
    private static final int TCP_ACK = 0x10;

    /** One flow-table cell. */
    private static final class Cell {
        private final FlowState flow;
        private final long number;
        private final int sourceCell;
        private boolean closed;
        private boolean handshakePending;

        Cell(FlowState flow, long number, int sourceCell, boolean handshakePending) {
            this.flow = flow;
            this.number = number;
            this.sourceCell = sourceCell;
            this.handshakePending = handshakePending;
        }

        boolean live() {
            return !closed;
        }
    }

    private final DataPlaneSettings settings;
    private final FlowFeatures features;
    private final PhaseSchedule schedule;
    private final SourceContext sources;
    private final Cell[] cells;
    private long flowsStarted;
    private long evictions;
    private long idleEvictions;
    private long ignoredPackets;

    public SwitchReference(DataPlaneSettings settings, FlowFeatures features, PhaseSchedule schedule) {
        this.settings = settings;
        this.features = features;
        this.schedule = schedule;
        this.sources = new SourceContext(settings.flowHashSeed(), settings.sourceWindowLog2Us(),
                settings.sourceCells());
        this.cells = new Cell[settings.flowCells()];
    }

    /** The switch clock of a packet timestamp. */
    private long clock(long timestampMicros) {
        return (timestampMicros + settings.clockOffsetUs()) & DataPlaneSettings.CLOCK_MASK;
    }

    /** Counts one tracked packet; returns what the switch classifies or reports at it, in report order. */
    public List<FlowEvent> accept(PacketHeaders packet) {
        long now = clock(packet.timestampMicros());
        FlowKey key = FlowKey.of(packet);
        long hash = FlowHash.flowHash(settings.flowHashSeed(), key.lowAddress(), key.highAddress(), key.lowPort(),
                key.highPort(), key.protocol());
        int cellA = FlowHash.cell(hash, 0, settings.slotsPerWay());
        int cellB = FlowHash.cell(hash, 1, settings.slotsPerWay());
        int flags = packet.protocol() == PacketHeaders.TCP ? packet.tcpFlags() : 0;
        boolean bareSyn = packet.protocol() == PacketHeaders.TCP && (flags & (TCP_SYN | TCP_ACK)) == TCP_SYN;

        List<FlowEvent> events = new ArrayList<>(2);
        int hit = holds(cellA, key) ? cellA : holds(cellB, key) ? cellB : -1;
        Cell cell;
        int index;
        if (hit >= 0 && cells[hit].live()) {
            index = hit;
            cell = cells[hit];
            boolean inbound = cell.flow.isInbound(packet);
            cell.flow.update(packet);
            if (cell.handshakePending && inbound && (flags & (TCP_ACK | TCP_SYN | TCP_RST)) == TCP_ACK) {
                cell.handshakePending = false;
                sources.handshakeCompleted(cell.sourceCell, now);
            }
        } else if (hit >= 0 && !bareSyn) {
            ignoredPackets++;
            return events;          // a late packet of an ended flow (its final ACK, ...)
        } else {
            index = hit >= 0 ? hit : chooseCell(cellA, cellB, packet.timestampMicros(), now, events);
            cell = startFlow(index, packet, bareSyn, now);
        }

        boolean ended = (flags & TCP_RST) != 0
                || (cell.flow.clientTcpFlags() & cell.flow.serverTcpFlags() & TCP_FIN) != 0;
        if (ended) {
            cell.closed = true;
            events.add(event(FlowEvent.Kind.END, Phase.END, index, cell, packet.timestampMicros(), now));
        } else {
            Optional<Phase> phase = schedule.phaseAt(cell.flow.dataPlanePackets());
            phase.ifPresent(p -> events.add(event(FlowEvent.Kind.PHASE, p, index, cell, packet.timestampMicros(),
                    now)));
        }
        return events;
    }

    private boolean holds(int index, FlowKey key) {
        return cells[index] != null && cells[index].flow.key().equals(key);
    }

    /** The cell a new flow takes when neither way holds its key; reports the live flow it replaces. */
    private int chooseCell(int cellA, int cellB, long timestampMicros, long now, List<FlowEvent> events) {
        Cell a = cells[cellA];
        Cell b = cells[cellB];
        if (a == null || !a.live()) {
            return cellA;
        }
        if (b == null || !b.live()) {
            return cellB;
        }
        long idle = settings.idleTimeoutUs();
        int chosen;
        FlowEvent.Kind kind = FlowEvent.Kind.EVICT;
        if (idle != 0 && idleFor(a, now) >= idle) {
            chosen = cellA;
            kind = FlowEvent.Kind.IDLE_EVICT;
        } else if (idle != 0 && idleFor(b, now) >= idle) {
            chosen = cellB;
            kind = FlowEvent.Kind.IDLE_EVICT;
        } else {
            long packetsA = a.flow.dataPlanePackets();
            long packetsB = b.flow.dataPlanePackets();
            if (packetsA != packetsB) {
                chosen = packetsA < packetsB ? cellA : cellB;
            } else {
                chosen = idleFor(a, now) > idleFor(b, now) ? cellA : cellB;
            }
        }
        if (kind == FlowEvent.Kind.IDLE_EVICT) {
            idleEvictions++;
        } else {
            evictions++;
        }
        Cell victim = cells[chosen];
        events.add(event(kind, Phase.END, chosen, victim, timestampMicros, now));
        return chosen;
    }

    /** Microseconds since the flow's last packet, as the switch computes it from 32-bit times. */
    private long idleFor(Cell cell, long now) {
        return (now - clock(cell.flow.firstMicros()) - cell.flow.durationMicros()) & 0xFFFF_FFFFL;
    }

    private Cell startFlow(int index, PacketHeaders packet, boolean bareSyn, long now) {
        FlowState flow = FlowState.start(packet);
        flow.update(packet);
        int sourceCell = sources.cellOf(flow.clientAddress());
        Cell cell = new Cell(flow, ++flowsStarted, sourceCell, bareSyn);
        cells[index] = cell;
        sources.flowStarted(sourceCell, flow.serverAddress(), flow.serverPort(), bareSyn, now);
        return cell;
    }

    private FlowEvent event(FlowEvent.Kind kind, Phase phase, int index, Cell cell, long timeMicros, long now) {
        // A flow silent for longer than the source window (an idle sweep's probe 30 s after its last packet, an
        // idle eviction) is classified without its client's record: that record no longer covers any of the
        // flow's packets, it describes what the client does now (docs/features.md "Source context").
        long[] context = idleFor(cell, now) < sources.windowSpanUs() ? sources.features(cell.sourceCell, now)
                : SourceContext.NO_CONTEXT.clone();
        long[] dataPlane = features.dataPlaneValues(cell.flow, context);
        return new FlowEvent(kind, phase, cell.number, index, timeMicros, cell.flow, dataPlane,
                features.featureValues(dataPlane));
    }

    /**
     * A controller probe of a flow-table cell at {@code timestampMicros}: the END classification of the live flow
     * there, if any; {@code free} empties the cell (the flow's next packet starts a new flow).
     */
    public Optional<FlowEvent> probe(int slot, long timestampMicros, boolean free) {
        if (slot < 0 || slot >= cells.length) {
            throw new IllegalArgumentException("slot " + slot + " outside 0.." + (cells.length - 1));
        }
        Cell cell = cells[slot];
        if (cell == null || !cell.live()) {
            if (free) {
                cells[slot] = null;
            }
            return Optional.empty();
        }
        FlowEvent event = event(FlowEvent.Kind.PROBE, Phase.END, slot, cell, timestampMicros,
                clock(timestampMicros));
        if (free) {
            cells[slot] = null;
        }
        return Optional.of(event);
    }

    /**
     * The app's idle sweep at {@code timestampMicros}: probes and frees, in slot order, every live flow whose last
     * packet is more than {@code inactiveMicros} old (the app's {@code inactiveTimeoutSeconds}): the END
     * classification of flows that never end by FIN or RST (UDP, ICMP, a scan's one-packet flows). The app's probe
     * asks the switch to free such a flow only if it is still silent then (a flow that sent meanwhile stays).
     */
    public List<FlowEvent> sweepIdle(long timestampMicros, long inactiveMicros) {
        long now = clock(timestampMicros);
        List<FlowEvent> events = new ArrayList<>();
        for (int slot = 0; slot < cells.length; slot++) {
            Cell cell = cells[slot];
            if (cell != null && cell.live() && idleFor(cell, now) > inactiveMicros) {
                probe(slot, timestampMicros, true).ifPresent(events::add);
            }
        }
        return events;
    }

    /** Probes and frees every live cell in slot order (an idle sweep of everything, e.g. at the end of a capture). */
    public List<FlowEvent> probeAll(long timestampMicros) {
        List<FlowEvent> events = new ArrayList<>();
        for (int slot = 0; slot < cells.length; slot++) {
            probe(slot, timestampMicros, true).ifPresent(events::add);
        }
        return events;
    }

    /** Live flows in the table. */
    public int liveFlows() {
        int live = 0;
        for (Cell cell : cells) {
            if (cell != null && cell.live()) {
                live++;
            }
        }
        return live;
    }

    public long flowsStarted() {
        return flowsStarted;
    }

    /** Live, busy flows replaced by new ones (the switch's evict_counter, index 1). */
    public long evictions() {
        return evictions;
    }

    /** Idle flows replaced by new ones (evict_counter, index 0). */
    public long idleEvictions() {
        return idleEvictions;
    }

    /** Packets of ended flows that were ignored. */
    public long ignoredPackets() {
        return ignoredPackets;
    }

    public DataPlaneSettings settings() {
        return settings;
    }
}
