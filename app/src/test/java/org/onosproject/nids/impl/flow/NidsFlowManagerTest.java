/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.flow;

import org.easymock.EasyMock;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.Ethernet;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.instructions.Instructions.OutputInstruction;
import org.onosproject.net.packet.OutboundPacket;
import org.onosproject.net.packet.PacketServiceAdapter;
import org.onosproject.nids.api.FlowRecord;
import org.onosproject.nids.api.NidsAlertService;
import org.onosproject.nids.api.NidsModelService;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.easymock.EasyMock.anyObject;
import static org.easymock.EasyMock.expect;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.onosproject.nids.pipeconf.NidsConstants.ETHERTYPE_PROBE;
import static org.onosproject.nids.pipeconf.NidsConstants.ETHERTYPE_REPORT;
import static org.onosproject.nids.pipeconf.NidsConstants.PROBE_FIELD_FLAGS;
import static org.onosproject.nids.pipeconf.NidsConstants.PROBE_FIELD_SLOT;
import static org.onosproject.nids.pipeconf.NidsConstants.PROBE_FLAG_FREE;
import static org.onosproject.nids.pipeconf.NidsConstants.REPORT_FIELD_CLASS_ID;

/**
 * Report packet-ins become flow records in the window; attack records reach the alert service off the packet
 * thread; malformed reports are counted; probes leave through the CPU port.
 */
public class NidsFlowManagerTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");

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
        expect(models.activeModelId()).andStubReturn(Optional.of("m1"));
        expect(models.model(anyObject())).andStubReturn(Optional.empty());
        EasyMock.replay(models);
        manager.modelService = models;
        NidsAlertService alerts = EasyMock.createNiceMock(NidsAlertService.class);
        expect(alerts.report(anyObject())).andStubAnswer(() -> {
            synchronized (alerted) {
                alerted.add((FlowRecord) EasyMock.getCurrentArguments()[0]);
            }
            alertRaised.countDown();
            return null;
        });
        EasyMock.replay(alerts);
        manager.alertService = alerts;
        manager.componentConfigService = new ComponentConfigAdapter();
        manager.activate(null);
    }

    @After
    public void tearDown() {
        manager.deactivate();
    }

    private static byte[] frame(byte[] report) {
        byte[] frame = new byte[Ethernet.ETHERNET_HEADER_LENGTH + report.length];
        frame[12] = (byte) (ETHERTYPE_REPORT >> 8);
        frame[13] = (byte) ETHERTYPE_REPORT;
        System.arraycopy(report, 0, frame, Ethernet.ETHERNET_HEADER_LENGTH, report.length);
        return frame;
    }

    @Test
    public void anAttackReportBecomesARecordAndAnAlert() throws Exception {
        Optional<FlowRecord> record = manager.handleReport(S1, frame(ReportDecoderTest.sampleReport()));
        assertTrue(record.isPresent());
        assertEquals("ALERT", record.get().reason());
        assertEquals(3, record.get().classId());
        assertEquals(Optional.of("m1"), record.get().modelId());
        assertEquals(List.of(record.get()), manager.recentFlows(Optional.of(S1), 10));
        assertTrue("the alert service gets the record", alertRaised.await(5, TimeUnit.SECONDS));
        synchronized (alerted) {
            assertEquals(List.of(record.get()), alerted);
        }
        assertEquals(1, manager.decodedReports());
    }

    @Test
    public void aBenignReportIsRecordedButRaisesNoAlert() throws Exception {
        byte[] report = ReportDecoderTest.sampleReport();
        // class_id is one whole byte of the header: class 0, benign
        report[REPORT_FIELD_CLASS_ID.bitOffset / 8] = 0;
        assertTrue(manager.handleReport(S1, frame(report)).isPresent());
        assertFalse(alertRaised.await(300, TimeUnit.MILLISECONDS));
        assertEquals(1, (long) manager.classCounts().get("0"));
    }

    @Test
    public void aMalformedReportIsCountedNotRecorded() {
        assertFalse(manager.handleReport(S1, frame(new byte[7])).isPresent());
        assertEquals(1, manager.malformedReports());
        assertTrue(manager.recentFlows(Optional.empty(), 10).isEmpty());
    }

    @Test
    public void theWindowKeepsTheNewestRecordsFirst() {
        for (int i = 0; i < 3; i++) {
            manager.handleReport(S1, frame(ReportDecoderTest.sampleReport()));
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
        assertEquals(ETHERTYPE_PROBE, ((bytes[12] & 0xff) << 8) | (bytes[13] & 0xff));
        byte[] header = new byte[bytes.length - Ethernet.ETHERNET_HEADER_LENGTH];
        System.arraycopy(bytes, Ethernet.ETHERNET_HEADER_LENGTH, header, 0, header.length);
        assertEquals(4242, ReportDecoder.read(header, PROBE_FIELD_SLOT));
        assertEquals(PROBE_FLAG_FREE, ReportDecoder.read(header, PROBE_FIELD_FLAGS));
    }
}
