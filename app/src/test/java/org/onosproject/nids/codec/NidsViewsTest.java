/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.codec;

import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.ChassisId;
import org.onosproject.net.DefaultDevice;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.net.provider.ProviderId;
import org.onosproject.nids.api.DeviceModelState;
import org.onosproject.nids.api.NidsCounterService;
import org.onosproject.nids.api.NidsModelService;
import org.onosproject.nids.api.RolloutResult;
import org.onosproject.nids.api.RolloutResult.DeviceResult;
import org.onosproject.nids.api.RolloutResult.Outcome;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.pipeconf.NidsPipeconfLoader;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.easymock.EasyMock.anyObject;
import static org.easymock.EasyMock.createMock;
import static org.easymock.EasyMock.expect;
import static org.easymock.EasyMock.replay;
import static org.easymock.EasyMock.verify;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/** What REST and CLI show: models in order with the active marker, the NIDS switches, rollout failures. */
public class NidsViewsTest {

    static final ProviderId PID = new ProviderId("test", "nids");
    static final DeviceId S1 = DeviceId.deviceId("device:s1");
    static final DeviceId S2 = DeviceId.deviceId("device:s2");
    static final DeviceId S3 = DeviceId.deviceId("device:s3");
    static final DeviceId OTHER = DeviceId.deviceId("device:other");

    private final ModelBundle older = NidsTestModels.binary("older", "2026-01-15T10:00:00Z");
    private final ModelBundle newer = NidsTestModels.multiClass("newer", "2026-02-01T09:30:00Z");

    private NidsModelService models;
    private NidsCounterService counters;
    private PiPipeconfService pipeconfs;
    private DeviceService devices;

    static Device device(DeviceId id) {
        return new DefaultDevice(PID, id, Device.Type.SWITCH, "bmv2", "1", "1", "sn", new ChassisId());
    }

    @Before
    public void setUp() {
        models = createMock(NidsModelService.class);
        counters = createMock(NidsCounterService.class);
        pipeconfs = createMock(PiPipeconfService.class);
        devices = createMock(DeviceService.class);
    }

    @Test
    public void modelsAreListedOldestFirstWithTheActiveOneMarked() {
        expect(models.activeModelId()).andReturn(Optional.of(older.modelId()));
        expect(models.models()).andReturn(List.of(newer, older));
        replay(models);
        List<ModelSummary> list = NidsViews.models(models);
        assertEquals(List.of("older", "newer"), List.of(list.get(0).name(), list.get(1).name()));
        assertTrue(list.get(0).active());
        assertFalse(list.get(1).active());
        verify(models);
    }

    @Test
    public void devicesAreTheNidsPipeconfSwitchesPlusTheOnesWithState() {
        // s1: NIDS pipeconf, available, programmed with "newer" in bank 1
        // s2: NIDS pipeconf, available, never programmed
        // s3: state only (gone from ONOS): unavailable, so no counter reads
        // other: another pipeconf, no state: not listed
        expect(models.deviceStates()).andReturn(Map.of(
                S1, new DeviceModelState(S1, 1, newer.modelId(), 9, null, 1000L),
                S3, new DeviceModelState(S3, 0, older.modelId(), 5, "switch disconnected", 2000L)));
        expect(models.model(newer.modelId())).andReturn(Optional.of(newer));
        expect(models.model(older.modelId())).andReturn(Optional.of(older));
        expect(devices.getDevices()).andReturn(List.of(device(S1), device(S2), device(OTHER)));
        expect(pipeconfs.ofDevice(S1)).andReturn(Optional.of(NidsPipeconfLoader.PIPECONF_ID)).anyTimes();
        expect(pipeconfs.ofDevice(S2)).andReturn(Optional.of(NidsPipeconfLoader.PIPECONF_ID)).anyTimes();
        expect(pipeconfs.ofDevice(S3)).andReturn(Optional.empty()).anyTimes();
        expect(pipeconfs.ofDevice(OTHER)).andReturn(Optional.of(new PiPipeconfId("org.onosproject.pipelines.basic")))
                .anyTimes();
        expect(devices.isAvailable(S1)).andReturn(true);
        expect(devices.isAvailable(S2)).andReturn(true);
        expect(devices.isAvailable(S3)).andReturn(false);
        expect(counters.classCounters(S1, 1)).andReturn(Map.of(2, 5L, 0, 100L, 1, 7L, 9, 1L));
        expect(counters.reportCounters(S1)).andReturn(Map.of("sent.ALERT", 8L));
        expect(counters.reportCounters(S2)).andReturn(Map.of());
        replay(models, counters, pipeconfs, devices);

        List<DeviceView> views = NidsViews.devices(models, counters, pipeconfs, devices);

        assertEquals(List.of(S1, S2, S3), List.of(views.get(0).deviceId(), views.get(1).deviceId(),
                views.get(2).deviceId()));
        DeviceView s1 = views.get(0);
        assertEquals(Optional.of("org.onosproject.nids.bmv2"), s1.pipeconfId());
        assertEquals(1, s1.activeBank());
        assertEquals(9, s1.entries());
        assertEquals(List.of(new DeviceView.ClassCounter(0, "Benign", 100), new DeviceView.ClassCounter(1, "DoS", 7),
                new DeviceView.ClassCounter(2, "Scan", 5), new DeviceView.ClassCounter(9, null, 1)),
                s1.classCounters());
        assertEquals(Map.of("sent.ALERT", 8L), s1.reportCounters());
        DeviceView s2 = views.get(1);
        assertEquals(DeviceModelState.NO_BANK, s2.activeBank());
        assertTrue(s2.classCounters().isEmpty());
        DeviceView s3 = views.get(2);
        assertFalse(s3.available());
        assertEquals(Optional.empty(), s3.pipeconfId());
        assertEquals(Optional.of("switch disconnected"), s3.lastError());
        assertTrue(s3.classCounters().isEmpty());
        verify(models, counters, pipeconfs, devices);
    }

    @Test
    public void noSwitchesNoViews() {
        expect(models.deviceStates()).andReturn(Map.of());
        expect(devices.getDevices()).andReturn(List.of());
        replay(models, counters, pipeconfs, devices);
        assertTrue(NidsViews.devices(models, counters, pipeconfs, devices).isEmpty());
        verify(counters);
    }

    @Test
    public void rolloutFailureNamesTheDeviceItsErrorAndWhatStaysActive() {
        assertEquals("rollout of nids-new failed on device:s2: write of bank 0 timed out; rolled back on device:s1;"
                + " nids-old stays active", NidsViews.rolloutFailure(RolloutResultCodecTest.failed()));
    }

    @Test
    public void rolloutFailureWithoutAFailedDeviceListsWhatDidNotFlip() {
        RolloutResult result = new RolloutResult("nids-new", null, List.of(
                new DeviceResult(S1, Outcome.FLIPPED, 1, 3, null, 1),
                new DeviceResult(S2, Outcome.NOT_ATTEMPTED, 0, 0, null, 0)), 2);
        assertEquals("rollout of nids-new did not complete: device:s2 NOT_ATTEMPTED; no model is active",
                NidsViews.rolloutFailure(result));
    }

    @Test
    public void aMultiLineDeviceErrorBecomesOneLine() {
        RolloutResult result = new RolloutResult("nids-new", "nids-old", List.of(
                new DeviceResult(S1, Outcome.FAILED, 1, 0, "P4Runtime error:\n  INVALID_ARGUMENT", 1)), 2);
        assertEquals("rollout of nids-new failed on device:s1: P4Runtime error: INVALID_ARGUMENT;"
                + " nids-old stays active", NidsViews.rolloutFailure(result));
    }
}
