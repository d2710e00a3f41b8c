/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.flow;

import org.junit.Test;
import org.onlab.packet.Ip4Address;
import org.onosproject.nids.api.ReportReason;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.pipeconf.NidsConstants.HeaderField;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.onosproject.nids.pipeconf.NidsConstants.*;

/**
 * Reports are decoded field by field from the P4 program's layout; malformed ones are refused with a reason.
 */
public class ReportDecoderTest {

    private final ReportDecoder decoder = new ReportDecoder(FeatureCatalog.standard());

    /** Writes a field big-endian at its bit offset, independently of the decoder's reading code. */
    static void put(byte[] bytes, HeaderField field, long value) {
        NidsFlowManager.write(bytes, field, value);
    }

    static byte[] sampleReport() {
        byte[] r = new byte[REPORT_HEADER_BYTES];
        put(r, REPORT_FIELD_VERSION, REPORT_VERSION);
        put(r, REPORT_FIELD_REASON, REASON_ALERT);
        put(r, REPORT_FIELD_FLAGS, REPORT_FLAG_OCCUPIED);
        put(r, REPORT_FIELD_BANK, 1);
        put(r, REPORT_FIELD_CLASS_ID, 3);
        put(r, REPORT_FIELD_LEAF_ID, 517);
        put(r, REPORT_FIELD_SLOT, 65535);
        put(r, REPORT_FIELD_INGRESS_PORT, 2);
        put(r, REPORT_FIELD_MODEL_EPOCH, 7);
        put(r, REPORT_FIELD_CLIENT_IP, Ip4Address.valueOf("10.0.0.1").toInt() & 0xffffffffL);
        put(r, REPORT_FIELD_SERVER_IP, Ip4Address.valueOf("10.0.0.3").toInt() & 0xffffffffL);
        put(r, REPORT_FIELD_CLIENT_PORT, 40000);
        put(r, REPORT_FIELD_SERVER_PORT, 9999);
        put(r, REPORT_FIELD_PROTO, 6);
        put(r, REPORT_FIELD_IN_BYTES, 0xffffffffL);
        put(r, REPORT_FIELD_IN_PKTS, 12);
        put(r, REPORT_FIELD_TCP_FLAGS, 0x12);
        put(r, REPORT_FIELD_FLOW_DURATION_MILLISECONDS, 2_500_999); // µs on the wire
        put(r, REPORT_FIELD_MIN_TTL, 63);
        put(r, REPORT_FIELD_ICMP_TYPE, 0x0800);
        put(r, REPORT_FIELD_FIRST_SEEN, 0xffffffffffffL);
        put(r, REPORT_FIELD_LAST_SEEN, 1L << 40);
        return r;
    }

    @Test
    public void everyFieldIsDecodedAtItsOffset() {
        FlowReport report = decoder.decode(sampleReport());
        assertEquals(ReportReason.ALERT, report.reason());
        assertTrue(report.occupied());
        assertFalse(report.freed());
        assertEquals(1, report.bank());
        assertEquals(3, report.classId());
        assertEquals(517, report.leafId());
        assertEquals(65535, report.slot());
        assertEquals(2, report.ingressPort());
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
    }

    @Test
    public void durationsAreConvertedFromMicrosecondsToMilliseconds() {
        assertEquals(2500L, (long) decoder.decode(sampleReport()).features().get("FLOW_DURATION_MILLISECONDS"));
    }

    @Test
    public void everyCatalogFeatureIsDecoded() {
        assertEquals(FeatureCatalog.standard().features().size(), decoder.decode(sampleReport()).features().size());
    }

    @Test
    public void shortReportsAreRefused() {
        expectRefusal(new byte[REPORT_HEADER_BYTES - 1], "bytes");
    }

    @Test
    public void otherVersionsAreRefused() {
        byte[] r = sampleReport();
        put(r, REPORT_FIELD_VERSION, 0);
        put(r, REPORT_FIELD_VERSION, REPORT_VERSION + 1);
        expectRefusal(r, "version");
    }

    @Test
    public void unknownReasonsAreRefused() {
        byte[] r = new byte[REPORT_HEADER_BYTES];
        put(r, REPORT_FIELD_VERSION, REPORT_VERSION);
        put(r, REPORT_FIELD_REASON, 200);
        expectRefusal(r, "reason 200");
    }

    private void expectRefusal(byte[] bytes, String reason) {
        try {
            decoder.decode(bytes);
            fail("expected a refusal");
        } catch (ReportDecoder.MalformedReportException e) {
            assertTrue(e.getMessage(), e.getMessage().contains(reason));
        }
    }
}
