/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.DeviceModelState;
import org.onosproject.store.service.TestStorageService;

import java.util.Map;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

/** The store on ONOS primitives, and its serializer (which the test primitives do not exercise). */
public class DistributedNidsModelStoreTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");

    static {
    }

    private DistributedNidsModelStore store;

    @Before
    public void setUp() {
        store = new DistributedNidsModelStore();
        store.storageService = new TestStorageService();
        store.activate();
    }

    @Test
    public void aModelIsStoredOnceUnderItsId() {
        assertTrue(store.putModelIfAbsent("m1", "{\"a\":1}"));
        assertFalse(store.putModelIfAbsent("m1", "{\"a\":2}"));
        assertEquals(Optional.of("{\"a\":1}"), store.modelJson("m1"));
        assertEquals(Map.of("m1", "{\"a\":1}"), store.models());
        assertTrue(store.removeModel("m1"));
        assertFalse(store.removeModel("m1"));
        assertFalse(store.modelJson("m1").isPresent());
    }

    /**
     * A full-capacity bundle (about 1.1 MiB of JSON) is more than one Atomix Raft entry holds (1 MiB): the store
     * keeps it compressed, and gives back the same JSON.
     */
    @Test
    public void aModelLargerThanARaftEntryIsStoredCompressedAndReadBackWhole() {
        StringBuilder json = new StringBuilder("{\"leaves\":[");
        for (int leaf = 0; json.length() < (3 << 19); leaf++) {
            json.append(leaf == 0 ? "" : ",").append("{\"leaf_id\":").append(leaf)
                    .append(",\"class_id\":").append(leaf % 10)
                    .append(",\"confidence_permille\":").append(900 + leaf % 99)
                    .append(",\"path\":\"L4_DST_PORT <= ").append(leaf * 7)
                    .append(" and IN_BYTES > ").append(leaf * 13).append("\"}");
        }
        String model = json.append("]}").toString();
        byte[] stored = DistributedNidsModelStore.SERIALIZER.encode(DistributedNidsModelStore.compressed(model));
        assertTrue("stored as " + stored.length + " bytes", stored.length < model.length() / 4);
        assertTrue(store.putModelIfAbsent("big", model));
        assertEquals(Optional.of(model), store.modelJson("big"));
        assertEquals(model, store.models().get("big"));
    }

    @Test
    public void theActiveModelStartsAsNoneAndIsUpdatedAtomically() {
        assertSame(ActiveModel.NONE, store.activeModel());
        ActiveModel next = store.updateActiveModel(a -> a.activate("m1"));
        assertEquals(next, store.activeModel());
        assertEquals(Optional.of("m1"), store.activeModel().modelId());
        store.updateActiveModel(a -> a.activate("m2"));
        assertEquals(2, store.activeModel().epoch());
    }

    @Test
    public void deviceStatesAreKeptPerSwitch() {
        DeviceModelState state = new DeviceModelState(S1, 1, "m1", 12, null, 5);
        store.putDeviceState(state);
        assertEquals(Optional.of(state), store.deviceState(S1));
        assertEquals(Map.of(S1, state), store.deviceStates());
        store.removeDeviceState(S1);
        assertTrue(store.deviceStates().isEmpty());
    }

    @Test
    public void theSerializerCarriesTheActiveModelWithHistoryAndEpochs() {
        ActiveModel state = ActiveModel.NONE;
        for (int i = 0; i < 5; i++) {
            state = state.activate("m" + i);
        }
        state = state.rollback().orElseThrow();
        for (ActiveModel value : new ActiveModel[]{ActiveModel.NONE, ActiveModel.NONE.activate("only"), state}) {
            byte[] bytes = DistributedNidsModelStore.SERIALIZER.encode(value);
            ActiveModel decoded = DistributedNidsModelStore.SERIALIZER.decode(bytes);
            assertEquals(value, decoded);
            assertEquals(value.history(), decoded.history());
            assertEquals(value.modelOfEpoch(value.epoch()), decoded.modelOfEpoch(value.epoch()));
        }
    }

    @Test
    public void theSerializerCarriesDeviceStates() {
        for (DeviceModelState value : new DeviceModelState[]{
                new DeviceModelState(S1, 0, "m1", 12, null, 5),
                new DeviceModelState(S1, DeviceModelState.NO_BANK, null, 0, "flipping to bank 1: refused", 6)}) {
            byte[] bytes = DistributedNidsModelStore.SERIALIZER.encode(value);
            assertEquals(value, DistributedNidsModelStore.SERIALIZER.decode(bytes));
        }
    }
}
