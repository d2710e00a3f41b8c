/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.flow;

import org.easymock.EasyMock;
import org.junit.Test;
import org.onlab.packet.Ethernet;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.net.DeviceId;
import org.onosproject.net.packet.PacketServiceAdapter;
import org.onosproject.nids.api.NidsAlertService;
import org.onosproject.nids.api.NidsModelService;
import org.onosproject.nids.model.catalog.FeatureCatalog;

import java.util.Optional;

import static org.easymock.EasyMock.anyObject;
import static org.easymock.EasyMock.expect;
import static org.junit.Assert.assertEquals;
import static org.onosproject.nids.pipeconf.NidsConstants.ETHERTYPE_REPORT;
import static org.onosproject.nids.pipeconf.NidsConstants.REPORT_FIELD_CLASS_ID;
import static org.onosproject.nids.pipeconf.NidsConstants.REPORT_FIELD_CLIENT_PORT;
import static org.onosproject.nids.pipeconf.NidsConstants.REPORT_FIELD_SLOT;

/**
 * How many report packet-ins per second the app turns into flow records (`make bench-alerts` runs it; not a unit
 * test: the name keeps it out of the surefire run). Prints figures, asserts only that every report was decoded.
 *
 * Run: mvn -B -q -o -pl app -am test -Dtest=ReportPipelineBenchmark -Dsurefire.failIfNoSpecifiedTests=false
 */
public class ReportPipelineBenchmark {

    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    private static final int DISTINCT_REPORTS = 4096;
    private static final int WARMUP = 200_000;
    private static final int MEASURED = 1_000_000;

    /** Distinct benign reports (client port and slot vary), as frames. */
    private static byte[][] frames() {
        byte[][] frames = new byte[DISTINCT_REPORTS][];
        for (int i = 0; i < DISTINCT_REPORTS; i++) {
            byte[] report = ReportDecoderTest.sampleReport();
            ReportDecoderTest.put(report, REPORT_FIELD_CLASS_ID, 0);
            ReportDecoderTest.put(report, REPORT_FIELD_CLIENT_PORT, 20_000 + i);
            ReportDecoderTest.put(report, REPORT_FIELD_SLOT, i);
            byte[] frame = new byte[Ethernet.ETHERNET_HEADER_LENGTH + report.length];
            frame[12] = (byte) (ETHERTYPE_REPORT >> 8);
            frame[13] = (byte) ETHERTYPE_REPORT;
            System.arraycopy(report, 0, frame, Ethernet.ETHERNET_HEADER_LENGTH, report.length);
            frames[i] = frame;
        }
        return frames;
    }

    @Test
    public void reportsPerSecond() {
        byte[][] frames = frames();
        ReportDecoder decoder = new ReportDecoder(FeatureCatalog.standard());
        long decodeOnly = rate(n -> {
            byte[] frame = frames[n % DISTINCT_REPORTS];
            byte[] header = new byte[frame.length - Ethernet.ETHERNET_HEADER_LENGTH];
            System.arraycopy(frame, Ethernet.ETHERNET_HEADER_LENGTH, header, 0, header.length);
            decoder.decode(header);
        });

        NidsFlowManager manager = new NidsFlowManager();
        manager.packetService = new PacketServiceAdapter();
        NidsModelService models = EasyMock.createNiceMock(NidsModelService.class);
        expect(models.activeModelId()).andStubReturn(Optional.of("m1"));
        expect(models.model(anyObject())).andStubReturn(Optional.empty());
        EasyMock.replay(models);
        manager.modelService = models;
        manager.alertService = EasyMock.createNiceMock(NidsAlertService.class);
        EasyMock.replay(manager.alertService);
        manager.componentConfigService = new ComponentConfigAdapter();
        manager.activate(null);
        try {
            long records = rate(n -> manager.handleReport(S1, frames[n % DISTINCT_REPORTS]));
            assertEquals(WARMUP + MEASURED, manager.decodedReports());
            assertEquals(0, manager.malformedReports());
            System.out.printf("bench-alerts: report decoding alone      %,12d reports/s%n", decodeOnly);
            System.out.printf("bench-alerts: report → record + window  %,12d reports/s (one thread, %d distinct"
                                      + " flows, no NetFlow collector)%n", records, DISTINCT_REPORTS);
        } finally {
            manager.deactivate();
        }
    }

    private interface Step {
        void run(int n);
    }

    private static long rate(Step step) {
        for (int n = 0; n < WARMUP; n++) {
            step.run(n);
        }
        long start = System.nanoTime();
        for (int n = 0; n < MEASURED; n++) {
            step.run(n);
        }
        return Math.round(MEASURED / ((System.nanoTime() - start) / 1e9));
    }
}
