/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.net.DeviceIdCompleter;
import org.onosproject.nids.api.AlertParams;
import org.onosproject.nids.api.FlowRecord;
import org.onosproject.nids.api.NidsFlowRecordService;

import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Lists the most recent flow records (the flow window), newest first. With -j, the JSON of GET /onos/nids/flows.
 */
@Service
@Command(scope = "onos", name = "nids-flows", description = "Lists the most recent NIDS flow records")
public class AlertFlowsCommand extends NidsCommand {

    @Option(name = "-d", aliases = "--device", description = "Only the records of this switch (e.g. device:s1)")
    @Completion(DeviceIdCompleter.class)
    String device = null;

    @Option(name = "-n", aliases = "--limit", description = "At most this many records (1..10000, default 100)")
    String limit = null;

    @Override
    protected void doExecute() {
        int max = AlertParams.limit(limit);
        List<FlowRecord> flows = getService(NidsFlowRecordService.class)
                .recentFlows(AlertParams.device(device), max).stream().limit(max).collect(Collectors.toList());
        if (outputJson()) {
            ObjectNode root = mapper().createObjectNode();
            ArrayNode array = root.putArray("flows");
            flows.forEach(record -> array.add(codec(FlowRecord.class).encode(record, this)));
            printJson(root);
            return;
        }
        if (flows.isEmpty()) {
            print("No flow records.");
            return;
        }
        for (FlowRecord record : flows) {
            print("%s port=%s %s %s class=%s leaf=%d model=%s received=%s", record.deviceId(),
                    record.ingressPort(), record.key().describe(), record.reason(),
                    record.className(), record.leafId(), record.modelId().orElse("none"),
                    Instant.ofEpochMilli(record.receivedMillis()));
        }
    }
}
