/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.netflow;

import com.google.common.collect.ImmutableMap;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.FlowRecord;
import org.slf4j.Logger;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Sends flow records as NetFlow v9 over UDP to the configured collectors.
 * <p>
 * Each switch is one v9 source id with its own packet sequence and template refresh (RFC 3954). Records of one
 * call are packed into as few packets as fit the max packet size, so callers should hand over whatever batch
 * they have (e.g. one digest list). Thread-safe. Never throws: failures are logged and counted in {@link #stats()}.
 */
public final class NetflowExporter implements AutoCloseable {

    private static final Logger log = getLogger(NetflowExporter.class);

    private final Object lock = new Object();
    private final DatagramSocket socket;
    private final LongSupplier wallClock;
    private final SourceIds sourceIds = new SourceIds();
    private final Map<DeviceId, ExportSource> sources = new LinkedHashMap<>();
    private final Set<InetSocketAddress> failingCollectors = new HashSet<>();

    private final AtomicLong packetsSent = new AtomicLong();
    private final AtomicLong packetsFailed = new AtomicLong();
    private final AtomicLong recordsExported = new AtomicLong();
    private final AtomicLong recordsDropped = new AtomicLong();

    private NetflowExportConfig config;
    private NetflowV9Encoder encoder;
    private TemplateRefreshPolicy refreshPolicy;
    private volatile boolean closed;
    /** Whether collectors are configured: read without the lock, which a send to a slow collector holds. */
    private volatile boolean enabled;

    /**
     * An exporter sending from an ephemeral UDP port.
     *
     * @param config initial configuration
     */
    public NetflowExporter(NetflowExportConfig config) {
        this(config, openSocket(), System::currentTimeMillis);
    }

    /**
     * An exporter on a given socket and clock (tests).
     *
     * @param config    initial configuration
     * @param socket    socket to send from, owned by the exporter from now on; null = every send fails
     * @param wallClock ms since the epoch
     */
    NetflowExporter(NetflowExportConfig config, DatagramSocket socket, LongSupplier wallClock) {
        this.socket = socket;
        this.wallClock = checkNotNull(wallClock, "wallClock");
        apply(checkNotNull(config, "config"));
    }

    /**
     * Exports one record.
     *
     * @param record the record; null is counted as dropped
     */
    public void export(FlowRecord record) {
        export(Collections.singletonList(record));
    }

    /**
     * Exports records, several to a packet.
     *
     * @param records the records; nulls are counted as dropped
     */
    public void export(Collection<FlowRecord> records) {
        if (records == null || records.isEmpty()) {
            return;
        }
        synchronized (lock) {
            if (closed) {
                recordsDropped.addAndGet(records.size());
                return;
            }
            if (config.collectors().isEmpty()) {
                return; // export is off
            }
            try {
                long now = wallClock.getAsLong();
                byDevice(records).forEach((device, deviceRecords) -> exportDevice(device, deviceRecords, now));
            } catch (RuntimeException e) {
                // Unreachable unless a bug lurks above; the caller is a report pipeline that must not break.
                log.warn("NetFlow export of {} records failed", records.size(), e);
                recordsDropped.addAndGet(records.size());
            }
        }
    }

    /**
     * Applies a new configuration. A change of collectors makes every switch's next packet carry the template, so
     * new collectors can decode at once.
     *
     * @param newConfig the configuration
     */
    public void reconfigure(NetflowExportConfig newConfig) {
        if (newConfig == null) {
            return;
        }
        synchronized (lock) {
            boolean collectorsChanged = !newConfig.collectors().equals(config.collectors());
            apply(newConfig);
            if (collectorsChanged) {
                sources.values().forEach(ExportSource::forgetTemplate);
                failingCollectors.clear();
            }
        }
    }

    /** @return the configuration in use */
    public NetflowExportConfig config() {
        synchronized (lock) {
            return config;
        }
    }

    /** @return the source id of every switch exported so far */
    public Map<DeviceId, Long> sourceIds() {
        synchronized (lock) {
            ImmutableMap.Builder<DeviceId, Long> ids = ImmutableMap.builder();
            sources.forEach((device, source) -> ids.put(device, source.sourceId()));
            return ids.build();
        }
    }

    /** @return counters since start */
    public ExportStats stats() {
        return new ExportStats(packetsSent.get(), packetsFailed.get(), recordsExported.get(), recordsDropped.get());
    }

    /**
     * @return whether any collector is configured (export is off otherwise); never waits for a send
     */
    public boolean enabled() {
        return enabled && !closed;
    }

    /**
     * Closes the socket; later exports are counted as dropped. Does not wait for a send in progress: closing the
     * socket makes a send blocked on a slow collector fail at once.
     */
    @Override
    public void close() {
        closed = true;
        if (socket != null) {
            socket.close();
        }
    }

    private void apply(NetflowExportConfig newConfig) {
        this.config = newConfig;
        this.enabled = !newConfig.collectors().isEmpty();
        this.encoder = new NetflowV9Encoder(NetflowTemplate.nids(), newConfig.maxPacketBytes());
        this.refreshPolicy = new TemplateRefreshPolicy(newConfig.templateRefreshPackets(),
                TimeUnit.SECONDS.toMillis(newConfig.templateRefreshSeconds()));
    }

    private Map<DeviceId, List<FlowRecord>> byDevice(Collection<FlowRecord> records) {
        Map<DeviceId, List<FlowRecord>> byDevice = new LinkedHashMap<>();
        for (FlowRecord record : records) {
            if (record == null) {
                recordsDropped.incrementAndGet();
                continue;
            }
            byDevice.computeIfAbsent(record.deviceId(), d -> new ArrayList<>()).add(record);
        }
        return byDevice;
    }

    private void exportDevice(DeviceId device, List<FlowRecord> records, long now) {
        ExportSource source = sources.computeIfAbsent(device, d -> new ExportSource(sourceIds.sourceId(d)));
        // The whole batch refines the clock first, so all its packets share the best boot estimate.
        records.forEach(record -> source.clock().observe(record, now));
        int next = 0;
        while (next < records.size()) {
            boolean withTemplate = source.templateDue(refreshPolicy, now);
            int count = Math.min(encoder.maxRecords(withTemplate), records.size() - next);
            List<FlowRecord> packetRecords = records.subList(next, next + count);
            next += count;
            byte[] packet;
            try {
                packet = encoder.encode(source.nextHeader(now), withTemplate, packetRecords);
            } catch (RuntimeException e) {
                log.warn("Cannot encode NetFlow packet for {}", device, e);
                recordsDropped.addAndGet(count);
                continue;
            }
            source.packetSent(withTemplate, now);
            if (sendToCollectors(packet)) {
                recordsExported.addAndGet(count);
            } else {
                recordsDropped.addAndGet(count);
            }
        }
    }

    /** @return whether at least one collector got the packet */
    private boolean sendToCollectors(byte[] packet) {
        boolean delivered = false;
        for (InetSocketAddress collector : config.collectors()) {
            try {
                if (socket == null) {
                    throw new SocketException("no UDP socket");
                }
                socket.send(new DatagramPacket(packet, packet.length, collector));
                packetsSent.incrementAndGet();
                delivered = true;
                if (failingCollectors.remove(collector)) {
                    log.info("NetFlow export to {} works again", collector);
                }
            } catch (IOException | RuntimeException e) {
                packetsFailed.incrementAndGet();
                // One warning when a collector starts failing, not one per packet.
                if (failingCollectors.add(collector)) {
                    log.warn("NetFlow export to {} failed: {}", collector, e.toString());
                } else {
                    log.debug("NetFlow export to {} failed: {}", collector, e.toString());
                }
            }
        }
        return delivered;
    }

    private static DatagramSocket openSocket() {
        try {
            return new DatagramSocket();
        } catch (SocketException e) {
            log.error("Cannot open a UDP socket; NetFlow export will fail", e);
            return null;
        }
    }
}
