/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import static org.junit.Assert.assertEquals;

/** nids-devices. */
public class NidsDevicesCommandTest extends CliTestBase {

    private static final DeviceId S1 = DeviceId.deviceId("device:s1");
    private final ModelBundle model = NidsTestModels.binary("m", "2026-01-15T10:00:00Z");

    private NidsDevicesCommand command;

    @Before
    public void setUpServices() {
        NidsModelService models = createMock(NidsModelService.class);
        NidsCounterService counters = createMock(NidsCounterService.class);
        PiPipeconfService pipeconfs = createMock(PiPipeconfService.class);
        DeviceService devices = createMock(DeviceService.class);
        expect(models.deviceStates()).andReturn(Map.of(
                S1, new DeviceModelState(S1, 1, model.modelId(), 9, "previous write failed", 1L)));
        expect(models.model(model.modelId())).andReturn(Optional.of(model));
        expect(devices.getDevices()).andReturn(List.of(new DefaultDevice(new ProviderId("test", "nids"), S1,
                Device.Type.SWITCH, "bmv2", "1", "1", "sn", new ChassisId())));
        expect(devices.isAvailable(S1)).andReturn(true);
        expect(pipeconfs.ofDevice(S1)).andReturn(Optional.of(NidsPipeconfLoader.PIPECONF_ID)).anyTimes();
        expect(counters.classCounters(S1, 1)).andReturn(Map.of(0, 100L, 1, 3L));
        expect(counters.reportCounters(S1)).andReturn(Map.of("sent.ALERT", 3L, "evictions", 0L));
        replay(models, counters, pipeconfs, devices);
        services.put(NidsModelService.class, models);
        services.put(NidsCounterService.class, counters);
        services.put(PiPipeconfService.class, pipeconfs);
        services.put(DeviceService.class, devices);
        command = new NidsDevicesCommand() {
            @Override
            public <T> T getService(Class<T> serviceClass) {
                return service(serviceClass);
            }
        };
    }

    @Test
    public void printsStateCountersAndLastError() {
        command.doExecute();
        assertEquals(List.of(
                "device:s1 pipeconf=org.onosproject.nids.bmv2 available=true bank=1 model=" + model.modelId()
                        + " entries=9",
                "    classes: Benign=100 Attack=3",
                "    reports: evictions=0 sent.ALERT=3",
                "    last error: previous write failed"), List.of(out().split("\\R")));
    }

    @Test
    public void jsonIsTheRestListing() throws Exception {
        jsonOutput(command);
        command.doExecute();
        JsonNode device = new ObjectMapper().readTree(out()).get("devices").get(0);
        assertEquals("device:s1", device.get("deviceId").asText());
        assertEquals("Attack", device.get("classCounters").get(1).get("class").asText());
    }
}
