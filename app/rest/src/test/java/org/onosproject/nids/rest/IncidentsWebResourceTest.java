/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.Ip4Address;
import org.onosproject.nids.api.IncidentQuery;
import org.onosproject.nids.api.NidsException;
import org.onosproject.nids.api.NidsIncidentService;
import org.onosproject.nids.codec.IncidentTestData;
import org.onosproject.nids.detection.IncidentState;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.easymock.EasyMock.createMock;
import static org.easymock.EasyMock.expect;
import static org.easymock.EasyMock.replay;
import static org.easymock.EasyMock.verify;
import static org.junit.Assert.assertEquals;

/** GET /incidents (filters, counters, 400s), GET /incidents/{id}, POST /incidents/{id}/ack. */
public class IncidentsWebResourceTest extends NidsResourceTest {

    private NidsIncidentService incidents;

    @Before
    public void setUpServices() {
        incidents = createMock(NidsIncidentService.class);
        setServiceDirectory(new TestServiceDirectory().add(NidsIncidentService.class, incidents));
    }

    @Test
    public void listsIncidentsWithTheStoresCounters() throws Exception {
        expect(incidents.incidents(IncidentQuery.builder().build()))
                .andReturn(List.of(IncidentTestData.incident(8), IncidentTestData.incident(7)));
        expect(incidents.counters()).andReturn(Map.of("lowConfidence:Scan", 3L, "refused", 1L));
        replay(incidents);

        ObjectNode body = json(target("incidents").request().get(), 200);
        JsonNode list = body.get("incidents");
        assertEquals(2, list.size());
        assertEquals(8, list.get(0).get("id").asLong());
        assertEquals("10.0.0.3", list.get(0).get("source").asText());
        assertEquals("Scan", list.get(0).get("family").asText());
        assertEquals(2, list.get(0).get("evidence").size());
        assertEquals(3, body.get("counters").get("lowConfidence:Scan").asLong());
        assertEquals(1, body.get("counters").get("refused").asLong());
        verify(incidents);
    }

    @Test
    public void filtersByStateSourceFamilySinceAndLimit() throws Exception {
        IncidentQuery query = IncidentQuery.builder().state(IncidentState.OPEN)
                .source(Ip4Address.valueOf("10.0.0.3")).family("Scan").sinceMillis(1_768_471_200_000L).limit(5)
                .build();
        expect(incidents.incidents(query)).andReturn(List.of());
        expect(incidents.counters()).andReturn(Map.of());
        replay(incidents);
        assertEquals("{\"incidents\":[],\"counters\":{}}", json(target("incidents").queryParam("state", "open")
                .queryParam("source", "10.0.0.3").queryParam("family", "scan")
                .queryParam("since", "2026-01-15T10:00:00Z").queryParam("limit", "5").request().get(), 200)
                .toString());
        verify(incidents);
    }

    @Test
    public void everyBadParameterIs400NamingIt() throws Exception {
        replay(incidents);
        String[][] cases = {
                {"state", "DONE", "state: expected OPEN, ACKNOWLEDGED, BLOCKED or CLOSED, got \"DONE\""},
                {"source", "10.0.0.300", "source: expected an IPv4 address, got \"10.0.0.300\""},
                {"family", " ", "family: expected a family name, got an empty value"},
                {"since", "yesterday", "since: expected an ISO-8601 instant (e.g. 2026-01-15T10:00:00Z) or epoch "
                        + "milliseconds, got \"yesterday\""},
                {"limit", "0", "limit: expected an integer 1..10000, got \"0\""},
        };
        for (String[] c : cases) {
            assertEquals(c[2], errorMessage(target("incidents").queryParam(c[0], c[1]).request().get(), 400));
        }
        verify(incidents);
    }

    @Test
    public void oneIncidentOr404AndAcknowledge() throws Exception {
        expect(incidents.incident(7)).andReturn(Optional.of(IncidentTestData.incident(7)));
        expect(incidents.incident(8)).andReturn(Optional.empty());
        expect(incidents.acknowledge(7)).andReturn(IncidentTestData.incident(7).acknowledged());
        expect(incidents.acknowledge(9)).andThrow(new NidsException(NidsException.Kind.NOT_FOUND,
                                                                    "incident 9 does not exist"));
        replay(incidents);

        ObjectNode body = json(target("incidents/7").request().get(), 200);
        assertEquals(7, body.get("id").asLong());
        assertEquals("WAITING", body.get("decision").asText());
        assertEquals("incident 8 does not exist", errorMessage(target("incidents/8").request().get(), 404));
        assertEquals("incident x does not exist", errorMessage(target("incidents/x").request().get(), 404));
        assertEquals("ACKNOWLEDGED", json(target("incidents/7/ack").request()
                .post(javax.ws.rs.client.Entity.json("")), 200).get("state").asText());
        assertEquals("incident 9 does not exist", errorMessage(target("incidents/9/ack").request()
                .post(javax.ws.rs.client.Entity.json("")), 404));
        verify(incidents);
    }
}
