/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.pipeconf;

import org.junit.Test;
import org.onlab.packet.Ethernet;
import org.onlab.packet.Ip4Address;
import org.onosproject.nids.api.FlowReport;
import org.onosproject.nids.api.MalformedReportException;
import org.onosproject.nids.api.ReportReason;
import org.onosproject.nids.model.catalog.FeatureCatalog;

import java.util.Arrays;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.onosproject.nids.pipeconf.NidsConstants.*;

/**
 * Reports are decoded field by field from the P4 program's layout; malformed ones are refused with a reason; probes
 * carry the slot and the free flag where the P4 program reads them.
 */
public class NidsReportFormatTest {

    private final NidsReportFormat format = new NidsReportFormat(FeatureCatalog.standard());

    @Test
    public void everyFieldIsDecodedAtItsOffset() {
        FlowReport report = format.decodeHeader(ReportFrames.sampleReport());
        assertEquals(ReportReason.ALERT, report.reason());
        assertTrue(report.occupied());
        assertFalse(report.freed());
        assertEquals(1, report.bank());
        assertEquals(3, report.classId());
        assertEquals(517, report.leafId());
        assertEquals(65535, report.slot());
        assertEquals(2, report.ingressPort());
        assertEquals(5, report.clientIngressPort());
        assertEquals(7, report.modelEpoch());
        assertEquals(Ip4Address.valueOf("10.0.0.1"), report.key().clientIp());
        assertEquals(Ip4Address.valueOf("10.0.0.3"), report.key().serverIp());
        assertEquals(40000, report.key().clientPort());
        assertEquals(9999, report.key().serverPort());
        assertEquals(6, report.key().protocol());
        assertEquals(0xffffffffL, (long) report.features().get("IN_BYTES"));
        assertEquals(12L, (long) report.features().get("IN_PKTS"));
        assertEquals(0x12L, (long) report.features().get("TCP_FLAGS"));
        assertEquals(63L, (long) report.features().get("MIN_TTL"));
        assertEquals(0x800L, (long) report.features().get("ICMP_TYPE"));
        assertEquals(0xffffffffffffL, report.firstSeenMicros());
        assertEquals(1L << 40, report.lastSeenMicros());
        assertEquals(1, report.sequence());
        assertEquals(0xfffffffeL, format.decode(ReportFrames.frame(ReportFrames.numbered(ReportFrames.sampleReport(),
                                                                                          0xfffffffeL))).sequence());
        // the verdict: at phase 4 (its fourth packet), a 95% leaf, raised as an alert
        assertTrue(report.classified());
        assertTrue(report.alert());
        assertEquals(4, report.phase());
        assertEquals(950, report.confidencePermille());
        // source context; and the data plane's values by feature id (durations in us, as the entries match them)
        assertEquals(5L, (long) report.features().get("SRC_FLOWS"));
        assertEquals(3L, (long) report.features().get("SRC_DST_PORTS"));
        long[] values = report.dataPlaneValues();
        assertEquals(12L, values[FeatureCatalog.standard().byName("IN_PKTS").orElseThrow().id()]);
        assertEquals(2_500_999L, values[FeatureCatalog.standard().byName("FLOW_DURATION_MILLISECONDS").orElseThrow().id()]);
        assertEquals(5L, values[FeatureCatalog.standard().byName("SRC_FLOWS").orElseThrow().id()]);
    }

    @Test
    public void durationsAreConvertedFromMicrosecondsToMilliseconds() {
        assertEquals(2500L, (long) format.decodeHeader(ReportFrames.sampleReport()).features().get("FLOW_DURATION_MILLISECONDS"));
    }

    @Test
    public void everyCatalogFeatureIsDecoded() {
        assertEquals(FeatureCatalog.standard().features().size(), format.decodeHeader(ReportFrames.sampleReport()).features().size());
    }

    @Test
    public void shortReportsAreRefused() {
        expectRefusal(new byte[REPORT_HEADER_BYTES - 1], "bytes");
    }

    @Test
    public void otherVersionsAreRefused() {
        byte[] r = ReportFrames.sampleReport();
        ReportFrames.put(r, REPORT_FIELD_VERSION, 0);
        ReportFrames.put(r, REPORT_FIELD_VERSION, REPORT_VERSION + 1);
        expectRefusal(r, "version");
    }

    @Test
    public void unknownReasonsAreRefused() {
        byte[] r = new byte[REPORT_HEADER_BYTES];
        ReportFrames.put(r, REPORT_FIELD_VERSION, REPORT_VERSION);
        ReportFrames.put(r, REPORT_FIELD_REASON, 200);
        expectRefusal(r, "reason 200");
    }

    @Test
    public void aFrameIsItsEthernetHeaderAndTheReport() {
        FlowReport report = format.decode(ReportFrames.frame(ReportFrames.sampleReport()));
        assertEquals(517, report.leafId());
        assertTrue(format.isReport(ETHERTYPE_REPORT));
        assertFalse(format.isReport(0x0800));
        try {
            format.decode(new byte[13]);
            fail("decoded less than an Ethernet header");
        } catch (MalformedReportException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("Ethernet"));
        }
    }

    @Test
    public void aProbeCarriesTheSlotTheFreeFlagAndTheSilenceAfterItsEthernetHeader() {
        byte[] frame = format.probe(0x1234, true, 30_000_000L);
        assertEquals(Ethernet.ETHERNET_HEADER_LENGTH + PROBE_HEADER_BYTES, frame.length);
        assertEquals(ETHERTYPE_PROBE, ((frame[12] & 0xff) << 8) | (frame[13] & 0xff));
        byte[] probe = Arrays.copyOfRange(frame, Ethernet.ETHERNET_HEADER_LENGTH, frame.length);
        assertEquals(0x1234, NidsReportFormat.read(probe, PROBE_FIELD_SLOT));
        assertEquals(PROBE_FLAG_FREE, NidsReportFormat.read(probe, PROBE_FIELD_FLAGS));
        assertEquals(30_000_000L, NidsReportFormat.read(probe, PROBE_FIELD_MIN_IDLE_US));
        byte[] keep = Arrays.copyOfRange(format.probe(7, false, 0), Ethernet.ETHERNET_HEADER_LENGTH, frame.length);
        assertEquals(0, NidsReportFormat.read(keep, PROBE_FIELD_FLAGS));
        assertEquals(0, NidsReportFormat.read(keep, PROBE_FIELD_MIN_IDLE_US));
    }

    @Test
    public void aSilenceTheSwitchCannotTimeIsRefused() {
        for (long bad : new long[]{-1, 1L << 32}) {
            try {
                format.probe(7, true, bad);
                fail("a probe's silence of " + bad + " us");
            } catch (IllegalArgumentException e) {
                assertTrue(e.getMessage(), e.getMessage().contains("silence"));
            }
        }
    }

    @Test
    public void everyReasonHasItsCodeBothWays() {
        for (ReportReason reason : ReportReason.values()) {
            assertEquals(Optional.of(reason), NidsReportFormat.reasonOf(NidsReportFormat.codeOf(reason)));
        }
        assertEquals(REASON_PROBE, NidsReportFormat.codeOf(ReportReason.PROBE));
        assertEquals(REASON_FLOW_START, NidsReportFormat.codeOf(ReportReason.FLOW_START));
        assertEquals(Optional.empty(), NidsReportFormat.reasonOf(0));
    }

    private void expectRefusal(byte[] bytes, String reason) {
        try {
            format.decodeHeader(bytes);
            fail("expected a refusal");
        } catch (MalformedReportException e) {
            assertTrue(e.getMessage(), e.getMessage().contains(reason));
        }
    }
}
