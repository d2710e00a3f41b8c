/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.netflow;

import org.onosproject.nids.api.FlowRecord;

import java.nio.ByteBuffer;
import java.util.List;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Turns flow records into NetFlow v9 export packets (RFC 3954). Pure: no clock, no state, no I/O; the caller says
 * what goes into the header and whether the template rides along.
 * <p>
 * Packet layout: 20-byte header, then optionally one template flowset (id 0) holding the template, then one data
 * flowset (id = template id) holding the records back to back, zero-padded to a 4-byte boundary.
 */
public final class NetflowV9Encoder {

    /** Bytes of the v9 packet header. */
    public static final int HEADER_LENGTH = 20;
    /** Bytes of a flowset header (flowset id, length). */
    public static final int FLOWSET_HEADER_LENGTH = 4;
    /** A packet no larger than this fits a 1500-byte Ethernet MTU with IPv6 and UDP headers and room for a tunnel. */
    public static final int DEFAULT_MAX_PACKET_LENGTH = NetflowExportConfig.MAX_PACKET_BYTES_DEFAULT;

    static final int VERSION = 9;
    static final int TEMPLATE_FLOWSET_ID = 0;
    private static final int TEMPLATE_RECORD_HEADER_LENGTH = 4;
    private static final int FIELD_SPECIFIER_LENGTH = 4;
    private static final int ALIGNMENT = 4;

    private final NetflowTemplate template;
    private final int maxPacketLength;

    /**
     * An encoder.
     *
     * @param template        the data template of every record
     * @param maxPacketLength largest UDP payload to produce; must hold the template and one record
     */
    public NetflowV9Encoder(NetflowTemplate template, int maxPacketLength) {
        this.template = checkNotNull(template, "template");
        this.maxPacketLength = maxPacketLength;
        checkArgument(maxPacketLength <= 0xffff, "max packet length exceeds UDP: %s", maxPacketLength);
        checkArgument(maxRecords(true) >= 1, "max packet length %s cannot hold the template and one record",
                      maxPacketLength);
    }

    public NetflowTemplate template() {
        return template;
    }

    public int maxPacketLength() {
        return maxPacketLength;
    }

    /** @return bytes of the template flowset: flowset header, template header, one specifier per field */
    public int templateFlowsetLength() {
        return FLOWSET_HEADER_LENGTH + TEMPLATE_RECORD_HEADER_LENGTH
                + FIELD_SPECIFIER_LENGTH * template.fields().size();
    }

    /**
     * How many records fit in one packet.
     *
     * @param withTemplate whether the packet also carries the template
     * @return the largest record count whose packet stays within the max packet length
     */
    public int maxRecords(boolean withTemplate) {
        int room = maxPacketLength - HEADER_LENGTH - (withTemplate ? templateFlowsetLength() : 0);
        // The data flowset is padded up to a multiple of 4, so only whole 4-byte units of the room can be used.
        int usable = room - room % ALIGNMENT - FLOWSET_HEADER_LENGTH;
        return Math.max(0, usable / template.recordLength());
    }

    /**
     * Encodes one export packet.
     *
     * @param header       header values
     * @param withTemplate whether to put the template flowset before the data
     * @param records      records for the data flowset, at most {@link #maxRecords(boolean)}; may be empty only
     *                     when the template is sent
     * @return the UDP payload
     */
    public byte[] encode(ExportHeader header, boolean withTemplate, List<FlowRecord> records) {
        checkNotNull(header, "header");
        checkNotNull(records, "records");
        checkArgument(withTemplate || !records.isEmpty(), "an export packet needs a template or a record");
        checkArgument(records.size() <= maxRecords(withTemplate), "%s records exceed the %s that fit a packet",
                      records.size(), maxRecords(withTemplate));

        int templateLength = withTemplate ? templateFlowsetLength() : 0;
        int dataLength = records.isEmpty() ? 0 : dataFlowsetLength(records.size());
        ByteBuffer packet = ByteBuffer.allocate(HEADER_LENGTH + templateLength + dataLength);

        // RFC 3954: count is the number of records of all kinds in the packet, template records included.
        int count = (withTemplate ? 1 : 0) + records.size();
        putHeader(packet, header, count);
        if (withTemplate) {
            putTemplateFlowset(packet);
        }
        if (!records.isEmpty()) {
            putDataFlowset(packet, dataLength, records);
        }
        return packet.array();
    }

    private int dataFlowsetLength(int recordCount) {
        int unpadded = FLOWSET_HEADER_LENGTH + recordCount * template.recordLength();
        return (unpadded + ALIGNMENT - 1) / ALIGNMENT * ALIGNMENT;
    }

    private static void putHeader(ByteBuffer packet, ExportHeader header, int count) {
        packet.putShort((short) VERSION);
        packet.putShort((short) count);
        packet.putInt((int) header.sysUptimeMillis());
        packet.putInt((int) header.unixSeconds());
        packet.putInt((int) header.sequence());
        packet.putInt((int) header.sourceId());
    }

    private void putTemplateFlowset(ByteBuffer packet) {
        packet.putShort((short) TEMPLATE_FLOWSET_ID);
        packet.putShort((short) templateFlowsetLength());
        packet.putShort((short) template.templateId());
        packet.putShort((short) template.fields().size());
        for (NetflowField field : template.fields()) {
            packet.putShort((short) field.elementId());
            packet.putShort((short) field.length());
        }
    }

    private void putDataFlowset(ByteBuffer packet, int flowsetLength, List<FlowRecord> records) {
        int start = packet.position();
        packet.putShort((short) template.templateId());
        packet.putShort((short) flowsetLength);
        for (FlowRecord record : records) {
            for (NetflowField field : template.fields()) {
                putUnsigned(packet, field.valueOf(record), field.length());
            }
        }
        // The buffer is zero-filled, so skipping to the flowset's end writes the padding.
        packet.position(start + flowsetLength);
    }

    /** Writes the low {@code length} bytes, big-endian: counters wider than the field wrap, as on the switch. */
    private static void putUnsigned(ByteBuffer packet, long value, int length) {
        for (int shift = 8 * (length - 1); shift >= 0; shift -= 8) {
            packet.put((byte) (value >>> shift));
        }
    }
}
