/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.netflow;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.FlowRecord;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.onosproject.nids.impl.netflow.SampleRecords.TCP;
import static org.onosproject.nids.impl.netflow.SampleRecords.flow;

/**
 * The exporter against loopback UDP collectors: sequence numbers, source ids, template refresh, packing, failure
 * counting, thread safety.
 */
public class NetflowExporterTest {

    private static final long START = 1_700_000_000_000L;
    private static final String S1 = "device:bmv2:s1";
    private static final String S2 = "device:bmv2:s2";
    private static final int IN_BYTES_ID = NetflowField.IN_BYTES.elementId();

    private final AtomicLong wallClock = new AtomicLong(START);
    private final List<AutoCloseable> toClose = new ArrayList<>();
    private LoopbackCollector collector;

    @Before
    public void setUp() throws IOException {
        collector = open(new LoopbackCollector());
    }

    @After
    public void tearDown() throws Exception {
        for (AutoCloseable closeable : toClose) {
            closeable.close();
        }
    }

    @Test
    public void sequenceCountsExportPacketsPerSourceId() throws IOException {
        NetflowExporter exporter = exporter(config(ImmutableList.of(collector.address()), 1000, 3600, 1400));
        int perDevice = 5;
        for (int i = 0; i < perDevice; i++) {
            exporter.export(record(S1, i));
            exporter.export(record(S2, i));
        }

        Map<Long, List<Long>> sequences = new HashMap<>();
        V9PacketReader reader = new V9PacketReader();
        for (byte[] payload : collector.receive(2 * perDevice)) {
            V9PacketReader.Packet packet = reader.read(payload);
            sequences.computeIfAbsent(packet.sourceId, id -> new ArrayList<>()).add(packet.sequence);
        }
        collector.assertQuiet();

        Map<DeviceId, Long> ids = exporter.sourceIds();
        assertEquals(ImmutableList.of(0L, 1L, 2L, 3L, 4L), sequences.get(ids.get(DeviceId.deviceId(S1))));
        assertEquals(ImmutableList.of(0L, 1L, 2L, 3L, 4L), sequences.get(ids.get(DeviceId.deviceId(S2))));
        assertEquals(2, sequences.size());
    }

    @Test
    public void templateGoesOutEveryNPackets() throws IOException {
        int everyPackets = 3;
        NetflowExporter exporter = exporter(config(ImmutableList.of(collector.address()), everyPackets, 3600,
                                                   1400));
        int packets = 7;
        for (int i = 0; i < packets; i++) {
            exporter.export(record(S1, i));
        }

        List<byte[]> received = collector.receive(packets);
        V9PacketReader reader = new V9PacketReader();
        for (int i = 0; i < packets; i++) {
            assertEquals("template in packet " + i, i % everyPackets == 0, reader.read(received.get(i)).hasTemplate());
        }
    }

    @Test
    public void templateGoesOutWhenItIsTSecondsOld() throws IOException {
        int everySeconds = 10;
        NetflowExporter exporter = exporter(config(ImmutableList.of(collector.address()), 1000, everySeconds,
                                                   1400));
        long[] offsetsMillis = {0, 5_000, 9_999, 10_000, 12_000, 20_000};
        boolean[] expectTemplate = {true, false, false, true, false, true};

        V9PacketReader reader = new V9PacketReader();
        for (int i = 0; i < offsetsMillis.length; i++) {
            wallClock.set(START + offsetsMillis[i]);
            exporter.export(record(S1, i));
            assertEquals("template at +" + offsetsMillis[i] + " ms", expectTemplate[i],
                         reader.read(collector.receive(1).get(0)).hasTemplate());
        }
    }

    @Test
    public void everyCollectorGetsTheSamePacketsAndANewOneGetsTheTemplateAtOnce() throws IOException {
        LoopbackCollector second = open(new LoopbackCollector());
        NetflowExporter exporter = exporter(config(ImmutableList.of(collector.address()), 1000, 3600, 1400));
        exporter.export(record(S1, 0));
        exporter.export(record(S1, 1));
        collector.receive(2);

        exporter.reconfigure(config(ImmutableList.of(collector.address(), second.address()), 1000, 3600, 1400));
        exporter.export(record(S1, 2));

        byte[] toFirst = collector.receive(1).get(0);
        byte[] toSecond = second.receive(1).get(0);
        assertArrayEquals(toFirst, toSecond);
        V9PacketReader.Packet packet = new V9PacketReader().read(toSecond);
        assertTrue("template for the new collector", packet.hasTemplate());
        assertEquals(2, packet.sequence);
        assertEquals("2 packets to the first collector, then 1 to each", 2 + 2, exporter.stats().packetsSent());
    }

    @Test
    public void batchIsPackedIntoAsFewPacketsAsFitAndKeepsItsOrder() throws IOException {
        int maxBytes = 700;
        NetflowExporter exporter = exporter(config(ImmutableList.of(collector.address()), 1000, 3600, maxBytes));
        NetflowV9Encoder sameSize = new NetflowV9Encoder(NetflowTemplate.nids(), maxBytes);
        int records = 23;
        List<FlowRecord> batch = new ArrayList<>();
        for (int i = 0; i < records; i++) {
            batch.add(record(S1, i));
        }

        exporter.export(batch);

        int afterFirst = records - sameSize.maxRecords(true);
        int expectedPackets = 1 + (afterFirst + sameSize.maxRecords(false) - 1) / sameSize.maxRecords(false);
        List<Long> inBytes = new ArrayList<>();
        V9PacketReader reader = new V9PacketReader();
        for (byte[] payload : collector.receive(expectedPackets)) {
            assertTrue(payload.length <= maxBytes);
            reader.read(payload).records.forEach(r -> inBytes.add(r.get(IN_BYTES_ID)));
        }
        collector.assertQuiet();
        List<Long> sentInBytes = new ArrayList<>();
        batch.forEach(r -> sentInBytes.add(r.feature("IN_BYTES")));
        assertEquals(sentInBytes, inBytes);
        assertEquals(records, exporter.stats().recordsExported());
    }

    @Test
    public void headerPlacesSwitchTimesOnTheWallClock() throws IOException {
        NetflowExporter exporter = exporter(config(ImmutableList.of(collector.address()), 1000, 3600, 1400));
        FlowRecord record = flow(S1, "10.0.0.1", 1234, "10.0.0.2", 80, TCP)
                .firstSeenMicros(86_400_000_000L).lastSeenMicros(86_401_500_000L) // switch up for a day
                .receivedMillis(START - 20).build();
        wallClock.set(START + 345);

        exporter.export(record);

        V9PacketReader.Packet packet = new V9PacketReader().read(collector.receive(1).get(0));
        long bootEpoch = record.receivedMillis() - record.lastSeenMicros() / 1000;
        Map<Integer, Long> fields = packet.records.get(0);
        long rebuiltLast = packet.unixSeconds * 1000 - packet.sysUptime
                + fields.get(NetflowField.LAST_SWITCHED.elementId());
        long rebuiltFirst = packet.unixSeconds * 1000 - packet.sysUptime
                + fields.get(NetflowField.FIRST_SWITCHED.elementId());
        assertEquals(bootEpoch + record.lastSeenMicros() / 1000, rebuiltLast);
        assertEquals(bootEpoch + record.firstSeenMicros() / 1000, rebuiltFirst);
        assertEquals((START + 345 + 999) / 1000, packet.unixSeconds);
    }

    @Test
    public void failedSendsAreCountedNotThrown() throws IOException {
        DatagramSocket closedSocket = new DatagramSocket();
        closedSocket.close();
        NetflowExporter exporter = new NetflowExporter(
                config(ImmutableList.of(collector.address(), collector.address()), 1000, 3600, 1400),
                closedSocket, wallClock::get);

        exporter.export(ImmutableList.of(record(S1, 0), record(S1, 1)));
        exporter.export(record(S2, 0));

        ExportStats stats = exporter.stats();
        assertEquals(0, stats.packetsSent());
        assertEquals(2 * 2, stats.packetsFailed());
        assertEquals(0, stats.recordsExported());
        assertEquals(3, stats.recordsDropped());
    }

    @Test
    public void exporterWithoutSocketCountsEverySendAsFailed() {
        NetflowExporter exporter = new NetflowExporter(config(ImmutableList.of(collector.address()), 1000, 3600,
                                                              1400), null, wallClock::get);

        exporter.export(record(S1, 0));

        assertEquals(1, exporter.stats().packetsFailed());
        assertEquals(1, exporter.stats().recordsDropped());
    }

    @Test
    public void nullsAndAClosedExporterAreCountedNotThrown() throws IOException {
        NetflowExporter exporter = exporter(config(ImmutableList.of(collector.address()), 1000, 3600, 1400));

        exporter.export((FlowRecord) null);
        exporter.export(Arrays.asList(record(S1, 0), null));
        exporter.export((List<FlowRecord>) null);
        exporter.reconfigure(null);
        exporter.close();
        exporter.export(record(S1, 1));

        collector.receive(1);
        ExportStats stats = exporter.stats();
        assertEquals(1, stats.recordsExported());
        assertEquals(1 + 1 + 1, stats.recordsDropped());
    }

    @Test
    public void withoutCollectorsNothingIsEncodedAndSequencesStartWhenExportStarts() throws IOException {
        NetflowExporter exporter = exporter(config(Collections.emptyList(), 1000, 3600, 1400));
        exporter.export(record(S1, 0));
        assertEquals(0, exporter.stats().packetsSent() + exporter.stats().packetsFailed());

        exporter.reconfigure(config(ImmutableList.of(collector.address()), 1000, 3600, 1400));
        exporter.export(record(S1, 1));

        V9PacketReader.Packet packet = new V9PacketReader().read(collector.receive(1).get(0));
        assertEquals(0, packet.sequence);
        assertTrue(packet.hasTemplate());
    }

    @Test
    public void concurrentExportsKeepEverySequenceContiguous() throws Exception {
        NetflowExporter exporter = exporter(config(ImmutableList.of(collector.address()), 7, 3600, 1400));
        int threads = 4;
        int perThread = 25;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        try {
            for (int t = 0; t < threads; t++) {
                String device = t % 2 == 0 ? S1 : S2;
                int base = t * perThread;
                pool.execute(() -> {
                    awaitQuietly(start);
                    for (int i = 0; i < perThread; i++) {
                        exporter.export(record(device, base + i));
                    }
                });
            }
            start.countDown();
            pool.shutdown();
            assertTrue("exports finished", pool.awaitTermination(30, TimeUnit.SECONDS));
        } finally {
            pool.shutdownNow();
        }

        Map<Long, List<Long>> sequences = new HashMap<>();
        V9PacketReader reader = new V9PacketReader();
        List<byte[]> received = collector.receive(threads * perThread);
        for (byte[] payload : received) {
            V9PacketReader.Packet packet = reader.read(payload);
            sequences.computeIfAbsent(packet.sourceId, id -> new ArrayList<>()).add(packet.sequence);
        }
        for (List<Long> perSource : sequences.values()) {
            Collections.sort(perSource);
            for (int i = 0; i < perSource.size(); i++) {
                assertEquals(i, (long) perSource.get(i));
            }
        }
        assertEquals(threads * perThread, exporter.stats().packetsSent());
        assertFalse(sequences.isEmpty());
    }

    private NetflowExporter exporter(NetflowExportConfig config) throws IOException {
        return open(new NetflowExporter(config, new DatagramSocket(), wallClock::get));
    }

    private <T extends AutoCloseable> T open(T closeable) {
        toClose.add(closeable);
        return closeable;
    }

    private static NetflowExportConfig config(List<InetSocketAddress> collectors, int refreshPackets,
                                              int refreshSeconds, int maxBytes) {
        return NetflowExportConfig.of(collectors, refreshPackets, refreshSeconds, maxBytes);
    }

    /** A record told apart from others by its IN_BYTES. */
    private FlowRecord record(String device, int index) {
        return flow(device, "10.0.0.1", 10_000 + index, "10.0.0.2", 80, TCP)
                .features(ImmutableMap.of("IN_BYTES", 1000L + index, "IN_PKTS", 1L))
                .firstSeenMicros(1_000_000L).lastSeenMicros(2_000_000L + index)
                .receivedMillis(wallClock.get())
                .build();
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
