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
import org.onosproject.nids.api.AlertParams;
import org.onosproject.nids.api.NidsAlert;
import org.onosproject.nids.api.NidsAlertService;
import org.onosproject.nids.codec.AlertCodec;

import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Lists alerts, newest first, each with its decision path. With -j, the JSON of GET /onos/nids/alerts.
 */
@Service
@Command(scope = "onos", name = "nids-alerts",
        description = "Lists NIDS alerts (newest first) with the decision path that raised each")
public class AlertsCommand extends NidsCommand {

    @Option(name = "-s", aliases = "--state", description = "Only alerts in this state: OPEN, ACKNOWLEDGED, BLOCKED")
    @Completion(AlertStateCompleter.class)
    String state = null;

    @Option(name = "-c", aliases = "--class", description = "Only alerts of this class name")
    String className = null;

    @Option(name = "-i", aliases = "--incident", description = "Only the evidence alerts of this incident")
    String incident = null;

    @Option(name = "-n", aliases = "--limit", description = "At most this many alerts (1..10000, default 100)")
    String limit = null;

    @Override
    protected void doExecute() {
        List<NidsAlert> alerts = getService(NidsAlertService.class)
                .alerts(AlertParams.query(state, null, className, incident, limit));
        if (outputJson()) {
            ObjectNode root = mapper().createObjectNode();
            ArrayNode array = root.putArray("alerts");
            alerts.forEach(alert -> array.add(codec(NidsAlert.class).encode(alert, this)));
            printJson(root);
            return;
        }
        if (alerts.isEmpty()) {
            print("No alerts.");
            return;
        }
        for (NidsAlert alert : alerts) {
            print("%s", line(alert));
            print("    %s", AlertCodec.explanation(alert));
        }
    }

    /**
     * @param alert an alert
     * @return {@code 42 OPEN HIGH DoS 10.0.0.1:51512 > 10.0.0.2:80 proto 6 reports=3 devices=device:s1,device:s2
     *         last=2026-01-15T10:00:02Z}
     */
    static String line(NidsAlert alert) {
        return String.format("%d %s %s %s %s reports=%d devices=%s last=%s%s", alert.id(), alert.state(),
                alert.severity(), alert.className(), alert.flowKey().describe(),
                alert.reportCount(),
                alert.devices().stream().map(Object::toString).collect(Collectors.joining(",")),
                Instant.ofEpochMilli(alert.lastSeenMillis()),
                alert.blockId().map(block -> " block=" + block).orElse(""))
                + alert.incidentId().map(incident -> " incident=" + incident).orElse("");
    }
}
