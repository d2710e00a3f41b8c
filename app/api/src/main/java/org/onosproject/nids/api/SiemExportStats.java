/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Counters of the SIEM export since activation: events taken into its queue, dropped because the queue was full, and
 * per output (the EVE file, each syslog collector) the events written or sent and those that failed; with the
 * configuration in force and the last configuration it refused.
 */
public final class SiemExportStats {

    private final int queueCapacity;
    private final int queueDepth;
    private final long eventsQueued;
    private final long eventsDropped;
    private final ImmutableList<Output> outputs;
    private final ImmutableMap<String, String> configuration;
    private final String lastRefusal;

    /**
     * The counters.
     *
     * @param queueCapacity events the queue holds at most
     * @param queueDepth    events waiting now
     * @param eventsQueued  events taken into the queue
     * @param eventsDropped events refused because the queue was full
     * @param outputs       each output's counters
     * @param configuration the properties in force, by name
     * @param lastRefusal   why the last refused configuration was refused; null if none was
     */
    public SiemExportStats(int queueCapacity, int queueDepth, long eventsQueued, long eventsDropped,
                           List<Output> outputs, Map<String, String> configuration, String lastRefusal) {
        this.queueCapacity = queueCapacity;
        this.queueDepth = queueDepth;
        this.eventsQueued = eventsQueued;
        this.eventsDropped = eventsDropped;
        this.outputs = ImmutableList.copyOf(checkNotNull(outputs, "outputs"));
        this.configuration = ImmutableMap.copyOf(checkNotNull(configuration, "configuration"));
        this.lastRefusal = lastRefusal;
    }

    public int queueCapacity() {
        return queueCapacity;
    }

    public int queueDepth() {
        return queueDepth;
    }

    public long eventsQueued() {
        return eventsQueued;
    }

    public long eventsDropped() {
        return eventsDropped;
    }

    /** @return the EVE file first (if configured), then the syslog collectors in configuration order */
    public List<Output> outputs() {
        return outputs;
    }

    /** @return the component properties in force */
    public Map<String, String> configuration() {
        return configuration;
    }

    /** @return the reason the last refused configuration was refused */
    public Optional<String> lastRefusal() {
        return Optional.ofNullable(lastRefusal);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).omitNullValues().add("queued", eventsQueued)
                .add("dropped", eventsDropped).add("outputs", outputs).add("refusal", lastRefusal).toString();
    }

    /** One output: the EVE file or a syslog collector. */
    public static final class Output {
        private final String name;
        private final long sent;
        private final long failed;
        private final String lastError;

        /**
         * @param name      {@code file:/path}, {@code udp://host:port} or {@code tcp://host:port}
         * @param sent      events written or sent
         * @param failed    events that could not be written or sent (lost for this output)
         * @param lastError the latest failure, null if none
         */
        public Output(String name, long sent, long failed, String lastError) {
            this.name = checkNotNull(name, "name");
            this.sent = sent;
            this.failed = failed;
            this.lastError = lastError;
        }

        public String name() {
            return name;
        }

        public long sent() {
            return sent;
        }

        public long failed() {
            return failed;
        }

        public Optional<String> lastError() {
            return Optional.ofNullable(lastError);
        }

        @Override
        public String toString() {
            return MoreObjects.toStringHelper(this).omitNullValues().add("name", name).add("sent", sent)
                    .add("failed", failed).add("lastError", lastError).toString();
        }
    }
}
