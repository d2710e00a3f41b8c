/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Test;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.nids.api.NidsApp;

import java.util.Optional;

import static org.easymock.EasyMock.createMock;
import static org.easymock.EasyMock.expect;
import static org.easymock.EasyMock.replay;
import static org.easymock.EasyMock.verify;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/** /onos/nids/health. */
public class HealthWebResourceTest extends NidsResourceTest {

    private ObjectNode health(Optional<PiPipeconf> pipeconf) throws Exception {
        PiPipeconfService pipeconfs = createMock(PiPipeconfService.class);
        expect(pipeconfs.getPipeconf(new PiPipeconfId(NidsApp.PIPECONF_ID))).andReturn(pipeconf);
        replay(pipeconfs);
        setServiceDirectory(new TestServiceDirectory().add(PiPipeconfService.class, pipeconfs));
        ObjectNode body = json(target("health").request().get(), 200);
        verify(pipeconfs);
        return body;
    }

    @Test
    public void reportsTheRegisteredPipeconf() throws Exception {
        ObjectNode body = health(Optional.of(createMock(PiPipeconf.class)));
        assertEquals("org.onosproject.nids.bmv2", body.get("pipeconfId").asText());
        assertTrue(body.get("pipeconfRegistered").asBoolean());
    }

    @Test
    public void reportsAMissingPipeconf() throws Exception {
        assertFalse(health(Optional.empty()).get("pipeconfRegistered").asBoolean());
    }
}
