/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onlab.osgi.ServiceNotFoundException;
import org.onosproject.nids.api.AlertParams;
import org.onosproject.nids.api.AlertStats;
import org.onosproject.nids.api.BlockReactionStats;
import org.onosproject.nids.api.ClassShareSample;
import org.onosproject.nids.api.NidsBlockService;
import org.onosproject.nids.api.NidsClassShareService;
import org.onosproject.nids.api.NidsFlowRecordService;
import org.onosproject.nids.api.NidsSiemService;
import org.onosproject.nids.api.NidsStatsService;
import org.onosproject.nids.api.ReportPipelineStats;
import org.onosproject.nids.api.SiemExportStats;
import org.onosproject.rest.AbstractWebResource;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Alert and flow statistics: alerts by state, and per class and per switch the open alerts, alerts, reports and
 * flows; the report pipeline's counters (decoding, NetFlow export); the class-share series that shows drift; and
 * the block manager's cap and bounded reaction queue; and the SIEM export's counters.
 */
@Path("stats")
public class StatsWebResource extends AbstractWebResource {

    /** Query parameter: how many class-share samples to show. */
    static final String DRIFT = "drift";
    /** Samples shown unless asked otherwise. */
    static final int DRIFT_DEFAULT = 30;

    /**
     * The statistics.
     *
     * @param drift optional: class-share samples to include, newest last, 1..10000 (default 30)
     * @return 200 with the statistics (flows null, flowsAvailable false, pipeline null when the flow service is not
     *         running; drift null when the class-share tracker is not running; blocking null when the block service
     *         is not running; siem null when the SIEM export is not running); 400 for a bad drift count
     * @onos.rsModel StatsRow ClassShareSample Stats
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response stats(@QueryParam("drift") String drift) {
        int samples = drift == null ? DRIFT_DEFAULT : AlertParams.limit(DRIFT, drift);
        Optional<NidsFlowRecordService> flows = optional(NidsFlowRecordService.class);
        ObjectNode json = codec(AlertStats.class).encode(get(NidsStatsService.class).alertStats(), this);
        json.set("pipeline", flows.map(f -> (JsonNode) codec(ReportPipelineStats.class).encode(f.pipelineStats(),
                                                                                                 this))
                .orElse(NullNode.getInstance()));
        Optional<NidsClassShareService> tracker = optional(NidsClassShareService.class);
        if (tracker.isPresent()) {
            NidsClassShareService shares = tracker.get();
            ObjectNode series = json.putObject("drift").put("pollSeconds", shares.pollSeconds())
                    .put("maxSamples", shares.maxSamples()).put("samplesDropped", shares.samplesDropped());
            // What this instance read (the switches it masters): in a cluster each instance answers for itself.
            ObjectNode reads = series.putObject("localReads");
            Map<String, Long> byDevice = new TreeMap<>();
            shares.localReads().forEach((device, count) -> byDevice.put(device.toString(), count));
            byDevice.forEach(reads::put);
            series.put("localReadsSuperseded", shares.localReadsSuperseded());
            ArrayNode points = series.putArray("samples");
            shares.classShares(samples)
                    .forEach(sample -> points.add(codec(ClassShareSample.class).encode(sample, this)));
        } else {
            json.putNull("drift");
        }
        json.set("blocking", optional(NidsBlockService.class)
                .map(blocks -> (JsonNode) blockingStats(blocks.reactionStats())).orElse(NullNode.getInstance()));
        json.set("siem", optional(NidsSiemService.class)
                .map(siem -> (JsonNode) codec(SiemExportStats.class).encode(siem.stats(), this))
                .orElse(NullNode.getInstance()));
        return ok(json).build();
    }

    private ObjectNode blockingStats(BlockReactionStats stats) {
        return mapper().createObjectNode().put("blocks", stats.blocks()).put("maxBlocks", stats.maxBlocks())
                .put("reactionQueueCapacity", stats.queueCapacity()).put("reactionQueueDepth", stats.queueDepth())
                .put("reactionsDropped", stats.dropped());
    }

    private <T> Optional<T> optional(Class<T> service) {
        try {
            return Optional.of(get(service));
        } catch (ServiceNotFoundException e) {
            return Optional.empty();
        }
    }
}
