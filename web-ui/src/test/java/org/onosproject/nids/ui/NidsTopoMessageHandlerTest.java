/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.ui;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.common.collect.ImmutableMap;
import org.easymock.Capture;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.Ip4Address;
import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;
import org.onlab.packet.VlanId;
import org.onosproject.net.DefaultHost;
import org.onosproject.net.Host;
import org.onosproject.net.HostId;
import org.onosproject.net.HostLocation;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.host.HostService;
import org.onosproject.net.link.LinkService;
import org.onosproject.net.provider.ProviderId;
import org.onosproject.nids.api.AlertState;
import org.onosproject.nids.api.AlertStats;
import org.onosproject.nids.api.BlockRequest;
import org.onosproject.nids.api.FlowKey;
import org.onosproject.nids.api.NidsAlert;
import org.onosproject.nids.api.NidsAlertService;
import org.onosproject.nids.api.NidsAuditService;
import org.onosproject.nids.api.NidsBlock;
import org.onosproject.nids.api.NidsBlockService;
import org.onosproject.nids.api.NidsException;
import org.onosproject.nids.api.NidsStatsService;
import org.onosproject.nids.api.RecordingAudit;
import org.onosproject.nids.detection.AlertSeverity;

import java.util.List;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import static org.easymock.EasyMock.anyObject;
import static org.easymock.EasyMock.capture;
import static org.easymock.EasyMock.expect;
import static org.easymock.EasyMock.mock;
import static org.easymock.EasyMock.newCapture;
import static org.easymock.EasyMock.niceMock;
import static org.easymock.EasyMock.replay;
import static org.easymock.EasyMock.verify;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.onosproject.nids.ui.UiTestSupport.MAPPER;
import static org.onosproject.nids.ui.UiTestSupport.message;

/** {@link NidsTopoMessageHandler}: highlights while the overlay is on, Block and Unblock of a selected host. */
public class NidsTopoMessageHandlerTest {

    private static final Ip4Address IP = Ip4Address.valueOf("10.0.0.1");
    private static final HostId HOST_ID = HostId.hostId(MacAddress.valueOf("00:00:00:00:00:01"), VlanId.NONE);
    private static final Host HOST = new DefaultHost(new ProviderId("test", "test"), HOST_ID,
            MacAddress.valueOf("00:00:00:00:00:01"), VlanId.NONE, HostLocation.NONE, Set.of(IpAddress.valueOf("10.0.0.1")));
    private static final NidsAlert ALERT = NidsAlert.builder().id(3)
            .flowKey(FlowKey.of(IP, Ip4Address.valueOf("10.0.0.3"), 40000, 80, 6)).className("Attack").classId(1)
            .severity(AlertSeverity.HIGH).leafId(1).firstSeenMillis(1).lastSeenMillis(1).state(AlertState.OPEN)
            .build();

    private final ScheduledExecutorService pushExecutor = Executors.newSingleThreadScheduledExecutor();
    private UiTestSupport.RecordingConnection conn;
    private NidsBlockService blockService;
    private NidsTopoMessageHandler handler;

    @Before
    public void setUp() {
        conn = new UiTestSupport.RecordingConnection();
        blockService = mock(NidsBlockService.class);
        handler = new NidsTopoMessageHandler(pushExecutor, () -> 100_000L);
    }

    @After
    public void tearDown() {
        handler.destroy();
        pushExecutor.shutdownNow();
    }

    private void start(List<NidsBlock> blocksAfter) {
        start(blocksAfter, RecordingAudit.onosUsers());
    }

    private void start(List<NidsBlock> blocksAfter, NidsAuditService audit) {
        NidsAlertService alerts = niceMock(NidsAlertService.class);
        expect(alerts.alerts()).andReturn(List.of(ALERT)).anyTimes();
        HostService hosts = niceMock(HostService.class);
        expect(hosts.getHost(HOST_ID)).andReturn(HOST).anyTimes();
        expect(hosts.getHostsByIp(IP)).andReturn(Set.of(HOST)).anyTimes();
        LinkService links = niceMock(LinkService.class);
        expect(links.getLinks()).andReturn(List.of()).anyTimes();
        DeviceService devices = niceMock(DeviceService.class);
        expect(devices.getAvailableDevices()).andReturn(List.of()).anyTimes();
        NidsStatsService stats = niceMock(NidsStatsService.class);
        expect(stats.alertStats()).andReturn(new AlertStats(1, 1, 0, 0, false, List.of(), List.of())).anyTimes();
        expect(blockService.blocks()).andReturn(blocksAfter).anyTimes();
        replay(alerts, hosts, links, devices, stats, blockService);
        handler.init(conn.connection, UiTestSupport.directory(ImmutableMap.<Class<?>, Object>builder()
                .put(NidsAlertService.class, alerts).put(HostService.class, hosts).put(LinkService.class, links)
                .put(DeviceService.class, devices).put(NidsStatsService.class, stats)
                .put(NidsBlockService.class, blockService).put(NidsAuditService.class, audit).build()));
    }

    @Test
    public void whileOnTheHighlightsArePushedAndOffClearsThem() throws Exception {
        start(List.of());
        handler.process(message(NidsTopoMessageHandler.START_REQ, MAPPER.createObjectNode()));
        UiTestSupport.waitForPushes(pushExecutor);
        JsonNode first = conn.payloads(NidsTopoMessageHandler.SHOW_HIGHLIGHTS).get(0);
        assertEquals(HOST_ID.toString(), first.get("hosts").get(0).get("id").asText());
        assertEquals("e", first.get("hosts").get(0).get("badge").get("status").asText());
        handler.process(message(NidsTopoMessageHandler.STOP_REQ, MAPPER.createObjectNode()));
        List<com.fasterxml.jackson.databind.node.ObjectNode> all =
                conn.payloads(NidsTopoMessageHandler.SHOW_HIGHLIGHTS);
        assertEquals(0, all.get(all.size() - 1).get("hosts").size());
    }

    @Test
    public void blockBlocksEveryAddressOfTheHost() {
        Capture<BlockRequest> request = newCapture();
        NidsBlock made = NidsBlock.builder().id("8").src(IP).reason("r").createdMillis(1).build();
        expect(blockService.block(capture(request))).andReturn(made);
        start(List.of(made));
        handler.process(message(NidsTopoMessageHandler.BLOCK_REQ,
                                MAPPER.createObjectNode().put("id", HOST_ID.toString())));
        assertEquals(IP, request.getValue().src());
        JsonNode response = conn.only(NidsTopoMessageHandler.ACTION_RESP);
        assertTrue(response.get("message").asText(), response.get("message").asText().contains("block 8"));
        JsonNode highlights = conn.payloads(NidsTopoMessageHandler.SHOW_HIGHLIGHTS).get(0);
        assertEquals(NidsTopoHighlights.BLOCKED_GLYPH, highlights.get("hosts").get(0).get("badge").get("gid").asText());
        verify(blockService);
    }

    @Test
    public void unblockRemovesTheHostsBlocksAndARefusalIsReported() {
        NidsBlock made = NidsBlock.builder().id("8").src(IP).reason("r").createdMillis(1).build();
        expect(blockService.unblock("8")).andReturn(made);
        expect(blockService.block(anyObject(BlockRequest.class)))
                .andThrow(new NidsException(NidsException.Kind.CONFLICT, "10.0.0.1 is allowlisted"));
        start(List.of(made));
        handler.process(message(NidsTopoMessageHandler.UNBLOCK_REQ,
                                MAPPER.createObjectNode().put("id", HOST_ID.toString())));
        assertTrue(conn.only(NidsTopoMessageHandler.ACTION_RESP).get("message").asText().startsWith("Unblocked"));
        handler.process(message(NidsTopoMessageHandler.BLOCK_REQ,
                                MAPPER.createObjectNode().put("id", HOST_ID.toString())));
        List<com.fasterxml.jackson.databind.node.ObjectNode> responses =
                conn.payloads(NidsTopoMessageHandler.ACTION_RESP);
        assertEquals("Cannot block " + HOST_ID + ": 10.0.0.1 is allowlisted",
                     responses.get(1).get("error").asText());
        handler.process(message(NidsTopoMessageHandler.BLOCK_REQ, MAPPER.createObjectNode().put("id", "nope")));
        assertTrue(conn.payloads(NidsTopoMessageHandler.ACTION_RESP).get(2).get("error").asText()
                           .startsWith("Cannot block nope"));
    }

    /** The topology panel's buttons need ONOS's admin role as the other views' do: a viewer changes nothing. */
    @Test
    public void aViewerCannotBlockFromTheTopologyAndTheRefusalIsAudited() {
        RecordingAudit audit = RecordingAudit.onosUsers();
        conn = new UiTestSupport.RecordingConnection("guest");
        start(List.of(), audit);   // blockService.block is not expected: a call fails verify
        handler.process(message(NidsTopoMessageHandler.BLOCK_REQ,
                                MAPPER.createObjectNode().put("id", HOST_ID.toString())));
        assertEquals("Cannot block " + HOST_ID + ": guest lacks ONOS's admin role: viewers change nothing",
                     conn.only(NidsTopoMessageHandler.ACTION_RESP).get("error").asText());
        verify(blockService);
        assertEquals(List.of("guest block.add 10.0.0.1 refused: guest lacks ONOS's admin role: viewers change nothing"),
                     audit.recorded());
    }
}
