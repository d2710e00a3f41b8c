/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.AlertStats;
import org.onosproject.nids.api.BlockReactionStats;
import org.onosproject.nids.api.ClassShareSample;
import org.onosproject.nids.api.NidsBlockService;
import org.onosproject.nids.api.NidsClassShareService;
import org.onosproject.nids.api.NidsFlowRecordService;
import org.onosproject.nids.api.NidsSiemService;
import org.onosproject.nids.api.NidsStatsService;
import org.onosproject.nids.api.SiemExportStats;
import org.onosproject.nids.codec.AlertStatsCodec;
import org.onosproject.nids.codec.AlertTestData;
import org.onosproject.nids.codec.NidsTestModels;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.easymock.EasyMock.createMock;
import static org.easymock.EasyMock.expect;
import static org.easymock.EasyMock.replay;
import static org.easymock.EasyMock.verify;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/** /onos/nids/stats. */
public class StatsWebResourceTest extends NidsResourceTest {

    /** Three alerts: DoS open and acknowledged, Scan blocked; flows Benign 120, DoS 9 (or none counted). */
    static AlertStats stats(boolean flowsAvailable) {
        Long benign = flowsAvailable ? 120L : null;
        Long dos = flowsAvailable ? 9L : null;
        Long none = flowsAvailable ? 0L : null;
        List<AlertStats.Row> classes = new ArrayList<>();
        if (flowsAvailable) {
            classes.add(new AlertStats.Row("Benign", 0, 0, 0, benign));
        }
        classes.add(new AlertStats.Row("DoS", 1, 2, 4, dos));
        classes.add(new AlertStats.Row("Scan", 0, 1, 4, none));
        return new AlertStats(3, 1, 1, 1, flowsAvailable, classes,
                              List.of(new AlertStats.Row("device:s1", 1, 2, 3, flowsAvailable ? 80L : null),
                                      new AlertStats.Row("device:s2", 0, 2, 5, none)));
    }

    private static NidsStatsService statsService(boolean flowsAvailable) {
        NidsStatsService service = createMock(NidsStatsService.class);
        expect(service.alertStats()).andReturn(stats(flowsAvailable)).anyTimes();
        replay(service);
        return service;
    }

    @Test
    public void alertsAndFlowsPerClassAndPerSwitch() throws Exception {
        NidsFlowRecordService flows = AlertTestData.statsFlows();
        setServiceDirectory(new TestServiceDirectory().add(NidsStatsService.class, statsService(true))
                .add(NidsFlowRecordService.class, flows));

        ObjectNode body = json(target("stats").request().get(), 200);
        ObjectNode pipeline = (ObjectNode) body.remove("pipeline");
        assertTrue(body.remove("drift").isNull());
        assertTrue(body.remove("blocking").isNull());
        assertTrue(body.remove("siem").isNull());
        assertEquals(new AlertStatsCodec().encode(stats(true), new NidsTestModels.Context()).toString(),
                     body.toString());
        assertEquals(140, pipeline.get("reportsDecoded").asLong());
        assertEquals(2, pipeline.get("reportsMalformed").asLong());
        assertEquals(7, pipeline.get("reportsMissing").asLong());
        assertEquals(7, pipeline.get("reportsMissingBySwitch").get("device:bmv2:s1").asLong());
        assertEquals(129, pipeline.get("netflow").get("recordsExported").asLong());
        assertEquals(5, pipeline.get("drops").get("reportQueueFull").asLong());
        assertEquals(1, pipeline.get("alertsDropped").asLong());
        assertEquals(10000, pipeline.get("queues").get("detection").get("capacity").asLong());
        assertEquals(900, pipeline.get("handlingMicros").get("p99").asLong());
        assertEquals(4, pipeline.get("detectionWorkers").asInt());
        assertEquals(12, pipeline.get("probes").get("sent").asLong());
        assertEquals(1, pipeline.get("probes").get("cancelled").asLong());
        assertEquals(30_000, pipeline.get("detectionMicros").get("p50").asLong());
        assertEquals(9, pipeline.get("detectionMicros").get("count").asLong());
        assertEquals(60_000, pipeline.get("detectionServiceMicros").get("p99").asLong());
        assertTrue(body.get("flowsAvailable").asBoolean());
        assertEquals(1, body.get("alerts").get("open").asLong());
        assertEquals(120, body.get("classes").get(0).get("flows").asLong());
    }

    @Test
    public void withoutTheFlowServiceTheAlertsStillCount() throws Exception {
        setServiceDirectory(new TestServiceDirectory().add(NidsStatsService.class, statsService(false)));
        ObjectNode body = json(target("stats").request().get(), 200);
        assertFalse(body.get("flowsAvailable").asBoolean());
        assertEquals(3, body.get("alerts").get("total").asLong());
        assertTrue(body.get("classes").get(0).get("flows").isNull());
        assertTrue(body.get("pipeline").isNull());
    }

    @Test
    public void theClassShareSeriesNewestLast() throws Exception {
        NidsClassShareService drift = createMock(NidsClassShareService.class);
        expect(drift.pollSeconds()).andReturn(10);
        expect(drift.maxSamples()).andReturn(360);
        expect(drift.samplesDropped()).andReturn(7L);
        expect(drift.localReads()).andReturn(Map.of(DeviceId.deviceId("device:s2"), 3L,
                                                     DeviceId.deviceId("device:s1"), 5L));
        expect(drift.localReadsSuperseded()).andReturn(1L);
        expect(drift.classShares(2)).andReturn(List.of(
                new ClassShareSample(1_000, 10_000, "m1", ImmutableMap.of("benign", 90L, "attack", 10L)),
                new ClassShareSample(11_000, 10_000, "m1", ImmutableMap.of("benign", 50L, "attack", 150L))));
        replay(drift);
        setServiceDirectory(new TestServiceDirectory().add(NidsStatsService.class, statsService(false))
                .add(NidsClassShareService.class, drift));

        JsonNode series = json(target("stats").queryParam("drift", "2").request().get(), 200).get("drift");
        assertEquals(10, series.get("pollSeconds").asInt());
        assertEquals(360, series.get("maxSamples").asInt());
        assertEquals(7, series.get("samplesDropped").asLong());
        // This instance's reads per switch, in switch order.
        assertEquals(List.of("device:s1", "device:s2"), ImmutableList.copyOf(series.get("localReads").fieldNames()));
        assertEquals(5, series.get("localReads").get("device:s1").asLong());
        assertEquals(1, series.get("localReadsSuperseded").asLong());
        JsonNode last = series.get("samples").get(1);
        assertEquals(200, last.get("packets").asLong());
        assertEquals("attack", last.get("classes").get(1).get("class").asText());
        assertEquals(0.75, last.get("classes").get(1).get("share").asDouble(), 1e-9);
        assertEquals("1970-01-01T00:00:11Z", last.get("time").asText());
        verify(drift);
    }

    @Test
    public void theSiemExportCountsWhatItSentDroppedAndRefused() throws Exception {
        NidsSiemService siem = createMock(NidsSiemService.class);
        expect(siem.stats()).andReturn(new SiemExportStats(
                100, 3, 12, 2, List.of(new SiemExportStats.Output("file:/tmp/eve.json", 10, 0, null),
                                       new SiemExportStats.Output("tcp://127.0.0.1:6514", 7, 3, "cannot connect")),
                ImmutableMap.of("eveFile", "/tmp/eve.json", "syslogFacility", "local0"),
                "syslogFacility=\"local9\": expected a facility name"));
        replay(siem);
        setServiceDirectory(new TestServiceDirectory().add(NidsStatsService.class, statsService(false))
                .add(NidsSiemService.class, siem));

        JsonNode export = json(target("stats").request().get(), 200).get("siem");
        assertEquals(100, export.get("queueCapacity").asInt());
        assertEquals(3, export.get("queueDepth").asInt());
        assertEquals(12, export.get("eventsQueued").asLong());
        assertEquals(2, export.get("eventsDropped").asLong());
        assertEquals("file:/tmp/eve.json", export.get("outputs").get(0).get("name").asText());
        assertTrue(export.get("outputs").get(0).get("lastError").isNull());
        assertEquals(3, export.get("outputs").get(1).get("failed").asLong());
        assertEquals("cannot connect", export.get("outputs").get(1).get("lastError").asText());
        assertEquals("local0", export.get("configuration").get("syslogFacility").asText());
        assertTrue(export.get("lastRefusal").asText().startsWith("syslogFacility=\"local9\""));
        verify(siem);
    }

    @Test
    public void theBlockCapAndTheReactionQueueWithItsDrops() throws Exception {
        NidsBlockService blocks = createMock(NidsBlockService.class);
        expect(blocks.reactionStats()).andReturn(new BlockReactionStats(3, 5, 4096, 7, 42));
        replay(blocks);
        setServiceDirectory(new TestServiceDirectory().add(NidsStatsService.class, statsService(false))
                .add(NidsBlockService.class, blocks));

        JsonNode blocking = json(target("stats").request().get(), 200).get("blocking");
        assertEquals("{\"blocks\":3,\"maxBlocks\":5,\"reactionQueueCapacity\":4096,\"reactionQueueDepth\":7,"
                             + "\"reactionsDropped\":42}", blocking.toString());
        verify(blocks);
    }

    @Test
    public void aBadDriftCountIs400WithTheReason() throws Exception {
        setServiceDirectory(new TestServiceDirectory().add(NidsStatsService.class, statsService(false)));
        String message = errorMessage(target("stats").queryParam("drift", "0").request().get(), 400);
        assertTrue(message, message.startsWith("drift: expected an integer 1..10000"));
    }
}
