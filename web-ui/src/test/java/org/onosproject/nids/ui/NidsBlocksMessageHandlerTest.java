/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.ui;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.Ip4Address;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.BlockOrigin;
import org.onosproject.nids.api.BlockScope;
import org.onosproject.nids.api.NidsAuditService;
import org.onosproject.nids.api.NidsBlock;
import org.onosproject.nids.api.NidsBlockService;
import org.onosproject.nids.api.NidsException;
import org.onosproject.nids.api.RecordingAudit;

import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.easymock.EasyMock.expect;
import static org.easymock.EasyMock.mock;
import static org.easymock.EasyMock.replay;
import static org.easymock.EasyMock.verify;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.onosproject.nids.ui.NidsBlocksMessageHandler.DATA_REQ;
import static org.onosproject.nids.ui.NidsBlocksMessageHandler.DATA_RESP;
import static org.onosproject.nids.ui.NidsBlocksMessageHandler.DETAILS_REQ;
import static org.onosproject.nids.ui.NidsBlocksMessageHandler.DETAILS_RESP;
import static org.onosproject.nids.ui.NidsBlocksMessageHandler.ROWS;
import static org.onosproject.nids.ui.NidsBlocksMessageHandler.UNBLOCK_REQ;
import static org.onosproject.nids.ui.NidsBlocksMessageHandler.UNBLOCK_RESP;
import static org.onosproject.nids.ui.UiTestSupport.MAPPER;
import static org.onosproject.nids.ui.UiTestSupport.message;

/** Rows, details and unblocking of the blocks view's message handler. */
public class NidsBlocksMessageHandlerTest {

    /** 2026-01-15 10:00:00 UTC. */
    private static final long T0 = 1_768_471_200_000L;

    private final NidsBlock auto = NidsBlock.builder().id("4").src(Ip4Address.valueOf("10.0.0.1"))
            .reason("auto-block: HIGH Attack alert 7").alertId(7L).origin(BlockOrigin.AUTO).createdMillis(T0)
            .expiresMillis(T0 + 600_000).build()
            .withStatus("INSTALLED", List.of(DeviceId.deviceId("device:bmv2:s1")));
    private final NidsBlock manual = NidsBlock.builder().id("5").src(Ip4Address.valueOf("10.0.0.2"))
            .scope(BlockScope.of(null, 6, 80)).reason("by hand").createdMillis(T0 + 1000).build()
            .withStatus("FAILED", List.of());

    private NidsBlockService blockService;
    private UiTestSupport.RecordingConnection conn;
    private NidsBlocksMessageHandler handler;

    @Before
    public void setUp() {
        blockService = mock(NidsBlockService.class);
        conn = new UiTestSupport.RecordingConnection();
        handler = new NidsBlocksMessageHandler(ZoneOffset.UTC);
    }

    private void start() {
        replay(blockService);
        handler.init(conn.connection, UiTestSupport.directory(ImmutableMap.of(NidsBlockService.class, blockService)));
    }

    @Test
    public void handlesTheViewsMessageTypes() {
        start();
        assertEquals(ImmutableList.of(DATA_REQ, DETAILS_REQ, UNBLOCK_REQ),
                     handler.messageTypes().stream().sorted().collect(Collectors.toList()));
    }

    @Test
    public void oneRowPerBlockNewestFirst() {
        expect(blockService.blocks()).andReturn(List.of(manual, auto));
        start();
        handler.process(message(DATA_REQ, MAPPER.createObjectNode()));
        JsonNode rows = conn.only(DATA_RESP).get(ROWS);
        assertEquals(2, rows.size());
        JsonNode first = rows.get(0);
        assertEquals("5", first.get("id").asText());
        assertEquals("{proto=6, dstPort=80}", first.get("scope").asText());
        assertEquals("-", first.get("alert").asText());
        assertEquals("never", first.get("expires").asText());
        assertEquals("FAILED", first.get("state").asText());
        JsonNode second = rows.get(1);
        assertEquals("10.0.0.1", second.get("src").asText());
        assertEquals("auto", second.get("origin").asText());
        assertEquals("7", second.get("alert").asText());
        assertEquals("device:bmv2:s1", second.get("devices").asText());
        assertEquals("2026-01-15 10:00:00", second.get("created").asText());
        assertEquals("2026-01-15 10:10:00", second.get("expires").asText());
    }

    @Test
    public void detailsOfABlockAndOfAnUnknownOne() {
        expect(blockService.block("4")).andReturn(Optional.of(auto));
        expect(blockService.block("9")).andReturn(Optional.empty());
        start();
        handler.process(message(DETAILS_REQ, MAPPER.createObjectNode().put("id", "4")));
        JsonNode d = conn.only(DETAILS_RESP).get("details");
        assertEquals("nids-block-4", d.get("intentKey").asText());
        assertEquals("device:bmv2:s1", d.get("devices").get(0).asText());
        assertEquals("auto-block: HIGH Attack alert 7", d.get("reason").asText());
        handler.process(message(DETAILS_REQ, MAPPER.createObjectNode().put("id", "9")));
        assertEquals("No block 9", conn.payloads(DETAILS_RESP).get(1).get("error").asText());
    }

    @Test
    public void unblockAnswersWithTheSourceOrTheReason() {
        expect(blockService.unblock("4")).andReturn(auto);
        expect(blockService.unblock("4")).andThrow(new NidsException(NidsException.Kind.NOT_FOUND,
                                                                     "block 4 does not exist"));
        start();
        handler.process(message(UNBLOCK_REQ, MAPPER.createObjectNode().put("id", "4")));
        ObjectNode done = conn.only(UNBLOCK_RESP);
        assertEquals("10.0.0.1", done.get("src").asText());
        assertFalse(done.has("error"));
        handler.process(message(UNBLOCK_REQ, MAPPER.createObjectNode().put("id", "4")));
        assertEquals("Cannot unblock 4: block 4 does not exist",
                     conn.payloads(UNBLOCK_RESP).get(1).get("error").asText());
        verify(blockService);
    }

    /** Issue 14: a viewer's unblock is refused with the reason, nothing changes, and the refusal is audited. */
    @Test
    public void aViewerCannotUnblockAndTheRefusalIsAudited() {
        RecordingAudit audit = RecordingAudit.onosUsers();
        conn = new UiTestSupport.RecordingConnection("guest");
        replay(blockService);
        handler.init(conn.connection, UiTestSupport.directory(ImmutableMap.of(NidsBlockService.class, blockService,
                                                                              NidsAuditService.class, audit)));
        handler.process(message(UNBLOCK_REQ, MAPPER.createObjectNode().put("id", "4")));
        assertEquals("Cannot unblock 4: guest lacks ONOS's admin role: viewers change nothing",
                     conn.only(UNBLOCK_RESP).get("error").asText());
        verify(blockService);
        assertEquals(List.of("guest block.remove 4 refused: guest lacks ONOS's admin role: viewers change nothing"),
                     audit.recorded());
    }
}
