/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Test;
import org.onosproject.nids.api.NidsAlertService;
import org.onosproject.nids.api.NidsFlowRecordService;
import org.onosproject.nids.codec.AlertCodecs;
import org.onosproject.nids.codec.AlertTestData;
import org.onosproject.nids.codec.AlertViews;
import org.onosproject.nids.codec.NidsTestModels;

import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/** /onos/nids/stats. */
public class StatsWebResourceTest extends NidsResourceTest {

    @Test
    public void alertsAndFlowsPerClassAndPerSwitch() throws Exception {
        NidsAlertService alerts = AlertTestData.statsAlerts();
        NidsFlowRecordService flows = AlertTestData.statsFlows();
        setServiceDirectory(new TestServiceDirectory().add(NidsAlertService.class, alerts)
                .add(NidsFlowRecordService.class, flows));

        ObjectNode body = json(target("stats").request().get(), 200);
        assertEquals(AlertCodecs.STATS.encode(AlertViews.stats(alerts, Optional.of(flows)),
                new NidsTestModels.Context()).toString(), body.toString());
        assertTrue(body.get("flowsAvailable").asBoolean());
        assertEquals(1, body.get("alerts").get("open").asLong());
        assertEquals(120, body.get("classes").get(0).get("flows").asLong());
    }

    @Test
    public void withoutTheFlowServiceTheAlertsStillCount() throws Exception {
        setServiceDirectory(new TestServiceDirectory().add(NidsAlertService.class,
                AlertTestData.statsAlerts()));
        ObjectNode body = json(target("stats").request().get(), 200);
        assertFalse(body.get("flowsAvailable").asBoolean());
        assertEquals(3, body.get("alerts").get("total").asLong());
        assertTrue(body.get("classes").get(0).get("flows").isNull());
    }
}
