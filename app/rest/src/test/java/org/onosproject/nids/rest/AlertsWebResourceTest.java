/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.nids.api.AlertQuery;
import org.onosproject.nids.api.AlertState;
import org.onosproject.nids.api.NidsAlert;
import org.onosproject.nids.api.NidsAlertService;
import org.onosproject.nids.api.NidsException;

import javax.ws.rs.client.WebTarget;
import java.util.List;
import java.util.Optional;

import static org.easymock.EasyMock.createMock;
import static org.easymock.EasyMock.expect;
import static org.easymock.EasyMock.replay;
import static org.easymock.EasyMock.verify;
import static org.junit.Assert.assertEquals;
import static org.onosproject.nids.codec.AlertTestData.T0;
import static org.onosproject.nids.codec.AlertTestData.alert;

/** /onos/nids/alerts. */
public class AlertsWebResourceTest extends NidsResourceTest {

    private NidsAlertService alerts;

    @Before
    public void setUpServices() {
        alerts = createMock(NidsAlertService.class);
        setServiceDirectory(new TestServiceDirectory().add(NidsAlertService.class, alerts));
    }

    @Test
    public void listsTheNewestAlertsByDefault() throws Exception {
        expect(alerts.alerts(AlertQuery.all())).andReturn(List.of(alert(2, AlertState.OPEN, T0 + 1),
                alert(1, AlertState.ACKNOWLEDGED, T0)));
        replay(alerts);

        JsonNode list = json(target("alerts").request().get(), 200).get("alerts");
        assertEquals(2, list.size());
        assertEquals(2, list.get(0).get("id").asLong());
        assertEquals("OPEN", list.get(0).get("state").asText());
        assertEquals("DoS", list.get(0).get("class").asText());
        assertEquals("IN_BYTES = 412 <= 1000", list.get(0).get("explanation").asText());
        assertEquals("ACKNOWLEDGED", list.get(1).get("state").asText());
        verify(alerts);
    }

    @Test
    public void filtersByStateSinceClassAndLimit() throws Exception {
        AlertQuery query = AlertQuery.builder().state(AlertState.OPEN).sinceMillis(T0).className("Port Scan")
                .limit(5).build();
        expect(alerts.alerts(query)).andReturn(List.of()).times(2);
        replay(alerts);

        WebTarget iso = target("alerts").queryParam("state", "open").queryParam("since", "2026-01-15T10:00:00Z")
                .queryParam("class", "Port Scan").queryParam("limit", "5");
        assertEquals("{\"alerts\":[]}", json(iso.request().get(), 200).toString());
        WebTarget millis = target("alerts").queryParam("state", "OPEN").queryParam("since", Long.toString(T0))
                .queryParam("class", "Port Scan").queryParam("limit", "5");
        assertEquals("{\"alerts\":[]}", json(millis.request().get(), 200).toString());
        verify(alerts);
    }

    @Test
    public void everyBadParameterIs400NamingIt() throws Exception {
        replay(alerts);
        String[][] cases = {
                {"state", "CLOSED", "state: expected OPEN, ACKNOWLEDGED or BLOCKED, got \"CLOSED\""},
                {"state", "", "state: expected OPEN, ACKNOWLEDGED or BLOCKED, got \"\""},
                {"since", "yesterday", "since: expected an ISO-8601 instant (e.g. 2026-01-15T10:00:00Z) or epoch "
                        + "milliseconds, got \"yesterday\""},
                {"since", "99999999999999999999", "since: epoch milliseconds out of range: \"99999999999999999999\""},
                {"class", "", "class: expected a class name, got an empty value"},
                {"limit", "0", "limit: expected an integer 1..10000, got \"0\""},
                {"limit", "10001", "limit: expected an integer 1..10000, got \"10001\""},
                {"limit", "all", "limit: expected an integer 1..10000, got \"all\""},
        };
        for (String[] c : cases) {
            assertEquals(c[2], errorMessage(target("alerts").queryParam(c[0], c[1]).request().get(), 400));
        }
        verify(alerts);
    }

    @Test
    public void oneAlertOr404() throws Exception {
        NidsAlert blocked = alert(7, AlertState.BLOCKED, T0);
        expect(alerts.alert(7)).andReturn(Optional.of(blocked));
        expect(alerts.alert(8)).andReturn(Optional.empty());
        replay(alerts);

        ObjectNode body = json(target("alerts/7").request().get(), 200);
        assertEquals(7, body.get("id").asLong());
        assertEquals("BLOCKED", body.get("state").asText());
        assertEquals("block-7", body.get("blockId").asText());
        assertEquals("10.0.0.1", body.get("flow").get("clientIp").asText());
        assertEquals(1, body.get("devices").get("device:s1").asLong());
        assertEquals(">", "<=", body.get("decisionPath").get(0).get("operator").asText());

        assertEquals("alert 8 does not exist", errorMessage(target("alerts/8").request().get(), 404));
        assertEquals("alert abc does not exist", errorMessage(target("alerts/abc").request().get(), 404));
        verify(alerts);
    }

    @Test
    public void acknowledgeAnswersTheAlertOr404() throws Exception {
        expect(alerts.acknowledge(7)).andReturn(alert(7, AlertState.ACKNOWLEDGED, T0));
        expect(alerts.acknowledge(8)).andThrow(new NidsException(NidsException.Kind.NOT_FOUND,
                "alert 8 does not exist"));
        replay(alerts);

        ObjectNode body = json(target("alerts/7/ack").request().post(null), 200);
        assertEquals("ACKNOWLEDGED", body.get("state").asText());
        assertEquals("alert 8 does not exist", errorMessage(target("alerts/8/ack").request().post(null), 404));
        assertEquals("alert x does not exist", errorMessage(target("alerts/x/ack").request().post(null), 404));
        verify(alerts);
    }
}
