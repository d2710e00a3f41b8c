/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.rest;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.nids.api.NidsFlowRecordService;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.easymock.EasyMock.createMock;
import static org.easymock.EasyMock.expect;
import static org.easymock.EasyMock.replay;
import static org.easymock.EasyMock.verify;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.onosproject.nids.codec.AlertTestData.KEY;
import static org.onosproject.nids.codec.AlertTestData.OTHER_KEY;
import static org.onosproject.nids.codec.AlertTestData.S1;
import static org.onosproject.nids.codec.AlertTestData.S2;
import static org.onosproject.nids.codec.AlertTestData.T0;
import static org.onosproject.nids.codec.AlertTestData.dos;
import static org.onosproject.nids.codec.AlertTestData.record;

/** /onos/nids/flows. */
public class FlowsWebResourceTest extends NidsResourceTest {

    private NidsFlowRecordService flows;

    @Before
    public void setUpServices() {
        flows = createMock(NidsFlowRecordService.class);
        setServiceDirectory(new TestServiceDirectory().add(NidsFlowRecordService.class, flows));
    }

    @Test
    public void listsRecentFlowsOfEverySwitch() throws Exception {
        expect(flows.recentFlows(Optional.empty(), 100)).andReturn(List.of(dos(S1, KEY, T0 + 1),
                record(S2, OTHER_KEY, null, 0, null, 0, java.util.Map.of(), T0)));
        replay(flows);

        JsonNode list = json(target("flows").request().get(), 200).get("flows");
        assertEquals(2, list.size());
        assertEquals("device:s1", list.get(0).get("deviceId").asText());
        assertEquals("DoS", list.get(0).get("class").asText());
        assertTrue(list.get(0).get("attack").asBoolean());
        assertEquals(412, list.get(0).get("features").get("IN_BYTES").asLong());
        assertEquals("device:s2", list.get(1).get("deviceId").asText());
        assertTrue(list.get(1).get("modelId").isNull());
        verify(flows);
    }

    @Test
    public void oneSwitchAndALimit() throws Exception {
        expect(flows.recentFlows(Optional.of(S2), 1)).andReturn(List.of(dos(S2, KEY, T0)));
        replay(flows);
        JsonNode list = json(target("flows").queryParam("device", "device:s2").queryParam("limit", "1")
                .request().get(), 200).get("flows");
        assertEquals(1, list.size());
        verify(flows);
    }

    @Test
    public void badDeviceOrLimitIs400NamingIt() throws Exception {
        replay(flows);
        assertEquals("device: expected a device id like device:s1, got \"s1\"",
                errorMessage(target("flows").queryParam("device", "s1").request().get(), 400));
        assertEquals("device: expected a device id like device:s1, got \"\"",
                errorMessage(target("flows").queryParam("device", "").request().get(), 400));
        assertEquals("limit: expected an integer 1..10000, got \"-3\"",
                errorMessage(target("flows").queryParam("limit", "-3").request().get(), 400));
        assertEquals("limit: expected an integer 1..10000, got \"1e3\"",
                errorMessage(target("flows").queryParam("limit", "1e3").request().get(), 400));
        verify(flows);
    }
}
