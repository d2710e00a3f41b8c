/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.detection;

import org.junit.Test;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;

/** Class names to attack families: the words of the lab's, UNSW's and CIC's classes, and overrides. */
public class FamilyPolicyTest {

    @Test
    public void namesOfTheLabAndTheDatasetsFallIntoTheirFamilies() {
        FamilyPolicy families = FamilyPolicy.DEFAULT;
        assertEquals(AttackFamily.SCAN, families.of("Scan"));
        assertEquals(AttackFamily.SCAN, families.of("PortScan"));
        assertEquals(AttackFamily.SCAN, families.of("Reconnaissance"));
        assertEquals(AttackFamily.FLOOD, families.of("Flood"));
        assertEquals(AttackFamily.FLOOD, families.of("DoS"));
        assertEquals(AttackFamily.FLOOD, families.of("DDoS attacks-LOIC-HTTP"));
        assertEquals(AttackFamily.FLOOD, families.of("DoS attacks-Hulk"));
        assertEquals(AttackFamily.SLOW_DOS, families.of("SlowDoS"));
        assertEquals(AttackFamily.SLOW_DOS, families.of("DoS attacks-Slowloris"));
        assertEquals(AttackFamily.SLOW_DOS, families.of("DoS attacks-SlowHTTPTest"));
        assertEquals(AttackFamily.BRUTE_FORCE, families.of("BruteForce"));
        assertEquals(AttackFamily.BRUTE_FORCE, families.of("SSH-Bruteforce"));
        assertEquals(AttackFamily.OTHER, families.of("Attack"));
        assertEquals(AttackFamily.OTHER, families.of("Exploits"));
        assertEquals("Scan", families.incidentFamily("PortScan"));
        assertEquals("Attack", families.incidentFamily("Attack"));
        assertEquals("Exploits", families.incidentFamily("Exploits"));
    }

    @Test
    public void overridesWinAndBadOnesAreRefused() {
        FamilyPolicy families = FamilyPolicy.parse("Generic=flood, Fuzzers=Scan ,attack=brute_force");
        assertEquals(AttackFamily.FLOOD, families.of("GENERIC"));
        assertEquals(AttackFamily.SCAN, families.of("Fuzzers"));
        assertEquals(AttackFamily.BRUTE_FORCE, families.of("Attack"));
        assertEquals("generic=Flood,fuzzers=Scan,attack=BruteForce", families.spec());
        assertEquals(families, FamilyPolicy.parse(families.spec()));
        assertEquals(FamilyPolicy.DEFAULT, FamilyPolicy.parse(" "));
        refused("Generic", "expected ClassName=FAMILY, got \"Generic\"");
        refused("Generic=Worm", "unknown attack family \"Worm\" for class Generic (expected Scan, Flood, BruteForce, "
                + "SlowDoS or Other)");
    }

    private static void refused(String spec, String reason) {
        try {
            FamilyPolicy.parse(spec);
            fail("accepted " + spec);
        } catch (IllegalArgumentException e) {
            assertEquals(reason, e.getMessage());
        }
    }
}
