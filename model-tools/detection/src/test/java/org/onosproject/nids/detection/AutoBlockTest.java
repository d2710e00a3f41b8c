/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.detection;

import org.junit.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.onosproject.nids.detection.Verdicts.verdict;

/** The automatic-blocking rule on incidents, check by check. */
public class AutoBlockTest {

    /** A source with these facts. */
    private static AutoBlock.SourceState state(String activeBlock, int activeBlocks) {
        return new AutoBlock.SourceState() {
            @Override
            public Optional<String> activeBlock() {
                return Optional.ofNullable(activeBlock);
            }

            @Override
            public int activeBlocks() {
                return activeBlocks;
            }
        };
    }

    private static BlockPolicy policy(AlertSeverity min, int minAlerts) {
        return new BlockPolicy(min, 300, List.of(Ipv4Cidr.parse("10.0.9.0/24")), 2)
                .withAutoBlockMinAlerts(minAlerts);
    }

    /** An incident of {@code flows} distinct flows from src, one a second, each checked as {@code check}. */
    private static Incident incident(String src, String className, int flows, LocationCheck check) {
        Incident incident = null;
        for (int n = 1; n <= flows; n++) {
            FlowVerdict v = verdict(n, src, "10.0.0.2", 22, className, n)
                    .location(check, check == LocationCheck.MISMATCH ? "reported by device:s2 port 3; " + src
                            + " is at device:s1/1" : null).build();
            incident = incident == null ? Incident.open(7, v, FamilyPolicy.DEFAULT.of(className),
                                                        FamilyPolicy.DEFAULT.incidentFamily(className),
                                                        SeverityPolicy.DEFAULT.of(className), 5)
                    : incident.fold(v, SeverityPolicy.DEFAULT.of(className), 5);
        }
        return incident;
    }

    private static Incident incident(int flows) {
        return incident("10.0.0.3", "DoS", flows, LocationCheck.MATCH);
    }

    @Test
    public void everyCheckGivesItsKindAndReason() {
        assertEquals("OFF: automatic blocking is off (autoBlockMinSeverity NONE)",
                     AutoBlock.decide(policy(null, 1), incident(1), state(null, 0)).toString());
        assertEquals("BELOW_SEVERITY: severity MEDIUM is below HIGH",
                     AutoBlock.decide(policy(AlertSeverity.HIGH, 1),
                                      incident("10.0.0.3", "Scan", 3, LocationCheck.MATCH), state(null, 0))
                             .toString());
        assertEquals("ALLOWLISTED: 10.0.9.7 is on the allowlist (10.0.9.0/24)",
                     AutoBlock.decide(policy(AlertSeverity.LOW, 1), incident("10.0.9.7", "DoS", 1,
                                                                              LocationCheck.MATCH),
                                      state(null, 0)).toString());
        assertEquals("ACKNOWLEDGED: incident 7 is acknowledged: an operator decides",
                     AutoBlock.decide(policy(AlertSeverity.LOW, 1), incident(3).acknowledged(), state(null, 0))
                             .toString());
        BlockDecision linked = AutoBlock.decide(policy(AlertSeverity.LOW, 1), incident(1), state("4", 1));
        assertEquals("ALREADY_BLOCKED: 10.0.0.3 is already blocked (block 4)", linked.toString());
        assertEquals(Optional.of("4"), linked.existingBlockId());
        assertEquals("WAITING: fewer than the 3 confident Flood flows within 60 s autoBlockMinAlerts asks for",
                     AutoBlock.decide(policy(AlertSeverity.LOW, 3), incident(2), state(null, 0)).toString());
        assertEquals("WAITING: fewer than the 10 confident Flood flows within 60 s autoBlockMinFlows asks for",
                     AutoBlock.decide(policy(AlertSeverity.LOW, 0), incident(9), state(null, 0)).toString());
        assertEquals("CAP_REACHED: maxBlocks (2) active blocks reached",
                     AutoBlock.decide(policy(AlertSeverity.LOW, 1), incident(1), state(null, 2)).toString());
        BlockDecision block = AutoBlock.decide(policy(AlertSeverity.LOW, 3), incident(3), state(null, 1));
        assertTrue(block.blocks());
        assertEquals(BlockDecision.Kind.BLOCK, block.kind());
        assertTrue(AutoBlock.decide(policy(AlertSeverity.LOW, 0), incident(10), state(null, 0)).blocks());
    }

    @Test
    public void onlyAConfirmedLocationBlocks() {
        BlockPolicy policy = policy(AlertSeverity.LOW, 2);
        assertEquals("LOCATION_MISMATCH: location mismatch: reported by device:s2 port 3; 10.0.0.1 is at device:s1/1;"
                             + " not blocked (the address may be spoofed)",
                     AutoBlock.decide(policy, incident("10.0.0.1", "DoS", 3, LocationCheck.MISMATCH),
                                      state(null, 0)).toString());
        assertEquals(BlockDecision.Kind.LOCATION_UNKNOWN,
                     AutoBlock.decide(policy, incident("10.0.0.1", "DoS", 3, LocationCheck.UNKNOWN),
                                      state(null, 0)).kind());
        assertEquals(BlockDecision.Kind.LOCATION_UNCONFIRMED,
                     AutoBlock.decide(policy, incident("10.0.0.1", "DoS", 3, LocationCheck.NEUTRAL),
                                      state(null, 0)).kind());
        assertTrue("offline: unchecked", AutoBlock.decide(policy, incident("10.0.0.1", "DoS", 3,
                                                                           LocationCheck.UNCHECKED),
                                                          state(null, 0)).blocks());
        // Waiting comes first: a single spoofed flow says "waiting", not "mismatch".
        assertEquals(BlockDecision.Kind.WAITING,
                     AutoBlock.decide(policy, incident("10.0.0.1", "DoS", 1, LocationCheck.MISMATCH),
                                      state(null, 0)).kind());
    }

    @Test
    public void theWindowCountsOnlyRecentFlows() {
        BlockPolicy policy = policy(AlertSeverity.LOW, 3).withAutoBlockWindowSeconds(10);
        Incident slow = null;
        for (int n = 0; n < 5; n++) {
            FlowVerdict v = verdict(n * 20, "10.0.0.3", "10.0.0.2", 22, "DoS", n).location(LocationCheck.MATCH,
                                                                                          null).build();
            slow = slow == null ? Incident.open(1, v, AttackFamily.FLOOD, "Flood", AlertSeverity.HIGH, 5)
                    : slow.fold(v, AlertSeverity.HIGH, 5);
        }
        assertEquals(5, slow.flows());
        assertEquals(1, slow.flowsWithin(10_000_000));
        assertEquals(BlockDecision.Kind.WAITING, AutoBlock.decide(policy, slow, state(null, 0)).kind());
    }

    @Test
    public void reasonsNameTheIncidentOrTheAlert() {
        BlockPolicy policy = policy(AlertSeverity.LOW, 0);
        assertEquals("auto-block: HIGH Flood incident 7 from 10.0.0.3, 12 confident flows within 60 s "
                             + "(autoBlockMinFlows Flood=10): 12 flows, 1 port on 1 host",
                     AutoBlock.reason(policy, incident(12)));
        String flow = AutoBlock.describeFlow("10.0.0.3", 4242, "10.0.0.2", 80, 6);
        assertEquals("10.0.0.3:4242 > 10.0.0.2:80 proto 6", flow);
        assertEquals("auto-block: HIGH DoS alert 7 (" + flow + ")",
                     AutoBlock.reason(true, AlertSeverity.HIGH, "DoS", 7, flow));
        assertEquals("MEDIUM Scan alert 2 (" + flow + ")", AutoBlock.reason(false, AlertSeverity.MEDIUM, "Scan", 2, flow));
    }
}
