/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.netflow;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * A minimal NetFlow v9 decoder for tests, written from RFC 3954 independently of the encoder: it learns templates
 * from template flowsets and decodes data records into element id to value maps. It asserts the structure as it
 * goes (version, flowset lengths, 4-byte alignment).
 */
final class V9PacketReader {

    /** One decoded export packet. */
    static final class Packet {
        int version;
        int count;
        long sysUptime;
        long unixSeconds;
        long sequence;
        long sourceId;
        int length;
        final List<Integer> templateIds = new ArrayList<>();
        final List<Map<Integer, Long>> records = new ArrayList<>();

        boolean hasTemplate() {
            return !templateIds.isEmpty();
        }
    }

    /** Template id to (element id, length) pairs, in order. */
    private final Map<Integer, List<int[]>> templates = new LinkedHashMap<>();

    /**
     * Decodes a packet, learning the templates it carries first.
     *
     * @param bytes UDP payload
     * @return the packet
     */
    Packet read(byte[] bytes) {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        Packet packet = new Packet();
        packet.length = bytes.length;
        packet.version = Short.toUnsignedInt(in.getShort());
        packet.count = Short.toUnsignedInt(in.getShort());
        packet.sysUptime = Integer.toUnsignedLong(in.getInt());
        packet.unixSeconds = Integer.toUnsignedLong(in.getInt());
        packet.sequence = Integer.toUnsignedLong(in.getInt());
        packet.sourceId = Integer.toUnsignedLong(in.getInt());
        assertEquals("version", 9, packet.version);
        while (in.remaining() > 0) {
            int start = in.position();
            int flowsetId = Short.toUnsignedInt(in.getShort());
            int flowsetLength = Short.toUnsignedInt(in.getShort());
            assertTrue("flowset length " + flowsetLength, flowsetLength >= 4 && start + flowsetLength <= bytes.length);
            assertEquals("flowset length is 4-byte aligned", 0, flowsetLength % 4);
            if (flowsetId == 0) {
                readTemplates(in, start + flowsetLength, packet);
            } else {
                readData(in, flowsetId, start + flowsetLength, packet);
            }
            in.position(start + flowsetLength);
        }
        assertEquals("header count = template records + data records",
                     packet.templateIds.size() + packet.records.size(), packet.count);
        return packet;
    }

    private void readTemplates(ByteBuffer in, int end, Packet packet) {
        while (end - in.position() >= 4) {
            int templateId = Short.toUnsignedInt(in.getShort());
            int fieldCount = Short.toUnsignedInt(in.getShort());
            List<int[]> fields = new ArrayList<>();
            for (int i = 0; i < fieldCount; i++) {
                fields.add(new int[]{Short.toUnsignedInt(in.getShort()), Short.toUnsignedInt(in.getShort())});
            }
            templates.put(templateId, fields);
            packet.templateIds.add(templateId);
        }
    }

    private void readData(ByteBuffer in, int templateId, int end, Packet packet) {
        List<int[]> fields = templates.getOrDefault(templateId, Collections.emptyList());
        assertTrue("data for unknown template " + templateId, !fields.isEmpty());
        int recordLength = fields.stream().mapToInt(f -> f[1]).sum();
        while (end - in.position() >= recordLength) {
            Map<Integer, Long> record = new LinkedHashMap<>();
            for (int[] field : fields) {
                long value = 0;
                for (int i = 0; i < field[1]; i++) {
                    value = (value << 8) | Byte.toUnsignedInt(in.get());
                }
                record.put(field[0], value);
            }
            packet.records.add(record);
        }
        int padding = end - in.position();
        assertTrue("padding shorter than 4 bytes: " + padding, padding < 4);
        while (in.position() < end) {
            assertEquals("padding is zero", 0, in.get());
        }
    }
}
