/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.netflow;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import org.junit.Test;
import org.onosproject.nids.api.FlowRecord;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.onosproject.nids.impl.netflow.SampleRecords.TCP;
import static org.onosproject.nids.impl.netflow.SampleRecords.flow;
import static org.onosproject.nids.impl.netflow.SampleRecords.vectorIcmp;
import static org.onosproject.nids.impl.netflow.SampleRecords.vectorTcp;
import static org.onosproject.nids.impl.netflow.SampleRecords.vectorUdp;

/**
 * Byte-exact checks of the v9 encoder against the hand-written vectors, and of its packet size arithmetic.
 */
public class NetflowV9EncoderTest {

    private final NetflowV9Encoder encoder =
            new NetflowV9Encoder(NetflowTemplate.nids(), NetflowV9Encoder.DEFAULT_MAX_PACKET_LENGTH);

    @Test
    public void encodesTemplateAndTcpRecordAsTheVector() {
        byte[] packet = encoder.encode(ExportHeader.of(5_001_000L, 1_700_000_000L, 7L, 0xDEADBEEFL), true,
                                       ImmutableList.of(vectorTcp()));

        assertBytes(HexVectors.load("template-and-tcp-record.hex"), packet);
    }

    @Test
    public void encodesTwoRecordsWithoutTemplateAsTheVector() {
        byte[] packet = encoder.encode(ExportHeader.of(0xFFFFFF00L, 1_700_000_001L, 0xFFFFFFFFL, 1L), false,
                                       ImmutableList.of(vectorUdp(), vectorIcmp()));

        assertBytes(HexVectors.load("udp-and-icmp-records.hex"), packet);
    }

    @Test
    public void encodesTemplateOnlyPacket() {
        byte[] packet = encoder.encode(ExportHeader.of(1, 2, 3, 4), true, Collections.emptyList());

        // The vector's first 20 + 148 bytes are a header and the template; only count differs (1: the template).
        byte[] vector = HexVectors.load("template-and-tcp-record.hex");
        byte[] expected = Arrays.copyOf(vector, 20 + encoder.templateFlowsetLength());
        byte[] header = {0, 9, 0, 1, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4};
        System.arraycopy(header, 0, expected, 0, header.length);
        assertBytes(expected, packet);
    }

    @Test
    public void cutsValuesWiderThanTheFieldToTheirLowBytes() {
        NetflowV9Encoder inBytesOnly = new NetflowV9Encoder(
                NetflowTemplate.of(300, ImmutableList.of(NetflowField.IN_BYTES, NetflowField.MIN_TTL)), 100);
        FlowRecord record = flow("device:bmv2:s1", "10.0.0.1", 1, "10.0.0.2", 2, TCP)
                .features(ImmutableMap.of("IN_BYTES", (1L << 32) + 5, "MIN_TTL", 0x1ffL))
                .build();

        byte[] packet = inBytesOnly.encode(ExportHeader.of(0, 0, 0, 0), false, ImmutableList.of(record));

        byte[] expected = {
                0, 9, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, // header, count 1
                0x01, 0x2C, 0, 12,                                          // data flowset 300, 4 + 5 + 3 pad
                0, 0, 0, 5,                                                 // IN_BYTES 2^32 + 5 -> 5
                (byte) 0xff,                                                // MIN_TTL 0x1ff -> 0xff
                0, 0, 0};                                                   // padding
        assertBytes(expected, packet);
    }

    @Test
    public void maxRecordsIsTheLargestCountWhosePaddedPacketFits() {
        int recordLength = NetflowTemplate.nids().recordLength();
        int templateLength = encoder.templateFlowsetLength();
        for (int limit = 20 + templateLength + pad4(4 + recordLength); limit <= 1500; limit++) {
            NetflowV9Encoder limited = new NetflowV9Encoder(NetflowTemplate.nids(), limit);

            assertEquals("with template, limit " + limit,
                         largestFitting(limit - 20 - templateLength, recordLength), limited.maxRecords(true));
            assertEquals("without template, limit " + limit,
                         largestFitting(limit - 20, recordLength), limited.maxRecords(false));
        }
    }

    @Test
    public void fullPacketsStayWithinTheLimit() {
        for (int limit = 300; limit <= 1500; limit += 7) {
            NetflowV9Encoder limited = new NetflowV9Encoder(NetflowTemplate.nids(), limit);
            for (boolean withTemplate : new boolean[]{true, false}) {
                int records = limited.maxRecords(withTemplate);
                byte[] packet = limited.encode(ExportHeader.of(0, 0, 0, 0), withTemplate,
                                               Collections.nCopies(records, vectorTcp()));
                assertTrue(packet.length + " > " + limit, packet.length <= limit);
            }
        }
    }

    @Test
    public void packsRecordsBackToBackAndDataDecodesWithTheTemplateSentEarlier() {
        FlowRecord tcp = vectorTcp();
        FlowRecord udp = vectorUdp();
        FlowRecord icmp = vectorIcmp();
        V9PacketReader collector = new V9PacketReader();

        V9PacketReader.Packet first = collector.read(encoder.encode(ExportHeader.of(0, 0, 0, 0), true,
                                                                    ImmutableList.of(tcp, udp)));
        V9PacketReader.Packet second = collector.read(encoder.encode(ExportHeader.of(0, 0, 1, 0), false,
                                                                     ImmutableList.of(icmp, tcp, udp)));

        assertEquals(ImmutableList.of(NetflowTemplate.NIDS_TEMPLATE_ID), first.templateIds);
        assertEquals(2, first.records.size());
        assertEquals(3, second.records.size());
        assertTrue(second.templateIds.isEmpty());
        List<FlowRecord> sent = ImmutableList.of(tcp, udp, icmp, tcp, udp);
        List<Map<Integer, Long>> received = new ArrayList<>(first.records);
        received.addAll(second.records);
        for (int i = 0; i < sent.size(); i++) {
            for (NetflowField field : NetflowField.values()) {
                long mask = field.length() == 8 ? -1L : (1L << (8 * field.length())) - 1;
                assertEquals("record " + i + " " + field, field.valueOf(sent.get(i)) & mask,
                             (long) received.get(i).get(field.elementId()));
            }
        }
    }

    @Test(expected = IllegalArgumentException.class)
    public void refusesMoreRecordsThanFit() {
        encoder.encode(ExportHeader.of(0, 0, 0, 0), true,
                       Collections.nCopies(encoder.maxRecords(true) + 1, vectorTcp()));
    }

    @Test(expected = IllegalArgumentException.class)
    public void refusesAnEmptyPacket() {
        encoder.encode(ExportHeader.of(0, 0, 0, 0), false, Collections.emptyList());
    }

    @Test
    public void smallestMaxLengthHoldsTheTemplateAndOnePaddedRecord() {
        int smallest = 20 + encoder.templateFlowsetLength() + pad4(4 + NetflowTemplate.nids().recordLength());

        assertEquals(1, new NetflowV9Encoder(NetflowTemplate.nids(), smallest).maxRecords(true));
        try {
            new NetflowV9Encoder(NetflowTemplate.nids(), smallest - 1);
            throw new AssertionError("accepted " + (smallest - 1));
        } catch (IllegalArgumentException expected) {
            // cannot hold the template and a record
        }
    }

    private static int pad4(int length) {
        return (length + 3) / 4 * 4;
    }

    /** Counts up, independently of the encoder's arithmetic, how many records fit in a room. */
    private static int largestFitting(int room, int recordLength) {
        int records = 0;
        while (pad4(4 + (records + 1) * recordLength) <= room) {
            records++;
        }
        return records;
    }

    private static void assertBytes(byte[] expected, byte[] actual) {
        assertEquals("packet length", expected.length, actual.length);
        assertArrayEquals("expected" + HexVectors.dump(expected) + "\nactual" + HexVectors.dump(actual),
                          expected, actual);
    }
}
