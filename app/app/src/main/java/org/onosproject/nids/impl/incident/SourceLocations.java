/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.incident;

import org.onlab.packet.IpAddress;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.HostLocation;
import org.onosproject.net.host.HostService;
import org.onosproject.nids.api.FlowRecord;
import org.onosproject.nids.detection.LocationCheck;

import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The spoofed-source check (issue 14): did the attack flow's client send from where ONOS locates it? Every report
 * carries the port the flow's first packet (the client's) came in on, whichever packet triggered the report (often the
 * server's RST or FIN): that port is an edge port where ONOS locates the client (MATCH), an edge port where it is not
 * (MISMATCH: someone else used its address), a transit port (NEUTRAL: the flow entered the fabric at another switch,
 * whose own reports decide), or ONOS locates no host with the address (UNKNOWN). See docs/blocking.md.
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

        /** @return e.g. {@code 10.0.0.1 sent from device:s2 port 3; ONOS locates it at device:s1/1} */
        public String detail() {
            return detail;
        }
    }

    private final HostService hosts;
    private final Predicate<ConnectPoint> edge;

    /**
     * @param hosts ONOS's host locations
     * @param edge  whether a switch port is an edge port (where hosts' packets enter the fabric)
     */
    public SourceLocations(HostService hosts, Predicate<ConnectPoint> edge) {
        this.hosts = hosts;
        this.edge = edge;
    }

    /**
     * @param record an attack record
     * @return what its switch and client ingress port say about its client
     */
    public Result check(FlowRecord record) {
        ConnectPoint entered = new ConnectPoint(record.deviceId(), record.clientIngressPort());
        IpAddress client = record.key().clientIp();
        String where = client + " sent from " + record.deviceId() + " port " + record.clientIngressPort().toLong();
        Set<HostLocation> clientAt = locations(client);
        if (clientAt.contains(entered)) {
            return new Result(LocationCheck.MATCH, where + ", where ONOS locates it");
        }
        if (!edge.test(entered)) {
            return new Result(LocationCheck.NEUTRAL, where + " (not an edge port: the flow entered the fabric at "
                    + "another switch)");
        }
        if (clientAt.isEmpty()) {
            return new Result(LocationCheck.UNKNOWN, where + "; ONOS locates no host " + client + " yet");
        }
        return new Result(LocationCheck.MISMATCH, where + "; ONOS locates it at " + clientAt.stream()
                .map(l -> l.deviceId() + "/" + l.port().toLong()).sorted().collect(Collectors.joining(", ")));
    }

    private Set<HostLocation> locations(IpAddress address) {
        return hosts.getHostsByIp(address).stream().flatMap(h -> h.locations().stream())
                .collect(Collectors.toSet());
    }
}
