/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.siem;

import com.google.common.collect.ImmutableList;
import org.onosproject.nids.api.SiemExportStats;
import org.slf4j.Logger;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * The SIEM export's queue and thread: callers hand over events (or how to make them, when that reads a store) and
 * return at once; one thread makes them and writes each to every output. The queue holds at most the configured
 * number of events; an event beyond it is dropped and counted, so a slow or dead collector never backs up into the
 * event threads of ONOS. A configuration change is applied by the export thread between two events.
 */
public final class SiemExporter implements AutoCloseable {

    /** How long the thread waits at most for an event before it flushes (and sees a stop). */
    static final long POLL_MILLIS = 500;

    private final Logger log = getLogger(getClass());
    private final Object lock = new Object();
    private final Deque<Supplier<EveEvent>> queue = new ArrayDeque<>();
    private final AtomicLong queued = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();
    private final LongSupplier clock;
    private final Thread thread;
    private final String hostname;

    private SiemExportConfig config;
    private SiemExportConfig pendingConfig;
    private volatile List<EveOutput> outputs = List.of();
    private boolean stopped;
    private long lastDropLog;

    /**
     * Starts the export thread.
     *
     * @param config   the initial configuration
     * @param hostname the syslog HOSTNAME
     * @param clock    ms since the epoch
     */
    public SiemExporter(SiemExportConfig config, String hostname, LongSupplier clock) {
        this.config = checkNotNull(config, "config");
        this.pendingConfig = config;
        this.hostname = checkNotNull(hostname, "hostname");
        this.clock = checkNotNull(clock, "clock");
        this.thread = new Thread(this::run, "onos-nids-siem-export");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Queues an event.
     *
     * @param event how to make the event (run on the export thread)
     * @return whether it was queued; false when the queue is full or the export is off
     */
    public boolean submit(Supplier<EveEvent> event) {
        synchronized (lock) {
            if (stopped || !config.exports()) {
                return false;
            }
            if (queue.size() >= config.queueSize()) {
                dropped.incrementAndGet();
                long now = clock.getAsLong();
                if (now - lastDropLog > TimeUnit.MINUTES.toMillis(1)) {
                    lastDropLog = now;
                    log.warn("SIEM export queue full ({} events): {} event(s) dropped so far", config.queueSize(),
                             dropped.get());
                }
                return false;
            }
            queue.addLast(event);
            queued.incrementAndGet();
            lock.notifyAll();
            return true;
        }
    }

    /**
     * Applies a configuration: the export thread closes the outputs and opens the new ones before the next event.
     * A smaller queue drops (and counts) the oldest events beyond it.
     *
     * @param newConfig the configuration
     */
    public void reconfigure(SiemExportConfig newConfig) {
        synchronized (lock) {
            config = checkNotNull(newConfig, "newConfig");
            pendingConfig = newConfig;
            while (queue.size() > newConfig.queueSize()) {
                queue.removeFirst();
                dropped.incrementAndGet();
            }
            lock.notifyAll();
        }
    }

    /** @return the configuration in force */
    public SiemExportConfig config() {
        synchronized (lock) {
            return config;
        }
    }

    /**
     * @param lastRefusal why the last refused configuration was refused, null if none was
     * @return the counters
     */
    public SiemExportStats stats(String lastRefusal) {
        int depth;
        SiemExportConfig current;
        synchronized (lock) {
            depth = queue.size();
            current = config;
        }
        List<SiemExportStats.Output> outputStats = new ArrayList<>();
        outputs.forEach(output -> outputStats.add(output.stats()));
        return new SiemExportStats(current.queueSize(), depth, queued.get(), dropped.get(), outputStats,
                                   current.properties(), lastRefusal);
    }

    /** Stops the thread after the events it is writing; the queued ones are dropped. */
    @Override
    public void close() {
        synchronized (lock) {
            stopped = true;
            lock.notifyAll();
        }
        try {
            thread.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void run() {
        try {
            while (true) {
                Supplier<EveEvent> next;
                SiemExportConfig toApply;
                synchronized (lock) {
                    if (queue.isEmpty() && pendingConfig == null && !stopped) {
                        lock.wait(POLL_MILLIS);
                    }
                    if (stopped) {
                        dropped.addAndGet(queue.size());
                        queue.clear();
                        return;
                    }
                    toApply = pendingConfig;
                    pendingConfig = null;
                    next = toApply == null ? queue.pollFirst() : null;
                }
                if (toApply != null) {
                    open(toApply);
                } else if (next == null) {
                    outputs.forEach(EveOutput::flush);
                } else {
                    export(next);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            outputs.forEach(EveOutput::close);
        }
    }

    private void export(Supplier<EveEvent> next) {
        EveEvent event;
        try {
            event = next.get();
        } catch (RuntimeException e) {
            // A bug or a store that failed to answer: one event lost, counted, the export goes on.
            dropped.incrementAndGet();
            log.warn("SIEM export: cannot make an event", e);
            return;
        }
        if (event != null) {
            outputs.forEach(output -> output.write(event));
        }
    }

    private void open(SiemExportConfig newConfig) {
        outputs.forEach(EveOutput::close);
        ImmutableList.Builder<EveOutput> opened = ImmutableList.builder();
        newConfig.eveFile().ifPresent(path -> opened.add(new RotatingEveFile(path, newConfig.eveFileMaxBytes(),
                                                                             newConfig.eveFileCount())));
        Rfc5424 format = new Rfc5424(newConfig.facility(), hostname);
        for (SyslogCollector collector : newConfig.collectors()) {
            opened.add(collector.transport() == SyslogCollector.Transport.UDP
                               ? new UdpSyslogOutput(collector, format)
                               : new TcpSyslogOutput(collector, format, clock));
        }
        outputs = opened.build();
        log.info("SIEM export: {}", outputs.isEmpty() ? "off"
                : String.join(", ", outputs.stream().map(EveOutput::name).toArray(String[]::new)));
    }
}
