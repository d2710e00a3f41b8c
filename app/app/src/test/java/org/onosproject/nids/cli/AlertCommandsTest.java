/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.common.collect.ImmutableMap;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.nids.api.AlertQuery;
import org.onosproject.nids.api.AlertState;
import org.onosproject.nids.api.NidsAlertService;
import org.onosproject.nids.api.NidsException;
import org.onosproject.nids.api.NidsFlowRecordService;
import org.onosproject.nids.codec.AlertTestData;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.easymock.EasyMock.createMock;
import static org.easymock.EasyMock.expect;
import static org.easymock.EasyMock.replay;
import static org.easymock.EasyMock.verify;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;
import static org.onosproject.nids.codec.AlertTestData.KEY;
import static org.onosproject.nids.codec.AlertTestData.OTHER_KEY;
import static org.onosproject.nids.codec.AlertTestData.S1;
import static org.onosproject.nids.codec.AlertTestData.S2;
import static org.onosproject.nids.codec.AlertTestData.T0;
import static org.onosproject.nids.codec.AlertTestData.alert;
import static org.onosproject.nids.codec.AlertTestData.dos;
import static org.onosproject.nids.codec.AlertTestData.record;

/** nids-alerts, nids-alert-ack, nids-flows and their completers. */
public class AlertCommandsTest extends CliTestBase {

    private NidsAlertService alerts;
    private NidsFlowRecordService flows;

    @Before
    public void setUpServices() {
        alerts = createMock(NidsAlertService.class);
        flows = createMock(NidsFlowRecordService.class);
        services.put(NidsAlertService.class, alerts);
        services.put(NidsFlowRecordService.class, flows);
    }

    private AlertsCommand alertsCommand() {
        return new AlertsCommand() {
            @Override
            public <T> T getService(Class<T> serviceClass) {
                return service(serviceClass);
            }
        };
    }

    private AlertAckCommand ackCommand(String id) {
        AlertAckCommand command = new AlertAckCommand() {
            @Override
            public <T> T getService(Class<T> serviceClass) {
                return service(serviceClass);
            }
        };
        command.alertId = id;
        return command;
    }

    private AlertFlowsCommand flowsCommand() {
        return new AlertFlowsCommand() {
            @Override
            public <T> T getService(Class<T> serviceClass) {
                return service(serviceClass);
            }
        };
    }

    @Test
    public void alertsPrintsEachAlertWithItsDecisionPath() {
        expect(alerts.alerts(AlertQuery.all())).andReturn(List.of(
                alert(2, AlertState.BLOCKED, T0 + 1000).toBuilder().deviceReports(ImmutableMap.of(S1, 2L, S2, 1L))
                        .reportCount(3).build(),
                alert(1, AlertState.OPEN, T0).toBuilder().decisionPath(List.of()).leafId(4).build()));
        replay(alerts);
        alertsCommand().doExecute();
        assertEquals(List.of(
                "2 BLOCKED HIGH DoS 10.0.0.1:51512 > 10.0.0.2:80 proto 6 reports=3 devices=device:s1,device:s2 "
                        + "last=2026-01-15T10:00:01Z block=block-2",
                "    IN_BYTES = 412 <= 1000",
                "1 OPEN HIGH DoS 10.0.0.1:51512 > 10.0.0.2:80 proto 6 reports=1 devices=device:s1 "
                        + "last=2026-01-15T10:00:00Z",
                "    leaf 4 (decision path unknown)"), List.of(out().split("\\R")));
        verify(alerts);
    }

    @Test
    public void alertsFiltersAndJson() throws Exception {
        expect(alerts.alerts(AlertQuery.builder().state(AlertState.ACKNOWLEDGED).className("DoS").limit(5).build()))
                .andReturn(List.of(alert(3, AlertState.ACKNOWLEDGED, T0)));
        replay(alerts);
        AlertsCommand command = alertsCommand();
        command.state = "acknowledged";
        command.className = "DoS";
        command.limit = "5";
        jsonOutput(command);
        command.doExecute();
        JsonNode json = new ObjectMapper().readTree(out());
        assertEquals(3, json.get("alerts").get(0).get("id").asLong());
        assertEquals("ACKNOWLEDGED", json.get("alerts").get(0).get("state").asText());
        verify(alerts);
    }

    @Test
    public void alertsRefusesABadOptionNamingIt() {
        replay(alerts);
        AlertsCommand command = alertsCommand();
        command.limit = "0";
        try {
            command.doExecute();
            fail("accepted limit 0");
        } catch (NidsException e) {
            assertEquals("limit: expected an integer 1..10000, got \"0\"", e.getMessage());
        }
        command.limit = null;
        command.state = "gone";
        try {
            command.doExecute();
            fail("accepted state gone");
        } catch (NidsException e) {
            assertEquals("state: expected OPEN, ACKNOWLEDGED or BLOCKED, got \"gone\"", e.getMessage());
        }
    }

    @Test
    public void noAlerts() {
        expect(alerts.alerts(AlertQuery.all())).andReturn(List.of());
        replay(alerts);
        alertsCommand().doExecute();
        assertEquals("No alerts.", out().strip());
    }

    @Test
    public void ackPrintsTheAcknowledgedAlertAndFailsForAnUnknownOne() {
        expect(alerts.acknowledge(7)).andReturn(alert(7, AlertState.ACKNOWLEDGED, T0));
        expect(alerts.acknowledge(8)).andThrow(new NidsException(NidsException.Kind.NOT_FOUND,
                "alert 8 does not exist"));
        replay(alerts);
        ackCommand("7").doExecute();
        assertEquals("7 ACKNOWLEDGED HIGH DoS 10.0.0.1:51512 > 10.0.0.2:80 proto 6 reports=1 devices=device:s1 "
                + "last=2026-01-15T10:00:00Z", out().strip());
        for (String id : List.of("8", "eight")) {
            try {
                ackCommand(id).doExecute();
                fail("acknowledged " + id);
            } catch (NidsException e) {
                assertEquals(NidsException.Kind.NOT_FOUND, e.kind());
                assertEquals("alert " + id + " does not exist", e.getMessage());
            }
        }
        assertEquals(List.of("alert 8 does not exist", "alert eight does not exist"),
                List.of(err().strip().split("\\R")));
        verify(alerts);
    }

    @Test
    public void flowsPrintsRecentRecordsOfOneSwitch() {
        expect(flows.recentFlows(Optional.of(S1), 2)).andReturn(List.of(dos(S1, KEY, T0),
                record(S1, OTHER_KEY, null, 0, null, 0, Map.of(), T0)));
        replay(flows);
        AlertFlowsCommand command = flowsCommand();
        command.device = "device:s1";
        command.limit = "2";
        command.doExecute();
        assertEquals(List.of(
                "device:s1 port=1 10.0.0.1:51512 > 10.0.0.2:80 proto 6 ALERT class=DoS leaf=1 model="
                        + org.onosproject.nids.codec.AlertTestData.MODEL.modelId()
                        + " received=2026-01-15T10:00:00Z",
                "device:s1 port=1 10.0.0.3:40000 > 10.0.0.2:53 proto 17 ALERT class=0 leaf=0 model=none "
                        + "received=2026-01-15T10:00:00Z"), List.of(out().split("\\R")));
        verify(flows);
    }

    @Test
    public void flowsJsonAndBadDevice() throws Exception {
        expect(flows.recentFlows(Optional.empty(), 100)).andReturn(List.of(dos(S2, KEY, T0)));
        replay(flows);
        AlertFlowsCommand command = flowsCommand();
        jsonOutput(command);
        command.doExecute();
        assertEquals("device:s2", new ObjectMapper().readTree(out()).get("flows").get(0).get("deviceId").asText());

        command.device = "s1";
        try {
            command.doExecute();
            fail("accepted device s1");
        } catch (NidsException e) {
            assertEquals("device: expected a device id like device:s1, got \"s1\"", e.getMessage());
        }
        verify(flows);
    }

    @Test
    public void completers() {
        expect(alerts.alerts(AlertQuery.builder().state(AlertState.OPEN).limit(AlertQuery.MAX_LIMIT).build()))
                .andReturn(List.of(alert(9, AlertState.OPEN, T0 + 1), alert(4, AlertState.OPEN, T0)));
        replay(alerts);
        assertEquals(List.of("9", "4"), AlertIdCompleter.openAlertIds(alerts));
        assertEquals(List.of("OPEN", "ACKNOWLEDGED", "BLOCKED"), new AlertStateCompleter().choices());
    }
}
