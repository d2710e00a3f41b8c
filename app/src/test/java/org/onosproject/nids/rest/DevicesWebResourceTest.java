/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.ChassisId;
import org.onosproject.net.DefaultDevice;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.net.provider.ProviderId;
import org.onosproject.nids.api.DeviceModelState;
import org.onosproject.nids.api.NidsCounterService;
import org.onosproject.nids.api.NidsModelService;
import org.onosproject.nids.codec.NidsTestModels;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.pipeconf.NidsPipeconfLoader;

import java.util.List;
import java.util.Map;
import java.util.Optional;

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

    private NidsModelService models;
    private NidsCounterService counters;
    private PiPipeconfService pipeconfs;
    private DeviceService devices;

    @Before
    public void setUpServices() {
        models = createMock(NidsModelService.class);
        counters = createMock(NidsCounterService.class);
        pipeconfs = createMock(PiPipeconfService.class);
        devices = createMock(DeviceService.class);
        setServiceDirectory(new TestServiceDirectory()
                .add(NidsModelService.class, models)
                .add(NidsCounterService.class, counters)
                .add(PiPipeconfService.class, pipeconfs)
                .add(DeviceService.class, devices));
    }

    private static Device device(DeviceId id) {
        return new DefaultDevice(new ProviderId("test", "nids"), id, Device.Type.SWITCH, "bmv2", "1", "1", "sn",
                new ChassisId());
    }

    @Test
    public void listsEachNidsSwitchWithStateAndCountersNamedByTheModelsClasses() throws Exception {
        expect(models.deviceStates()).andReturn(Map.of(
                S1, new DeviceModelState(S1, 0, model.modelId(), 9, "bank 1 write failed", 1234L)));
        expect(models.model(model.modelId())).andReturn(Optional.of(model));
        expect(devices.getDevices()).andReturn(List.of(device(S1), device(S2)));
        expect(devices.isAvailable(S1)).andReturn(true);
        expect(devices.isAvailable(S2)).andReturn(false);
        expect(pipeconfs.ofDevice(S1)).andReturn(Optional.of(NidsPipeconfLoader.PIPECONF_ID)).anyTimes();
        expect(pipeconfs.ofDevice(S2)).andReturn(Optional.of(NidsPipeconfLoader.PIPECONF_ID)).anyTimes();
        expect(counters.classCounters(S1, 0)).andReturn(Map.of(0, 900L, 1, 40L, 2, 2L));
        expect(counters.reportCounters(S1)).andReturn(Map.of("sent.ALERT", 42L, "dropped.ALERT", 1L,
                "evictions", 5L));
        replay(models, counters, pipeconfs, devices);

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
        verify(models, counters, pipeconfs, devices);
    }

    @Test
    public void noNidsSwitchIsAnEmptyList() throws Exception {
        expect(models.deviceStates()).andReturn(Map.of());
        expect(devices.getDevices()).andReturn(List.of());
        replay(models, counters, pipeconfs, devices);
        assertEquals("{\"devices\":[]}", json(target("devices").request().get(), 200).toString());
        verify(models, counters, pipeconfs, devices);
    }
}
