/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.detection;

import org.junit.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;

/** The policy read from the components' property names, as the app and simulate --policy both take it. */
public class DetectionPolicyTest {

    @Test
    public void propertiesOverTheDefaults() {
        DetectionPolicy policy = DetectionPolicy.fromProperties(Map.of(
                "autoBlockMinSeverity", "medium", "autoBlockMinAlerts", "5", "blockAllowlist", "10.0.0.1, 10.0.1.0/24",
                "alertSeverities", "Exploits=LOW"));
        assertEquals(Optional.of(AlertSeverity.MEDIUM), policy.blocks().autoBlockMinSeverity());
        assertEquals(5, policy.blocks().autoBlockMinAlerts());
        assertEquals(5, policy.blocks().minFlows(AttackFamily.SCAN));
        assertEquals(600, policy.blocks().ttlSeconds());
        assertEquals(100, policy.blocks().maxBlocks());
        assertEquals(List.of(Ipv4Cidr.parse("10.0.0.1"), Ipv4Cidr.parse("10.0.1.0/24")),
                     policy.blocks().allowlist());
        assertEquals(AlertSeverity.LOW, policy.severities().of("exploits"));
        assertEquals(policy.toProperties(), DetectionPolicy.fromProperties(policy.toProperties()).toProperties());
    }

    @Test
    public void theDefaultsAreTheComponentsDefaults() {
        Map<String, String> defaults = new java.util.LinkedHashMap<>();
        defaults.put("alertSeverities", "");
        defaults.put("incidentWindowSeconds", "300");
        defaults.put("incidentEvidenceFlows", "5");
        defaults.put("incidentMinConfidencePermille", "0");
        defaults.put("maxIncidents", "1000");
        defaults.put("attackFamilies", "");
        defaults.put("autoBlockMinSeverity", "NONE");
        defaults.put("autoBlockMinAlerts", "0");
        defaults.put("autoBlockMinFlows", "Scan=10,Flood=10,BruteForce=5,SlowDoS=5,Other=5");
        defaults.put("autoBlockWindowSeconds", "60");
        defaults.put("blockTtlSeconds", "600");
        defaults.put("blockAllowlist", "");
        defaults.put("maxBlocks", "100");
        assertEquals(defaults, DetectionPolicy.fromProperties(Map.of()).toProperties());
        assertEquals(List.copyOf(defaults.keySet()), DetectionPolicy.PROPERTIES);
    }

    @Test
    public void incidentAndFlowThresholdPropertiesAreRead() {
        DetectionPolicy policy = DetectionPolicy.fromProperties(Map.of(
                "autoBlockMinFlows", "scan=20, brute_force=3", "autoBlockWindowSeconds", "30",
                "incidentWindowSeconds", "120", "incidentEvidenceFlows", "2", "incidentMinConfidencePermille", "950",
                "maxIncidents", "50", "attackFamilies", "Generic=Flood"));
        assertEquals(20, policy.blocks().minFlows(AttackFamily.SCAN));
        assertEquals(3, policy.blocks().minFlows(AttackFamily.BRUTE_FORCE));
        assertEquals(10, policy.blocks().minFlows(AttackFamily.FLOOD));
        assertEquals(30, policy.blocks().autoBlockWindowSeconds());
        assertEquals(120_000_000, policy.incidents().windowMicros());
        assertEquals(2, policy.incidents().evidenceFlows());
        assertEquals(950, policy.incidents().minConfidencePermille());
        assertEquals(50, policy.incidents().maxIncidents());
        assertEquals(AttackFamily.FLOOD, policy.incidents().families().of("Generic"));
        assertEquals("Scan=20,Flood=10,BruteForce=3,SlowDoS=5,Other=5", policy.toProperties().get("autoBlockMinFlows"));
        assertEquals(policy.toProperties(), DetectionPolicy.fromProperties(policy.toProperties()).toProperties());
    }

    @Test
    public void unknownNamesAndBadValuesAreRefusedWithTheReason() {
        expectRefusal(Map.of("autoBlockSeverity", "HIGH"), "unknown policy property autoBlockSeverity (expected "
                + String.join(", ", DetectionPolicy.PROPERTIES) + ")");
        expectRefusal(Map.of("autoBlockMinAlerts", "101"), "autoBlockMinAlerts: expected an integer 0..100, got 101");
        expectRefusal(Map.of("autoBlockMinFlows", "Scan=0"), "autoBlockMinFlows: Scan: expected an integer 1..100, "
                + "got 0");
        expectRefusal(Map.of("autoBlockMinFlows", "Worm=3"), "autoBlockMinFlows: unknown attack family \"Worm\" "
                + "(expected Scan, Flood, BruteForce, SlowDoS or Other)");
        expectRefusal(Map.of("incidentEvidenceFlows", "0"), "incidentEvidenceFlows: expected an integer 1..100, "
                + "got 0");
        expectRefusal(Map.of("incidentMinConfidencePermille", "1001"), "incidentMinConfidencePermille: expected an "
                + "integer 0..1000, got 1001");
        expectRefusal(Map.of("attackFamilies", "x=y"), "attackFamilies: unknown attack family \"y\" for class x "
                + "(expected Scan, Flood, BruteForce, SlowDoS or Other)");
        expectRefusal(Map.of("autoBlockMinSeverity", "SEVERE"), "expected NONE, LOW, MEDIUM or HIGH, got \"SEVERE\"");
        expectRefusal(Map.of("maxBlocks", "0"), "maxBlocks: expected an integer >= 1, got 0");
        expectRefusal(Map.of("blockTtlSeconds", "ten"), "blockTtlSeconds: expected an integer >= 0, got \"ten\"");
        expectRefusal(Map.of("blockAllowlist", "10.0.0.300"), "not an IPv4 address or CIDR: \"10.0.0.300\"");
    }

    private static void expectRefusal(Map<String, String> properties, String reason) {
        try {
            DetectionPolicy.fromProperties(properties);
            fail("accepted " + properties);
        } catch (IllegalArgumentException e) {
            assertEquals(reason, e.getMessage());
        }
    }
}
