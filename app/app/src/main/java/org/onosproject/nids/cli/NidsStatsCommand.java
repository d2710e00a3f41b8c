/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.cli;

import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.nids.api.NidsFlowRecordService;
import org.onosproject.nids.api.ReportPipelineStats;

import java.util.stream.Collectors;

/**
 * The report path's counters, as in the "pipeline" part of GET /onos/nids/stats: reports taken, decoded, made into
 * records, the bounded queues, the drops per reason, handling time, detection time, and the NetFlow export.
 */
@Service
@Command(scope = "onos", name = "nids-stats",
        description = "Shows the NIDS report path: reports, records, queues, drops per reason, handling and detection "
                + "time, NetFlow")
public class NidsStatsCommand extends NidsCommand {

    @Override
    protected void doExecute() {
        ReportPipelineStats stats = getService(NidsFlowRecordService.class).pipelineStats();
        if (outputJson()) {
            printJson(codec(ReportPipelineStats.class).encode(stats, this));
            return;
        }
        print("reports   received=%d decoded=%d malformed=%d missing=%d records=%d workers=%d",
              stats.reportsReceived(), stats.reportsDecoded(), stats.reportsMalformed(), stats.reportsMissing(),
              stats.records(), stats.workers());
        if (stats.reportsMissing() > 0) {
            print("missing   %s (gaps in each switch's report numbers)", stats.reportsMissingBySwitch().entrySet()
                    .stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" ")));
        }
        print("queues    %s", stats.queues().entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue().length() + "/" + e.getValue().capacity())
                .collect(Collectors.joining(" ")));
        print("drops     %s", stats.drops().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(" ")));
        ReportPipelineStats.Latency handling = stats.handling();
        print("handling  p50=%dus p99=%dus max=%dus (%d reports); packet thread mean=%dns max=%dns",
              handling.p50Micros(), handling.p99Micros(), handling.maxMicros(), handling.count(),
              stats.packetThreadMeanNanos(), stats.packetThreadMaxNanos());
        ReportPipelineStats.Latency detection = stats.detection();
        ReportPipelineStats.Latency service = stats.detectionService();
        print("detection p50=%dus p99=%dus max=%dus (%d attack records, %d thread(s)); of which the incident service "
                      + "p50=%dus p99=%dus", detection.p50Micros(), detection.p99Micros(), detection.maxMicros(),
              detection.count(), stats.detectionWorkers(), service.p50Micros(), service.p99Micros());
        print("netflow   exported=%d dropped=%d packets sent=%d failed=%d", stats.netflowRecordsExported(),
              stats.netflowRecordsDropped(), stats.netflowPacketsSent(), stats.netflowPacketsFailed());
        print("probes    sent=%d cancelled=%d (idle sweep; the switches' answers: nids-devices)", stats.probesSent(),
              stats.probesCancelled());
    }
}
