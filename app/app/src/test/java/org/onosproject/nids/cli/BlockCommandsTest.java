/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.easymock.Capture;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.Ip4Address;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.BlockOrigin;
import org.onosproject.nids.api.BlockRequest;
import org.onosproject.nids.api.NidsBlock;
import org.onosproject.nids.api.NidsBlockService;
import org.onosproject.nids.api.NidsException;

import java.util.List;
import java.util.Optional;

import static org.easymock.EasyMock.capture;
import static org.easymock.EasyMock.createMock;
import static org.easymock.EasyMock.expect;
import static org.easymock.EasyMock.replay;
import static org.easymock.EasyMock.verify;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/** nids-blocks, nids-block, nids-unblock. */
public class BlockCommandsTest extends CliTestBase {

    private static final long T0 = 1_768_471_200_000L;
    private NidsBlockService blocks;

    @Before
    public void setUpServices() {
        blocks = createMock(NidsBlockService.class);
        services.put(NidsBlockService.class, blocks);
    }

    private static NidsBlock block(String id, String src) {
        return NidsBlock.builder().id(id).src(Ip4Address.valueOf(src)).reason("port scan").alertId(42L)
                .origin(BlockOrigin.AUTO).createdMillis(T0).expiresMillis(T0 + 600_000).build()
                .withStatus("INSTALLED", List.of(DeviceId.deviceId("device:bmv2:s1")));
    }

    private BlocksCommand listCommand() {
        return new BlocksCommand() {
            @Override
            public <T> T getService(Class<T> serviceClass) {
                return service(serviceClass);
            }
        };
    }

    private BlockCommand blockCommand(String src, String ttl, String reason) {
        BlockCommand command = new BlockCommand() {
            @Override
            public <T> T getService(Class<T> serviceClass) {
                return service(serviceClass);
            }
        };
        command.src = src;
        command.ttl = ttl;
        command.reason = reason;
        return command;
    }

    private UnblockCommand unblockCommand(String id) {
        UnblockCommand command = new UnblockCommand() {
            @Override
            public <T> T getService(Class<T> serviceClass) {
                return service(serviceClass);
            }
        };
        command.blockId = id;
        return command;
    }

    @Test
    public void listsOneLinePerBlockOrJson() throws Exception {
        expect(blocks.blocks()).andReturn(List.of(block("4", "10.0.0.3"))).times(2);
        replay(blocks);
        listCommand().doExecute();
        assertEquals("4 10.0.0.3 scope=all auto alert=42 INSTALLED devices=device:bmv2:s1 "
                             + "expires=2026-01-15T10:10:00Z intent=nids-block-4 reason=\"port scan\"\n", out());
        BlocksCommand json = listCommand();
        jsonOutput(json);
        json.doExecute();
        String printed = out().substring(out().indexOf('{'));
        assertEquals("nids-block-4", new ObjectMapper().readTree(printed).get("blocks").get(0).get("intentKey")
                .asText());
        verify(blocks);
    }

    @Test
    public void blocksWithTtlAndReason() {
        Capture<BlockRequest> request = Capture.newInstance();
        expect(blocks.block(capture(request))).andReturn(block("5", "10.0.0.3"));
        replay(blocks);
        blockCommand("10.0.0.3", "600", "port scan").doExecute();
        assertEquals(Ip4Address.valueOf("10.0.0.3"), request.getValue().src());
        assertEquals(Optional.of(600L), request.getValue().ttlSeconds());
        assertEquals(Optional.of("port scan"), request.getValue().reason());
        assertTrue(out(), out().startsWith("5 10.0.0.3 "));
        // Audited like a REST or GUI block (outside Karaf the shell has no user).
        assertEquals(List.of("unknown block.add 10.0.0.3 ok: block 5"), audit.recorded());
        verify(blocks);
    }

    @Test
    public void badInputFailsWithTheReasonAndAsksNothing() {
        replay(blocks);
        String[][] cases = {{"10.0.0.300", null, "src: not an IPv4 address: \"10.0.0.300\""},
                            {"10.0.0.3", "-1", "ttl: expected an integer 0..315360000, got \"-1\""},
                            {"10.0.0.3", "soon", "ttl: expected an integer 0..315360000, got \"soon\""}};
        for (String[] c : cases) {
            try {
                blockCommand(c[0], c[1], null).doExecute();
                fail("accepted " + c[0] + " " + c[1]);
            } catch (NidsException e) {
                assertEquals(NidsException.Kind.INVALID, e.kind());
                assertEquals(c[2], e.getMessage());
            }
        }
        assertTrue(err(), err().contains("ttl: expected an integer 0..315360000, got \"soon\""));
        verify(blocks);
    }

    @Test
    public void refusalsOfTheServiceFailTheCommand() {
        expect(blocks.block(org.easymock.EasyMock.<BlockRequest>anyObject())).andThrow(new NidsException(
                NidsException.Kind.CONFLICT, "10.0.0.3 is already blocked by block 4"));
        expect(blocks.unblock("9")).andThrow(new NidsException(NidsException.Kind.NOT_FOUND,
                                                               "block 9 does not exist"));
        replay(blocks);
        try {
            blockCommand("10.0.0.3", null, null).doExecute();
            fail("no conflict");
        } catch (NidsException e) {
            assertEquals(NidsException.Kind.CONFLICT, e.kind());
        }
        try {
            unblockCommand("9").doExecute();
            fail("unblocked an unknown block");
        } catch (NidsException e) {
            assertEquals(NidsException.Kind.NOT_FOUND, e.kind());
        }
        assertTrue(err(), err().contains("block 9 does not exist"));
        verify(blocks);
    }

    @Test
    public void unblockPrintsWhatWasRemoved() {
        expect(blocks.unblock("4")).andReturn(block("4", "10.0.0.3"));
        replay(blocks);
        unblockCommand("4").doExecute();
        assertEquals("Unblocked 10.0.0.3 (block 4)\n", out());
        verify(blocks);
    }
}
