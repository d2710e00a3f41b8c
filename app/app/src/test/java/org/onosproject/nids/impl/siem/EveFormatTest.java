/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.siem;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Test;
import org.onlab.packet.Ip4Address;
import org.onlab.packet.Ip4Prefix;
import org.onosproject.nids.api.AlertState;
import org.onosproject.nids.api.BlockOrigin;
import org.onosproject.nids.api.BlockScope;
import org.onosproject.nids.api.FlowKey;
import org.onosproject.nids.api.NidsAlert;
import org.onosproject.nids.api.NidsBlock;
import org.onosproject.nids.codec.AlertTestData;

import java.util.Map;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;

/** {@link EveFormat}: alerts and blocks as the EVE events Suricata writes, plus the decision path under "nids". */
public class EveFormatTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private final EveFormat format = new EveFormat("onos-1");

    private static NidsBlock block(Long alertId) {
        return NidsBlock.builder().id("7").src(Ip4Address.valueOf("10.0.0.1"))
                .scope(BlockScope.of(Ip4Prefix.valueOf("10.0.0.2/32"), 6, 80)).reason("auto-block: HIGH DoS")
                .alertId(alertId).origin(alertId == null ? BlockOrigin.MANUAL : BlockOrigin.AUTO)
                .createdMillis(AlertTestData.T0 + 5000).build();
    }

    @Test
    public void anAlertCarriesSuricatasAlertFieldsAndTheDecisionPath() throws Exception {
        NidsAlert alert = AlertTestData.alert(42, AlertState.OPEN, AlertTestData.T0 + 2123);
        EveEvent event = format.alert(alert);
        JsonNode json = MAPPER.readTree(event.json());

        assertEquals("2026-01-15T10:00:02.123000+0000", json.get("timestamp").asText());
        assertEquals("alert", json.get("event_type").asText());
        assertEquals(EveFormat.flowId(AlertTestData.KEY), json.get("flow_id").asLong());
        assertEquals("10.0.0.1", json.get("src_ip").asText());
        assertEquals(51512, json.get("src_port").asInt());
        assertEquals("10.0.0.2", json.get("dest_ip").asText());
        assertEquals(80, json.get("dest_port").asInt());
        assertEquals("TCP", json.get("proto").asText());
        assertEquals("onos-1", json.get("host").asText());
        JsonNode eve = json.get("alert");
        assertEquals("allowed", eve.get("action").asText());
        assertEquals(EveFormat.signatureId("DoS"), eve.get("signature_id").asInt());
        assertEquals("NIDS DoS flow", eve.get("signature").asText());
        assertEquals("Attempted Denial of Service", eve.get("category").asText());
        assertEquals(1, eve.get("severity").asInt());
        JsonNode flow = json.get("flow");
        assertEquals(9, flow.get("pkts_toserver").asLong());
        assertEquals(412, flow.get("bytes_toserver").asLong());
        assertTrue(flow.has("pkts_toclient") && flow.has("bytes_toclient") && flow.has("start"));
        JsonNode nids = json.get(EveFormat.VENDOR_KEY);
        assertEquals(42, nids.get("alert_id").asLong());
        assertEquals("IN_BYTES", nids.get("decision_path").get(0).get("feature").asText());
        assertEquals("<=", nids.get("decision_path").get(0).get("operator").asText());
        assertEquals(1000, nids.get("decision_path").get(0).get("bound").asLong());
        assertEquals(412, nids.get("decision_path").get(0).get("value").asLong());
        assertEquals(1, nids.get("leaf").asInt());
        assertEquals(2, event.syslogSeverity());
        assertEquals("alert", event.eventType());
    }

    @Test
    public void aBlockIsAnAlertWithActionBlockedAndTheAlertsFlow() throws Exception {
        NidsAlert alert = AlertTestData.alert(42, AlertState.BLOCKED, AlertTestData.T0);
        JsonNode json = MAPPER.readTree(format.blocked(block(42L), Optional.of(alert)).json());
        assertEquals("alert", json.get("event_type").asText());
        assertEquals("blocked", json.get("alert").get("action").asText());
        assertEquals(EveFormat.BLOCK_SIGNATURE_ID, json.get("alert").get("signature_id").asInt());
        assertEquals(EveFormat.flowId(AlertTestData.KEY), json.get("flow_id").asLong());
        assertEquals(51512, json.get("src_port").asInt());
        assertEquals("7", json.get("nids").get("block").get("id").asText());
        assertEquals(42, json.get("nids").get("alert_id").asLong());
    }

    @Test
    public void aManualBlockTakesItsScopeForTheTuple() throws Exception {
        JsonNode json = MAPPER.readTree(format.blocked(block(null), Optional.empty()).json());
        assertFalse(json.has("flow_id"));
        assertEquals("10.0.0.1", json.get("src_ip").asText());
        assertEquals("10.0.0.2", json.get("dest_ip").asText());
        assertEquals(80, json.get("dest_port").asInt());
        assertEquals("TCP", json.get("proto").asText());
        assertEquals(EveCategories.POLICY, json.get("alert").get("category").asText());
        assertEquals("MANUAL", json.get("nids").get("block").get("origin").asText());
    }

    @Test
    public void theEndOfABlockIsANidsBlockEvent() throws Exception {
        EveEvent event = format.unblocked(block(null), AlertTestData.T0);
        JsonNode json = MAPPER.readTree(event.json());
        assertEquals("nids_block", json.get("event_type").asText());
        assertEquals("removed", json.get("nids_block").get("action").asText());
        assertEquals("7", json.get("nids_block").get("id").asText());
        assertEquals("nids_block", event.eventType());
    }

    @Test
    public void icmpFlowsCarryTypeAndCodeInsteadOfPorts() throws Exception {
        FlowKey ping = FlowKey.of(Ip4Address.valueOf("10.0.0.5"), Ip4Address.valueOf("10.0.0.6"), 0, 0, 1);
        NidsAlert alert = AlertTestData.alert(1, AlertState.OPEN, AlertTestData.T0).toBuilder().flowKey(ping)
                .features(Map.of("ICMP_TYPE", 8L * 256)).build();
        JsonNode json = MAPPER.readTree(format.alert(alert).json());
        assertEquals("ICMP", json.get("proto").asText());
        assertFalse(json.has("src_port") || json.has("dest_port"));
        assertEquals(8, json.get("icmp_type").asInt());
        assertEquals(0, json.get("icmp_code").asInt());
    }

    @Test
    public void nonAsciiClassNamesStayOnOneAsciiLine() {
        NidsAlert alert = AlertTestData.alert(1, AlertState.OPEN, AlertTestData.T0).toBuilder()
                .className("Übertragung\nflood").build();
        String json = format.alert(alert).json();
        assertTrue(json.chars().allMatch(c -> c >= 32 && c < 127));
    }

    @Test
    public void flowIdsAndSignatureIdsAreStableAndInTheirRanges() {
        assertEquals(EveFormat.flowId(AlertTestData.KEY), EveFormat.flowId(AlertTestData.KEY));
        assertNotEquals(EveFormat.flowId(AlertTestData.KEY), EveFormat.flowId(AlertTestData.OTHER_KEY));
        assertTrue(EveFormat.flowId(AlertTestData.KEY) >>> 48 == 0);
        for (String name : new String[]{"DoS", "Scan", "Attack", "x"}) {
            int id = EveFormat.signatureId(name);
            assertTrue(name, id > EveFormat.BLOCK_SIGNATURE_ID && id < 2000000);
        }
        assertEquals(EveFormat.signatureId("DoS"), EveFormat.signatureId("DoS"));
    }

    @Test
    public void categoriesFollowSuricatasClasstypes() {
        assertEquals("Detection of a Network Scan", EveCategories.of("PortScan"));
        assertEquals("Attempted Denial of Service", EveCategories.of("DDoS"));
        assertEquals("Attempted User Privilege Gain", EveCategories.of("FTP-Patator"));
        assertEquals(EveCategories.DEFAULT, EveCategories.of("Attack"));
    }
}
