/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.flow;

import com.google.common.collect.ImmutableMap;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.FlowRecord;
import org.onosproject.nids.api.ReportFormat;
import org.onosproject.nids.api.ReportPipelineStats;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The report path's threads and bounded queues. The packet thread only copies a report packet-in into a report
 * queue ({@link #offer}: never waits, never locks across I/O); worker threads decode reports into flow records;
 * attack records go through detection queues to detection threads (the incident and alert services, whose every
 * verdict costs several round trips to the cluster-wide stores); records go through an export queue to one NetFlow
 * thread, so a slow or blocking collector stalls only that thread. Each queue is bounded; what a full queue refuses
 * is counted per reason in {@link Counters}.
 *
 * <p>A switch's reports always go to the same worker (its own queue), so they are handled in the order it sent them.
 * A source's attack records always go to the same detection thread, so its verdicts reach its incident in order;
 * the verdicts of different sources are placed in parallel (the stores take concurrent changes, as they do from
 * several cluster instances), so one thread's store round trips no longer queue every other source's verdicts.
 */
final class ReportPipeline {

    private static final Logger log = getLogger(ReportPipeline.class);

    /** Reports a worker takes from its queue at once. */
    static final int BATCH = 256;
    /** How often a thread waiting on an empty queue checks whether it should stop. */
    private static final long POLL_MILLIS = 100;
    /** How long {@link #stop} waits for a thread. */
    private static final long JOIN_MILLIS = 2_000;

    /** A report packet-in as the packet thread handed it over. */
    static final class Pending {
        final DeviceId deviceId;
        final ReportFormat format;
        final byte[] frame;
        final long receivedNanos;

        Pending(DeviceId deviceId, ReportFormat format, byte[] frame, long receivedNanos) {
            this.deviceId = deviceId;
            this.format = format;
            this.frame = frame;
            this.receivedNanos = receivedNanos;
        }
    }

    /** An attack record waiting for detection, with its packet-in's time. */
    private static final class Detected {
        final FlowRecord record;
        final long receivedNanos;

        Detected(FlowRecord record, long receivedNanos) {
            this.record = record;
            this.receivedNanos = receivedNanos;
        }
    }

    /** What the pipeline counts; it outlives a pipeline replaced by a reconfiguration. */
    static final class Counters {
        final LongAdder received = new LongAdder();
        final LongAdder reportQueueFull = new LongAdder();
        final LongAdder detectionQueueFull = new LongAdder();
        final LongAdder netflowQueueFull = new LongAdder();
        final LatencyHistogram handling = new LatencyHistogram();
        /** An attack record's packet-in to its verdict placed (handling, queue wait, incident service). */
        final LatencyHistogram detection = new LatencyHistogram();
        /** The incident service's part of it. */
        final LatencyHistogram detectionService = new LatencyHistogram();
        final LongAdder packetThreadNanos = new LongAdder();
        final LongAdder packetThreadCalls = new LongAdder();
        final LongAccumulator packetThreadMax = new LongAccumulator(Math::max, 0);

        void packetThread(long nanos) {
            packetThreadNanos.add(nanos);
            packetThreadCalls.increment();
            packetThreadMax.accumulate(nanos);
        }
    }

    /** How a worker turns a report packet-in into a record (decode, slot tracking, window). */
    interface RecordMaker {
        Optional<FlowRecord> record(DeviceId deviceId, ReportFormat format, byte[] frame);
    }

    private final Counters counters;
    private final RecordMaker maker;
    private final Consumer<FlowRecord> detection;
    private final Consumer<List<FlowRecord>> export;
    private final BooleanSupplier exportOn;
    private final List<BlockingQueue<Pending>> reportQueues = new ArrayList<>();
    private final int reportQueueSize;
    private final List<BlockingQueue<Detected>> detectionQueues = new ArrayList<>();
    private final int detectionQueueSize;
    private final BlockingQueue<FlowRecord> exportQueue;
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean running = true;

    /**
     * @param workers            worker threads (each with its own report queue)
     * @param reportQueueSize    reports each worker's queue holds
     * @param detectionWorkers   detection threads (each with its own queue, a source always on the same one)
     * @param detectionQueueSize attack records waiting for detection, over all detection queues
     * @param exportQueueSize    records waiting for NetFlow export
     * @param counters           where drops and timings are counted
     * @param maker              report to record, on a worker
     * @param detection          attack record to alerts/incidents, on the detection thread
     * @param export             records to NetFlow, on the export thread
     * @param exportOn           whether export is configured (records are not queued otherwise)
     * @param threadFactory      names the threads
     */
    ReportPipeline(int workers, int reportQueueSize, int detectionWorkers, int detectionQueueSize, int exportQueueSize,
                   Counters counters,
                   RecordMaker maker, Consumer<FlowRecord> detection, Consumer<List<FlowRecord>> export,
                   BooleanSupplier exportOn, ThreadFactory threadFactory) {
        this.counters = counters;
        this.maker = maker;
        this.detection = detection;
        this.export = export;
        this.exportOn = exportOn;
        this.reportQueueSize = reportQueueSize;
        this.detectionQueueSize = Math.max(1, (detectionQueueSize + detectionWorkers - 1) / detectionWorkers);
        this.exportQueue = new ArrayBlockingQueue<>(exportQueueSize);
        for (int i = 0; i < workers; i++) {
            BlockingQueue<Pending> queue = new ArrayBlockingQueue<>(reportQueueSize);
            reportQueues.add(queue);
            threads.add(threadFactory.newThread(() -> work(queue)));
        }
        for (int i = 0; i < detectionWorkers; i++) {
            BlockingQueue<Detected> queue = new ArrayBlockingQueue<>(this.detectionQueueSize);
            detectionQueues.add(queue);
            threads.add(threadFactory.newThread(() -> detect(queue)));
        }
        threads.add(threadFactory.newThread(this::exportRecords));
        threads.forEach(Thread::start);
    }

    /**
     * Hands a report packet-in over; called on the packet thread. Never blocks.
     *
     * @param deviceId the switch
     * @param format   its report layout
     * @param frame    the frame (the caller's copy)
     * @param nanos    System.nanoTime() when the packet-in was seen
     * @return false when the switch's queue was full (counted)
     */
    boolean offer(DeviceId deviceId, ReportFormat format, byte[] frame, long nanos) {
        counters.received.increment();
        BlockingQueue<Pending> queue = reportQueues.get(Math.floorMod(deviceId.hashCode(), reportQueues.size()));
        if (queue.offer(new Pending(deviceId, format, frame, nanos))) {
            return true;
        }
        counters.reportQueueFull.increment();
        return false;
    }

    private void work(BlockingQueue<Pending> queue) {
        consume(queue, BATCH, batch -> batch.forEach(this::handle), "Report worker");
    }

    private void handle(Pending pending) {
        Optional<FlowRecord> made = maker.record(pending.deviceId, pending.format, pending.frame);
        if (made.isPresent()) {
            FlowRecord record = made.get();
            if (exportOn.getAsBoolean() && !exportQueue.offer(record)) {
                counters.netflowQueueFull.increment();
            }
            if (record.alert() && !detectionQueueOf(record).offer(new Detected(record, pending.receivedNanos))) {
                counters.detectionQueueFull.increment();
            }
        }
        counters.handling.record((System.nanoTime() - pending.receivedNanos) / 1_000);
    }

    /** A source's queue (its verdicts stay in order; the address, not IpAddress.hashCode(), picks it). */
    private BlockingQueue<Detected> detectionQueueOf(FlowRecord record) {
        return detectionQueues.get(Math.floorMod(record.key().clientIp().toInt(), detectionQueues.size()));
    }

    private void detect(BlockingQueue<Detected> queue) {
        consume(queue, 1, batch -> {
            Detected detected = batch.get(0);
            long start = System.nanoTime();
            try {
                detection.accept(detected.record);
            } finally {
                long end = System.nanoTime();
                counters.detectionService.record((end - start) / 1_000);
                counters.detection.record((end - detected.receivedNanos) / 1_000);
            }
        }, "Detection");
    }

    private void exportRecords() {
        consume(exportQueue, BATCH, export, "NetFlow export");
    }

    /**
     * A thread's loop: takes up to {@code batchSize} elements at a time (waiting for the first) and hands them on,
     * until stopped and the queue is empty. A failure of one batch is logged; the loop goes on.
     */
    private <T> void consume(BlockingQueue<T> queue, int batchSize, Consumer<List<T>> action, String what) {
        List<T> batch = new ArrayList<>(batchSize);
        while (running || !queue.isEmpty()) {
            try {
                T first = queue.poll(POLL_MILLIS, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                batch.add(first);
                queue.drainTo(batch, batchSize - 1);
                action.accept(batch);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                log.warn("{}: {}", what, e.toString(), e);
            } finally {
                batch.clear();
            }
        }
    }

    /**
     * Stops taking reports; the threads finish what their queues hold (a thread blocked longer, e.g. on a collector,
     * is interrupted).
     */
    void stop() {
        running = false;
        for (Thread thread : threads) {
            try {
                thread.join(JOIN_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (thread.isAlive()) {
                thread.interrupt();
            }
        }
    }

    /** @return worker threads */
    int workers() {
        return reportQueues.size();
    }

    /** @return detection threads */
    int detectionWorkers() {
        return detectionQueues.size();
    }

    /** @return the queues' fill, by name */
    ImmutableMap<String, ReportPipelineStats.Queue> queues() {
        long reports = reportQueues.stream().mapToLong(BlockingQueue::size).sum();
        return ImmutableMap.of(
                ReportPipelineStats.REPORTS,
                new ReportPipelineStats.Queue(reports, (long) reportQueueSize * reportQueues.size()),
                ReportPipelineStats.DETECTION,
                new ReportPipelineStats.Queue(detectionQueues.stream().mapToLong(BlockingQueue::size).sum(),
                                              (long) detectionQueueSize * detectionQueues.size()),
                ReportPipelineStats.NETFLOW,
                new ReportPipelineStats.Queue(exportQueue.size(), exportQueue.size() + exportQueue.remainingCapacity()));
    }
}
