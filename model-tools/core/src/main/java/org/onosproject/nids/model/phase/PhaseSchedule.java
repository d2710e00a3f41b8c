package org.onosproject.nids.model.phase;

import com.google.common.collect.ImmutableSortedSet;

import java.util.Collection;
import java.util.Optional;
import java.util.SortedSet;

/**
 * The phases a model classifies at: some packet phases and, usually, the end. Between them a flow is not
 * classified at all (the data plane does no classifier work on those packets).
 */
public final class PhaseSchedule {

    private final SortedSet<Phase> phases;

    private PhaseSchedule(Collection<Phase> phases) {
        this.phases = ImmutableSortedSet.copyOf(phases);
    }

    public static PhaseSchedule of(Collection<Phase> phases) {
        return new PhaseSchedule(phases);
    }

    /** Packets 1, 2, 4, ..., 128 and the end: what {@code nids-model dataset --rows phases} writes by default. */
    public static PhaseSchedule standard() {
        return upTo(128);
    }

    /** Packets 1, 2, 4, ... up to {@code maxPackets} (a power of two) and the end. */
    public static PhaseSchedule upTo(int maxPackets) {
        Phase.atPacket(maxPackets);
        ImmutableSortedSet.Builder<Phase> phases = ImmutableSortedSet.naturalOrder();
        for (int packets = 1; packets <= maxPackets; packets *= 2) {
            phases.add(Phase.atPacket(packets));
        }
        phases.add(Phase.END);
        return new PhaseSchedule(phases.build());
    }

    /** Phases in order: packet phases ascending, then the end. */
    public SortedSet<Phase> phases() {
        return phases;
    }

    public boolean contains(Phase phase) {
        return phases.contains(phase);
    }

    /** The packet phase a flow reaches with its {@code flowPackets}-th packet, if the schedule has it. */
    public Optional<Phase> phaseAt(long flowPackets) {
        if (!Phase.isPhasePacket(flowPackets)) {
            return Optional.empty();
        }
        Phase phase = Phase.atPacket((int) flowPackets);
        return phases.contains(phase) ? Optional.of(phase) : Optional.empty();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PhaseSchedule && ((PhaseSchedule) other).phases.equals(phases);
    }

    @Override
    public int hashCode() {
        return phases.hashCode();
    }

    @Override
    public String toString() {
        return phases.toString();
    }
}
