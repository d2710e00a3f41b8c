/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.flow;

import org.junit.After;
import org.junit.Test;
import org.onlab.packet.Ip4Address;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.nids.api.FlowKey;
import org.onosproject.nids.api.FlowRecord;
import org.onosproject.nids.api.ReportPipelineStats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * A collector or an alert service that blocks stalls neither the packet thread nor the workers: their queues fill,
 * what they refuse is counted per reason, and every other record still goes on. A switch's reports keep their order.
 */
public class ReportPipelineTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    private static final DeviceId S2 = DeviceId.deviceId("device:bmv2:s2");

    private final ReportPipeline.Counters counters = new ReportPipeline.Counters();
    private ReportPipeline pipeline;

    @After
    public void tearDown() {
        if (pipeline != null) {
            pipeline.stop();
        }
    }

    /** A record of class classId whose client port carries the frame's first byte (its sequence number). */
    private static FlowRecord record(DeviceId device, byte[] frame, int classId) {
        return record(device, frame, classId, "10.0.0.1");
    }

    /** The same from a given client; the frame's second byte, if any, is the client address's last byte. */
    private static FlowRecord record(DeviceId device, byte[] frame, int classId, String client) {
        return FlowRecord.builder().deviceId(device).ingressPort(PortNumber.portNumber(1))
                .key(FlowKey.of(Ip4Address.valueOf(client), Ip4Address.valueOf("10.0.0.2"), frame[0] & 0xff,
                                80, 6))
                .reason("FLOW_END").features(Map.of()).classId(classId).alert(classId != 0).receivedMillis(1).build();
    }

    private static boolean await(CountDownLatch latch) {
        try {
            return latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Waits (bounded) until the workers have handed n reports on: the handling time is counted last. */
    private void awaitHandled(long n) throws InterruptedException {
        for (int i = 0; i < 1000 && counters.handling.snapshot().count() < n; i++) {
            Thread.sleep(10);
        }
        assertEquals(n, counters.handling.snapshot().count());
    }

    @Test
    public void aBlockingCollectorCostsOnlyNetflowRecords() throws Exception {
        CountDownLatch collectorFree = new CountDownLatch(1);
        CountDownLatch allDetected = new CountDownLatch(100);
        AtomicInteger made = new AtomicInteger();
        pipeline = new ReportPipeline(2, 1000, 1, 1000, 10, counters,
                                      (device, format, frame) -> {
                                          made.incrementAndGet();
                                          return Optional.of(record(device, frame, 1));
                                      },
                                      record -> allDetected.countDown(),
                                      batch -> await(collectorFree),
                                      () -> true, Executors.defaultThreadFactory());
        for (int i = 0; i < 100; i++) {
            assertTrue(pipeline.offer(S1, null, new byte[]{(byte) i}, System.nanoTime()));
        }
        assertTrue("every attack record reaches detection while the collector blocks", await(allDetected));
        awaitHandled(100);
        assertEquals(100, made.get());
        // The export thread holds one batch (at most the queue's 10) and the queue holds 10: the rest is counted.
        long dropped = counters.netflowQueueFull.sum();
        assertTrue("dropped " + dropped, dropped >= 100 - 2 * 10 && dropped < 100);
        assertEquals(0, counters.reportQueueFull.sum());
        assertEquals(0, counters.detectionQueueFull.sum());
        ReportPipelineStats.Latency handling = counters.handling.snapshot();
        assertEquals(100, handling.count());
        collectorFree.countDown();
    }

    @Test
    public void aBlockingAlertServiceCostsOnlyAlerts() throws Exception {
        CountDownLatch detectionFree = new CountDownLatch(1);
        List<FlowRecord> exported = new ArrayList<>();
        CountDownLatch allExported = new CountDownLatch(50);
        pipeline = new ReportPipeline(1, 100, 1, 5, 100, counters,
                                      (device, format, frame) -> Optional.of(record(device, frame, 2)),
                                      record -> await(detectionFree),
                                      batch -> {
                                          synchronized (exported) {
                                              exported.addAll(batch);
                                          }
                                          batch.forEach(r -> allExported.countDown());
                                      },
                                      () -> true, Executors.defaultThreadFactory());
        for (int i = 0; i < 50; i++) {
            pipeline.offer(S1, null, new byte[]{(byte) i}, System.nanoTime());
        }
        assertTrue("every record is exported while detection blocks", await(allExported));
        awaitHandled(50);
        long dropped = counters.detectionQueueFull.sum();
        assertTrue("dropped " + dropped, dropped >= 50 - 1 - 5 && dropped < 50);
        detectionFree.countDown();
    }

    @Test
    public void aSwitchsReportsKeepTheirOrder() {
        List<Integer> seenS1 = new ArrayList<>();
        List<Integer> seenS2 = new ArrayList<>();
        CountDownLatch all = new CountDownLatch(2000);
        pipeline = new ReportPipeline(4, 5000, 1, 10, 10, counters,
                                      (device, format, frame) -> {
                                          int n = ((frame[0] & 0xff) << 8) | (frame[1] & 0xff);
                                          List<Integer> seen = device.equals(S1) ? seenS1 : seenS2;
                                          synchronized (seen) {
                                              seen.add(n);
                                          }
                                          all.countDown();
                                          return Optional.empty();
                                      },
                                      record -> { }, batch -> { }, () -> false, Executors.defaultThreadFactory());
        for (int n = 0; n < 1000; n++) {
            byte[] frame = {(byte) (n >> 8), (byte) n};
            pipeline.offer(S1, null, frame, System.nanoTime());
            pipeline.offer(S2, null, frame, System.nanoTime());
        }
        assertTrue(await(all));
        for (List<Integer> seen : List.of(seenS1, seenS2)) {
            synchronized (seen) {
                for (int n = 0; n < 1000; n++) {
                    assertEquals(n, (int) seen.get(n));
                }
            }
        }
    }

    @Test
    public void withExportOffNothingIsQueuedForIt() {
        CountDownLatch done = new CountDownLatch(20);
        pipeline = new ReportPipeline(1, 100, 1, 10, 1, counters,
                                      (device, format, frame) -> {
                                          done.countDown();
                                          return Optional.of(record(device, frame, 0));
                                      },
                                      record -> { }, batch -> { throw new AssertionError("export is off"); },
                                      () -> false, Executors.defaultThreadFactory());
        for (int i = 0; i < 20; i++) {
            pipeline.offer(S1, null, new byte[]{(byte) i}, System.nanoTime());
        }
        assertTrue(await(done));
        assertEquals(0, counters.netflowQueueFull.sum());
        assertEquals(0, pipeline.queues().get(ReportPipelineStats.NETFLOW).length());
    }

    /**
     * Two detection threads: while the incident service holds one source's verdict (its store round trips), the
     * other source's verdicts are placed; each source's verdicts arrive in the order its reports came; the time from
     * packet-in to placement and the service's part are counted per attack record.
     */
    @Test
    public void aSourceWhoseVerdictIsSlowHoldsUpNoOtherSource() throws Exception {
        CountDownLatch slowFree = new CountDownLatch(1);
        CountDownLatch slowHeld = new CountDownLatch(1);
        CountDownLatch fastDone = new CountDownLatch(50);
        Map<String, List<Integer>> seen = new ConcurrentHashMap<>();
        pipeline = new ReportPipeline(1, 1000, 2, 1000, 10, counters,
                                      (device, format, frame) -> Optional.of(
                                              record(device, frame, 1, "10.0.0." + frame[1])),
                                      record -> {
                                          String client = record.key().clientIp().toString();
                                          seen.computeIfAbsent(client, c -> Collections.synchronizedList(new ArrayList<>()))
                                                  .add(record.key().clientPort());
                                          if (client.equals("10.0.0.1")) {
                                              slowHeld.countDown();
                                              await(slowFree);
                                          } else {
                                              fastDone.countDown();
                                          }
                                      },
                                      batch -> { }, () -> false, Executors.defaultThreadFactory());
        for (int i = 0; i < 50; i++) {
            pipeline.offer(S1, null, new byte[]{(byte) i, 1}, System.nanoTime());
            pipeline.offer(S1, null, new byte[]{(byte) i, 2}, System.nanoTime());
        }
        assertTrue("10.0.0.2's verdicts are placed while 10.0.0.1's first one is held", await(fastDone));
        // The other worker may reach 10.0.0.1's first verdict only after 10.0.0.2's are all placed: wait for it.
        assertTrue("10.0.0.1's first verdict reaches the service", await(slowHeld));
        assertEquals(List.of(0), seen.get("10.0.0.1"));
        slowFree.countDown();
        for (int i = 0; i < 1000 && counters.detection.snapshot().count() < 100; i++) {
            Thread.sleep(10);
        }
        for (String client : List.of("10.0.0.1", "10.0.0.2")) {
            List<Integer> ports = seen.get(client);
            for (int n = 0; n < 50; n++) {
                assertEquals(client, n, (int) ports.get(n));
            }
        }
        ReportPipelineStats.Latency total = counters.detection.snapshot();
        ReportPipelineStats.Latency service = counters.detectionService.snapshot();
        assertEquals(100, total.count());
        assertEquals(100, service.count());
        assertTrue(total + " " + service, total.maxMicros() >= service.maxMicros());
        assertEquals(2, pipeline.detectionWorkers());
        assertEquals(1000, pipeline.queues().get(ReportPipelineStats.DETECTION).capacity());
        assertEquals(0, counters.detectionQueueFull.sum());
    }
}
