/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.pipeconf;

import org.onlab.packet.Ethernet;
import org.onlab.packet.Ip4Address;
import org.onosproject.nids.api.ReportReason;
import org.onosproject.nids.pipeconf.NidsConstants.HeaderField;

import static org.onosproject.nids.pipeconf.NidsConstants.*;

/**
 * Report packet-ins as the NIDS pipeline sends them, built from the P4 layout (for the pipeconf's tests, and for the
 * app's report-pipeline tests and benchmark through this module's test jar).
 */
public final class ReportFrames {

    private ReportFrames() {
    }

    /** Sets a field big-endian at its bit offset, independently of the decoder's reading code. */
    public static void put(byte[] bytes, HeaderField field, long value) {
        for (int i = 0; i < field.bitWidth; i++) {
            int bit = field.bitOffset + field.bitWidth - 1 - i;
            byte mask = (byte) (0x80 >>> (bit & 7));
            if (((value >>> i) & 1) != 0) {
                bytes[bit >>> 3] |= mask;
            } else {
                bytes[bit >>> 3] &= (byte) ~mask;
            }
        }
    }

    /** @return a report header of an ALERT (at phase 4, confidence 95%) with every field set */
    public static byte[] sampleReport() {
        byte[] r = new byte[REPORT_HEADER_BYTES];
        put(r, REPORT_FIELD_VERSION, REPORT_VERSION);
        put(r, REPORT_FIELD_REASON, REASON_ALERT);
        put(r, REPORT_FIELD_EVENTS, 1L << REASON_ALERT);
        put(r, REPORT_FIELD_FLAGS, REPORT_FLAG_OCCUPIED | REPORT_FLAG_CLASSIFIED);
        put(r, REPORT_FIELD_PHASE, 4);
        put(r, REPORT_FIELD_CONFIDENCE, 950);
        put(r, REPORT_FIELD_BANK, 1);
        put(r, REPORT_FIELD_CLASS_ID, 3);
        put(r, REPORT_FIELD_LEAF_ID, 517);
        put(r, REPORT_FIELD_SLOT, 65535);
        put(r, REPORT_FIELD_INGRESS_PORT, 2);
        put(r, REPORT_FIELD_CLIENT_INGRESS_PORT, 5);
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
        put(r, REPORT_FIELD_SRC_FLOWS, 5);
        put(r, REPORT_FIELD_SRC_DST_PORTS, 3);
        put(r, REPORT_FIELD_FIRST_SEEN, 0xffffffffffffL);
        put(r, REPORT_FIELD_LAST_SEEN, 1L << 40);
        put(r, REPORT_FIELD_SEQUENCE, 1);
        return r;
    }

    /**
     * @param confidencePermille the leaf's confidence
     * @return the sample flow's FLOW_END report: its END verdict an attack (class 3) the switch did not alert
     */
    public static byte[] endReportNotAlerted(int confidencePermille) {
        byte[] r = sampleReport();
        put(r, REPORT_FIELD_REASON, REASON_FLOW_END);
        put(r, REPORT_FIELD_EVENTS, 1L << REASON_FLOW_END);
        put(r, REPORT_FIELD_PHASE, PHASE_END);
        put(r, REPORT_FIELD_CONFIDENCE, confidencePermille);
        return r;
    }

    /**
     * @param epoch      the model epoch on the report
     * @param serverPort the evicted flow's server port
     * @return an EVICT report of the sample flow: its features, no verdict
     */
    public static byte[] evictReport(long epoch, int serverPort) {
        byte[] r = sampleReport();
        put(r, REPORT_FIELD_REASON, REASON_EVICT);
        put(r, REPORT_FIELD_EVENTS, 1L << REASON_EVICT);
        put(r, REPORT_FIELD_FLAGS, REPORT_FLAG_OCCUPIED);
        put(r, REPORT_FIELD_CLASS_ID, 0);
        put(r, REPORT_FIELD_LEAF_ID, 0);
        put(r, REPORT_FIELD_PHASE, 0);
        put(r, REPORT_FIELD_CONFIDENCE, 0);
        put(r, REPORT_FIELD_MODEL_EPOCH, epoch);
        put(r, REPORT_FIELD_SERVER_PORT, serverPort);
        put(r, REPORT_FIELD_L4_DST_PORT, serverPort);
        put(r, REPORT_FIELD_PROTOCOL, 6);
        return r;
    }

    /**
     * @param reasonName     why the switch reports
     * @param slot           the flow's slot
     * @param lastSeenMicros the flow's last packet on the switch's clock
     * @return a report of the sample flow, still in its slot, without an alert
     */
    public static byte[] slotReport(ReportReason reasonName, long slot, long lastSeenMicros) {
        return slotReport(reasonName, slot, lastSeenMicros, false);
    }

    /**
     * @param reasonName     why the switch reported
     * @param slot           the flow's slot
     * @param lastSeenMicros its last packet on the switch's clock
     * @param freed          whether the switch freed the slot after reporting it
     * @return a report of the sample flow, without an alert
     */
    public static byte[] slotReport(ReportReason reasonName, long slot, long lastSeenMicros, boolean freed) {
        int reason = NidsReportFormat.codeOf(reasonName);
        byte[] r = evictReport(7, 9999);
        put(r, REPORT_FIELD_REASON, reason);
        put(r, REPORT_FIELD_EVENTS, 1L << reason);
        put(r, REPORT_FIELD_FLAGS, REPORT_FLAG_OCCUPIED | (freed ? REPORT_FLAG_FREED : 0));
        put(r, REPORT_FIELD_SLOT, slot);
        put(r, REPORT_FIELD_FIRST_SEEN, 0);
        put(r, REPORT_FIELD_LAST_SEEN, lastSeenMicros);
        return r;
    }

    /**
     * @param report   a report header
     * @param sequence the switch's number for it
     * @return the header, numbered
     */
    public static byte[] numbered(byte[] report, long sequence) {
        put(report, REPORT_FIELD_SEQUENCE, sequence);
        return report;
    }

    /**
     * @param report a report header
     * @return the packet-in frame carrying it
     */
    public static byte[] frame(byte[] report) {
        byte[] frame = new byte[Ethernet.ETHERNET_HEADER_LENGTH + report.length];
        frame[12] = (byte) (ETHERTYPE_REPORT >> 8);
        frame[13] = (byte) ETHERTYPE_REPORT;
        System.arraycopy(report, 0, frame, Ethernet.ETHERNET_HEADER_LENGTH, report.length);
        return frame;
    }

    /**
     * A report frame of the sample report with some fields changed.
     *
     * @param classId    class the switch gave the flow
     * @param clientPort the flow's client port
     * @param slot       the flow's slot
     * @return the frame
     */
    public static byte[] frame(int classId, int clientPort, long slot) {
        byte[] report = sampleReport();
        put(report, REPORT_FIELD_CLASS_ID, classId);
        put(report, REPORT_FIELD_EVENTS, classId == 0 ? 0 : 1L << REASON_ALERT);
        put(report, REPORT_FIELD_CLIENT_PORT, clientPort);
        put(report, REPORT_FIELD_SLOT, slot);
        return frame(report);
    }
}
