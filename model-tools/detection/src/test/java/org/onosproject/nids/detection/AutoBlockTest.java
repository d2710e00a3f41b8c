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

/** The automatic-blocking rule, check by check. */
public class AutoBlockTest {

    private static final int SRC = Ipv4Cidr.parseAddress("10.0.0.3");

    /** A source with these facts. */
    private static AutoBlock.SourceState state(String activeBlock, long openAlerts, int activeBlocks) {
        return new AutoBlock.SourceState() {
            @Override
            public Optional<String> activeBlock() {
                return Optional.ofNullable(activeBlock);
            }

            @Override
            public long qualifyingOpenAlerts(long atMost) {
                return Math.min(openAlerts, atMost);
            }

            @Override
            public int activeBlocks() {
                return activeBlocks;
            }
        };
    }

    private static BlockPolicy policy(AlertSeverity min, int minAlerts) {
        return new BlockPolicy(min, 300, List.of(Ipv4Cidr.parse("10.0.9.0/24")), 2, minAlerts);
    }

    @Test
    public void everyCheckGivesItsKindAndReason() {
        assertEquals("OFF: automatic blocking is off (autoBlockMinSeverity NONE)",
                     AutoBlock.decide(policy(null, 1), AlertSeverity.HIGH, SRC, state(null, 1, 0)).toString());
        assertEquals("BELOW_SEVERITY: severity MEDIUM is below HIGH",
                     AutoBlock.decide(policy(AlertSeverity.HIGH, 1), AlertSeverity.MEDIUM, SRC, state(null, 1, 0))
                             .toString());
        assertEquals("ALLOWLISTED: 10.0.9.7 is on the allowlist (10.0.9.0/24)",
                     AutoBlock.decide(policy(AlertSeverity.LOW, 1), AlertSeverity.HIGH,
                                      Ipv4Cidr.parseAddress("10.0.9.7"), state(null, 1, 0)).toString());
        BlockDecision linked = AutoBlock.decide(policy(AlertSeverity.LOW, 1), AlertSeverity.HIGH, SRC,
                                                state("4", 1, 1));
        assertEquals("ALREADY_BLOCKED: 10.0.0.3 is already blocked (block 4)", linked.toString());
        assertEquals(Optional.of("4"), linked.existingBlockId());
        assertEquals("WAITING: 2 of the 3 open alerts autoBlockMinAlerts asks for",
                     AutoBlock.decide(policy(AlertSeverity.LOW, 3), AlertSeverity.HIGH, SRC, state(null, 2, 0))
                             .toString());
        assertEquals("CAP_REACHED: maxBlocks (2) active blocks reached",
                     AutoBlock.decide(policy(AlertSeverity.LOW, 1), AlertSeverity.HIGH, SRC, state(null, 1, 2))
                             .toString());
        BlockDecision block = AutoBlock.decide(policy(AlertSeverity.LOW, 3), AlertSeverity.LOW, SRC,
                                               state(null, 3, 1));
        assertTrue(block.blocks());
        assertEquals(BlockDecision.Kind.BLOCK, block.kind());
    }

    @Test
    public void aReasonNamesTheAlertAndItsFlow() {
        String flow = AutoBlock.describeFlow("10.0.0.3", 4242, "10.0.0.2", 80, 6);
        assertEquals("10.0.0.3:4242 > 10.0.0.2:80 proto 6", flow);
        assertEquals("auto-block: HIGH DoS alert 7 (" + flow + ")",
                     AutoBlock.reason(true, AlertSeverity.HIGH, "DoS", 7, flow));
        assertEquals("MEDIUM Scan alert 2 (" + flow + ")", AutoBlock.reason(false, AlertSeverity.MEDIUM, "Scan", 2, flow));
    }
}
