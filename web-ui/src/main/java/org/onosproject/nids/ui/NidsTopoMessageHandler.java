/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.ui;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableSet;
import org.onlab.osgi.ServiceNotFoundException;
import org.onlab.packet.Ip4Address;
import org.onlab.packet.IpAddress;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Host;
import org.onosproject.net.HostId;
import org.onosproject.net.Link;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.host.HostService;
import org.onosproject.net.link.LinkService;
import org.onosproject.nids.api.AlertStats;
import org.onosproject.nids.api.BlockRequest;
import org.onosproject.nids.api.NidsAlert;
import org.onosproject.nids.api.NidsAlertService;
import org.onosproject.nids.api.NidsAuditService;
import org.onosproject.nids.api.NidsBlock;
import org.onosproject.nids.api.NidsBlockService;
import org.onosproject.nids.api.NidsException;
import org.onosproject.nids.api.NidsStatsService;
import org.onosproject.ui.RequestHandler;
import org.onosproject.ui.UiMessageHandler;
import org.onosproject.ui.topo.Highlights;
import org.onosproject.ui.topo.TopoJson;
import org.slf4j.Logger;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Messages of the NIDS topology overlay: while the overlay is active ({@value #START_REQ} .. {@value #STOP_REQ}) the
 * highlights ({@link NidsTopoHighlights}) are sent every {@value #PUSH_INTERVAL_MS} ms; the Block and Unblock
 * buttons of a host's panel block or unblock all its IPv4 addresses through the block service and answer with
 * {@value #ACTION_RESP}.
 */
public class NidsTopoMessageHandler extends UiMessageHandler {

    static final String START_REQ = "nidsTopoStart";
    static final String STOP_REQ = "nidsTopoStop";
    static final String BLOCK_REQ = "nidsTopoBlock";
    static final String UNBLOCK_REQ = "nidsTopoUnblock";
    static final String ACTION_RESP = "nidsTopoActionResponse";
    /** The topology view's own message type for highlights (TopoJson.highlightsMessage). */
    static final String SHOW_HIGHLIGHTS = "showHighlights";
    static final long PUSH_INTERVAL_MS = 2000;
    /** The window of the switches' rates. */
    static final long RATE_WINDOW_MS = 60_000;

    private final Logger log = getLogger(getClass());
    private final ScheduledExecutorService pushExecutor;
    private final LongSupplier clock;
    /** Per-switch report counters, oldest first; bounded by the window (one sample a push). */
    private final Deque<Sample> samples = new ArrayDeque<>();
    private ScheduledFuture<?> pushes;

    private static final class Sample {
        final long millis;
        final Map<DeviceId, Long> reports;

        Sample(long millis, Map<DeviceId, Long> reports) {
            this.millis = millis;
            this.reports = reports;
        }
    }

    /**
     * @param pushExecutor runs the periodic highlights (shared by the connections)
     * @param clock        controller time, ms
     */
    NidsTopoMessageHandler(ScheduledExecutorService pushExecutor, LongSupplier clock) {
        this.pushExecutor = pushExecutor;
        this.clock = clock;
    }

    @Override
    protected Collection<RequestHandler> createRequestHandlers() {
        return ImmutableSet.of(
                new RequestHandler(START_REQ) {
                    @Override
                    public void process(ObjectNode payload) {
                        start();
                    }
                },
                new RequestHandler(STOP_REQ) {
                    @Override
                    public void process(ObjectNode payload) {
                        stop();
                        sendHighlights(new Highlights());
                    }
                },
                new BlockHandler(BLOCK_REQ, true),
                new BlockHandler(UNBLOCK_REQ, false));
    }

    @Override
    public void destroy() {
        stop();
        super.destroy();
    }

    private synchronized void start() {
        if (pushes == null) {
            try {
                pushes = pushExecutor.scheduleWithFixedDelay(this::push, 0, PUSH_INTERVAL_MS,
                                                             TimeUnit.MILLISECONDS);
            } catch (RejectedExecutionException e) {
                log.debug("GUI pushes stopped", e);
            }
        }
    }

    private synchronized void stop() {
        if (pushes != null) {
            pushes.cancel(false);
            pushes = null;
        }
    }

    private void push() {
        try {
            sendHighlights(highlights());
        } catch (RuntimeException e) {
            // One failed push (a service going away) must not end the schedule.
            log.warn("NIDS topology highlights failed", e);
        }
    }

    private void sendHighlights(Highlights highlights) {
        if (connection() != null) {
            connection().sendMessage(SHOW_HIGHLIGHTS, TopoJson.json(highlights));
        }
    }

    /** @return the highlights now */
    Highlights highlights() {
        NidsAlertService alerts = directory().get(NidsAlertService.class);
        HostService hosts = directory().get(HostService.class);
        List<NidsBlock> blocks = optional(NidsBlockService.class).map(NidsBlockService::blocks).orElse(List.of());
        List<Link> links = new ArrayList<>();
        directory().get(LinkService.class).getLinks().forEach(links::add);
        List<NidsAlert> all = alerts.alerts();
        return NidsTopoHighlights.of(all, blocks, ip -> hostIds(hosts, ip), links, rates(all));
    }

    private Map<DeviceId, NidsTopoHighlights.SwitchRate> rates(List<NidsAlert> all) {
        long now = clock.getAsLong();
        Map<DeviceId, Long> reports = new HashMap<>();
        optional(NidsStatsService.class).ifPresent(stats -> {
            for (AlertStats.Row row : stats.alertStats().devices()) {
                reports.put(DeviceId.deviceId(row.name()), row.reports());
            }
        });
        Sample oldest;
        synchronized (samples) {
            samples.addLast(new Sample(now, reports));
            while (samples.size() > 1 && now - samples.peekFirst().millis > RATE_WINDOW_MS) {
                samples.removeFirst();
            }
            oldest = samples.peekFirst();
        }
        long elapsed = now - oldest.millis;
        Map<DeviceId, NidsTopoHighlights.SwitchRate> rates = new HashMap<>();
        directory().get(DeviceService.class).getAvailableDevices().forEach(device -> {
            DeviceId id = device.id();
            long recent = all.stream().filter(a -> a.firstSeenMillis() >= now - RATE_WINDOW_MS
                    && a.deviceReports().containsKey(id)).count();
            long delta = reports.getOrDefault(id, 0L) - oldest.reports.getOrDefault(id, 0L);
            long perMinute = elapsed <= 0 ? 0 : Math.max(0, delta) * RATE_WINDOW_MS / elapsed;
            rates.put(id, new NidsTopoHighlights.SwitchRate(recent, perMinute));
        });
        return rates;
    }

    private static Set<HostId> hostIds(HostService hosts, Ip4Address ip) {
        return hosts.getHostsByIp(ip).stream().map(Host::id).collect(Collectors.toSet());
    }

    private <T> java.util.Optional<T> optional(Class<T> service) {
        try {
            return java.util.Optional.of(directory().get(service));
        } catch (ServiceNotFoundException e) {
            return java.util.Optional.empty();
        }
    }

    /** Blocks or unblocks the IPv4 addresses of the host the panel shows ({@code id}: its host id). */
    private final class BlockHandler extends RequestHandler {
        private final boolean block;

        private BlockHandler(String type, boolean block) {
            super(type);
            this.block = block;
        }

        @Override
        public void process(ObjectNode payload) {
            String id = string(payload, "id");
            ObjectNode result = objectNode().put("id", id);
            try {
                Host host = id == null ? null : directory().get(HostService.class).getHost(HostId.hostId(id));
                if (host == null) {
                    throw new IllegalArgumentException("no host " + id);
                }
                NidsBlockService blocks = directory().get(NidsBlockService.class);
                NidsAuditService audit = directory().get(NidsAuditService.class);
                String user = connection() == null ? "unknown" : connection().userName();
                List<String> done = new ArrayList<>();
                for (IpAddress ip : host.ipAddresses()) {
                    if (!ip.isIp4()) {
                        continue;
                    }
                    if (block) {
                        BlockRequest request = BlockRequest.builder(ip.getIp4Address())
                                .reason("blocked from the topology view").build();
                        // The admin role, checked and audited as the other views' buttons are.
                        done.add(audit.adminChange(user, "block.add", ip.toString(), () -> blocks.block(request),
                                                   made -> NidsAuditService.OK + ": block " + made.id()).id());
                    } else {
                        for (NidsBlock b : blocks.blocks()) {
                            if (b.src().equals(ip.getIp4Address())) {
                                audit.adminChange(user, "block.remove", b.id(), () -> blocks.unblock(b.id()),
                                                  removed -> NidsAuditService.OK);
                                done.add(b.id());
                            }
                        }
                    }
                }
                result.put("message", (block ? "Blocked " : "Unblocked ") + host.ipAddresses() + " (block "
                        + String.join(", ", done) + ")");
            } catch (NidsException | IllegalArgumentException | ServiceNotFoundException e) {
                result.put("error", "Cannot " + (block ? "block " : "unblock ") + id + ": " + e.getMessage());
            }
            sendMessage(ACTION_RESP, result);
            push();
        }
    }
}
