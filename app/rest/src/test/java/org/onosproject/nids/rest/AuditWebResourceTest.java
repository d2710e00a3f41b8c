/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Test;
import org.onlab.osgi.ServiceDirectory;
import org.onosproject.nids.api.BlockRequest;
import org.onosproject.nids.api.NidsAuditService;
import org.onosproject.nids.api.NidsBlockService;
import org.onosproject.nids.api.NidsException;
import org.onosproject.nids.api.RecordingAudit;

import javax.ws.rs.client.Entity;

import static org.easymock.EasyMock.anyObject;
import static org.easymock.EasyMock.createMock;
import static org.easymock.EasyMock.expect;
import static org.easymock.EasyMock.replay;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/** The audit log over REST, and REST changes recorded in it with their outcome. */
public class AuditWebResourceTest extends NidsResourceTest {

    /** "unknown" (the test's unauthenticated user) is no admin. */
    private final RecordingAudit audit = new RecordingAudit((user, role) -> "admin".equals(user));

    private void services(NidsBlockService blocks) {
        ServiceDirectory directory = new TestServiceDirectory().add(NidsAuditService.class, audit)
                .add(NidsBlockService.class, blocks);
        setServiceDirectory(directory);
    }

    @Test
    public void aRefusedBlockIsRecordedWithItsReasonAndListedNewestFirst() throws Exception {
        NidsBlockService blocks = createMock(NidsBlockService.class);
        expect(blocks.block(anyObject(BlockRequest.class))).andThrow(new NidsException(NidsException.Kind.CONFLICT,
                                                                     "block cap reached: 5 blocks (maxBlocks 5)"));
        expect(blocks.unblock("9")).andThrow(new NidsException(NidsException.Kind.NOT_FOUND,
                                                               "block 9 does not exist"));
        replay(blocks);
        services(blocks);

        errorMessage(target("blocks").request().post(Entity.json("{\"src\": \"10.0.0.3\"}")), 409);
        errorMessage(target("blocks/9").request().delete(), 404);

        ObjectNode body = json(target("audit").queryParam("limit", "5").request().get(), 200);
        assertEquals(2, body.get("entries").size());
        assertEquals("{\"time\":\"1970-01-01T00:00:01Z\",\"instance\":\"local\",\"user\":\"unknown\","
                             + "\"action\":\"block.remove\","
                             + "\"target\":\"9\",\"result\":\"refused: block 9 does not exist\"}",
                     body.get("entries").get(0).toString());
        assertEquals("refused: block cap reached: 5 blocks (maxBlocks 5)",
                     body.get("entries").get(1).get("result").asText());
        assertEquals("10.0.0.3", body.get("entries").get(1).get("target").asText());
        assertEquals(RecordingAudit.EVICTED, body.get("evicted").asLong());
        assertEquals(0, body.get("notStored").asLong());
        assertEquals("{\"user\":\"unknown\",\"admin\":false}", body.get("requester").toString());
    }

    @Test
    public void aBadLimitIs400() throws Exception {
        services(createMock(NidsBlockService.class));
        String message = errorMessage(target("audit").queryParam("limit", "0").request().get(), 400);
        assertTrue(message, message.startsWith("limit: expected an integer 1..10000"));
    }
}
