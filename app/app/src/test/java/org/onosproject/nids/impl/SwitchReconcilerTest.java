/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.junit.Before;
import org.junit.Test;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.DeviceId;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.edge.EdgePortService;
import org.onosproject.nids.api.DeviceModelState;
import org.onosproject.nids.api.PipelineConfig;
import org.onosproject.nids.api.PipelineReadBack;
import org.onosproject.nids.api.ReportReason;
import org.onosproject.nids.api.TrackMode;
import org.onosproject.nids.codec.NidsTestModels;
import org.onosproject.nids.impl.FakePipeline.Step;
import org.onosproject.nids.model.bundle.ModelBundle;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;

import static org.easymock.EasyMock.anyObject;
import static org.easymock.EasyMock.createMock;
import static org.easymock.EasyMock.createNiceMock;
import static org.easymock.EasyMock.expect;
import static org.easymock.EasyMock.replay;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * Reconciliation from what a switch holds (read back from it), not from the app's record: a switch that refused the
 * flip-back of a failed rollout classifies with the new bank while the record names the old one.
 */
public class SwitchReconcilerTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    private static final PipelineConfig BASE = new PipelineConfig(0, 0, TrackMode.EDGE, 1000, 60_000_000L, 1000, 100,
                                                                  EnumSet.allOf(ReportReason.class));

    private final ModelBundle active = NidsTestModels.bundle(NidsTestModels.ttlTree(), "active");
    private final ModelBundle attempted = NidsTestModels.bundle(NidsTestModels.fourFeatureTree(), "attempted");
    private final FakePipeline pipeline = new FakePipeline(S1);
    private DistributedNidsModelStore store;
    private SwitchReconciler reconciler;

    @Before
    public void setUp() {
        store = new DistributedNidsModelStore();
        store.storageService = new ListeningStorageService();
        store.activate();
        MastershipService mastership = createNiceMock(MastershipService.class);
        expect(mastership.isLocalMaster(S1)).andReturn(true).anyTimes();
        EdgePortService edges = createMock(EdgePortService.class);
        expect(edges.getEdgePoints(anyObject(DeviceId.class))).andReturn(List.of()).anyTimes();
        NetworkConfigService netcfg = createNiceMock(NetworkConfigService.class);
        replay(mastership, edges, netcfg);
        SwitchDirectory switches = new SwitchDirectory(FakePipeline.deviceService(List.of(pipeline.device())),
                                                       mastership, edges, netcfg);
        Map<String, ModelBundle> models = Map.of(active.modelId(), active, attempted.modelId(), attempted);
        reconciler = new SwitchReconciler(store, switches, id -> Optional.ofNullable(models.get(id)), () -> BASE,
                                          () -> new FabricRollout(2000, System::currentTimeMillis,
                                                                  id -> Optional.ofNullable(models.get(id))),
                                          new ReentrantLock());
        store.updateActiveModel(a -> a.activate(active.modelId()));
        pipeline.readable = true;
    }

    /** The switch runs the active model in bank 0, as recorded. */
    private void runningActiveInBank0() {
        long epoch = store.activeModel().epoch();
        pipeline.banks.put(0, active);
        pipeline.config = BASE.withModel(0, epoch, active);
        store.putDeviceState(new DeviceModelState(S1, 0, active.modelId(), pipeline.entryCount(active), null, 1));
    }

    @Test
    public void aRefusedFlipBackIsRepairedFromTheBankTheSwitchClassifiesWith() {
        runningActiveInBank0();
        // A rollout of `attempted` flipped S1 to bank 1, then failed elsewhere; S1 refused the flip-back. The record
        // keeps bank 0 with the error; the switch classifies with bank 1.
        pipeline.banks.put(1, attempted);
        pipeline.config = BASE.withModel(1, store.activeModel().epoch() + 1, attempted);
        store.putDeviceState(store.deviceState(S1).orElseThrow()
                                     .withError("rollback: flipping back to bank 0: the switch refused the write", 2));

        reconciler.reconcile(S1, false);

        // Bank 1 kept classifying until the flip: the active model was written into bank 0, the idle one.
        assertEquals(0, pipeline.calls(Step.WRITE).get(0).bank);
        assertEquals(0, pipeline.config.bank());
        assertEquals(store.activeModel().epoch(), pipeline.config.epoch());
        assertEquals(Map.of(0, active), pipeline.banks);
        DeviceModelState state = store.deviceState(S1).orElseThrow();
        assertEquals(0, state.activeBank());
        assertEquals(Optional.of(active.modelId()), state.modelId());
        assertFalse(state.lastError().isPresent());
    }

    @Test
    public void aSwitchChangedBehindTheAppsBackIsRepairedThoughItsRecordIsInLine() {
        runningActiveInBank0();
        // Its configuration flipped to the empty bank 1 (not by the app): the record still says bank 0, no error.
        pipeline.config = BASE.withBank(1, store.activeModel().epoch());

        reconciler.reconcile(S1, false);

        // Rewritten into bank 0 (idle as the switch is) and flipped back to it.
        assertEquals(0, pipeline.calls(Step.WRITE).get(0).bank);
        assertEquals(0, pipeline.config.bank());
        assertEquals(active, pipeline.banks.get(0));
        assertEquals(store.activeModel().epoch(), pipeline.config.epoch());
        assertEquals(0, store.deviceState(S1).orElseThrow().activeBank());
    }

    @Test
    public void aSwitchThatAgreesWithItsRecordIsLeftAlone() {
        runningActiveInBank0();

        reconciler.reconcile(S1, false);

        assertTrue(pipeline.calls.toString(), pipeline.calls.isEmpty());
    }

    @Test
    public void lostEntriesOrAnotherEpochAreDrift() {
        runningActiveInBank0();
        ActiveModel activeModel = store.activeModel();
        Optional<DeviceModelState> state = store.deviceState(S1);
        int entries = pipeline.entryCount(active);
        long epoch = activeModel.epoch();

        assertEquals(Optional.empty(), SwitchReconciler.drift(
                new PipelineReadBack(0, epoch, Map.of(0, entries)), state, activeModel));
        assertEquals(Optional.of("bank 0 holds " + (entries - 1) + " classifier entries, " + entries
                                         + " were written"),
                     SwitchReconciler.drift(new PipelineReadBack(0, epoch, Map.of(0, entries - 1)), state,
                                            activeModel));
        assertEquals(Optional.of("its configuration names epoch " + (epoch + 7) + ", epoch " + epoch
                                         + " was written"),
                     SwitchReconciler.drift(new PipelineReadBack(0, epoch + 7, Map.of(0, entries)), state,
                                            activeModel));
        // A switch never programmed, or whose last write failed, is not compared (it is reprogrammed anyway).
        assertEquals(Optional.empty(), SwitchReconciler.drift(new PipelineReadBack(1, 0, Map.of()),
                                                              Optional.empty(), activeModel));
    }

    @Test
    public void aSwitchThatCannotBeReadIsRepairedFromItsRecord() {
        runningActiveInBank0();
        pipeline.readable = false;
        store.putDeviceState(store.deviceState(S1).orElseThrow().withError("earlier failure", 2));

        reconciler.reconcile(S1, false);

        assertEquals(1, pipeline.calls(Step.WRITE).get(0).bank);
        assertEquals(1, pipeline.config.bank());
    }
}
