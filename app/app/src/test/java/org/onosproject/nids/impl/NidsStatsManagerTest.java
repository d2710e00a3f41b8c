/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Test;
import org.onosproject.nids.api.AlertStats;
import org.onosproject.nids.api.NidsAlertService;
import org.onosproject.nids.api.NidsFlowRecordService;
import org.onosproject.nids.codec.AlertStatsCodec;
import org.onosproject.nids.codec.AlertTestData;
import org.onosproject.nids.codec.NidsTestModels;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;

/** {@link NidsStatsManager#stats} as {@link AlertStatsCodec} shows it. */
public class NidsStatsManagerTest {

    private static final AlertStatsCodec STATS = new AlertStatsCodec();

    private final NidsTestModels.Context context = new NidsTestModels.Context();

    /** Three alerts: DoS open (s1 ×1), DoS acknowledged (s1 ×2, s2 ×1), Scan blocked (s2 ×4). */
    static NidsAlertService alerts() {
        return AlertTestData.statsAlerts();
    }

    /** Flows: Benign 120, DoS 9; s1 80, s3 49. */
    static NidsFlowRecordService flows() {
        return AlertTestData.statsFlows();
    }

    @Test
    public void perClassAndPerDeviceOpenAlertsReportsAndFlows() throws Exception {
        AlertStats stats = NidsStatsManager.stats(alerts(), Optional.of(flows()));
        assertEquals(new ObjectMapper().readTree("{\"alerts\":{\"total\":3,\"open\":1,\"acknowledged\":1,"
                + "\"blocked\":1},\"flowsAvailable\":true,"
                + "\"classes\":[{\"class\":\"Benign\",\"openAlerts\":0,\"alerts\":0,\"reports\":0,\"flows\":120},"
                + "{\"class\":\"DoS\",\"openAlerts\":1,\"alerts\":2,\"reports\":4,\"flows\":9},"
                + "{\"class\":\"Scan\",\"openAlerts\":0,\"alerts\":1,\"reports\":4,\"flows\":0}],"
                + "\"devices\":[{\"deviceId\":\"device:s1\",\"openAlerts\":1,\"alerts\":2,\"reports\":3,\"flows\":80},"
                + "{\"deviceId\":\"device:s2\",\"openAlerts\":0,\"alerts\":2,\"reports\":5,\"flows\":0},"
                + "{\"deviceId\":\"device:s3\",\"openAlerts\":0,\"alerts\":0,\"reports\":0,\"flows\":49}]}").toString(),
                STATS.encode(stats, context).toString());
    }

    @Test
    public void withoutTheFlowServiceFlowsAreNull() {
        AlertStats stats = NidsStatsManager.stats(alerts(), Optional.empty());
        assertEquals(false, stats.flowsAvailable());
        assertEquals(List.of("DoS", "Scan"), stats.classes().stream().map(AlertStats.Row::name)
                .collect(java.util.stream.Collectors.toList()));
        assertEquals(Optional.empty(), stats.classes().get(0).flows());
        assertEquals(true, STATS.encode(stats, context).get("devices").get(0).get("flows").isNull());
    }

    @Test
    public void roundTrips() {
        for (AlertStats stats : List.of(NidsStatsManager.stats(alerts(), Optional.of(flows())),
                NidsStatsManager.stats(alerts(), Optional.empty()))) {
            assertEquals(stats, STATS.decode(STATS.encode(stats, context), context));
        }
    }
}
