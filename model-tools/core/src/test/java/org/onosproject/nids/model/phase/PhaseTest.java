package org.onosproject.nids.model.phase;

import org.junit.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

public class PhaseTest {

    @Test
    public void phasesArePowersOfTwoAndTheEnd() {
        assertEquals(0, Phase.END.number());
        assertEquals(8, Phase.atPacket(8).number());
        assertEquals(Phase.END, Phase.of(0));
        assertEquals(Phase.atPacket(4), Phase.parse("p4"));
        assertEquals(Phase.atPacket(4), Phase.parse("4"));
        assertEquals(Phase.END, Phase.parse("end"));
        assertEquals(Phase.LATE, Phase.of(Phase.LATE_NUMBER));
        assertEquals(Phase.LATE, Phase.parse("late"));
        assertEquals("late", Phase.LATE.label());
        for (int bad : new int[]{3, 6, 0, -1, 256, 32768, 65536}) {
            try {
                Phase.atPacket(bad);
                fail("accepted " + bad);
            } catch (IllegalArgumentException e) {
                assertTrue(e.getMessage().contains("power of two"));
            }
        }
    }

    @Test
    public void packetPhasesComeFirstInOrderThenTheEnd() {
        PhaseSchedule schedule = PhaseSchedule.standard();
        assertEquals(List.of(Phase.atPacket(1), Phase.atPacket(2), Phase.atPacket(4), Phase.atPacket(8),
                Phase.atPacket(16), Phase.atPacket(32), Phase.atPacket(64), Phase.atPacket(128), Phase.LATE,
                Phase.END),
                List.copyOf(schedule.phases()));
    }

    @Test
    public void aScheduleClassifiesOnlyAtItsPhasePackets() {
        PhaseSchedule schedule = PhaseSchedule.of(List.of(Phase.atPacket(2), Phase.atPacket(8), Phase.END));
        assertEquals(Optional.empty(), schedule.phaseAt(1));
        assertEquals(Optional.of(Phase.atPacket(2)), schedule.phaseAt(2));
        assertEquals(Optional.empty(), schedule.phaseAt(4));
        assertEquals(Optional.empty(), schedule.phaseAt(7));
        assertEquals(Optional.of(Phase.atPacket(8)), schedule.phaseAt(8));
        assertEquals(Optional.empty(), schedule.phaseAt(192));
        assertTrue(Phase.isPhasePacket(Phase.MAX_PACKETS));
    }

    @Test
    public void beyondTheLastPacketPhaseEveryLatePeriodthPacketIsTheLatePhase() {
        assertEquals(Optional.of(Phase.atPacket(128)), Phase.atCount(128));
        assertEquals(Optional.of(Phase.atPacket(64)), Phase.atCount(64));
        for (long packets : new long[]{129, 160, 191, 193, 255, 257, 1000}) {
            assertEquals("packet " + packets, Optional.empty(), Phase.atCount(packets));
        }
        for (long packets : new long[]{192, 256, 320, 32768, 65536, 1L << 31}) {
            assertEquals("packet " + packets, Optional.of(Phase.LATE), Phase.atCount(packets));
        }
        PhaseSchedule schedule = PhaseSchedule.standard();
        assertEquals(Optional.of(Phase.LATE), schedule.phaseAt(192));
        assertEquals(Optional.empty(), PhaseSchedule.upTo(128, false).phaseAt(192));
        assertTrue(Phase.atPacket(128).compareTo(Phase.LATE) < 0 && Phase.LATE.compareTo(Phase.END) < 0);
        assertEquals(0, Phase.LATE.packets());
    }
}
