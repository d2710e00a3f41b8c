/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.detection;

import org.junit.Test;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.onosproject.nids.detection.IncidentBook.Placement.Kind.JOINED;
import static org.onosproject.nids.detection.IncidentBook.Placement.Kind.LOW_CONFIDENCE;
import static org.onosproject.nids.detection.IncidentBook.Placement.Kind.MERGED;
import static org.onosproject.nids.detection.IncidentBook.Placement.Kind.OPENED;
import static org.onosproject.nids.detection.IncidentBook.Placement.Kind.REFUSED;
import static org.onosproject.nids.detection.Verdicts.verdict;

/** Verdicts placed into incidents: grouping, the window, the confidence floor, and the bound. */
public class IncidentBookTest {

    private final MemoryIncidentBook book = new MemoryIncidentBook();

    private IncidentBook.Placement report(FlowVerdict v, IncidentPolicy policy) {
        return book.report(v, policy, SeverityPolicy.DEFAULT, IncidentBook.NO_HOST_BLOCKED);
    }

    private IncidentBook.Placement report(FlowVerdict v) {
        return report(v, IncidentPolicy.DEFAULT);
    }

    @Test
    public void oneIncidentPerSourceAndFamilyWithinTheWindow() {
        assertEquals(OPENED, report(verdict(1, "10.0.0.2", "10.0.0.3", 1, "Scan", 1).build()).kind());
        assertEquals(JOINED, report(verdict(2, "10.0.0.2", "10.0.0.3", 2, "PortScan", 2).build()).kind());
        assertEquals(OPENED, report(verdict(3, "10.0.0.2", "10.0.0.3", 80, "DoS", 3).build()).kind());
        assertEquals(OPENED, report(verdict(4, "10.0.0.4", "10.0.0.3", 3, "Scan", 4).build()).kind());
        // 300 s after the scan's last verdict: a new incident, the old one closes.
        IncidentBook.Placement later = report(verdict(302, "10.0.0.2", "10.0.0.3", 9, "Scan", 9).build());
        assertEquals(OPENED, later.kind());
        assertEquals(4, later.incident().get().id());
        assertEquals(List.of("10.0.0.2/Scan", "10.0.0.2/Flood", "10.0.0.4/Scan", "10.0.0.2/Scan"),
                     book.incidents().stream().map(i -> i.key().toString()).collect(Collectors.toList()));
        assertEquals(2, book.incident(1).get().flows());
        assertEquals(1, book.closeIdle(302_000_000, IncidentPolicy.DEFAULT.windowMicros()));
        assertEquals(IncidentState.CLOSED, book.incident(1).get().state());
        assertEquals(IncidentState.OPEN, book.incident(2).get().state());
    }

    @Test
    public void aFlowTowardsABlockedHostIsOnlyCounted() {
        int blocked = Ipv4Cidr.parseAddress("10.0.0.6");
        IncidentBook.Placement towards = book.report(verdict(1, "10.0.0.1", "10.0.0.6", 22, "Scan", 1).build(),
                                                     IncidentPolicy.DEFAULT, SeverityPolicy.DEFAULT,
                                                     host -> host == blocked);
        assertEquals(IncidentBook.Placement.Kind.TO_BLOCKED_HOST, towards.kind());
        assertTrue(towards.incident().isEmpty());
        assertTrue(book.incidents().isEmpty());
        assertEquals(Long.valueOf(1), book.counters().get(IncidentBook.TO_BLOCKED_HOST));
        // The same client's flows to other hosts still count, and the blocked host's own flows are its incident's.
        assertEquals(OPENED, book.report(verdict(2, "10.0.0.1", "10.0.0.3", 22, "Scan", 2).build(),
                                         IncidentPolicy.DEFAULT, SeverityPolicy.DEFAULT, host -> host == blocked)
                .kind());
        assertEquals(OPENED, book.report(verdict(3, "10.0.0.6", "10.0.0.3", 22, "Scan", 3).build(),
                                         IncidentPolicy.DEFAULT, SeverityPolicy.DEFAULT, host -> host == blocked)
                .kind());
    }

    @Test
    public void aBinaryModelsVerdictsAreAttackIncidents() {
        Incident incident = report(verdict(1, "10.0.0.1", "10.0.0.3", 5555, "Attack", 1).build()).incident().get();
        assertEquals("Attack", incident.familyName());
        assertEquals(AttackFamily.OTHER, incident.family());
        assertEquals(AlertSeverity.HIGH, incident.severity());
    }

    @Test
    public void lowConfidenceVerdictsNeverOpenOrJoinAndAreCountedPerClass() {
        IncidentPolicy policy = IncidentPolicy.DEFAULT.withMinConfidencePermille(900);
        assertEquals(LOW_CONFIDENCE, report(verdict(1, "10.0.0.1", "10.0.0.3", 22, "BruteForce", 1)
                .confidencePermille(899).build(), policy).kind());
        assertEquals(OPENED, report(verdict(2, "10.0.0.1", "10.0.0.3", 22, "BruteForce", 2)
                .confidencePermille(900).build(), policy).kind());
        assertEquals(LOW_CONFIDENCE, report(verdict(3, "10.0.0.1", "10.0.0.3", 22, "BruteForce", 3)
                .confidencePermille(500).build(), policy).kind());
        assertEquals(LOW_CONFIDENCE, report(verdict(3, "10.0.0.4", "10.0.0.3", 80, "DoS", 3)
                .confidencePermille(100).build(), policy).kind());
        assertEquals(JOINED, report(verdict(4, "10.0.0.1", "10.0.0.3", 22, "BruteForce", 4).build(), policy).kind());
        assertEquals(Map.of("lowConfidence:BruteForce", 2L, "lowConfidence:DoS", 1L), book.counters());
        assertEquals(2, book.incident(1).get().flows());
        assertEquals(900, book.incident(1).get().peakConfidencePermille());
    }

    @Test
    public void aFullBookEvictsClosedThenAcknowledgedThenBlockedNeverOpen() {
        IncidentPolicy policy = IncidentPolicy.DEFAULT.withMaxIncidents(3).withWindowSeconds(100);
        report(verdict(1, "10.0.0.1", "10.0.0.9", 1, "Scan", 1).build(), policy);   // 1
        report(verdict(2, "10.0.0.2", "10.0.0.9", 1, "Scan", 1).build(), policy);   // 2
        report(verdict(3, "10.0.0.3", "10.0.0.9", 1, "Scan", 1).build(), policy);   // 3
        book.change(2, Incident::acknowledged);
        book.change(3, i -> i.blocked("1"));
        // At 102 s incident 1 is idle past the window: evicted first, though its state still says OPEN.
        IncidentBook.Placement placed = report(verdict(102, "10.0.0.4", "10.0.0.9", 1, "Scan", 1).build(), policy);
        assertEquals(OPENED, placed.kind());
        assertEquals(1, placed.evicted().get().id());
        placed = report(verdict(103, "10.0.0.5", "10.0.0.9", 1, "Scan", 1).build(), policy);
        assertEquals("the acknowledged one next", 2, placed.evicted().get().id());
        placed = report(verdict(104, "10.0.0.6", "10.0.0.9", 1, "Scan", 1).build(), policy);
        assertEquals("then the blocked one", 3, placed.evicted().get().id());
        assertEquals(List.of(4L, 5L, 6L), book.incidents().stream().map(Incident::id).collect(Collectors.toList()));

        // Every incident is open now: a source with one gets the verdict merged into it, any other is refused.
        placed = report(verdict(105, "10.0.0.4", "10.0.0.9", 80, "DoS", 2).build(), policy);
        assertEquals(MERGED, placed.kind());
        assertEquals(4, placed.incident().get().id());
        assertEquals(1, placed.incident().get().mergedReports());
        assertEquals(REFUSED, report(verdict(106, "10.0.0.7", "10.0.0.9", 1, "Scan", 1).build(), policy).kind());
        assertFalse(placed.evicted().isPresent());
        // A verdict joining an incident needs no room.
        assertEquals(JOINED, report(verdict(107, "10.0.0.5", "10.0.0.9", 2, "Scan", 2).build(), policy).kind());
        assertEquals(Map.of("evicted", 3L, "merged", 1L, "refused", 1L), book.counters());
        assertEquals(3, book.size());
        assertTrue(book.incidents().stream().allMatch(i -> i.state() == IncidentState.OPEN));
    }
}
