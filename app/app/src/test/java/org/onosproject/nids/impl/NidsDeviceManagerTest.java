/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.PiPipeconfServiceAdapter;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.nids.api.DeviceModelState;
import org.onosproject.nids.api.DeviceView;
import org.onosproject.nids.api.NidsApp;
import org.onosproject.nids.api.NidsModelService;
import org.onosproject.nids.codec.NidsTestModels;
import org.onosproject.nids.model.bundle.ModelBundle;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.easymock.EasyMock.createMock;
import static org.easymock.EasyMock.expect;
import static org.easymock.EasyMock.replay;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/** The NIDS switches as REST and CLI list them: switches with the NIDS pipeline plus the ones with state. */
public class NidsDeviceManagerTest {

    static final DeviceId S1 = DeviceId.deviceId("device:s1");
    static final DeviceId S2 = DeviceId.deviceId("device:s2");
    static final DeviceId S3 = DeviceId.deviceId("device:s3");
    static final DeviceId OTHER = DeviceId.deviceId("device:other");

    private final ModelBundle older = NidsTestModels.binary("older", "2026-01-15T10:00:00Z");
    private final ModelBundle newer = NidsTestModels.multiClass("newer", "2026-02-01T09:30:00Z");
    private final FakePipeline s1 = new FakePipeline(S1);
    private final FakePipeline s2 = new FakePipeline(S2);
    private NidsModelService models;
    private NidsDeviceManager manager;

    @Before
    public void setUp() {
        models = createMock(NidsModelService.class);
        manager = new NidsDeviceManager();
        manager.modelService = models;
        manager.pipeconfService = new PiPipeconfServiceAdapter() {
            @Override
            public Optional<PiPipeconfId> ofDevice(DeviceId deviceId) {
                return deviceId.equals(OTHER) ? Optional.of(new PiPipeconfId("org.onosproject.pipelines.basic"))
                        : deviceId.equals(S3) ? Optional.empty() : Optional.of(new PiPipeconfId(NidsApp.PIPECONF_ID));
            }
        };
    }

    @Test
    public void devicesAreTheNidsPipelineSwitchesPlusTheOnesWithState() {
        // s1: NIDS pipeline, available, programmed with "newer" in bank 1
        // s2: NIDS pipeline, available, never programmed
        // s3: state only (gone from ONOS): unavailable, so no counter reads
        // other: another pipeline, no state: not listed
        expect(models.deviceStates()).andReturn(Map.of(
                S1, new DeviceModelState(S1, 1, newer.modelId(), 9, null, 1000L),
                S3, new DeviceModelState(S3, 0, older.modelId(), 5, "switch disconnected", 2000L)));
        expect(models.model(newer.modelId())).andReturn(Optional.of(newer));
        expect(models.model(older.modelId())).andReturn(Optional.of(older));
        replay(models);
        s1.classCounters = Map.of(1, Map.of(2, 5L, 0, 100L, 1, 7L, 9, 1L));
        s1.reportCounters = Map.of("sent.ALERT", 8L);
        manager.deviceService = FakePipeline.deviceService(List.of(s1.device(), s2.device(),
                FakePipeline.otherSwitch(OTHER)));

        List<DeviceView> views = manager.devices();

        assertEquals(List.of(S1, S2, S3), List.of(views.get(0).deviceId(), views.get(1).deviceId(),
                views.get(2).deviceId()));
        DeviceView v1 = views.get(0);
        assertEquals(Optional.of("org.onosproject.nids.bmv2"), v1.pipeconfId());
        assertEquals(1, v1.activeBank());
        assertEquals(9, v1.entries());
        assertEquals(List.of(new DeviceView.ClassCounter(0, "Benign", 100), new DeviceView.ClassCounter(1, "DoS", 7),
                new DeviceView.ClassCounter(2, "Scan", 5), new DeviceView.ClassCounter(9, null, 1)),
                v1.classCounters());
        assertEquals(Map.of("sent.ALERT", 8L), v1.reportCounters());
        DeviceView v2 = views.get(1);
        assertEquals(DeviceModelState.NO_BANK, v2.activeBank());
        assertTrue(v2.classCounters().isEmpty());
        DeviceView v3 = views.get(2);
        assertFalse(v3.available());
        assertEquals(Optional.empty(), v3.pipeconfId());
        assertEquals(Optional.of("switch disconnected"), v3.lastError());
        assertTrue(v3.classCounters().isEmpty());
    }

    @Test
    public void noSwitchesNoViews() {
        expect(models.deviceStates()).andReturn(Map.of());
        replay(models);
        manager.deviceService = FakePipeline.deviceService(List.of());
        assertTrue(manager.devices().isEmpty());
        assertEquals("no switch, no counters", Map.of(), manager.reportCounters(S1));
    }
}
