/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.detection;

import org.junit.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.onosproject.nids.detection.Verdicts.policy;
import static org.onosproject.nids.detection.Verdicts.scanProbe;
import static org.onosproject.nids.detection.Verdicts.verdict;

/** Verdicts in time order become incidents, evidence alerts, blocks by incident, and drops while blocked. */
public class IncidentTrackerTest {

    @Test
    public void aScanOf150PortsIsOneIncidentWithFiveAlertsBlockedAtItsTenthFlow() {
        IncidentTracker tracker = new IncidentTracker(policy("autoBlockMinSeverity", "MEDIUM",
                                                             "blockTtlSeconds", "60"));
        for (int n = 1; n <= 150; n++) {
            tracker.observe(scanProbe(1 + n / 100.0, "10.0.0.2", n));
        }
        assertEquals(1, tracker.incidents().size());
        Incident scan = tracker.incidents().get(0);
        assertEquals("Scan", scan.familyName());
        assertEquals(10, scan.flows());
        assertEquals(10, scan.portCount());
        assertEquals(IncidentState.BLOCKED, scan.state());
        assertEquals(Optional.of("1"), scan.blockId());
        assertEquals(Optional.of(BlockDecision.Kind.BLOCK), scan.decision());
        assertEquals(5, tracker.alerts().size());
        assertTrue(tracker.alerts().stream().allMatch(a -> a.incidentId() == 1 && a.blockId().equals(Optional.of("1"))));

        IncidentTracker.Block block = tracker.blocks().get(0);
        assertEquals("10.0.0.2", block.srcText());
        assertEquals(1, block.incidentId());
        assertEquals(1, block.alertId());
        assertEquals(1_100_000, block.createdMicros());
        assertEquals(61_100_000, block.expiresMicros());
        assertEquals("auto-block: MEDIUM Scan incident 1 from 10.0.0.2, 10 confident flows within 60 s "
                             + "(autoBlockMinFlows Scan=10): 10 flows, 10 ports on 1 host", block.reason());
        assertEquals(Map.of("10.0.0.2", 140L), tracker.dropped());
    }

    @Test
    public void aClientsUnansweredFlowsTowardsABlockedHostNeverGetItBlocked() {
        IncidentTracker tracker = new IncidentTracker(policy("autoBlockMinSeverity", "MEDIUM",
                                                             "blockTtlSeconds", "600"));
        for (int n = 1; n <= 10; n++) {
            tracker.observe(verdict(1 + n / 100.0, "10.0.0.6", "10.0.0.3", n, "Scan", n).build());
        }
        assertEquals(1, tracker.blocks().size());
        // 10.0.0.6 is cut off: its answers are dropped, so a client's health checks of its ports look like a scan.
        for (int n = 1; n <= 20; n++) {
            assertEquals(Optional.of(IncidentBook.Placement.Kind.TO_BLOCKED_HOST),
                         tracker.observe(verdict(30 + n, "10.0.0.1", "10.0.0.6", n, "Scan", 100 + n).build())
                                 .placement().map(IncidentBook.Placement::kind));
        }
        assertEquals(1, tracker.blocks().size());
        assertEquals(1, tracker.incidents().size());
        assertEquals(Long.valueOf(20), tracker.counters().get(IncidentBook.TO_BLOCKED_HOST));
        // Once the block expires, the same flows count again.
        tracker.observe(verdict(700, "10.0.0.1", "10.0.0.6", 1, "Scan", 200).build());
        assertEquals(2, tracker.incidents().size());
    }

    @Test
    public void withBlockingOffTheWholeScanIsStillOneIncident() {
        IncidentTracker tracker = new IncidentTracker(policy());
        for (int n = 1; n <= 150; n++) {
            tracker.observe(scanProbe(1 + n / 100.0, "10.0.0.2", n));
        }
        assertEquals(1, tracker.incidents().size());
        assertEquals(150, tracker.incidents().get(0).portCount());
        assertEquals(5, tracker.alerts().size());
        assertEquals(Optional.of(BlockDecision.Kind.OFF), tracker.incidents().get(0).decision());
        assertTrue(tracker.blocks().isEmpty());
    }

    @Test
    public void occasionalFalseVerdictsOfBenignHostsNeverBlock() {
        IncidentTracker tracker = new IncidentTracker(policy("autoBlockMinSeverity", "LOW"));
        // Three benign hosts, each misjudged a few times an hour, in different families.
        String[] classes = {"BruteForce", "Flood", "Scan", "SlowDoS"};
        for (int minute = 0; minute < 60; minute += 7) {
            for (int host = 1; host <= 3; host++) {
                tracker.observe(verdict(minute * 60 + host, "10.0.1." + host, "10.0.0.3", 443,
                                        classes[(minute + host) % 4], minute).build());
            }
        }
        assertTrue(tracker.blocks().isEmpty());
        assertTrue(tracker.incidents().stream().allMatch(i -> i.decision().get() == BlockDecision.Kind.WAITING));
    }

    @Test
    public void aBruteForceOfNineLoginsIsBlockedAtItsFifth() {
        IncidentTracker tracker = new IncidentTracker(policy("autoBlockMinSeverity", "HIGH"));
        for (int n = 1; n <= 9; n++) {
            tracker.observe(verdict(n * 3, "10.0.0.5", "10.0.0.3", 22, "BruteForce", n).build());
        }
        assertEquals(1, tracker.blocks().size());
        assertEquals(15_000_000, tracker.blocks().get(0).createdMicros());
        assertEquals(Map.of("10.0.0.5", 4L), tracker.dropped());
    }

    @Test
    public void autoBlockMinAlertsStillSetsOneThresholdForEveryFamily() {
        IncidentTracker tracker = new IncidentTracker(policy("autoBlockMinSeverity", "LOW",
                                                             "autoBlockMinAlerts", "2"));
        tracker.observe(scanProbe(1, "10.0.0.2", 1));
        assertTrue(tracker.blocks().isEmpty());
        tracker.observe(scanProbe(2, "10.0.0.2", 2));
        assertEquals(1, tracker.blocks().size());
    }

    @Test
    public void aSpoofedSourceIsNotBlockedAndItsIncidentSaysLocationMismatch() {
        IncidentTracker tracker = new IncidentTracker(policy("autoBlockMinSeverity", "LOW"));
        for (int n = 1; n <= 12; n++) {
            tracker.observe(verdict(n, "10.0.0.1", "10.0.0.4", 5555, "Attack", n).reportedBy("device:s2", 3)
                                    .location(LocationCheck.MISMATCH, "reported at device:s2/3, 10.0.0.1 is at "
                                            + "device:s1/1").build());
        }
        assertTrue(tracker.blocks().isEmpty());
        Incident incident = tracker.incidents().get(0);
        assertEquals(LocationStatus.MISMATCH, incident.location());
        assertEquals(Optional.of(BlockDecision.Kind.LOCATION_MISMATCH), incident.decision());
        assertTrue(incident.decisionReason(), incident.decisionReason().startsWith("location mismatch: reported at "
                + "device:s2/3"));
        assertEquals(IncidentState.OPEN, incident.state());
    }

    @Test
    public void theOwnersOwnAttackAfterASpoofOfItsAddressIsAnIncidentOfItsOwnAndBlocked() {
        IncidentTracker tracker = new IncidentTracker(policy("autoBlockMinSeverity", "LOW"));
        // Someone at s2/3 attacks with 10.0.0.1's address: the edge switch says MISMATCH, the server's edge switch
        // (transit port) NEUTRAL for the same flows.
        for (int n = 1; n <= 6; n++) {
            tracker.observe(verdict(n, "10.0.0.1", "10.0.0.4", 5555, "Attack", n).reportedBy("device:s2", 3)
                                    .location(LocationCheck.MISMATCH, "reported at device:s2/3").build());
            tracker.observe(verdict(n + 0.001, "10.0.0.1", "10.0.0.4", 5555, "Attack", n)
                                    .reportedBy("device:s4", 1).location(LocationCheck.NEUTRAL, "transit").build());
        }
        assertEquals("the spoofed flows' transit reports stay with the spoofed incident", 1,
                     tracker.incidents().size());
        Incident spoofed = tracker.incidents().get(0);
        assertTrue(spoofed.spoofedSource());
        assertEquals(6, spoofed.flows());
        assertEquals(List.of("device:s2", "device:s4"), spoofed.devices());
        // Then the address's owner attacks from where ONOS locates it (other flows, within the window).
        for (int n = 11; n <= 16; n++) {
            tracker.observe(verdict(n, "10.0.0.1", "10.0.0.4", 5555, "Attack", n).reportedBy("device:s1", 1)
                                    .location(LocationCheck.MATCH, "reported at device:s1/1").build());
        }
        assertEquals(2, tracker.incidents().size());
        Incident own = tracker.incidents().get(1);
        assertFalse(own.spoofedSource());
        assertEquals(LocationStatus.CONFIRMED, own.location());
        assertEquals(IncidentState.BLOCKED, own.state());
        assertEquals(1, tracker.blocks().size());
        assertEquals(own.id(), tracker.blocks().get(0).incidentId());
        assertTrue("the owner's flows are its incident's evidence, with alerts",
                   tracker.alerts().stream().filter(a -> a.incidentId() == own.id()).count() >= 1);
        assertEquals(LocationStatus.MISMATCH, tracker.incident(spoofed.id()).get().location());
        assertEquals(6, tracker.incident(spoofed.id()).get().flows());
    }

    @Test
    public void transitReportsOnlyAddToFlowsAnIncidentHoldsFromTheirEdgeSwitch() {
        IncidentTracker tracker = new IncidentTracker(policy("autoBlockMinSeverity", "LOW"));
        // A transit switch reports flows before (or without) their edge switch: they never open an incident, nor
        // count towards a block of the address's owner.
        for (int n = 1; n <= 8; n++) {
            IncidentTracker.Outcome transit = tracker.observe(
                    verdict(n, "10.0.0.1", "10.0.0.4", 5555, "Attack", n).reportedBy("device:s4", 1)
                            .location(LocationCheck.NEUTRAL, "transit").build());
            assertEquals(Optional.of(IncidentBook.Placement.Kind.TRANSIT),
                         transit.placement().map(IncidentBook.Placement::kind));
        }
        assertTrue(tracker.incidents().isEmpty());
        assertEquals(Long.valueOf(8), tracker.counters().get(IncidentBook.TRANSIT));
        // The edge switch's report of a flow opens the incident; the transit switch's report of it joins.
        tracker.observe(verdict(10, "10.0.0.1", "10.0.0.4", 5555, "Attack", 10).reportedBy("device:s1", 1)
                                .location(LocationCheck.MATCH, "edge").build());
        tracker.observe(verdict(10.001, "10.0.0.1", "10.0.0.4", 5555, "Attack", 10).reportedBy("device:s4", 1)
                                .location(LocationCheck.NEUTRAL, "transit").build());
        assertEquals(1, tracker.incidents().size());
        Incident incident = tracker.incidents().get(0);
        assertEquals(1, incident.flows());
        assertEquals(2, incident.reports());
        assertEquals(List.of("device:s1", "device:s4"), incident.devices());
        assertEquals(LocationStatus.CONFIRMED, incident.location());
        assertTrue(tracker.blocks().isEmpty());
    }

    @Test
    public void aTransitReportThatAddsNothingIsCountedNotFolded() {
        IncidentTracker tracker = new IncidentTracker(policy("autoBlockMinSeverity", "LOW"));
        tracker.observe(verdict(1, "10.0.0.1", "10.0.0.4", 5555, "Attack", 1).reportedBy("device:s1", 1)
                                .location(LocationCheck.MATCH, "edge").confidencePermille(950).build());
        IncidentTracker.Outcome first = tracker.observe(
                verdict(1.001, "10.0.0.1", "10.0.0.4", 5555, "Attack", 1).reportedBy("device:s4", 1)
                        .location(LocationCheck.NEUTRAL, "transit").confidencePermille(950).build());
        assertEquals("the first transit report of the flow adds its switch",
                     Optional.of(IncidentBook.Placement.Kind.JOINED),
                     first.placement().map(IncidentBook.Placement::kind));
        // Its report again (e.g. at the flow's end), and of the next flow once the edge switch reported it: no news.
        tracker.observe(verdict(2, "10.0.0.1", "10.0.0.4", 5555, "Attack", 2).reportedBy("device:s1", 1)
                                .location(LocationCheck.MATCH, "edge").confidencePermille(950).build());
        for (double[] report : new double[][]{{2.5, 1}, {2.6, 2}}) {
            IncidentTracker.Outcome again = tracker.observe(
                    verdict(report[0], "10.0.0.1", "10.0.0.4", 5555, "Attack", (int) report[1])
                            .reportedBy("device:s4", 1).location(LocationCheck.NEUTRAL, "transit")
                            .confidencePermille(900).build());
            assertEquals(Optional.of(IncidentBook.Placement.Kind.TRANSIT_REPEAT),
                         again.placement().map(IncidentBook.Placement::kind));
            assertTrue(again.placement().get().incident().isEmpty());
        }
        Incident incident = tracker.incidents().get(0);
        assertEquals("reports folded: two edge reports and the first transit one", 3, incident.reports());
        assertEquals(2, incident.flows());
        assertEquals(Long.valueOf(2), tracker.counters().get(IncidentBook.TRANSIT_REPEAT));
        // A higher confidence than the incident shows is news: folded.
        IncidentTracker.Outcome surer = tracker.observe(
                verdict(3, "10.0.0.1", "10.0.0.4", 5555, "Attack", 2).reportedBy("device:s4", 1)
                        .location(LocationCheck.NEUTRAL, "transit").confidencePermille(990).build());
        assertEquals(Optional.of(IncidentBook.Placement.Kind.JOINED),
                     surer.placement().map(IncidentBook.Placement::kind));
        assertEquals(990, tracker.incidents().get(0).peakConfidencePermille());
        assertEquals(4, tracker.incidents().get(0).reports());
    }

    @Test
    public void anExpiredBlockLetsTheIncidentBlockAgain() {
        IncidentTracker tracker = new IncidentTracker(policy("autoBlockMinSeverity", "HIGH",
                                                             "autoBlockMinAlerts", "2", "blockTtlSeconds", "10"));
        tracker.observe(verdict(1, "10.0.0.3", "10.0.0.2", 80, "DoS", 1).build());
        tracker.observe(verdict(2, "10.0.0.3", "10.0.0.2", 80, "DoS", 2).build());
        assertTrue(tracker.observe(verdict(5, "10.0.0.3", "10.0.0.2", 80, "DoS", 3).build()).dropped());
        IncidentTracker.Outcome after = tracker.observe(verdict(12, "10.0.0.3", "10.0.0.2", 80, "DoS", 4).build());
        assertFalse("the block expired at 12 s", after.dropped());
        assertTrue("the incident's flows are still within the window", after.block().isPresent());
        assertEquals(2, tracker.blocks().size());
        assertEquals(1, tracker.incidents().size());
        assertEquals(Optional.of("2"), tracker.incidents().get(0).blockId());
    }

    @Test
    public void theCapStopsNewBlocksUntilOneExpires() {
        IncidentTracker tracker = new IncidentTracker(policy("autoBlockMinSeverity", "LOW", "autoBlockMinAlerts",
                                                             "1", "maxBlocks", "1", "blockTtlSeconds", "5"));
        tracker.observe(verdict(1, "10.0.0.3", "10.0.0.2", 80, "DoS", 1).build());
        tracker.observe(verdict(2, "10.0.0.4", "10.0.0.2", 80, "DoS", 1).build());
        assertEquals(Optional.of(BlockDecision.Kind.CAP_REACHED), tracker.incidents().get(1).decision());
        tracker.observe(verdict(7, "10.0.0.4", "10.0.0.2", 80, "DoS", 2).build());
        assertEquals(List.of("10.0.0.3", "10.0.0.4"),
                     tracker.blocks().stream().map(IncidentTracker.Block::srcText).collect(Collectors.toList()));
    }

    @Test
    public void lowConfidenceVerdictsAreCountedNotAlerted() {
        IncidentTracker tracker = new IncidentTracker(policy("incidentMinConfidencePermille", "950"));
        tracker.observe(verdict(1, "10.0.0.3", "10.0.0.2", 22, "BruteForce", 1).confidencePermille(940).build());
        assertTrue(tracker.incidents().isEmpty() && tracker.alerts().isEmpty());
        assertEquals(Map.of("lowConfidence:BruteForce", 1L), tracker.counters());
    }

    @Test
    public void finishClosesIdleIncidentsAndVerdictsMustComeInTimeOrder() {
        IncidentTracker tracker = new IncidentTracker(policy("incidentWindowSeconds", "10"));
        tracker.observe(verdict(2, "10.0.0.3", "10.0.0.2", 22, "DoS", 1).build());
        tracker.finish(11_000_000);
        assertEquals(IncidentState.OPEN, tracker.incidents().get(0).state());
        tracker.finish(12_000_000);
        assertEquals(IncidentState.CLOSED, tracker.incidents().get(0).state());
        try {
            tracker.observe(verdict(1, "10.0.0.3", "10.0.0.2", 22, "DoS", 2).build());
            fail("took a verdict from the past");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("time order"));
        }
        try {
            FlowVerdict.builder().flow("10.0.0.3", 1, "10.0.0.2", 2, 6).verdict(0, "Benign", 1).build();
            fail("made a benign verdict");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("benign"));
        }
    }
}
