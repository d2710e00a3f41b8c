/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Test;
import org.onosproject.nids.api.NidsFlowRecordService;
import org.onosproject.nids.codec.AlertTestData;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/** nids-stats: the report path's counters, drops per reason. */
public class NidsStatsCommandTest extends CliTestBase {

    private NidsStatsCommand command(boolean json) throws Exception {
        NidsStatsCommand command = new NidsStatsCommand() {
            @Override
            public <T> T getService(Class<T> serviceClass) {
                return service(serviceClass);
            }
        };
        if (json) {
            jsonOutput(command);
        }
        return command;
    }

    @Test
    public void dropsPerReasonAndQueues() throws Exception {
        services.put(NidsFlowRecordService.class, AlertTestData.statsFlows());
        command(false).doExecute();
        String out = out();
        assertTrue(out, out.contains("received=145 decoded=140 malformed=2 missing=7 records=138 workers=2"));
        assertTrue(out, out.contains("missing   device:bmv2:s1=7"));
        assertTrue(out, out.contains("reportQueueFull=5"));
        assertTrue(out, out.contains("detectionQueueFull=1"));
        assertTrue(out, out.contains("reports=3/16384"));
        assertTrue(out, out.contains("p99=900us"));
    }

    @Test
    public void jsonIsThePipelinePartOfTheRestStats() throws Exception {
        services.put(NidsFlowRecordService.class, AlertTestData.statsFlows());
        command(true).doExecute();
        JsonNode json = new ObjectMapper().readTree(out());
        assertEquals(5, json.get("drops").get("reportQueueFull").asLong());
        assertEquals(16384, json.get("queues").get("reports").get("capacity").asLong());
        assertEquals(1, json.get("alertsDropped").asLong());
    }
}
