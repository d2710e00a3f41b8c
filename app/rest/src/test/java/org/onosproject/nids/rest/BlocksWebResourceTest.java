/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.rest;

import com.fasterxml.jackson.databind.JsonNode;
import org.easymock.Capture;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.Ip4Address;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.BlockRequest;
import org.onosproject.nids.api.NidsBlock;
import org.onosproject.nids.api.NidsBlockService;
import org.onosproject.nids.api.NidsException;
import org.onosproject.nids.detection.AlertSeverity;
import org.onosproject.nids.detection.BlockPolicy;
import org.onosproject.nids.detection.Ipv4Cidr;

import javax.ws.rs.client.Entity;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.util.List;
import java.util.Optional;

import static org.easymock.EasyMock.capture;
import static org.easymock.EasyMock.createMock;
import static org.easymock.EasyMock.expect;
import static org.easymock.EasyMock.replay;
import static org.easymock.EasyMock.verify;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/** /onos/nids/blocks. */
public class BlocksWebResourceTest extends NidsResourceTest {

    private NidsBlockService blocks;

    @Before
    public void setUpServices() {
        blocks = createMock(NidsBlockService.class);
        setServiceDirectory(new TestServiceDirectory().add(NidsBlockService.class, blocks));
    }

    private static NidsBlock block(String id, String src) {
        return NidsBlock.builder().id(id).src(Ip4Address.valueOf(src)).reason("test").createdMillis(1000)
                .expiresMillis(601_000).build().withStatus("INSTALLED", List.of(DeviceId.deviceId("device:bmv2:s1")));
    }

    @Test
    public void listsTheBlocks() throws Exception {
        expect(blocks.blocks()).andReturn(List.of(block("2", "10.0.0.3"), block("1", "10.0.0.1"))).times(2);
        expect(blocks.policy()).andReturn(new BlockPolicy(AlertSeverity.HIGH, 600,
                                                          List.of(Ipv4Cidr.parse("10.0.0.0/30")), 100)).times(2);
        replay(blocks);
        JsonNode list = json(target("blocks").request().get(), 200).get("blocks");
        assertEquals(2, list.size());
        assertEquals("2", list.get(0).get("id").asText());
        assertEquals("10.0.0.3", list.get(0).get("src").asText());
        assertEquals("nids-block-2", list.get(0).get("intentKey").asText());
        assertEquals("device:bmv2:s1", list.get(0).get("devices").get(0).asText());
        JsonNode policy = json(target("blocks").request().get(), 200).get("policy");
        assertEquals("{\"autoBlockMinSeverity\":\"HIGH\",\"autoBlockMinAlerts\":0,\"autoBlockMinFlows\":\"Scan=10,Flood=10,BruteForce=5,SlowDoS=5,Other=5\",\"autoBlockWindowSeconds\":60,\"blockTtlSeconds\":600,"
                             + "\"blockAllowlist\":[\"10.0.0.0/30\"],\"maxBlocks\":100}", policy.toString());
        verify(blocks);
    }

    @Test
    public void postIs201WithLocationAndTheBlock() throws Exception {
        Capture<BlockRequest> request = Capture.newInstance();
        expect(blocks.block(capture(request))).andReturn(block("7", "10.0.0.3"));
        replay(blocks);
        Response response = target("blocks").request().post(Entity.entity(
                "{\"src\": \"10.0.0.3\", \"ttlSeconds\": 600, \"reason\": \"port scan\"}",
                MediaType.APPLICATION_JSON_TYPE));
        assertTrue(String.valueOf(response.getLocation()), response.getLocation().getPath().endsWith("/blocks/7"));
        assertEquals("7", json(response, 201).get("id").asText());
        assertEquals(Ip4Address.valueOf("10.0.0.3"), request.getValue().src());
        assertEquals(Optional.of(600L), request.getValue().ttlSeconds());
        assertEquals(Optional.of("port scan"), request.getValue().reason());
        verify(blocks);
    }

    @Test
    public void aBadBodyIs400AndTheServiceIsNotAsked() throws Exception {
        replay(blocks);
        String[][] cases = {
                {"{\"src\": \"10.0.0.256\"}", "src: not an IPv4 address: \"10.0.0.256\""},
                {"[1]", "expected a JSON object like {\"src\": \"10.0.0.3\"}"},
                {"{\"src\": ", "malformed JSON"},
                {"{\"src\": \"10.0.0.3\", \"scope\": " + "[".repeat(100) + "]".repeat(100) + "}",
                 "JSON nested deeper than 16 levels"},
                {"{\"src\": \"224.0.0.1\"}", "src: 224.0.0.1 is a multicast address"},
        };
        for (String[] c : cases) {
            String message = errorMessage(target("blocks").request().post(
                    Entity.entity(c[0], MediaType.APPLICATION_JSON_TYPE)), 400);
            assertTrue(message, message.startsWith(c[1]));
        }
        verify(blocks);
    }

    @Test
    public void refusalsOfTheServiceKeepTheirStatusAndReason() throws Exception {
        expect(blocks.block(org.easymock.EasyMock.<BlockRequest>anyObject())).andThrow(new NidsException(
                NidsException.Kind.CONFLICT, "10.0.0.1 is allowlisted (10.0.0.0/24 in blockAllowlist): never blocked"));
        replay(blocks);
        String message = errorMessage(target("blocks").request().post(
                Entity.entity("{\"src\": \"10.0.0.1\"}", MediaType.APPLICATION_JSON_TYPE)), 409);
        assertTrue(message, message.contains("allowlisted"));
        verify(blocks);
    }

    @Test
    public void deleteIs204AndAnUnknownIdIs404() throws Exception {
        expect(blocks.unblock("7")).andReturn(block("7", "10.0.0.3"));
        expect(blocks.unblock("8")).andThrow(new NidsException(NidsException.Kind.NOT_FOUND,
                                                               "block 8 does not exist"));
        expect(blocks.block("9")).andReturn(Optional.empty());
        replay(blocks);
        assertEquals(204, target("blocks/7").request().delete().getStatus());
        assertEquals("block 8 does not exist", errorMessage(target("blocks/8").request().delete(), 404));
        assertEquals("block 9 does not exist", errorMessage(target("blocks/9").request().get(), 404));
        verify(blocks);
    }
}
