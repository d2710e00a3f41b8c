/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.flow;

import org.easymock.EasyMock;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.cfg.ConfigProperty;
import org.onosproject.mastership.MastershipEvent;
import org.onosproject.mastership.MastershipInfo;
import org.onosproject.mastership.MastershipServiceAdapter;
import org.onosproject.net.DefaultDevice;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.flow.instructions.Instructions.OutputInstruction;
import org.onosproject.net.packet.OutboundPacket;
import org.onosproject.net.packet.PacketServiceAdapter;
import org.onosproject.net.provider.ProviderId;
import org.onosproject.nids.api.FlowRecord;
import org.onosproject.nids.api.FlowReport;
import org.onosproject.nids.api.NidsIncidentService;
import org.onosproject.nids.api.NidsModelService;
import org.onosproject.nids.api.NidsProgrammable;
import org.onosproject.nids.api.ReportFormat;
import org.onosproject.nids.api.ReportPipelineStats;
import org.onosproject.nids.api.ReportReason;
import org.onosproject.nids.codec.NidsTestModels;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.pipeconf.PipelineDevices;
import org.onosproject.nids.pipeconf.ReportFrames;

import org.osgi.service.component.ComponentContext;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.easymock.EasyMock.anyObject;
import static org.easymock.EasyMock.expect;
import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * Report packet-ins become flow records in the window; attack records reach the alert service off the packet
 * thread; malformed reports are counted; probes leave through the CPU port.
 */
public class NidsFlowManagerTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    private static final ModelBundle PORT_MODEL = NidsTestModels.binary("ports", "2026-01-01T00:00:00Z");

    /** The NIDS pipeline's report layout, through a switch running the real pipeline behaviour. */
    private final ReportFormat format = PipelineDevices.nidsSwitch(S1, Map.of()).as(NidsProgrammable.class)
            .reportFormat();
    private final List<OutboundPacket> emitted = new ArrayList<>();
    private final List<FlowRecord> alerted = new ArrayList<>();
    private final CountDownLatch alertRaised = new CountDownLatch(1);
    private NidsFlowManager manager;

    @Before
    public void setUp() {
        manager = newManager(Map.of());
    }

    private NidsFlowManager newManager(Map<String, Object> properties) {
        NidsFlowManager manager = new NidsFlowManager();
        manager.packetService = new PacketServiceAdapter() {
            @Override
            public void emit(OutboundPacket packet) {
                emitted.add(packet);
            }
        };
        NidsModelService models = EasyMock.createNiceMock(NidsModelService.class);
        expect(models.modelOfEpoch(7)).andStubReturn(Optional.of("m1"));
        // epoch 8: a binary model (an attack is TCP to a port above 1023), its END tree 91.6% sure at each leaf
        expect(models.modelOfEpoch(8)).andStubReturn(Optional.of(PORT_MODEL.modelId()));
        expect(models.model(PORT_MODEL.modelId())).andStubReturn(Optional.of(PORT_MODEL));
        expect(models.model(anyObject())).andStubReturn(Optional.empty());
        expect(models.alertThresholdPermille(anyObject())).andStubReturn(900);
        EasyMock.replay(models);
        manager.modelService = models;
        NidsIncidentService incidents = EasyMock.createNiceMock(NidsIncidentService.class);
        expect(incidents.report(anyObject())).andStubAnswer(() -> {
            synchronized (alerted) {
                alerted.add((FlowRecord) EasyMock.getCurrentArguments()[0]);
            }
            alertRaised.countDown();
            return Optional.empty();
        });
        EasyMock.replay(incidents);
        manager.incidentService = incidents;
        manager.componentConfigService = new ComponentConfigAdapter();
        manager.deviceService = EasyMock.createNiceMock(DeviceService.class);
        manager.mastershipService = new MastershipServiceAdapter() {
            @Override
            public boolean isLocalMaster(DeviceId deviceId) {
                return true;
            }
        };
        EasyMock.replay(manager.deviceService);
        manager.formats = deviceId -> deviceId.equals(S1) ? Optional.of(format) : Optional.empty();
        manager.activate(context(properties));
        return manager;
    }

    private static ComponentContext context(Map<String, Object> properties) {
        ComponentContext context = EasyMock.createMock(ComponentContext.class);
        expect(context.getProperties()).andReturn(new Hashtable<>(properties)).anyTimes();
        EasyMock.replay(context);
        return context;
    }

    @After
    public void tearDown() {
        manager.deactivate();
    }

    private Optional<FlowRecord> handle(byte[] frame) {
        return manager.handleFrame(S1, format, frame);
    }

    @Test
    public void anAttackReportBecomesARecordAndAnAlertOffThePacketThread() throws Exception {
        assertTrue(manager.offerFrame(S1, format, ReportFrames.frame(ReportFrames.sampleReport())));
        assertTrue("the alert service gets the record", alertRaised.await(5, TimeUnit.SECONDS));
        List<FlowRecord> window = manager.recentFlows(Optional.of(S1), 10);
        assertEquals(1, window.size());
        FlowRecord record = window.get(0);
        assertEquals("ALERT", record.reason());
        assertEquals(3, record.classId());
        assertEquals("the model of the report's epoch", Optional.of("m1"), record.modelId());
        synchronized (alerted) {
            assertEquals(List.of(record), alerted);
        }
        assertEquals(1, manager.decodedReports());
        // The handling time is counted once the record has been handed on.
        for (int i = 0; i < 500 && manager.pipelineStats().handling().count() == 0; i++) {
            Thread.sleep(10);
        }
        ReportPipelineStats stats = manager.pipelineStats();
        assertEquals(1, stats.reportsReceived());
        assertEquals(1, stats.records());
        assertEquals(1, stats.handling().count());
    }

    @Test
    public void anAttackVerdictTheSwitchDidNotAlertIsRecordedButRaisesNoAlert() throws Exception {
        // e.g. a FLOW_END report whose END verdict is an attack at a leaf below the alert threshold
        assertTrue(manager.offerFrame(S1, format, ReportFrames.frame(ReportFrames.endReportNotAlerted(600))));
        for (int i = 0; i < 500 && manager.recentFlows(Optional.of(S1), 10).isEmpty(); i++) {
            Thread.sleep(10);
        }
        FlowRecord record = manager.recentFlows(Optional.of(S1), 10).get(0);
        assertEquals(3, record.classId());
        assertEquals(600, record.confidencePermille());
        assertFalse(record.alert());
        assertFalse(alertRaised.await(300, TimeUnit.MILLISECONDS));
    }

    @Test
    public void anEvictedFlowIsClassifiedByTheAppWithTheEndTree() throws Exception {
        // The switch reports the evicted flow (TCP to 9999) with its features and no verdict.
        assertTrue(manager.offerFrame(S1, format, ReportFrames.frame(ReportFrames.evictReport(8, 9999))));
        assertTrue("the alert service gets the evicted attack", alertRaised.await(5, TimeUnit.SECONDS));
        FlowRecord record = manager.recentFlows(Optional.of(S1), 10).get(0);
        assertEquals("EVICT", record.reason());
        assertEquals(1, record.classId());
        assertEquals("Attack", record.className());
        assertEquals(0, record.phase());
        assertEquals(916, record.confidencePermille());
        assertTrue(record.alert());

        // The same flow to a port of 1023 or less is benign: no alert.
        FlowRecord benign = handle(ReportFrames.frame(ReportFrames.evictReport(8, 80))).orElseThrow();
        assertEquals(0, benign.classId());
        assertFalse(benign.alert());
    }

    @Test
    public void reportsMissingFromASwitchsNumbersAreCountedUntilItsMastershipMoves() {
        for (long n : new long[]{20, 21, 25}) {
            handle(ReportFrames.frame(ReportFrames.numbered(ReportFrames.evictReport(8, 80), n)));
        }
        ReportPipelineStats stats = manager.pipelineStats();
        assertEquals("22, 23 and 24 never came", 3, stats.reportsMissing());
        assertEquals(Map.of(S1.toString(), 3L), stats.reportsMissingBySwitch());
        // Reports 26..99 went to the switch's new master; when it comes back here, nothing is missing.
        manager.mastershipListener.event(new MastershipEvent(MastershipEvent.Type.MASTER_CHANGED, S1,
                                                             new MastershipInfo()));
        handle(ReportFrames.frame(ReportFrames.numbered(ReportFrames.evictReport(8, 80), 100)));
        assertEquals(3, manager.pipelineStats().reportsMissing());
    }

    @Test
    public void aBenignReportIsRecordedButRaisesNoAlert() throws Exception {
        assertTrue(manager.offerFrame(S1, format, ReportFrames.frame(0, 40000, 65535)));
        assertFalse(alertRaised.await(300, TimeUnit.MILLISECONDS));
        assertEquals(1, (long) manager.classCounts().get("0"));
    }

    @Test
    public void aFullReportQueueDropsAndCountsWithoutWaiting() throws Exception {
        manager.deactivate();
        // One worker whose record maker blocks until released: the queue of 4 fills, the rest are dropped.
        CountDownLatch release = new CountDownLatch(1);
        manager = newManager(Map.of("reportWorkers", 1, "reportQueueSize", 4));
        ReportFormat slowFormat = new ReportFormat() {
            @Override
            public boolean isReport(int etherType) {
                return format.isReport(etherType);
            }

            @Override
            public int flowSlots() {
                return format.flowSlots();
            }

            @Override
            public FlowReport decode(byte[] frame) {
                try {
                    release.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return format.decode(frame);
            }

            @Override
            public byte[] probe(long slot, boolean free, long minIdleMicros) {
                return format.probe(slot, free, minIdleMicros);
            }
        };
        byte[] frame = ReportFrames.frame(0, 40000, 1);
        int offered = 50;
        long start = System.nanoTime();
        int queued = 0;
        for (int i = 0; i < offered; i++) {
            queued += manager.offerFrame(S1, slowFormat, frame) ? 1 : 0;
        }
        long tookMillis = (System.nanoTime() - start) / 1_000_000;
        release.countDown();
        assertTrue("offering never waits (" + tookMillis + " ms)", tookMillis < 1_000);
        ReportPipelineStats stats = manager.pipelineStats();
        assertEquals(offered, stats.reportsReceived());
        // The worker holds at most one batch while the queue fills again: the element it polled plus what it drained
        // right after (the producer may have refilled the queue in between), so at most twice the queue plus one.
        assertTrue("at most twice the queue plus one: " + queued, queued <= 2 * 4 + 1);
        assertEquals(offered - queued, stats.dropped(ReportPipelineStats.REPORT_QUEUE_FULL));
    }

    @Test
    public void aMalformedReportIsCountedNotRecorded() {
        assertFalse(handle(ReportFrames.frame(new byte[7])).isPresent());
        assertEquals(1, manager.malformedReports());
        assertTrue(manager.recentFlows(Optional.empty(), 10).isEmpty());
    }

    @Test
    public void theWindowKeepsTheNewestRecordsFirst() {
        for (int i = 0; i < 3; i++) {
            handle(ReportFrames.frame(ReportFrames.sampleReport()));
        }
        List<FlowRecord> flows = manager.recentFlows(Optional.empty(), 2);
        assertEquals(2, flows.size());
        assertTrue(flows.get(0).receivedMillis() >= flows.get(1).receivedMillis());
        assertEquals(3L, (long) manager.deviceCounts().get(S1));
    }

    @Test
    public void aProbeLeavesThroughTheCpuPortNamingItsSlot() {
        assertTrue(manager.sendProbe(S1, 4242, true, 5_000_000L));
        assertEquals(1, emitted.size());
        OutboundPacket probe = emitted.get(0);
        assertEquals(PortNumber.CONTROLLER, ((OutputInstruction) probe.treatment().allInstructions().get(0)).port());
        byte[] bytes = new byte[probe.data().remaining()];
        probe.data().duplicate().get(bytes);
        assertArrayEquals("the pipeline's probe of the slot, to be freed if silent for 5 s",
                          format.probe(4242, true, 5_000_000L), bytes);
    }

    /** Reports of one busy flow (slot 0: the switch started 100 s ago) and of flows idle for 99 s (slots 1..n). */
    private void busyAndIdleFlows(int idle) {
        handle(ReportFrames.frame(ReportFrames.slotReport(ReportReason.ACTIVE_TIMEOUT, 0, 100_000_000L)));
        for (int slot = 1; slot <= idle; slot++) {
            handle(ReportFrames.frame(ReportFrames.slotReport(ReportReason.ACTIVE_TIMEOUT, slot, 1_000_000L)));
        }
    }

    /** The slot of a sweep's probe: to be freed if still silent for the inactive timeout (30 s); else -1. */
    private long probedSlot(OutboundPacket packet) {
        byte[] bytes = new byte[packet.data().remaining()];
        packet.data().duplicate().get(bytes);
        for (long slot = 0; slot < 64; slot++) {
            if (Arrays.equals(format.probe(slot, true, 30_000_000L), bytes)) {
                return slot;
            }
        }
        return -1;
    }

    @Test
    public void theSweepQueuesItsProbesAndTheyLeaveWithinTheSwitchsProbeBudget() {
        manager.sweeper.shutdownNow();      // the test releases the probes itself
        // the switches' report burst, set on the model manager: 10 (the pacer sends half at once)
        manager.componentConfigService = new ComponentConfigAdapter() {
            @Override
            public ConfigProperty getProperty(String component, String name) {
                return component.endsWith(".NidsModelManager") && name.equals("reportBurst")
                        ? ConfigProperty.defineProperty(name, ConfigProperty.Type.INTEGER, "10", "") : null;
            }
        };
        busyAndIdleFlows(30);
        manager.sweepIdleFlows();
        assertTrue("the sweep only queues", emitted.isEmpty());
        assertEquals(30, manager.pipelineStats().queues().get(ReportPipelineStats.PROBES).length());

        manager.releaseProbes();
        assertEquals("half the switch's burst of 10", 5, emitted.size());
        assertEquals("the oldest idle flows first", 1, probedSlot(emitted.get(0)));
        ReportPipelineStats stats = manager.pipelineStats();
        assertEquals(25, stats.queues().get(ReportPipelineStats.PROBES).length());
        assertEquals(5, stats.probesSent());
        manager.sweepIdleFlows();
        assertEquals("a probed or queued slot is not queued again", 25,
                     manager.pipelineStats().queues().get(ReportPipelineStats.PROBES).length());
    }

    @Test
    public void aProbeIsCancelledWhenTheFlowReportedAfterTheSweep() {
        manager.sweeper.shutdownNow();
        busyAndIdleFlows(2);
        manager.sweepIdleFlows();
        // before the probes leave, flow 2 reports a packet of now (switch clock 100 s): it is not idle after all
        handle(ReportFrames.frame(ReportFrames.slotReport(ReportReason.ACTIVE_TIMEOUT, 2, 100_000_000L)));
        manager.releaseProbes();
        assertEquals(1, emitted.size());
        assertEquals("flow 1 is probed, to be freed if still silent", 1, probedSlot(emitted.get(0)));
        ReportPipelineStats stats = manager.pipelineStats();
        assertEquals(1, stats.probesSent());
        assertEquals(1, stats.probesCancelled());
        assertEquals(0, stats.queues().get(ReportPipelineStats.PROBES).length());
        // the switch freed flow 1: nothing is left to probe, at any later sweep
        handle(ReportFrames.frame(ReportFrames.slotReport(ReportReason.PROBE, 1, 1_000_000L, true)));
        manager.sweepIdleFlows();
        manager.releaseProbes();
        assertEquals(1, emitted.size());
    }

    @Test
    public void turningTheSweepOffDropsItsQueuedProbes() {
        manager.sweeper.shutdownNow();
        busyAndIdleFlows(3);
        manager.sweepIdleFlows();
        assertEquals(3, manager.pipelineStats().queues().get(ReportPipelineStats.PROBES).length());
        manager.modified(context(Map.of("inactiveTimeoutSeconds", 0)));
        manager.releaseProbes();
        assertTrue("no probe asks for a free with no silence required", emitted.isEmpty());
        assertEquals(3, manager.pipelineStats().probesCancelled());
        assertEquals(0, manager.pipelineStats().queues().get(ReportPipelineStats.PROBES).length());
    }

    @Test
    public void aFlowStartIsNoRecordButItsSlotIsSweptOnceIdle() {
        manager.sweeper.shutdownNow();
        handle(ReportFrames.frame(ReportFrames.slotReport(ReportReason.ACTIVE_TIMEOUT, 0, 100_000_000L)));
        assertFalse("no record of a start", handle(ReportFrames.frame(
                ReportFrames.slotReport(ReportReason.FLOW_START, 9, 1_000_000L))).isPresent());
        assertEquals(1, manager.recentFlows(Optional.of(S1), 10).size());
        manager.sweepIdleFlows();
        manager.releaseProbes();
        assertEquals(1, emitted.size());
        assertEquals("the started flow's slot probed", 9, probedSlot(emitted.get(0)));
    }

    @Test
    public void aSwitchThatWentAwayIsForgottenByTheSweep() {
        manager.sweeper.shutdownNow();
        busyAndIdleFlows(3);
        manager.sweepIdleFlows();
        assertEquals(3, manager.pipelineStats().queues().get(ReportPipelineStats.PROBES).length());
        // a restarted switch: an empty table and a clock from zero; its old slots must not be probed
        Device device = new DefaultDevice(ProviderId.NONE, S1, Device.Type.SWITCH, "", "", "", "", null);
        manager.deviceListener.event(new DeviceEvent(DeviceEvent.Type.DEVICE_AVAILABILITY_CHANGED, device));
        manager.releaseProbes();
        manager.sweepIdleFlows();
        assertTrue(emitted.isEmpty());
        assertEquals(0, manager.pipelineStats().queues().get(ReportPipelineStats.PROBES).length());
    }

    @Test
    public void aSwitchWithoutTheNidsPipelineGetsNoProbe() {
        assertFalse(manager.sendProbe(DeviceId.deviceId("device:other"), 1, false, 0));
        assertTrue(emitted.isEmpty());
    }
}
