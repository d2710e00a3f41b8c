/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.ui;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.Test;
import org.onlab.packet.Ip4Address;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DefaultLink;
import org.onosproject.net.DeviceId;
import org.onosproject.net.HostId;
import org.onosproject.net.Link;
import org.onosproject.net.provider.ProviderId;
import org.onosproject.nids.api.AlertState;
import org.onosproject.nids.api.FlowKey;
import org.onosproject.nids.api.NidsAlert;
import org.onosproject.nids.api.NidsBlock;
import org.onosproject.nids.detection.AlertSeverity;
import org.onosproject.ui.topo.TopoJson;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;

/** {@link NidsTopoHighlights}: badges for attackers by severity, ✗ for blocked hosts, switch rates, attack links. */
public class NidsTopoHighlightsTest {

    private static final DeviceId LEAF1 = DeviceId.deviceId("device:bmv2:leaf1");
    private static final DeviceId LEAF2 = DeviceId.deviceId("device:bmv2:leaf2");
    private static final DeviceId SPINE = DeviceId.deviceId("device:bmv2:spine1");
    private static final ProviderId PID = new ProviderId("test", "test");
    private static final Ip4Address H1 = Ip4Address.valueOf("10.0.0.1");
    private static final Ip4Address H2 = Ip4Address.valueOf("10.0.0.2");
    private static final Ip4Address H3 = Ip4Address.valueOf("10.0.0.3");
    private static final Ip4Address H4 = Ip4Address.valueOf("10.0.0.4");
    private static final Map<Ip4Address, HostId> HOSTS = Map.of(
            H1, HostId.hostId("00:00:00:00:00:01/None"), H2, HostId.hostId("00:00:00:00:00:02/None"),
            H3, HostId.hostId("00:00:00:00:00:03/None"), H4, HostId.hostId("00:00:00:00:00:04/None"));

    private static NidsAlert alert(long id, Ip4Address src, AlertSeverity severity, AlertState state,
                                   DeviceId... reporters) {
        Map<DeviceId, Long> reports = new HashMap<>();
        for (DeviceId d : reporters) {
            reports.put(d, 1L);
        }
        return NidsAlert.builder().id(id).flowKey(FlowKey.of(src, H3, 40000 + (int) id, 80, 6))
                .className("Attack").classId(1).severity(severity).leafId(1).deviceReports(reports)
                .firstSeenMillis(1000).lastSeenMillis(1000).state(state).build();
    }

    private static Link link(DeviceId a, int pa, DeviceId b, int pb) {
        return DefaultLink.builder().providerId(PID).src(new ConnectPoint(a, org.onosproject.net.PortNumber
                .portNumber(pa))).dst(new ConnectPoint(b, org.onosproject.net.PortNumber.portNumber(pb)))
                .type(Link.Type.DIRECT).build();
    }

    private static Map<String, JsonNode> byId(JsonNode array) {
        Map<String, JsonNode> map = new HashMap<>();
        array.forEach(node -> map.put(node.get("id").asText(), node));
        return map;
    }

    @Test
    public void attackersAreBadgedBySeverityBlockedHostsMarkedAndAttackLinksHighlighted() {
        List<NidsAlert> alerts = List.of(
                alert(1, H2, AlertSeverity.MEDIUM, AlertState.OPEN, LEAF1, SPINE),
                alert(2, H2, AlertSeverity.HIGH, AlertState.OPEN, LEAF1, SPINE),
                alert(3, H1, AlertSeverity.LOW, AlertState.OPEN, LEAF1),
                alert(4, H3, AlertSeverity.HIGH, AlertState.ACKNOWLEDGED, LEAF2, SPINE),
                alert(5, H4, AlertSeverity.HIGH, AlertState.BLOCKED, LEAF2, SPINE));
        List<NidsBlock> blocks = List.of(NidsBlock.builder().id("7").src(H4).reason("r").createdMillis(1).build());
        List<Link> links = List.of(link(LEAF1, 3, SPINE, 1), link(SPINE, 1, LEAF1, 3), link(LEAF2, 3, SPINE, 2),
                                   link(SPINE, 2, LEAF2, 3));
        Map<DeviceId, NidsTopoHighlights.SwitchRate> rates = Map.of(
                LEAF1, new NidsTopoHighlights.SwitchRate(3, 120), LEAF2, new NidsTopoHighlights.SwitchRate(0, 0));

        JsonNode json = TopoJson.json(NidsTopoHighlights.of(alerts, blocks, ip -> HOSTS.containsKey(ip)
                ? Set.of(HOSTS.get(ip)) : Set.of(), links, rates));

        Map<String, JsonNode> hosts = byId(json.get("hosts"));
        assertEquals(Set.of(HOSTS.get(H1).toString(), HOSTS.get(H2).toString(), HOSTS.get(H4).toString()),
                     hosts.keySet());
        JsonNode attacker = hosts.get(HOSTS.get(H2).toString()).get("badge");
        assertEquals("e", attacker.get("status").asText());   // the worst of MEDIUM and HIGH
        assertEquals("2", attacker.get("txt").asText());
        assertEquals("i", hosts.get(HOSTS.get(H1).toString()).get("badge").get("status").asText());
        JsonNode blocked = hosts.get(HOSTS.get(H4).toString()).get("badge");
        assertEquals(NidsTopoHighlights.BLOCKED_GLYPH, blocked.get("gid").asText());
        assertEquals("e", blocked.get("status").asText());
        assertEquals("blocked (block 7)", blocked.get("msg").asText());   // its only alert is BLOCKED, none open
        assertEquals("min", json.get("subdue").asText());   // the rest fades

        Map<String, JsonNode> devices = byId(json.get("devices"));
        assertEquals("3", devices.get(LEAF1.toString()).get("badge").get("txt").asText());
        assertEquals("e", devices.get(LEAF1.toString()).get("badge").get("status").asText());
        assertEquals("3 alert(s), 120 report(s) in the last minute",
                     devices.get(LEAF1.toString()).get("badge").get("msg").asText());
        assertEquals("i", devices.get(LEAF2.toString()).get("badge").get("status").asText());
        assertFalse(devices.containsKey(SPINE.toString()));

        // Only leaf1–spine carried an open alert's flow; the link is listed once for both directions.
        JsonNode attackLinks = json.get("links");
        assertEquals(1, attackLinks.size());
        assertEquals(LEAF1 + "/3-" + SPINE + "/1", attackLinks.get(0).get("id").asText());
        assertEquals("primary " + NidsTopoHighlights.ATTACK_LINK_MOD, attackLinks.get(0).get("css").asText());
    }

    @Test
    public void nothingOpenNothingHighlighted() {
        JsonNode json = TopoJson.json(NidsTopoHighlights.of(List.of(), List.of(), ip -> Set.of(), List.of(),
                                                            Map.of()));
        assertEquals(0, json.get("hosts").size());
        assertEquals(0, json.get("links").size());
        assertFalse(json.has("subdue"));
    }

    @Test
    public void aBlockedHostThatStillHasOpenAlertsKeepsTheirCountInTheTooltip() {
        List<NidsBlock> blocks = List.of(NidsBlock.builder().id("9").src(H2).reason("r").createdMillis(1).build());
        JsonNode json = TopoJson.json(NidsTopoHighlights.of(
                List.of(alert(1, H2, AlertSeverity.HIGH, AlertState.OPEN, LEAF1)), blocks,
                ip -> HOSTS.containsKey(ip) ? Set.of(HOSTS.get(ip)) : Set.of(), List.of(), Map.of()));
        JsonNode badge = byId(json.get("hosts")).get(HOSTS.get(H2).toString()).get("badge");
        assertEquals(NidsTopoHighlights.BLOCKED_GLYPH, badge.get("gid").asText());
        assertEquals("blocked (block 9), 1 open alert(s), worst HIGH", badge.get("msg").asText());
    }

    /** The edge switches report a flow, the spine between them need not: the path through it is the attack's. */
    @Test
    public void theLinksBetweenReportingSwitchesFollowTheShortestPathThroughSilentOnes() {
        DeviceId spine2 = DeviceId.deviceId("device:bmv2:spine2");
        DeviceId leaf3 = DeviceId.deviceId("device:bmv2:leaf3");
        List<Link> links = List.of(link(LEAF1, 3, SPINE, 1), link(SPINE, 1, LEAF1, 3), link(LEAF2, 3, SPINE, 2),
                                   link(SPINE, 2, LEAF2, 3), link(LEAF1, 4, spine2, 1), link(LEAF2, 4, spine2, 2),
                                   link(leaf3, 3, SPINE, 3));
        JsonNode json = TopoJson.json(NidsTopoHighlights.of(
                List.of(alert(1, H1, AlertSeverity.HIGH, AlertState.OPEN, LEAF1, LEAF2)), List.of(),
                ip -> Set.of(), links, Map.of()));
        Set<String> ids = new java.util.TreeSet<>();
        json.get("links").forEach(l -> ids.add(l.get("id").asText()));
        // two equal paths (spine1, spine2): the first spine in id order, both of its links, nothing towards leaf3
        assertEquals(Set.of(LEAF1 + "/3-" + SPINE + "/1", LEAF2 + "/3-" + SPINE + "/2"), ids);

        // a reporting spine decides the path; a reporter the links do not reach adds nothing
        assertEquals(Set.of(LEAF1 + "/4-" + spine2 + "/1", LEAF2 + "/4-" + spine2 + "/2"),
                     NidsTopoHighlights.linksJoining(Set.of(LEAF1, spine2, LEAF2), links));
        assertEquals(Set.of(), NidsTopoHighlights.linksJoining(
                Set.of(LEAF1, DeviceId.deviceId("device:bmv2:far")), links));
    }
}
