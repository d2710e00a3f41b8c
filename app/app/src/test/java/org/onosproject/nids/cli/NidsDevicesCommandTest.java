/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.DeviceView;
import org.onosproject.nids.api.NidsDeviceService;
import org.onosproject.nids.codec.NidsTestModels;
import org.onosproject.nids.model.bundle.ModelBundle;

import java.util.List;
import java.util.Map;

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
        NidsDeviceService devices = createMock(NidsDeviceService.class);
        expect(devices.devices()).andReturn(List.of(new DeviceView(
                S1, "org.onosproject.nids.bmv2", true, 1, model.modelId(), 9, "previous write failed", 1L,
                List.of(new DeviceView.ClassCounter(0, "Benign", 100), new DeviceView.ClassCounter(1, "Attack", 3)),
                Map.of("sent.ALERT", 3L, "evictions", 0L))));
        replay(devices);
        services.put(NidsDeviceService.class, devices);
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
