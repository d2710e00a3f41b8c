/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.DeviceModelState;
import org.onosproject.nids.api.DeviceView;
import org.onosproject.nids.api.NidsDeviceService;
import org.onosproject.nids.codec.NidsTestModels;
import org.onosproject.nids.model.bundle.ModelBundle;

import java.util.List;
import java.util.Map;

import static org.easymock.EasyMock.createMock;
import static org.easymock.EasyMock.expect;
import static org.easymock.EasyMock.replay;
import static org.easymock.EasyMock.verify;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/** /onos/nids/devices. */
public class DevicesWebResourceTest extends NidsResourceTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:s1");
    private static final DeviceId S2 = DeviceId.deviceId("device:s2");

    private final ModelBundle model = NidsTestModels.multiClass("three", "2026-02-01T09:30:00Z");

    private NidsDeviceService devices;

    @Before
    public void setUpServices() {
        devices = createMock(NidsDeviceService.class);
        setServiceDirectory(new TestServiceDirectory().add(NidsDeviceService.class, devices));
    }

    @Test
    public void listsEachNidsSwitchWithStateAndCountersNamedByTheModelsClasses() throws Exception {
        List<String> classes = model.classNames();
        expect(devices.devices()).andReturn(List.of(
                new DeviceView(S1, "org.onosproject.nids.bmv2", true, 0, model.modelId(), 9, "bank 1 write failed",
                               1234L, List.of(new DeviceView.ClassCounter(0, classes.get(0), 900),
                                              new DeviceView.ClassCounter(1, classes.get(1), 40),
                                              new DeviceView.ClassCounter(2, classes.get(2), 2)),
                               Map.of("sent.ALERT", 42L, "dropped.ALERT", 1L, "evictions", 5L)),
                new DeviceView(S2, "org.onosproject.nids.bmv2", false, DeviceModelState.NO_BANK, null, 0, null, 0,
                               List.of(), Map.of())));
        replay(devices);

        ObjectNode body = json(target("devices").request().get(), 200);

        JsonNode list = body.get("devices");
        assertEquals(2, list.size());
        JsonNode s1 = list.get(0);
        assertEquals("device:s1", s1.get("deviceId").asText());
        assertEquals("org.onosproject.nids.bmv2", s1.get("pipeconfId").asText());
        assertTrue(s1.get("available").asBoolean());
        assertEquals(0, s1.get("activeBank").asInt());
        assertEquals(model.modelId(), s1.get("modelId").asText());
        assertEquals(9, s1.get("entries").asInt());
        assertEquals("bank 1 write failed", s1.get("lastError").asText());
        assertEquals("[{\"classId\":0,\"class\":\"Benign\",\"packets\":900},"
                + "{\"classId\":1,\"class\":\"DoS\",\"packets\":40},"
                + "{\"classId\":2,\"class\":\"Scan\",\"packets\":2}]", s1.get("classCounters").toString());
        assertEquals(42, s1.get("reportCounters").get("sent.ALERT").asLong());
        assertEquals(5, s1.get("reportCounters").get("evictions").asLong());
        JsonNode s2 = list.get(1);
        assertEquals("device:s2", s2.get("deviceId").asText());
        assertFalse(s2.get("available").asBoolean());
        assertTrue(s2.get("activeBank").isNull());
        assertTrue(s2.get("modelId").isNull());
        assertEquals(0, s2.get("classCounters").size());
        verify(devices);
    }

    @Test
    public void noNidsSwitchIsAnEmptyList() throws Exception {
        expect(devices.devices()).andReturn(List.of());
        replay(devices);
        assertEquals("{\"devices\":[]}", json(target("devices").request().get(), 200).toString());
        verify(devices);
    }
}
