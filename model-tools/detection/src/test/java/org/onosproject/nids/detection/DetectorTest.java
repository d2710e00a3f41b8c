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

/** Verdicts in time order become alerts, blocks when the policy says so, and drops while a source is blocked. */
public class DetectorTest {

    private static Detector.Verdict verdict(double seconds, String client, String className) {
        long micros = (long) (seconds * 1_000_000);
        return new Detector.Verdict(micros, (int) seconds, client, 40000, "10.0.0.2", 22, 6, 1, className, 5, 3);
    }

    private static Detector detector(String... properties) {
        Map<String, String> map = new java.util.LinkedHashMap<>();
        for (int i = 0; i < properties.length; i += 2) {
            map.put(properties[i], properties[i + 1]);
        }
        return new Detector(DetectionPolicy.fromProperties(map));
    }

    @Test
    public void aSourceIsBlockedOnItsNthQualifyingAlertAndItsLaterFlowsAreDropped() {
        Detector detector = detector("autoBlockMinSeverity", "MEDIUM", "autoBlockMinAlerts", "3",
                                     "blockTtlSeconds", "60");
        for (int i = 1; i <= 5; i++) {
            detector.observe(verdict(i, "10.0.0.3", "Scan"));
        }
        List<Detector.Alert> alerts = detector.alerts();
        assertEquals(3, alerts.size());
        assertEquals(AlertSeverity.MEDIUM, alerts.get(0).severity);
        assertEquals(BlockDecision.Kind.WAITING, alerts.get(0).decision.kind());
        assertEquals(BlockDecision.Kind.WAITING, alerts.get(1).decision.kind());
        assertTrue(alerts.get(2).decision.blocks());
        assertEquals(Optional.of("1"), alerts.get(2).blockId());
        assertFalse("the earlier alerts stay open", alerts.get(0).blockId().isPresent());

        Detector.Block block = detector.blocks().get(0);
        assertEquals("10.0.0.3", block.src);
        assertEquals(3, block.alertId);
        assertEquals("auto-block: MEDIUM Scan alert 3 (10.0.0.3:40000 > 10.0.0.2:22 proto 6)", block.reason);
        assertEquals(3_000_000, block.createdMicros);
        assertEquals(63_000_000, block.expiresMicros);
        assertEquals(Map.of("10.0.0.3", 2L), detector.dropped());
    }

    @Test
    public void anExpiredBlockLetsTheSourceAlertAgainAndItsOpenAlertsBlockItAtOnce() {
        Detector detector = detector("autoBlockMinSeverity", "HIGH", "autoBlockMinAlerts", "2",
                                     "blockTtlSeconds", "10");
        detector.observe(verdict(1, "10.0.0.3", "DoS"));
        detector.observe(verdict(2, "10.0.0.3", "DoS"));
        detector.observe(verdict(5, "10.0.0.3", "DoS"));
        Optional<Detector.Alert> after = detector.observe(verdict(12, "10.0.0.3", "DoS"));
        assertTrue("the block expired at 12 s", after.isPresent());
        assertTrue("alert 1 is still open: with this one, two", after.get().decision.blocks());
        assertEquals(2, detector.blocks().size());
        assertEquals(Map.of("10.0.0.3", 1L), detector.dropped());
    }

    @Test
    public void belowTheThresholdAllowlistedOrOffMeansNoBlock() {
        Detector off = detector();
        off.observe(verdict(1, "10.0.0.3", "DoS"));
        assertEquals(BlockDecision.Kind.OFF, off.alerts().get(0).decision.kind());

        Detector detector = detector("autoBlockMinSeverity", "HIGH", "blockAllowlist", "10.0.0.4",
                                     "alertSeverities", "Exploits=LOW");
        detector.observe(verdict(1, "10.0.0.3", "Scan"));
        detector.observe(verdict(2, "10.0.0.4", "DoS"));
        detector.observe(verdict(3, "10.0.0.3", "Exploits"));
        assertEquals(List.of(BlockDecision.Kind.BELOW_SEVERITY, BlockDecision.Kind.ALLOWLISTED,
                             BlockDecision.Kind.BELOW_SEVERITY),
                     detector.alerts().stream().map(a -> a.decision.kind()).collect(Collectors.toList()));
        assertEquals(AlertSeverity.LOW, detector.alerts().get(2).severity);
        assertTrue(detector.blocks().isEmpty());
    }

    @Test
    public void theCapStopsNewBlocksUntilOneExpires() {
        Detector detector = detector("autoBlockMinSeverity", "LOW", "maxBlocks", "1", "blockTtlSeconds", "5");
        detector.observe(verdict(1, "10.0.0.3", "DoS"));
        detector.observe(verdict(2, "10.0.0.4", "DoS"));
        detector.observe(verdict(7, "10.0.0.4", "DoS"));
        assertEquals(List.of(BlockDecision.Kind.BLOCK, BlockDecision.Kind.CAP_REACHED, BlockDecision.Kind.BLOCK),
                     detector.alerts().stream().map(a -> a.decision.kind()).collect(Collectors.toList()));
    }

    @Test
    public void verdictsMustComeInTimeOrderAndBeAttacks() {
        Detector detector = detector();
        detector.observe(verdict(2, "10.0.0.3", "DoS"));
        try {
            detector.observe(verdict(1, "10.0.0.3", "DoS"));
            fail("took a verdict from the past");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("time order"));
        }
        try {
            detector.observe(new Detector.Verdict(3_000_000, 9, "10.0.0.3", 1, "10.0.0.2", 2, 6, 0, "Benign", 1, 1));
            fail("alerted a benign verdict");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("benign"));
        }
    }
}
