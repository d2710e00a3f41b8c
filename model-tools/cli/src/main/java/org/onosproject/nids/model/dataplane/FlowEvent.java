package org.onosproject.nids.model.dataplane;

import org.onosproject.nids.model.flow.FlowKey;
import org.onosproject.nids.model.flow.FlowState;
import org.onosproject.nids.model.flow.PacketHeaders;
import org.onosproject.nids.model.phase.Phase;

import java.util.Objects;

/**
 * A moment at which the data plane classifies or reports a flow, with the flow's data-plane values as they stand
 * then (28 flow features and the client's SRC_* features, indexed by feature id).
 */
public final class FlowEvent {

    /** Why the flow is looked at. */
    public enum Kind {
        /** A phase packet (packet count 1, 2, 4, ...): classified by that phase's tree. */
        PHASE,
        /** The flow ended (RST, or FIN both ways): classified by the END tree; its slot is freed. */
        END,
        /** A new flow took its cell while it was live and busy: reported, classified by the app (END tree). */
        EVICT,
        /** A new flow took its cell after it had been idle for the idle timeout: as EVICT. */
        IDLE_EVICT,
        /** A controller probe of its slot (an idle sweep): classified by the END tree. */
        PROBE
    }

    private final Kind kind;
    private final Phase phase;
    private final long flowNumber;
    private final int slot;
    private final long timeMicros;
    private final int protocol;
    private final int clientAddress;
    private final int clientPort;
    private final int serverAddress;
    private final int serverPort;
    private final long flowPackets;
    private final long firstMicros;
    private final FlowKey key;
    private final long[] dataPlaneValues;
    private final long[] featureValues;

    FlowEvent(Kind kind, Phase phase, long flowNumber, int slot, long timeMicros, FlowState flow,
              long[] dataPlaneValues, long[] featureValues) {
        this.kind = Objects.requireNonNull(kind);
        this.phase = Objects.requireNonNull(phase);
        this.flowNumber = flowNumber;
        this.slot = slot;
        this.timeMicros = timeMicros;
        this.protocol = flow.protocol();
        this.clientAddress = flow.clientAddress();
        this.clientPort = flow.clientPort();
        this.serverAddress = flow.serverAddress();
        this.serverPort = flow.serverPort();
        this.flowPackets = flow.dataPlanePackets();
        this.firstMicros = flow.firstMicros();
        this.key = flow.key();
        this.dataPlaneValues = dataPlaneValues;
        this.featureValues = featureValues;
    }

    public Kind kind() {
        return kind;
    }

    /** The phase whose tree classifies the flow now: the packet phase, or {@link Phase#END} for every other kind. */
    public Phase phase() {
        return phase;
    }

    /** Number of the flow instance in the run (1, 2, ...): a flow that restarts in a slot gets a new number. */
    public long flowNumber() {
        return flowNumber;
    }

    /** The flow-table cell (what the switch reports as the slot). */
    public int slot() {
        return slot;
    }

    /** The packet's timestamp (the packet time, not the switch clock). */
    public long timeMicros() {
        return timeMicros;
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

    /** IN + OUT packets of the flow at this moment. */
    public long flowPackets() {
        return flowPackets;
    }

    public long firstMicros() {
        return firstMicros;
    }

    /** The switch's key of the flow (an ICMP query's identifier as its ports, where reports carry 0). */
    public FlowKey key() {
        return key;
    }

    /** Data-plane values (switch units), indexed by feature id; a copy. */
    public long[] dataPlaneValues() {
        return dataPlaneValues.clone();
    }

    /** Feature values (dataset units, what trees test), indexed by feature id; a copy. */
    public long[] featureValues() {
        return featureValues.clone();
    }

    @Override
    public String toString() {
        return kind + " " + phase.label() + " flow " + flowNumber + " " + PacketHeaders.addressText(clientAddress)
                + ":" + clientPort + "->" + PacketHeaders.addressText(serverAddress) + ":" + serverPort + "/"
                + protocol + " slot " + slot + " packets " + flowPackets;
    }
}
