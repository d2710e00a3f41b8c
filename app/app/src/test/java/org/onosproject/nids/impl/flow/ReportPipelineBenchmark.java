/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.flow;

import org.easymock.EasyMock;
import org.junit.Test;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.net.DeviceId;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.packet.PacketServiceAdapter;
import org.onosproject.nids.api.NidsIncidentService;
import org.onosproject.nids.api.NidsModelService;
import org.onosproject.nids.api.NidsProgrammable;
import org.onosproject.nids.api.ReportFormat;
import org.onosproject.nids.pipeconf.PipelineDevices;
import org.onosproject.nids.pipeconf.ReportFrames;

import java.util.Map;
import java.util.Optional;

import static org.easymock.EasyMock.anyLong;
import static org.easymock.EasyMock.anyObject;
import static org.easymock.EasyMock.expect;
import static org.junit.Assert.assertEquals;

/**
 * How many report packet-ins per second the app turns into flow records (`make bench-alerts` runs it; not a unit
 * test: the name keeps it out of the surefire run). Prints figures, asserts only that every report was decoded.
 *
 * Run: mvn -B -q -o -pl app/app -am test -Dtest=ReportPipelineBenchmark -Dsurefire.failIfNoSpecifiedTests=false
 */
public class ReportPipelineBenchmark {

    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    private static final int DISTINCT_REPORTS = 4096;
    private static final int WARMUP = 200_000;
    private static final int MEASURED = 1_000_000;

    /** Distinct benign reports (client port and slot vary), as frames of the NIDS pipeline. */
    private static byte[][] frames() {
        byte[][] frames = new byte[DISTINCT_REPORTS][];
        for (int i = 0; i < DISTINCT_REPORTS; i++) {
            frames[i] = ReportFrames.frame(0, 20_000 + i, i);
        }
        return frames;
    }

    @Test
    public void reportsPerSecond() {
        byte[][] frames = frames();
        ReportFormat format = PipelineDevices.nidsSwitch(S1, Map.of()).as(NidsProgrammable.class).reportFormat();
        long decodeOnly = rate(n -> format.decode(frames[n % DISTINCT_REPORTS]));

        NidsFlowManager manager = new NidsFlowManager();
        manager.packetService = new PacketServiceAdapter();
        NidsModelService models = EasyMock.createNiceMock(NidsModelService.class);
        expect(models.modelOfEpoch(anyLong())).andStubReturn(Optional.of("m1"));
        expect(models.model(anyObject())).andStubReturn(Optional.empty());
        EasyMock.replay(models);
        manager.modelService = models;
        manager.incidentService = EasyMock.createNiceMock(NidsIncidentService.class);
        EasyMock.replay(manager.incidentService);
        manager.componentConfigService = new ComponentConfigAdapter();
        manager.deviceService = EasyMock.createNiceMock(DeviceService.class);
        EasyMock.replay(manager.deviceService);
        manager.activate(null);
        try {
            long records = rate(n -> manager.handleFrame(S1, format, frames[n % DISTINCT_REPORTS]));
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
