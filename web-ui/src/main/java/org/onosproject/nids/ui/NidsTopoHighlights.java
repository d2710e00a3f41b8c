/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.ui;

import org.onlab.packet.Ip4Address;
import org.onosproject.net.DeviceId;
import org.onosproject.net.HostId;
import org.onosproject.net.Link;
import org.onosproject.nids.api.AlertState;
import org.onosproject.nids.api.NidsAlert;
import org.onosproject.nids.api.NidsBlock;
import org.onosproject.nids.detection.AlertSeverity;
import org.onosproject.ui.topo.DeviceHighlight;
import org.onosproject.ui.topo.Highlights;
import org.onosproject.ui.topo.HostHighlight;
import org.onosproject.ui.topo.LinkHighlight;
import org.onosproject.ui.topo.Mod;
import org.onosproject.ui.topo.NodeBadge;
import org.onosproject.ui.topo.TopoUtils;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * What the NIDS topology overlay draws (a pure function of alerts, blocks, hosts and links):
 * <ul>
 * <li>a host that is the source of open alerts: a badge with their count, red (error) when one is HIGH, orange
 * (warn) when one is MEDIUM, blue (info) otherwise;</li>
 * <li>a blocked host: a red ✗ badge (a block outranks open alerts; its tooltip still counts them);</li>
 * <li>a switch: a badge with the alerts it reported in the last minute (error when any, info 0 otherwise) whose
 * tooltip also gives the reports per minute;</li>
 * <li>the infrastructure links an open alert's flow crossed ({@link #linksJoining}): highlighted (primary, CSS
 * class {@value #ATTACK_LINK_MOD}).</li>
 * </ul>
 * When a host is highlighted, the other hosts and links fade (subdued minimally).
 */
final class NidsTopoHighlights {

    /** CSS class of links that carry attack traffic. */
    static final String ATTACK_LINK_MOD = "nids-attack";
    /** Glyph of a blocked host's badge (one of the legacy GUI's glyphs). */
    static final String BLOCKED_GLYPH = "xMark";
    private static final Comparator<DeviceId> BY_ID = Comparator.comparing(DeviceId::toString);

    private NidsTopoHighlights() {
    }

    /** Per switch: alerts and reports in the last minute. */
    static final class SwitchRate {
        final long alertsPerMinute;
        final long reportsPerMinute;

        SwitchRate(long alertsPerMinute, long reportsPerMinute) {
            this.alertsPerMinute = alertsPerMinute;
            this.reportsPerMinute = reportsPerMinute;
        }
    }

    /**
     * @param alerts      the alerts (any state; only OPEN ones highlight hosts and links)
     * @param blocks      the blocks in force
     * @param hostsByIp   the hosts ONOS located with an address
     * @param links       the infrastructure links
     * @param switchRates per switch its rates; switches not in it get no badge
     * @return the highlights
     */
    static Highlights of(Collection<NidsAlert> alerts, Collection<NidsBlock> blocks,
                         Function<Ip4Address, Set<HostId>> hostsByIp, Collection<Link> links,
                         Map<DeviceId, SwitchRate> switchRates) {
        Highlights highlights = new Highlights();
        Map<Ip4Address, AlertSeverity> worst = new HashMap<>();
        Map<Ip4Address, Integer> open = new HashMap<>();
        Set<DeviceId> attackDevices = new HashSet<>();
        Set<Set<DeviceId>> reporterSets = new HashSet<>();
        for (NidsAlert alert : alerts) {
            if (alert.state() != AlertState.OPEN) {
                continue;
            }
            Ip4Address src = alert.flowKey().clientIp();
            open.merge(src, 1, Integer::sum);
            worst.merge(src, alert.severity(), (a, b) -> a.compareTo(b) >= 0 ? a : b);
            Set<DeviceId> reporters = alert.deviceReports().keySet();
            attackDevices.addAll(reporters);
            reporterSets.add(Set.copyOf(reporters));
        }
        Map<String, HostHighlight> hosts = new TreeMap<>();
        open.forEach((src, count) -> hostsByIp.apply(src).forEach(host -> {
            HostHighlight highlight = new HostHighlight(host.toString());
            AlertSeverity severity = worst.get(src);
            highlight.setBadge(NodeBadge.number(status(severity), count, count + " open alert(s) from " + src
                    + ", worst " + severity));
            hosts.put(host.toString(), highlight);
        }));
        for (NidsBlock block : blocks) {
            Integer stillOpen = open.get(block.src());
            String tooltip = "blocked (block " + block.id() + ")" + (stillOpen == null ? ""
                    : ", " + stillOpen + " open alert(s), worst " + worst.get(block.src()));
            hostsByIp.apply(block.src()).forEach(host -> {
                HostHighlight highlight = new HostHighlight(host.toString());
                highlight.setBadge(NodeBadge.glyph(NodeBadge.Status.ERROR, BLOCKED_GLYPH, tooltip));
                hosts.put(host.toString(), highlight);
            });
        }
        hosts.values().forEach(highlights::add);
        if (!hosts.isEmpty()) {
            // What is not highlighted fades, so that attackers, blocked hosts and attack links stand out.
            highlights.subdueAllElse(Highlights.Amount.MINIMALLY);
        }
        switchRates.forEach((device, rate) -> {
            DeviceHighlight highlight = new DeviceHighlight(device.toString());
            highlight.setBadge(NodeBadge.number(
                    rate.alertsPerMinute > 0 || attackDevices.contains(device) ? NodeBadge.Status.ERROR
                            : NodeBadge.Status.INFO,
                    (int) Math.min(Integer.MAX_VALUE, rate.alertsPerMinute),
                    rate.alertsPerMinute + " alert(s), " + rate.reportsPerMinute + " report(s) in the last minute"));
            highlights.add(highlight);
        });
        Set<String> attackLinks = new TreeSet<>();
        reporterSets.forEach(reporters -> attackLinks.addAll(linksJoining(reporters, links)));
        attackLinks.forEach(id -> highlights.add(new LinkHighlight(id, LinkHighlight.Flavor.PRIMARY_HIGHLIGHT)
                                                         .addMod(new Mod(ATTACK_LINK_MOD))));
        return highlights;
    }

    /**
     * The links an alert's flow crossed, as far as the topology tells: the links between two switches that both
     * reported the flow, and where those do not join every reporting switch (a switch on the way that did not
     * report, e.g. a spine), the shortest path over the infrastructure links to the next one.
     *
     * @param reporters the switches that reported the flow
     * @param links     the infrastructure links (either direction)
     * @return canonical link ids
     */
    static Set<String> linksJoining(Set<DeviceId> reporters, Collection<Link> links) {
        // per switch its neighbours (in id order, so that equal paths are chosen the same way every time)
        Map<DeviceId, Map<DeviceId, Link>> adjacent = new HashMap<>();
        for (Link link : links) {
            adjacent.computeIfAbsent(link.src().deviceId(), d -> new TreeMap<>(BY_ID)).put(link.dst().deviceId(), link);
            adjacent.computeIfAbsent(link.dst().deviceId(), d -> new TreeMap<>(BY_ID))
                    .putIfAbsent(link.src().deviceId(), link);
        }
        Set<String> joined = new TreeSet<>();
        Set<DeviceId> reached = new HashSet<>();
        List<DeviceId> ordered = new ArrayList<>(reporters);
        ordered.sort(BY_ID);
        for (DeviceId reporter : ordered) {
            // links between reporters first: they are the flow's for sure
            adjacent.getOrDefault(reporter, Map.of()).forEach((next, link) -> {
                if (reporters.contains(next)) {
                    joined.add(TopoUtils.canonicalLinkKey(link).asId());
                }
            });
        }
        for (DeviceId reporter : ordered) {
            if (reached.isEmpty()) {
                reached.addAll(component(reporter, reporters, adjacent));
            } else if (!reached.contains(reporter)) {
                List<Link> path = shortestPath(reached, reporter, adjacent);
                path.forEach(link -> joined.add(TopoUtils.canonicalLinkKey(link).asId()));
                path.forEach(link -> reached.addAll(List.of(link.src().deviceId(), link.dst().deviceId())));
                reached.addAll(component(reporter, reporters, adjacent));
            }
        }
        return joined;
    }

    /** The reporters reachable from one over links between reporters. */
    private static Set<DeviceId> component(DeviceId start, Set<DeviceId> reporters,
                                           Map<DeviceId, Map<DeviceId, Link>> adjacent) {
        Set<DeviceId> seen = new HashSet<>(List.of(start));
        Deque<DeviceId> todo = new ArrayDeque<>(seen);
        while (!todo.isEmpty()) {
            for (DeviceId next : adjacent.getOrDefault(todo.poll(), Map.of()).keySet()) {
                if (reporters.contains(next) && seen.add(next)) {
                    todo.add(next);
                }
            }
        }
        return seen;
    }

    /** Breadth first from any of {@code from} to {@code to}; empty when not connected. */
    private static List<Link> shortestPath(Set<DeviceId> from, DeviceId to,
                                           Map<DeviceId, Map<DeviceId, Link>> adjacent) {
        Map<DeviceId, Link> via = new HashMap<>();
        Set<DeviceId> seen = new HashSet<>(from);
        Deque<DeviceId> todo = new ArrayDeque<>();
        from.stream().sorted(BY_ID).forEach(todo::add);
        while (!todo.isEmpty()) {
            DeviceId at = todo.poll();
            if (at.equals(to)) {
                List<Link> path = new ArrayList<>();
                for (DeviceId d = to; via.containsKey(d); ) {
                    Link link = via.get(d);
                    path.add(link);
                    d = link.src().deviceId().equals(d) ? link.dst().deviceId() : link.src().deviceId();
                }
                return path;
            }
            adjacent.getOrDefault(at, Map.of()).forEach((next, link) -> {
                if (seen.add(next)) {
                    via.put(next, link);
                    todo.add(next);
                }
            });
        }
        return List.of();
    }

    private static NodeBadge.Status status(AlertSeverity severity) {
        switch (severity) {
            case HIGH:
                return NodeBadge.Status.ERROR;
            case MEDIUM:
                return NodeBadge.Status.WARN;
            default:
                return NodeBadge.Status.INFO;
        }
    }
}
