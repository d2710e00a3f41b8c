/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.nids.api.IncidentQuery;
import org.onosproject.nids.api.NidsException;
import org.onosproject.nids.api.NidsIncidentService;
import org.onosproject.nids.codec.IncidentTestData;
import org.onosproject.nids.detection.Incident;
import org.onosproject.nids.detection.IncidentState;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.easymock.EasyMock.createMock;
import static org.easymock.EasyMock.expect;
import static org.easymock.EasyMock.replay;
import static org.easymock.EasyMock.verify;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;

/** nids-incidents (list, one with its evidence, filters, JSON, bad options) and nids-incident-ack. */
public class IncidentCommandsTest extends CliTestBase {

    private NidsIncidentService incidents;

    @Before
    public void setUpServices() {
        incidents = createMock(NidsIncidentService.class);
        services.put(NidsIncidentService.class, incidents);
    }

    private IncidentsCommand incidentsCommand() {
        return new IncidentsCommand() {
            @Override
            public <T> T getService(Class<T> serviceClass) {
                return service(serviceClass);
            }
        };
    }

    @Test
    public void listsIncidentsWithTheirDecisionAndTheCounters() {
        expect(incidents.incidents(IncidentQuery.builder().build())).andReturn(List.of(IncidentTestData.incident(7)));
        expect(incidents.counters()).andReturn(Map.of("refused", 2L)).times(2);
        replay(incidents);
        incidentsCommand().doExecute();
        assertEquals(List.of(
                "7 OPEN MEDIUM Scan from 10.0.0.3: 3 flows, 3 ports on 1 host location=CONFIRMED "
                        + "last=2026-01-15T10:00:02Z",
                "    WAITING: fewer than the 10 …",
                "counters: {refused=2}"), List.of(out().split("\\R")));
        verify(incidents);
    }

    @Test
    public void showsOneIncidentWithItsEvidence() {
        expect(incidents.incident(7)).andReturn(Optional.of(IncidentTestData.incident(7)));
        replay(incidents);
        IncidentsCommand command = incidentsCommand();
        command.incidentId = "7";
        command.doExecute();
        assertEquals(List.of(
                "7 OPEN MEDIUM Scan from 10.0.0.3: 3 flows, 3 ports on 1 host location=CONFIRMED "
                        + "last=2026-01-15T10:00:02Z",
                "    WAITING: fewer than the 10 …",
                "    location CONFIRMED (reported by device:s1 port 3)",
                "    evidence 10.0.0.3:40000 > 10.0.0.2:22 proto 6 PortScan leaf 9 at 2026-01-15T10:00:00Z: "
                        + "DST_PORTS = 40 > 16",
                "    evidence 10.0.0.3:40001 > 10.0.0.2:23 proto 6 PortScan leaf 9 at 2026-01-15T10:00:01Z: "
                        + "DST_PORTS = 40 > 16"), List.of(out().split("\\R")));
        verify(incidents);
    }

    @Test
    public void filtersAndJson() throws Exception {
        expect(incidents.incidents(IncidentQuery.builder().state(IncidentState.BLOCKED).family("Scan").limit(5)
                                           .build())).andReturn(List.of(IncidentTestData.incident(3).blocked("4")));
        expect(incidents.counters()).andReturn(Map.of());
        replay(incidents);
        IncidentsCommand command = incidentsCommand();
        command.state = "blocked";
        command.family = "Scan";
        command.limit = "5";
        jsonOutput(command);
        command.doExecute();
        JsonNode json = new ObjectMapper().readTree(out());
        assertEquals(3, json.get("incidents").get(0).get("id").asLong());
        assertEquals("4", json.get("incidents").get(0).get("blockId").asText());
        verify(incidents);
    }

    @Test
    public void badOptionsAndUnknownIdsFailNamingWhy() {
        expect(incidents.incident(8)).andReturn(Optional.empty());
        expect(incidents.acknowledge(9)).andThrow(new NidsException(NidsException.Kind.NOT_FOUND,
                                                                    "incident 9 does not exist"));
        replay(incidents);
        IncidentsCommand command = incidentsCommand();
        command.source = "10.0.0";
        expectFailure(command::doExecute, "source: expected an IPv4 address, got \"10.0.0\"");
        command.source = null;
        command.incidentId = "8";
        expectFailure(command::doExecute, "incident 8 does not exist");
        IncidentAckCommand ack = new IncidentAckCommand() {
            @Override
            public <T> T getService(Class<T> serviceClass) {
                return service(serviceClass);
            }
        };
        ack.incidentId = "9";
        expectFailure(ack::doExecute, "incident 9 does not exist");
        verify(incidents);
    }

    @Test
    public void ackPrintsTheAcknowledgedIncident() {
        Incident acked = IncidentTestData.incident(7).acknowledged();
        expect(incidents.acknowledge(7)).andReturn(acked);
        replay(incidents);
        IncidentAckCommand ack = new IncidentAckCommand() {
            @Override
            public <T> T getService(Class<T> serviceClass) {
                return service(serviceClass);
            }
        };
        ack.incidentId = "7";
        ack.doExecute();
        assertEquals(IncidentsCommand.line(acked), out().strip());
        verify(incidents);
    }

    private static void expectFailure(Runnable action, String message) {
        try {
            action.run();
            fail("no failure: " + message);
        } catch (NidsException e) {
            assertEquals(message, e.getMessage());
        }
    }
}
