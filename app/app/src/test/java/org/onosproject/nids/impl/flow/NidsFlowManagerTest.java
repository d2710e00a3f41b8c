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
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.flow.instructions.Instructions.OutputInstruction;
import org.onosproject.net.packet.OutboundPacket;
import org.onosproject.net.packet.PacketServiceAdapter;
import org.onosproject.nids.api.FlowRecord;
import org.onosproject.nids.api.NidsIncidentService;
import org.onosproject.nids.api.NidsModelService;
import org.onosproject.nids.api.NidsProgrammable;
import org.onosproject.nids.api.ReportFormat;
import org.onosproject.nids.pipeconf.PipelineDevices;
import org.onosproject.nids.pipeconf.ReportFrames;

import java.util.ArrayList;
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

    /** The NIDS pipeline's report layout, through a switch running the real pipeline behaviour. */
    private final ReportFormat format = PipelineDevices.nidsSwitch(S1, Map.of()).as(NidsProgrammable.class)
            .reportFormat();
    private final List<OutboundPacket> emitted = new ArrayList<>();
    private final List<FlowRecord> alerted = new ArrayList<>();
    private final CountDownLatch alertRaised = new CountDownLatch(1);
    private NidsFlowManager manager;

    @Before
    public void setUp() {
        manager = new NidsFlowManager();
        manager.packetService = new PacketServiceAdapter() {
            @Override
            public void emit(OutboundPacket packet) {
                emitted.add(packet);
            }
        };
        NidsModelService models = EasyMock.createNiceMock(NidsModelService.class);
        expect(models.modelOfEpoch(7)).andStubReturn(Optional.of("m1"));
        expect(models.model(anyObject())).andStubReturn(Optional.empty());
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
        EasyMock.replay(manager.deviceService);
        manager.formats = deviceId -> deviceId.equals(S1) ? Optional.of(format) : Optional.empty();
        manager.activate(null);
    }

    @After
    public void tearDown() {
        manager.deactivate();
    }

    private Optional<FlowRecord> handle(byte[] frame) {
        return manager.handleFrame(S1, format, frame);
    }

    @Test
    public void anAttackReportBecomesARecordAndAnAlert() throws Exception {
        Optional<FlowRecord> record = handle(ReportFrames.frame(ReportFrames.sampleReport()));
        assertTrue(record.isPresent());
        assertEquals("ALERT", record.get().reason());
        assertEquals(3, record.get().classId());
        assertEquals("the model of the report's epoch", Optional.of("m1"), record.get().modelId());
        assertEquals(List.of(record.get()), manager.recentFlows(Optional.of(S1), 10));
        assertTrue("the alert service gets the record", alertRaised.await(5, TimeUnit.SECONDS));
        synchronized (alerted) {
            assertEquals(List.of(record.get()), alerted);
        }
        assertEquals(1, manager.decodedReports());
    }

    @Test
    public void aBenignReportIsRecordedButRaisesNoAlert() throws Exception {
        assertTrue(handle(ReportFrames.frame(0, 40000, 65535)).isPresent());
        assertFalse(alertRaised.await(300, TimeUnit.MILLISECONDS));
        assertEquals(1, (long) manager.classCounts().get("0"));
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
        manager.sendProbe(S1, 4242, true);
        assertEquals(1, emitted.size());
        OutboundPacket probe = emitted.get(0);
        assertEquals(PortNumber.CONTROLLER, ((OutputInstruction) probe.treatment().allInstructions().get(0)).port());
        byte[] bytes = new byte[probe.data().remaining()];
        probe.data().duplicate().get(bytes);
        assertArrayEquals("the pipeline's probe of the slot, to be freed", format.probe(4242, true), bytes);
    }

    @Test
    public void aSwitchWithoutTheNidsPipelineGetsNoProbe() {
        manager.sendProbe(DeviceId.deviceId("device:other"), 1, false);
        assertTrue(emitted.isEmpty());
    }
}
