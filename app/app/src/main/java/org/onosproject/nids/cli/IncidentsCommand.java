/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.nids.api.IncidentParams;
import org.onosproject.nids.api.NidsException;
import org.onosproject.nids.api.NidsIncidentService;
import org.onosproject.nids.api.UserInput;
import org.onosproject.nids.detection.Evidence;
import org.onosproject.nids.detection.Incident;

import java.time.Instant;
import java.util.List;

/**
 * Lists incidents (newest first), or shows one with its evidence flows and decision paths. Fails (non-zero exit) on
 * a bad filter or an unknown id.
 */
@Service
@Command(scope = "onos", name = "nids-incidents",
        description = "Lists NIDS incidents (attacks per source and family, newest first), or shows one with its "
                + "evidence")
public class IncidentsCommand extends NidsCommand {

    @Argument(index = 0, name = "incidentId", description = "Show this incident with its evidence flows")
    @Completion(IncidentIdCompleter.class)
    String incidentId = null;

    @Option(name = "-s", aliases = "--state", description = "Only incidents in this state: OPEN, ACKNOWLEDGED, "
            + "BLOCKED, CLOSED")
    @Completion(IncidentStateCompleter.class)
    String state = null;

    @Option(name = "--source", description = "Only incidents of this IPv4 source")
    String source = null;

    @Option(name = "-f", aliases = "--family", description = "Only incidents of this family (Scan, Flood, "
            + "BruteForce, SlowDoS, or a class name)")
    String family = null;

    @Option(name = "-n", aliases = "--limit", description = "At most this many incidents (1..10000, default 100)")
    String limit = null;

    @Override
    protected void doExecute() {
        NidsIncidentService service = getService(NidsIncidentService.class);
        List<Incident> incidents;
        try {
            if (incidentId != null) {
                incidents = List.of(IncidentParams.incidentId(incidentId).flatMap(service::incident)
                        .orElseThrow(() -> new NidsException(NidsException.Kind.NOT_FOUND,
                        "incident " + UserInput.brief(incidentId) + " does not exist")));
            } else {
                incidents = service.incidents(IncidentParams.query(state, source, family, null, limit));
            }
        } catch (NidsException e) {
            error("%s", e.getMessage());
            throw e;
        }
        if (outputJson()) {
            if (incidentId != null) {
                printJson(codec(Incident.class).encode(incidents.get(0), this));
                return;
            }
            ObjectNode root = mapper().createObjectNode();
            ArrayNode array = root.putArray("incidents");
            incidents.forEach(incident -> array.add(codec(Incident.class).encode(incident, this)));
            ObjectNode counters = root.putObject("counters");
            service.counters().forEach(counters::put);
            printJson(root);
            return;
        }
        if (incidents.isEmpty()) {
            print("No incidents.");
        }
        for (Incident incident : incidents) {
            print("%s", line(incident));
            print("    %s", incident.decision().map(d -> d + ": " + incident.decisionReason())
                    .orElse("no auto-block decision"));
            if (incidentId != null) {
                print("    location %s%s", incident.location(),
                      incident.locationDetail() == null ? "" : " (" + incident.locationDetail() + ")");
                for (Evidence e : incident.evidence()) {
                    print("    evidence %s %s leaf %d at %s: %s", e.describeFlow(), e.className(), e.leafId(),
                          Instant.EPOCH.plusNanos(e.timeMicros() * 1000),
                          e.decisionPath().isEmpty() ? "(decision path unknown)" : e.decisionPath());
                }
            }
        }
        if (incidentId == null && !service.counters().isEmpty()) {
            print("counters: %s", service.counters());
        }
    }

    /**
     * @param incident an incident
     * @return {@code 7 OPEN MEDIUM Scan from 10.0.0.3: 150 flows, 150 ports on 1 host location=CONFIRMED
     *         last=2026-01-15T10:00:02Z}
     */
    static String line(Incident incident) {
        return String.format("%d %s %s %s location=%s last=%s%s", incident.id(), incident.state(),
                             incident.severity(), incident.describe(), incident.location(),
                             Instant.EPOCH.plusNanos(incident.lastSeenMicros() * 1000),
                             incident.blockId().map(block -> " block=" + block).orElse(""));
    }
}
