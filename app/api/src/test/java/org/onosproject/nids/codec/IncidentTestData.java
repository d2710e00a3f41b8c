/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.codec;

import org.onosproject.nids.detection.AlertSeverity;
import org.onosproject.nids.detection.AttackFamily;
import org.onosproject.nids.detection.BlockDecision;
import org.onosproject.nids.detection.FlowVerdict;
import org.onosproject.nids.detection.Incident;
import org.onosproject.nids.detection.LocationCheck;

/** Incidents for codec and REST tests. */
public final class IncidentTestData {

    /** 2026-01-15T10:00:00Z in µs. */
    public static final long T0_MICROS = 1_768_471_200_000_000L;

    private IncidentTestData() {
    }

    /**
     * @param n          the flow's number: its time (T0 + n s) and client port (40000 + n)
     * @param port       its server port
     * @param confidence its leaf confidence, permille (-1 unknown)
     * @param location   what its report's port said
     * @return a PortScan verdict of 10.0.0.3 towards 10.0.0.2; flow 0 is a replay's (no switch, no phase)
     */
    public static FlowVerdict verdict(int n, int port, int confidence, LocationCheck location) {
        FlowVerdict.Builder b = FlowVerdict.builder().timeMicros(T0_MICROS + n * 1_000_000L)
                .flow("10.0.0.3", 40000 + n, "10.0.0.2", port, 6).verdict(2, "PortScan", 9)
                .decisionPath("DST_PORTS = 40 > 16").modelId("m1").location(location, "reported by device:s1 port 3")
                .confidencePermille(confidence);
        if (n > 0) {
            b.reportedBy("device:s1", 3).phase(8);
        }
        return b.build();
    }

    /**
     * @param id the incident's id
     * @return a Scan incident of 10.0.0.3: 3 flows to ports 22..24, 2 kept as evidence, WAITING
     */
    public static Incident incident(long id) {
        return Incident.open(id, verdict(0, 22, FlowVerdict.UNKNOWN_CONFIDENCE, LocationCheck.MATCH),
                             AttackFamily.SCAN, "Scan", AlertSeverity.MEDIUM, 2)
                .fold(verdict(1, 23, 970, LocationCheck.NEUTRAL), AlertSeverity.MEDIUM, 2)
                .fold(verdict(2, 24, 900, LocationCheck.MATCH), AlertSeverity.MEDIUM, 2)
                .decided(new BlockDecision(BlockDecision.Kind.WAITING, "fewer than the 10 …", null));
    }
}
