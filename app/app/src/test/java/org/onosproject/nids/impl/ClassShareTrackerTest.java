/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import com.google.common.collect.ImmutableMap;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.ClassShareSample;
import org.onosproject.nids.api.DeviceModelState;
import org.onosproject.nids.api.NidsDeviceService;
import org.onosproject.nids.api.NidsModelService;
import org.onosproject.nids.codec.NidsTestModels;
import org.onosproject.nids.model.bundle.ModelBundle;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.easymock.EasyMock.anyInt;
import static org.easymock.EasyMock.createNiceMock;
import static org.easymock.EasyMock.eq;
import static org.easymock.EasyMock.expect;
import static org.easymock.EasyMock.replay;
import static org.junit.Assert.assertEquals;

/** The tracker reads both banks of every switch that runs a model and names classes after the active model. */
public class ClassShareTrackerTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:s1");
    private static final DeviceId S2 = DeviceId.deviceId("device:s2");

    private final ModelBundle model = NidsTestModels.bundle(NidsTestModels.ttlTree(), "ttl");
    private ClassShareTracker tracker;
    private NidsDeviceService counters;

    @Before
    public void setUp() {
        NidsModelService models = createNiceMock(NidsModelService.class);
        expect(models.deviceStates()).andReturn(ImmutableMap.of(
                S1, new DeviceModelState(S1, 1, model.modelId(), 3, null, 0),
                S2, new DeviceModelState(S2, DeviceModelState.NO_BANK, null, 0, "unreachable", 0))).anyTimes();
        expect(models.activeModelId()).andReturn(Optional.of(model.modelId())).anyTimes();
        expect(models.model(model.modelId())).andReturn(Optional.of(model)).anyTimes();
        replay(models);
        counters = createNiceMock(NidsDeviceService.class);
        tracker = new ClassShareTracker();
        tracker.modelService = models;
        tracker.deviceService = counters;
    }

    @Test
    public void pollsTheActiveBankOfSwitchesWithAModel() {
        expect(counters.classCounters(eq(S1), anyInt())).andReturn(Map.of(0, 10L, 1, 10L)).times(2);
        expect(counters.classCounters(S1, 0)).andReturn(Map.of(0, 10L));
        expect(counters.classCounters(S1, 1)).andReturn(Map.of(0, 40L, 1, 70L));
        replay(counters);

        tracker.poll(1_000);
        ClassShareSample sample = tracker.poll(2_000);
        List<String> names = model.classNames();
        assertEquals(ImmutableMap.of(names.get(0), 30L, names.get(1), 60L), sample.packets());
        assertEquals(Optional.of(model.modelId()), sample.modelId());
        assertEquals(List.of(sample), tracker.classShares(1));
    }
}
