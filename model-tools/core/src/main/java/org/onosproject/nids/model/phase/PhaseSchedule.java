package org.onosproject.nids.model.phase;

import com.google.common.collect.ImmutableSortedSet;

import java.util.Collection;
import java.util.Optional;
import java.util.SortedSet;

/**
 * The phases a model classifies at: some packet phases, usually the late phase and the end. Between them a flow is
 * not classified at all (the data plane does no classifier work on those packets).
 */
public final class PhaseSchedule {

    private final SortedSet<Phase> phases;

    private PhaseSchedule(Collection<Phase> phases) {
        this.phases = ImmutableSortedSet.copyOf(phases);
    }

    public static PhaseSchedule of(Collection<Phase> phases) {
        return new PhaseSchedule(phases);
    }

    /**
     * Packets 1, 2, 4, ..., 128, the late phase and the end: what {@code nids-model dataset --rows phases} writes by
     * default.
     */
    public static PhaseSchedule standard() {
        return upTo(Phase.MAX_PACKETS, true);
    }

    /** Packets 1, 2, 4, ... up to {@code maxPackets} (a power of two), the late phase if asked, and the end. */
    public static PhaseSchedule upTo(int maxPackets, boolean late) {
        Phase.atPacket(maxPackets);
        ImmutableSortedSet.Builder<Phase> phases = ImmutableSortedSet.naturalOrder();
        for (int packets = 1; packets <= maxPackets; packets *= 2) {
            phases.add(Phase.atPacket(packets));
        }
        if (late) {
            phases.add(Phase.LATE);
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

    /**
     * The phase a flow reaches with its {@code flowPackets}-th packet ({@link Phase#atCount}), if the schedule has
     * it.
     */
    public Optional<Phase> phaseAt(long flowPackets) {
        return Phase.atCount(flowPackets).filter(phases::contains);
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
