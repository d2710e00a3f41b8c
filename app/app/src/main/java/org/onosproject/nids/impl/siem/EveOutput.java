/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.siem;

import org.onosproject.nids.api.SiemExportStats;
import org.slf4j.Logger;

import java.util.concurrent.atomic.AtomicLong;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Where EVE events go: the rotating file or a syslog collector. Used by the export thread only (counters are read
 * from anywhere). {@link #write} never throws: a failure is counted, remembered and logged once until the output
 * works again.
 */
abstract class EveOutput implements AutoCloseable {

    private final Logger log = getLogger(getClass());
    private final String name;
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private volatile String lastError;
    private boolean failing;

    EveOutput(String name) {
        this.name = name;
    }

    /** @return {@code file:/path}, {@code udp://host:port} or {@code tcp://host:port} */
    String name() {
        return name;
    }

    /**
     * Writes or sends one event.
     *
     * @param event the event
     */
    final void write(EveEvent event) {
        try {
            send(event);
            sent.incrementAndGet();
            if (failing) {
                failing = false;
                log.info("SIEM export to {} works again", name);
            }
        } catch (Exception e) {
            failed.incrementAndGet();
            lastError = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            if (!failing) {
                failing = true;
                log.warn("SIEM export to {} failed: {}; events are counted as failed until it works again", name,
                         lastError);
            }
        }
    }

    /**
     * @param event the event
     * @throws Exception when it could not be written or sent
     */
    abstract void send(EveEvent event) throws Exception;

    /** Pushes buffered events out (the queue is empty for now). */
    void flush() {
    }

    @Override
    public abstract void close();

    SiemExportStats.Output stats() {
        return new SiemExportStats.Output(name, sent.get(), failed.get(), lastError);
    }
}
