/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.detection;

import org.junit.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.onosproject.nids.detection.Verdicts.verdict;

/** One incident's bookkeeping: flows, destinations, ports, evidence, confidence, location, bounds, transitions. */
public class IncidentTest {

    private static Incident open(FlowVerdict v) {
        return Incident.open(1, v, AttackFamily.SCAN, "Scan", AlertSeverity.MEDIUM, 3);
    }

    private static Incident fold(Incident i, FlowVerdict v) {
        return i.fold(v, AlertSeverity.MEDIUM, 3);
    }

    @Test
    public void distinctFlowsDestinationsAndPortsAreCountedAndTheFirstFlowsKeptAsEvidence() {
        Incident incident = open(verdict(1, "10.0.0.2", "10.0.0.3", 22, "Scan", 1).confidencePermille(910)
                                         .reportedBy("device:s1", 1).build());
        incident = fold(incident, verdict(1.5, "10.0.0.2", "10.0.0.3", 22, "Scan", 1).confidencePermille(990)
                .reportedBy("device:s2", 3).build());                    // the same flow, another switch
        incident = fold(incident, verdict(2, "10.0.0.2", "10.0.0.3", 80, "PortScan", 2).build());
        incident = fold(incident, verdict(3, "10.0.0.2", "10.0.0.4", 80, "Scan", 3).build());
        incident = fold(incident, verdict(4, "10.0.0.2", "10.0.0.4", 443, "Scan", 4).build());
        incident = fold(incident, verdict(0.5, "10.0.0.2", "10.0.0.4", 8080, "Scan", 5).build());  // late report

        assertEquals(5, incident.flows());
        assertEquals(6, incident.reports());
        assertEquals(2, incident.destinationCount());
        assertArrayEquals(new int[]{22, 80, 443, 8080}, incident.ports());
        assertEquals(990, incident.peakConfidencePermille());
        assertEquals(500_000, incident.firstSeenMicros());
        assertEquals(4_000_000, incident.lastSeenMicros());
        assertEquals(List.of("Scan", "PortScan"), incident.classNames());
        assertEquals(List.of("device:s1", "device:s2"), incident.devices());
        assertEquals(3, incident.evidence().size());
        Evidence first = incident.evidence().get(0);
        assertEquals("10.0.0.2:40001 > 10.0.0.3:22 proto 6", first.describeFlow());
        assertEquals(910, first.confidencePermille());
        assertEquals("IN_PKTS = 1 <= 2", first.decisionPath());
        assertEquals("device:s1", first.device());
        long second = verdict(2, "10.0.0.2", "10.0.0.3", 80, "PortScan", 2).build().flowId();
        assertTrue(incident.evidenceOf(second).isPresent());
        assertFalse(incident.evidenceOf(verdict(4, "10.0.0.2", "10.0.0.4", 443, "Scan", 4).build().flowId())
                            .isPresent());
        assertEquals("Scan from 10.0.0.2: 5 flows, 4 ports on 2 hosts", incident.describe());
        assertEquals(IncidentState.OPEN, incident.state());
    }

    /** 300 distinct hosts, n mod 300. */
    private static String host(int n) {
        return "10.0." + (n % 3) + "." + (n % 100);
    }

    @Test
    public void aLargeScanStaysBounded() {
        Incident incident = open(Verdicts.scanProbe(0, "10.0.0.2", 1));
        for (int n = 2; n <= 3000; n++) {
            incident = fold(incident, verdict(n / 1000.0, "10.0.0.2", host(n), n, "Scan", n).build());
        }
        assertEquals(3000, incident.flows());
        assertEquals(Incident.MAX_PORTS, incident.portCount());
        assertTrue(incident.portsCapped());
        assertEquals(Incident.MAX_DESTINATIONS, incident.destinationCount());
        assertTrue(incident.destinationsCapped());
        assertEquals(3, incident.evidence().size());
        assertEquals(Incident.FLOW_TIMES, incident.flowsWithin(Long.MAX_VALUE));
        assertEquals("Scan from 10.0.0.2: 3000 flows, 1024+ ports on 256+ hosts", incident.describe());
        // A flow seen long ago (beyond the recent flows) counts again; a recent one does not.
        Incident again = fold(incident, verdict(3.1, "10.0.0.2", "10.0.0.3", 1, "Scan", 1).build());
        assertEquals(3001, again.flows());
        Incident recent = fold(incident, verdict(3.1, "10.0.0.2", host(2999), 2999, "Scan", 2999)
                .build());
        assertEquals(3000, recent.flows());
    }

    @Test
    public void aMismatchAnywhereWinsAndKeepsTheReportThatShowedIt() {
        Incident incident = open(verdict(1, "10.0.0.1", "10.0.0.2", 5555, "DoS", 1)
                                         .location(LocationCheck.NEUTRAL, "transit port").build());
        assertEquals(LocationStatus.UNCONFIRMED, incident.location());
        incident = fold(incident, verdict(2, "10.0.0.1", "10.0.0.2", 5555, "DoS", 2)
                .location(LocationCheck.MISMATCH, "reported at device:s2/1; 10.0.0.1 is at device:s1/1").build());
        incident = fold(incident, verdict(3, "10.0.0.1", "10.0.0.2", 5555, "DoS", 3)
                .location(LocationCheck.MATCH, "at device:s1/1").build());
        assertEquals(LocationStatus.MISMATCH, incident.location());
        assertEquals("reported at device:s2/1; 10.0.0.1 is at device:s1/1", incident.locationDetail());

        assertEquals(LocationStatus.CONFIRMED, LocationStatus.UNKNOWN.with(LocationCheck.MATCH));
        assertEquals(LocationStatus.CONFIRMED, LocationStatus.UNCONFIRMED.with(LocationCheck.MATCH));
        assertEquals(LocationStatus.UNKNOWN, LocationStatus.UNCONFIRMED.with(LocationCheck.UNKNOWN));
        assertEquals(LocationStatus.UNCHECKED, LocationStatus.of(LocationCheck.UNCHECKED));
        assertTrue(LocationStatus.UNCHECKED.allowsBlock() && LocationStatus.CONFIRMED.allowsBlock());
        assertFalse(LocationStatus.MISMATCH.allowsBlock() || LocationStatus.UNKNOWN.allowsBlock()
                            || LocationStatus.UNCONFIRMED.allowsBlock());
    }

    @Test
    public void transitionsAndTheWindow() {
        Incident incident = open(Verdicts.scanProbe(10, "10.0.0.2", 1));
        long window = 300_000_000;
        assertTrue(incident.takes(309_000_000, window));
        assertFalse(incident.takes(310_000_000, window));
        assertEquals(IncidentState.OPEN, incident.stateAt(309_999_999, window));
        assertEquals(IncidentState.CLOSED, incident.stateAt(310_000_000, window));

        Incident acked = incident.acknowledged();
        assertEquals(IncidentState.ACKNOWLEDGED, acked.state());
        assertSame(acked, acked.acknowledged());
        Incident blocked = acked.blocked("3");
        assertEquals(IncidentState.BLOCKED, blocked.state());
        assertEquals(Optional.of("3"), blocked.blockId());
        assertSame(blocked, blocked.acknowledged());
        Incident closed = blocked.closed();
        assertEquals(IncidentState.CLOSED, closed.state());
        assertFalse(closed.takes(11_000_000, window));
        assertEquals(IncidentState.CLOSED, closed.blocked("4").state());
        assertEquals(Optional.of("4"), closed.blocked("4").blockId());

        Incident decided = incident.decided(new BlockDecision(BlockDecision.Kind.WAITING, "fewer", null));
        assertEquals(Optional.of(BlockDecision.Kind.WAITING), decided.decision());
        assertEquals("fewer", decided.decisionReason());
        assertNotEquals(incident, decided);
        assertEquals(decided, incident.decided(new BlockDecision(BlockDecision.Kind.WAITING, "fewer", null)));
    }

    @Test
    public void aMergedVerdictCountsAsMerged() {
        Incident incident = open(Verdicts.scanProbe(1, "10.0.0.2", 1));
        Incident merged = incident.merge(verdict(2, "10.0.0.2", "10.0.0.3", 80, "DoS", 9).build(),
                                         AlertSeverity.HIGH, 3);
        assertEquals(1, merged.mergedReports());
        assertEquals(2, merged.flows());
        assertEquals(AlertSeverity.HIGH, merged.severity());
        assertEquals(List.of("Scan", "DoS"), merged.classNames());
        assertEquals("Scan", merged.familyName());
    }
}
