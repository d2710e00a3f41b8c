/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import com.google.common.collect.ImmutableMap;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.cluster.NodeId;
import org.onosproject.mastership.MastershipServiceAdapter;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.ClassShareSample;
import org.onosproject.nids.api.DeviceModelState;
import org.onosproject.nids.api.DeviceView;
import org.onosproject.nids.api.NidsDeviceService;
import org.onosproject.nids.api.NidsModelService;
import org.onosproject.nids.codec.NidsTestModels;
import org.onosproject.nids.model.bundle.ModelBundle;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

import static org.easymock.EasyMock.createNiceMock;
import static org.easymock.EasyMock.expect;
import static org.easymock.EasyMock.replay;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The trackers of a cluster's instances on shared storage: each reads the switches it masters and only those; when
 * mastership moves the new master reads on from the old one's last read; a switch two instances read at once (no
 * master) is counted once; every instance shows the same series.
 */
public class ClassShareTrackerTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:s1");
    private static final DeviceId S2 = DeviceId.deviceId("device:s2");
    private static final long PERIOD = 10_000;

    private final ModelBundle model = NidsTestModels.bundle(NidsTestModels.ttlTree(), "ttl");
    private final List<String> names = model.classNames();
    private final AtomixLikeStorageService storage = new AtomixLikeStorageService();
    private final List<DistributedClassShareStore> stores = new ArrayList<>();
    /** Per switch: its master's node id (absent: no master). */
    private final Map<DeviceId, String> masters = new ConcurrentHashMap<>();
    /** Per switch: its active bank's counters (bank 1 counts nothing). */
    private final Map<DeviceId, Map<Integer, Long>> counters = new ConcurrentHashMap<>();
    private final Map<DeviceId, DeviceModelState> states = new ConcurrentHashMap<>();
    private NidsModelService models;

    /** One instance's view of the switches: reads the shared counters and records which switches it read. */
    private static final class Switches implements NidsDeviceService {
        final Map<DeviceId, Integer> reads = new HashMap<>();
        final Map<DeviceId, Map<Integer, Long>> counters;
        /** Runs during this instance's next read (another instance's poll, for the race). */
        Runnable duringNextRead = () -> { };

        Switches(Map<DeviceId, Map<Integer, Long>> counters) {
            this.counters = counters;
        }

        @Override
        public List<DeviceView> devices() {
            return List.of();
        }

        @Override
        public Map<Integer, Long> classCounters(DeviceId deviceId, int bank) {
            reads.merge(deviceId, 1, Integer::sum);
            Runnable hook = duringNextRead;
            duringNextRead = () -> { };
            hook.run();
            return bank == 0 ? counters.getOrDefault(deviceId, Map.of()) : Map.of();
        }

        @Override
        public Map<String, Long> reportCounters(DeviceId deviceId) {
            return Map.of();
        }
    }

    /** One instance: its tracker, store and view of the switches. */
    private final class Instance {
        final ClassShareTracker tracker = new ClassShareTracker();
        final Switches switches = new Switches(counters);

        Instance(String node) {
            DistributedClassShareStore store = new DistributedClassShareStore();
            store.storageService = storage;
            store.activate();
            stores.add(store);
            tracker.store = store;
            tracker.modelService = models;
            tracker.deviceService = switches;
            tracker.mastershipService = new MastershipServiceAdapter() {
                @Override
                public boolean isLocalMaster(DeviceId deviceId) {
                    return node.equals(masters.get(deviceId));
                }

                @Override
                public NodeId getMasterFor(DeviceId deviceId) {
                    String master = masters.get(deviceId);
                    return master == null ? null : NodeId.nodeId(master);
                }
            };
        }

        Optional<ClassShareSample> poll(long now) {
            return tracker.poll(now, PERIOD);
        }
    }

    @Before
    public void setUp() {
        models = createNiceMock(NidsModelService.class);
        expect(models.deviceStates()).andStubAnswer(() -> Map.copyOf(states));
        expect(models.activeModelId()).andStubReturn(Optional.of(model.modelId()));
        expect(models.model(model.modelId())).andStubReturn(Optional.of(model));
        replay(models);
        for (DeviceId device : List.of(S1, S2)) {
            states.put(device, new DeviceModelState(device, 0, model.modelId(), 3, null, 0));
        }
    }

    @After
    public void tearDown() {
        stores.forEach(DistributedClassShareStore::deactivate);
    }

    private ImmutableMap<String, Long> packets(long class0, long class1) {
        ImmutableMap.Builder<String, Long> packets = ImmutableMap.builder();
        if (class0 > 0) {
            packets.put(names.get(0), class0);
        }
        if (class1 > 0) {
            packets.put(names.get(1), class1);
        }
        return packets.build();
    }

    @Test
    public void eachSwitchIsReadByItsMasterOnlyAndEveryInstanceShowsOneSeries() {
        Instance onos1 = new Instance("onos-1");
        Instance onos2 = new Instance("onos-2");
        masters.put(S1, "onos-1");
        masters.put(S2, "onos-2");
        counters.put(S1, Map.of(0, 10L));
        counters.put(S2, Map.of(0, 100L));
        onos1.poll(5_000);
        onos2.poll(5_100);
        counters.put(S1, Map.of(0, 40L, 1, 5L));
        counters.put(S2, Map.of(0, 130L));
        onos1.poll(15_000);
        onos2.poll(15_200);

        // A standby does not read a switch.
        assertEquals("onos-1 read s1 only (both banks, twice)", Map.of(S1, 4), onos1.switches.reads);
        assertEquals("onos-2 read s2 only", Map.of(S2, 4), onos2.switches.reads);
        assertEquals(Map.of(S1, 2L), onos1.tracker.localReads());
        assertEquals(Map.of(S2, 2L), onos2.tracker.localReads());

        List<ClassShareSample> series = onos1.tracker.classShares(10);
        assertEquals("one sample per round", List.of(0L, 10_000L),
                     List.of(series.get(0).timeMillis(), series.get(1).timeMillis()));
        assertEquals("the first reads are baselines", Map.of(), series.get(0).packets());
        assertEquals("both masters' switches in the round", packets(60, 5), series.get(1).packets());
        assertEquals("the longer of the switches' intervals", 10_100, series.get(1).intervalMillis());
        assertEquals(Optional.of(model.modelId()), series.get(1).modelId());
        assertEquals("the same series on the other instance", series, onos2.tracker.classShares(10));
    }

    @Test
    public void aNewMasterReadsOnFromTheOldMastersLastRead() {
        Instance onos1 = new Instance("onos-1");
        Instance onos2 = new Instance("onos-2");
        states.remove(S2);
        masters.put(S1, "onos-1");
        counters.put(S1, Map.of(0, 10L));
        onos1.poll(5_000);
        counters.put(S1, Map.of(0, 30L));
        assertEquals(packets(20, 0), onos1.poll(15_000).get().packets());
        assertTrue("a standby reads nothing", onos2.poll(15_000).isEmpty());

        masters.put(S1, "onos-2");
        counters.put(S1, Map.of(0, 50L, 1, 4L));
        assertTrue("the old master stops", onos1.poll(25_000).isEmpty());
        assertEquals("the old master's reads", Map.of(S1, 4), onos1.switches.reads);
        ClassShareSample takenOver = onos2.poll(25_000).get();
        // Not a baseline: the packets since the old master's last read count.
        assertEquals(packets(20, 4), takenOver.packets());
        assertEquals(PERIOD, takenOver.intervalMillis());
        assertEquals(List.of(packets(0, 0), packets(20, 0), packets(20, 4)),
                     onos1.tracker.classShares(10).stream().map(ClassShareSample::packets)
                             .collect(Collectors.toList()));
    }

    @Test
    public void aSwitchWithoutAMasterReadByTwoInstancesAtOnceCountsOnce() {
        Instance onos1 = new Instance("onos-1");
        Instance onos2 = new Instance("onos-2");
        states.remove(S2);
        counters.put(S1, Map.of(0, 10L));
        onos1.poll(5_000);
        counters.put(S1, Map.of(0, 25L));
        // While onos-1 reads s1, onos-2 reads and stores it too (ONOS re-asserting mastership: no master).
        onos1.switches.duringNextRead = () -> onos2.poll(15_000);
        assertTrue("onos-1's read lost the race", onos1.poll(15_000).isEmpty());
        assertEquals(1, onos1.tracker.localReadsSuperseded());
        assertEquals(0, onos2.tracker.localReadsSuperseded());
        assertEquals("counted once", packets(15, 0), onos1.tracker.classShares(1).get(0).packets());
    }

    @Test
    public void aSwitchThatStopsRunningAModelStartsOverWithABaseline() {
        Instance onos1 = new Instance("onos-1");
        states.remove(S2);
        masters.put(S1, "onos-1");
        counters.put(S1, Map.of(0, 10L));
        onos1.poll(5_000);
        states.put(S1, new DeviceModelState(S1, DeviceModelState.NO_BANK, null, 0, "unreachable", 0));
        assertTrue(onos1.poll(15_000).isEmpty());
        assertTrue("its read is forgotten", onos1.tracker.store.readDevices().isEmpty());
        states.put(S1, new DeviceModelState(S1, 0, model.modelId(), 3, null, 0));
        counters.put(S1, Map.of(0, 500L, 7, 3L));
        assertEquals("a baseline again", Map.of(), onos1.poll(25_000).get().packets());
        counters.put(S1, Map.of(0, 501L, 7, 5L));
        assertEquals("a class beyond the model keeps its id", ImmutableMap.of(names.get(0), 1L, "class-7", 2L),
                     onos1.poll(35_000).get().packets());
    }

    @Test
    public void pollsFallInTheMiddleOfRoundsAlignedToTheClock() {
        assertEquals(2_700, ClassShareTracker.delayToNextPoll(12_300, PERIOD));
        assertEquals(PERIOD, ClassShareTracker.delayToNextPoll(15_000, PERIOD));
        assertEquals(1, ClassShareTracker.delayToNextPoll(14_999, PERIOD));
        assertEquals(10_000, ClassShareTracker.roundOf(15_000, PERIOD));
        assertEquals(10_000, ClassShareTracker.roundOf(19_999, PERIOD));
        assertEquals(-PERIOD, ClassShareTracker.roundOf(-1, PERIOD));
    }
}
