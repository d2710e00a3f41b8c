/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableSortedMap;

import java.util.Map;

/**
 * Counters of the app's report pipeline since activation: report packet-ins taken, decoded and refused, flow records
 * made, what every bounded queue holds and dropped (per reason), how long a report took from its packet-in to its
 * record and an attack record to its incident, and the NetFlow v9 export.
 */
public final class ReportPipelineStats {

    /** Drop reason: a report packet-in found the report queue full (the packet thread never waits). */
    public static final String REPORT_QUEUE_FULL = "reportQueueFull";
    /** Drop reason: an attack record found the detection (alert) queue full. */
    public static final String DETECTION_QUEUE_FULL = "detectionQueueFull";
    /** Drop reason: a record found the NetFlow export queue full (a slow or blocking collector). */
    public static final String NETFLOW_QUEUE_FULL = "netflowQueueFull";
    /** Drop reason: a report named a flow-table slot beyond the pipeline's table (recorded, not tracked for sweeps). */
    public static final String SLOT_OUT_OF_RANGE = "slotOutOfRange";

    /** Queue names. */
    public static final String REPORTS = "reports";
    public static final String DETECTION = "detection";
    public static final String NETFLOW = "netflow";
    /** The idle sweep's probes not yet sent, paced to the switches' probe budget. */
    public static final String PROBES = "probes";

    /** A bounded queue's fill: what it holds now and at most. */
    public static final class Queue {
        private final long length;
        private final long capacity;

        public Queue(long length, long capacity) {
            this.length = length;
            this.capacity = capacity;
        }

        public long length() {
            return length;
        }

        public long capacity() {
            return capacity;
        }

        @Override
        public String toString() {
            return length + "/" + capacity;
        }
    }

    /** Durations in µs since activation (count, median, 99th percentile, maximum). */
    public static final class Latency {
        private final long count;
        private final long p50Micros;
        private final long p99Micros;
        private final long maxMicros;

        public Latency(long count, long p50Micros, long p99Micros, long maxMicros) {
            this.count = count;
            this.p50Micros = p50Micros;
            this.p99Micros = p99Micros;
            this.maxMicros = maxMicros;
        }

        public long count() {
            return count;
        }

        public long p50Micros() {
            return p50Micros;
        }

        public long p99Micros() {
            return p99Micros;
        }

        public long maxMicros() {
            return maxMicros;
        }

        @Override
        public String toString() {
            return MoreObjects.toStringHelper(this).add("count", count).add("p50", p50Micros).add("p99", p99Micros)
                    .add("max", maxMicros).toString();
        }
    }

    private final long reportsReceived;
    private final long reportsDecoded;
    private final long reportsMalformed;
    private final long reportsMissing;
    private final ImmutableSortedMap<String, Long> reportsMissingBySwitch;
    private final long records;
    private final int workers;
    private final ImmutableSortedMap<String, Long> drops;
    private final ImmutableSortedMap<String, Queue> queues;
    private final Latency handling;
    private final Latency detection;
    private final Latency detectionService;
    private final int detectionWorkers;
    private final long packetThreadMeanNanos;
    private final long packetThreadMaxNanos;
    private final long netflowRecordsExported;
    private final long netflowRecordsDropped;
    private final long netflowPacketsSent;
    private final long netflowPacketsFailed;
    private final long probesSent;
    private final long probesCancelled;

    private ReportPipelineStats(Builder b) {
        this.reportsReceived = b.reportsReceived;
        this.reportsDecoded = b.reportsDecoded;
        this.reportsMalformed = b.reportsMalformed;
        this.reportsMissing = b.reportsMissing;
        this.reportsMissingBySwitch = ImmutableSortedMap.copyOf(b.reportsMissingBySwitch);
        this.records = b.records;
        this.workers = b.workers;
        this.drops = ImmutableSortedMap.copyOf(b.drops);
        this.queues = ImmutableSortedMap.copyOf(b.queues);
        this.handling = b.handling;
        this.detection = b.detection;
        this.detectionService = b.detectionService;
        this.detectionWorkers = b.detectionWorkers;
        this.packetThreadMeanNanos = b.packetThreadMeanNanos;
        this.packetThreadMaxNanos = b.packetThreadMaxNanos;
        this.netflowRecordsExported = b.netflowRecordsExported;
        this.netflowRecordsDropped = b.netflowRecordsDropped;
        this.netflowPacketsSent = b.netflowPacketsSent;
        this.netflowPacketsFailed = b.netflowPacketsFailed;
        this.probesSent = b.probesSent;
        this.probesCancelled = b.probesCancelled;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** @return report packet-ins the app took (queued or dropped because the queue was full) */
    public long reportsReceived() {
        return reportsReceived;
    }

    /** @return report packet-ins decoded */
    public long reportsDecoded() {
        return reportsDecoded;
    }

    /** @return report packet-ins that could not be decoded */
    public long reportsMalformed() {
        return reportsMalformed;
    }

    /**
     * @return reports absent from the switches' report sequences as this instance decoded them: lost between a
     *         switch and the app (e.g., a full CPU-port queue in the switch, which no switch counter sees), plus the
     *         app's own report-queue drops and malformed reports (each also counted apart); a loss is seen when a
     *         later report of the same switch arrives
     */
    public long reportsMissing() {
        return reportsMissing;
    }

    /** @return {@link #reportsMissing()} per switch (device id) whose reports this instance decoded */
    public Map<String, Long> reportsMissingBySwitch() {
        return reportsMissingBySwitch;
    }

    /** @return flow records made (reports of occupied slots) */
    public long records() {
        return records;
    }

    /** @return worker threads that decode reports */
    public int workers() {
        return workers;
    }

    /** @return what was dropped, per reason ({@link #REPORT_QUEUE_FULL}, ...), zeros included */
    public Map<String, Long> drops() {
        return drops;
    }

    /**
     * @param reason a drop reason
     * @return how many were dropped for it
     */
    public long dropped(String reason) {
        return drops.getOrDefault(reason, 0L);
    }

    /** @return attack records not turned into alerts because the detection queue was full */
    public long alertsDropped() {
        return dropped(DETECTION_QUEUE_FULL);
    }

    /** @return the bounded queues by name ({@link #REPORTS}, {@link #DETECTION}, {@link #NETFLOW}, {@link #PROBES}) */
    public Map<String, Queue> queues() {
        return queues;
    }

    /** @return packet-in to record handed on */
    public Latency handling() {
        return handling;
    }

    /**
     * @return an attack record's packet-in to its verdict placed in an incident (and the evidence alert raised): the
     *         report's handling, its wait in the detection queue and the incident service
     */
    public Latency detection() {
        return detection;
    }

    /** @return the incident service's part of {@link #detection()}: its store round trips */
    public Latency detectionService() {
        return detectionService;
    }

    /** @return threads that hand attack records to the incident service */
    public int detectionWorkers() {
        return detectionWorkers;
    }

    /** @return mean time the packet thread spent on a report packet-in (ns) */
    public long packetThreadMeanNanos() {
        return packetThreadMeanNanos;
    }

    /** @return longest time the packet thread spent on a report packet-in (ns) */
    public long packetThreadMaxNanos() {
        return packetThreadMaxNanos;
    }

    public long netflowRecordsExported() {
        return netflowRecordsExported;
    }

    public long netflowRecordsDropped() {
        return netflowRecordsDropped;
    }

    public long netflowPacketsSent() {
        return netflowPacketsSent;
    }

    public long netflowPacketsFailed() {
        return netflowPacketsFailed;
    }

    /** @return probe packet-outs the idle sweep sent */
    public long probesSent() {
        return probesSent;
    }

    /** @return queued probes not sent: the flow reported after the sweep queued its probe, so it was not idle */
    public long probesCancelled() {
        return probesCancelled;
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("received", reportsReceived).add("decoded", reportsDecoded)
                .add("malformed", reportsMalformed).add("missing", reportsMissing).add("records", records).add("drops", drops)
                .add("queues", queues).add("handling", handling).add("detection", detection)
                .add("detectionService", detectionService).add("netflowExported", netflowRecordsExported)
                .add("netflowDropped", netflowRecordsDropped).add("netflowSent", netflowPacketsSent)
                .add("netflowFailed", netflowPacketsFailed).add("probesSent", probesSent)
                .add("probesCancelled", probesCancelled).toString();
    }

    /** Builds the counters; unset ones are 0. */
    public static final class Builder {
        private long reportsReceived;
        private long reportsDecoded;
        private long reportsMalformed;
        private long reportsMissing;
        private Map<String, Long> reportsMissingBySwitch = Map.of();
        private long records;
        private int workers;
        private Map<String, Long> drops = Map.of();
        private Map<String, Queue> queues = Map.of();
        private Latency handling = new Latency(0, 0, 0, 0);
        private Latency detection = new Latency(0, 0, 0, 0);
        private Latency detectionService = new Latency(0, 0, 0, 0);
        private int detectionWorkers;
        private long packetThreadMeanNanos;
        private long packetThreadMaxNanos;
        private long netflowRecordsExported;
        private long netflowRecordsDropped;
        private long netflowPacketsSent;
        private long netflowPacketsFailed;
        private long probesSent;
        private long probesCancelled;

        private Builder() {
        }

        public Builder reports(long received, long decoded, long malformed, long recordsMade) {
            this.reportsReceived = received;
            this.reportsDecoded = decoded;
            this.reportsMalformed = malformed;
            this.records = recordsMade;
            return this;
        }

        public Builder missing(long total, Map<String, Long> bySwitch) {
            this.reportsMissing = total;
            this.reportsMissingBySwitch = bySwitch;
            return this;
        }

        public Builder workers(int value) {
            this.workers = value;
            return this;
        }

        public Builder drops(Map<String, Long> value) {
            this.drops = value;
            return this;
        }

        public Builder queues(Map<String, Queue> value) {
            this.queues = value;
            return this;
        }

        public Builder handling(Latency value) {
            this.handling = value;
            return this;
        }

        public Builder detection(int workers, Latency total, Latency service) {
            this.detectionWorkers = workers;
            this.detection = total;
            this.detectionService = service;
            return this;
        }

        public Builder packetThread(long meanNanos, long maxNanos) {
            this.packetThreadMeanNanos = meanNanos;
            this.packetThreadMaxNanos = maxNanos;
            return this;
        }

        public Builder netflow(long recordsExported, long recordsDropped, long packetsSent, long packetsFailed) {
            this.netflowRecordsExported = recordsExported;
            this.netflowRecordsDropped = recordsDropped;
            this.netflowPacketsSent = packetsSent;
            this.netflowPacketsFailed = packetsFailed;
            return this;
        }

        public Builder probes(long sent, long cancelled) {
            this.probesSent = sent;
            this.probesCancelled = cancelled;
            return this;
        }

        public ReportPipelineStats build() {
            return new ReportPipelineStats(this);
        }
    }
}
