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
        assertEquals(600, policy.blocks().ttlSeconds());
        assertEquals(100, policy.blocks().maxBlocks());
        assertEquals(List.of(Ipv4Cidr.parse("10.0.0.1"), Ipv4Cidr.parse("10.0.1.0/24")),
                     policy.blocks().allowlist());
        assertEquals(AlertSeverity.LOW, policy.severities().of("exploits"));
        assertEquals(policy.toProperties(), DetectionPolicy.fromProperties(policy.toProperties()).toProperties());
    }

    @Test
    public void theDefaultsAreTheComponentsDefaults() {
        assertEquals(Map.of("alertSeverities", "", "autoBlockMinSeverity", "NONE", "autoBlockMinAlerts", "1",
                            "blockTtlSeconds", "600", "blockAllowlist", "", "maxBlocks", "100"),
                     DetectionPolicy.fromProperties(Map.of()).toProperties());
    }

    @Test
    public void unknownNamesAndBadValuesAreRefusedWithTheReason() {
        expectRefusal(Map.of("autoBlockSeverity", "HIGH"), "unknown policy property autoBlockSeverity (expected "
                + "alertSeverities, autoBlockMinSeverity, autoBlockMinAlerts, blockTtlSeconds, blockAllowlist, "
                + "maxBlocks)");
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
