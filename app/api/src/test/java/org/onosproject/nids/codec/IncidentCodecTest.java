/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.codec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Test;
import org.onosproject.nids.detection.Incident;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/** {@link IncidentCodec}: what REST, CLI and GUI show of an incident, unknown values as null. */
public class IncidentCodecTest {

    private final NidsTestModels.Context context = new NidsTestModels.Context();

    @Test
    public void encodesTheIncidentWithItsEvidence() {
        Incident incident = IncidentTestData.incident(7);
        ObjectNode json = new IncidentCodec().encode(incident, context);

        assertEquals(7, json.get("id").asLong());
        assertEquals("OPEN", json.get("state").asText());
        assertEquals("10.0.0.3", json.get("source").asText());
        assertEquals("Scan", json.get("family").asText());
        assertEquals("MEDIUM", json.get("severity").asText());
        assertEquals("[\"PortScan\"]", json.get("classes").toString());
        assertEquals(incident.describe(), json.get("summary").asText());
        assertEquals("2026-01-15T10:00:00Z", json.get("firstSeen").asText());
        assertEquals(1_768_471_202_000L, json.get("lastSeenMillis").asLong());
        assertEquals(3, json.get("flows").asInt());
        assertEquals("[\"10.0.0.2\"]", json.get("destinations").toString());
        assertEquals("[22,23,24]", json.get("ports").toString());
        assertEquals(0.97, json.get("peakConfidence").asDouble(), 1e-9);
        assertEquals("[\"device:s1\"]", json.get("devices").toString());
        assertEquals("CONFIRMED", json.get("location").asText());
        assertTrue(json.get("blockId").isNull());
        assertEquals("WAITING", json.get("decision").asText());
        assertEquals("fewer than the 10 …", json.get("decisionReason").asText());

        JsonNode evidence = json.get("evidence");
        assertEquals("only the first incidentEvidenceFlows flows", 2, evidence.size());
        JsonNode first = evidence.get(0);
        assertEquals("10.0.0.3:40000 > 10.0.0.2:22 proto 6", first.get("flow").asText());
        assertEquals("PortScan", first.get("class").asText());
        assertEquals("DST_PORTS = 40 > 16", first.get("decisionPath").asText());
        assertTrue("unknown: null", first.get("phase").isNull());
        assertTrue(first.get("confidence").isNull());
        assertTrue(first.get("device").isNull());
        assertTrue(first.get("ingressPort").isNull());
        assertEquals("MATCH", first.get("location").asText());
        JsonNode second = evidence.get(1);
        assertEquals(8, second.get("phase").asInt());
        assertEquals(0.97, second.get("confidence").asDouble(), 1e-9);
        assertEquals(3, second.get("ingressPort").asLong());
        assertEquals("2026-01-15T10:00:01Z", second.get("time").asText());

        ObjectNode blocked = new IncidentCodec().encode(incident.blocked("4"), context);
        assertEquals("BLOCKED", blocked.get("state").asText());
        assertEquals("4", blocked.get("blockId").asText());
    }
}
