/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.incident;

import org.onlab.packet.IpAddress;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.HostLocation;
import org.onosproject.net.host.HostService;
import org.onosproject.net.link.LinkService;
import org.onosproject.nids.api.FlowRecord;
import org.onosproject.nids.api.ReportReason;
import org.onosproject.nids.detection.LocationCheck;

import java.util.Set;
import java.util.stream.Collectors;

/**
 * The spoofed-source check (issue 14): does an attack report's switch and ingress port say the packet came from
 * where ONOS locates the flow's client? A report from the client's own edge port confirms it; one from another edge
 * port (not a link, not the server's port) means someone else used its address. Reports whose port says nothing
 * about the client — transit ports, the server's port (a reply), a probe or an eviction (the packet was another
 * flow's) — are neutral.
 */
public final class SourceLocations {

    /** What the check saw, with the words an incident shows. */
    public static final class Result {
        private final LocationCheck check;
        private final String detail;

        Result(LocationCheck check, String detail) {
            this.check = check;
            this.detail = detail;
        }

        public LocationCheck check() {
            return check;
        }

        /** @return e.g. {@code reported by device:s2 port 3; 10.0.0.1 is at device:s1/1} */
        public String detail() {
            return detail;
        }
    }

    private final HostService hosts;
    private final LinkService links;

    /**
     * @param hosts ONOS's host locations
     * @param links ONOS's links (a port with a link is a transit port)
     */
    public SourceLocations(HostService hosts, LinkService links) {
        this.hosts = hosts;
        this.links = links;
    }

    /**
     * @param record an attack record
     * @return what its switch and port say about its client
     */
    public Result check(FlowRecord record) {
        ConnectPoint at = new ConnectPoint(record.deviceId(), record.ingressPort());
        String where = "reported by " + record.deviceId() + " port " + record.ingressPort().toLong();
        if (ReportReason.PROBE.name().equals(record.reason()) || ReportReason.EVICT.name().equals(record.reason())) {
            return new Result(LocationCheck.NEUTRAL, where + " (" + record.reason().toLowerCase()
                    + ": not the flow's own packet)");
        }
        IpAddress client = record.key().clientIp();
        Set<HostLocation> clientAt = locations(client);
        if (clientAt.contains(at)) {
            return new Result(LocationCheck.MATCH, where + ", where " + client + " is");
        }
        if (!links.getIngressLinks(at).isEmpty() || !links.getEgressLinks(at).isEmpty()) {
            return new Result(LocationCheck.NEUTRAL, where + " (a link: transit)");
        }
        if (locations(record.key().serverIp()).contains(at)) {
            return new Result(LocationCheck.NEUTRAL, where + " (the server's port: a reply)");
        }
        if (clientAt.isEmpty()) {
            return new Result(LocationCheck.UNKNOWN, where + "; ONOS locates no host " + client);
        }
        return new Result(LocationCheck.MISMATCH, where + "; " + client + " is at " + clientAt.stream()
                .map(l -> l.deviceId() + "/" + l.port().toLong()).sorted().collect(Collectors.joining(", ")));
    }

    private Set<HostLocation> locations(IpAddress address) {
        return hosts.getHostsByIp(address).stream().flatMap(h -> h.locations().stream())
                .collect(Collectors.toSet());
    }
}
