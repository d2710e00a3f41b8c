/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.detection;

import org.junit.Test;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.fail;

/** Severity by class name. */
public class SeverityPolicyTest {

    @Test
    public void reconnaissanceIsMediumEveryOtherAttackHigh() {
        SeverityPolicy policy = SeverityPolicy.DEFAULT;
        assertEquals(AlertSeverity.MEDIUM, policy.of("Scan"));
        assertEquals(AlertSeverity.MEDIUM, policy.of("PortScan"));
        assertEquals(AlertSeverity.MEDIUM, policy.of("Reconnaissance"));
        assertEquals(AlertSeverity.MEDIUM, policy.of("probe"));
        assertEquals(AlertSeverity.HIGH, policy.of("DoS"));
        assertEquals(AlertSeverity.HIGH, policy.of("Backdoor"));
        assertEquals(AlertSeverity.HIGH, policy.of("3"));
    }

    @Test
    public void overridesByClassNameAnyCase() {
        SeverityPolicy policy = SeverityPolicy.parse(" Scan = low ,DDoS=MEDIUM,, ");
        assertEquals(AlertSeverity.LOW, policy.of("scan"));
        assertEquals(AlertSeverity.MEDIUM, policy.of("DDoS"));
        assertEquals(AlertSeverity.MEDIUM, policy.of("Reconnaissance"));
        assertEquals(AlertSeverity.HIGH, policy.of("DoS"));
        assertSame(SeverityPolicy.DEFAULT, SeverityPolicy.parse(""));
        assertSame(SeverityPolicy.DEFAULT, SeverityPolicy.parse(null));
    }

    @Test
    public void theSpecReadsBackAsTheSamePolicy() {
        SeverityPolicy policy = SeverityPolicy.parse("Scan=LOW, DDoS=medium");
        assertEquals("scan=LOW,ddos=MEDIUM", policy.spec());
        assertEquals(AlertSeverity.LOW, SeverityPolicy.parse(policy.spec()).of("SCAN"));
        assertEquals("", SeverityPolicy.DEFAULT.spec());
    }

    @Test
    public void malformedOverridesAreRefusedWithAReason() {
        for (String[] bad : new String[][]{
                {"Scan", "expected ClassName=SEVERITY, got \"Scan\""},
                {"=HIGH", "expected ClassName=SEVERITY, got \"=HIGH\""},
                {"DoS=URGENT", "unknown severity \"URGENT\" for class DoS (expected LOW, MEDIUM or HIGH)"}}) {
            try {
                SeverityPolicy.parse(bad[0]);
                fail("accepted " + bad[0]);
            } catch (IllegalArgumentException e) {
                assertEquals(bad[1], e.getMessage());
            }
        }
    }
}
