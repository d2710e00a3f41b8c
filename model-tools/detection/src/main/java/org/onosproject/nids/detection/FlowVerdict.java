/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.detection;

import java.util.Objects;

/**
 * One attack verdict on one flow, whatever produced it: a switch's report (ALERT, a phase, FLOW_END, an active
 * timeout), the app's classification of an EVICT report, or a replay of a capture ({@code nids-model simulate},
 * {@code eval}). Incidents are built from these alone, so the app and the replays group, count and block alike.
 *
 * <p>Unknown values: phase {@value #UNKNOWN_PHASE} (a model classifying every packet), confidence
 * {@value #UNKNOWN_CONFIDENCE} (a model without leaf class counts: the verdict counts as confident), switch
 * {@code null} and port {@value #UNKNOWN_PORT} (a replay), location {@link LocationCheck#UNCHECKED}.
 */
public final class FlowVerdict {

    public static final int UNKNOWN_PHASE = -1;
    /** The phase of a verdict at the flow's end (FIN/RST, timeout, eviction). */
    public static final int END_PHASE = 0;
    public static final int UNKNOWN_CONFIDENCE = -1;
    public static final long UNKNOWN_PORT = -1;

    private final long timeMicros;
    private final int client;
    private final int clientPort;
    private final int server;
    private final int serverPort;
    private final int protocol;
    private final int classId;
    private final String className;
    private final int leafId;
    private final int phase;
    private final int confidencePermille;
    private final String decisionPath;
    private final String modelId;
    private final String device;
    private final long ingressPort;
    private final LocationCheck location;
    private final String locationDetail;

    private FlowVerdict(Builder b) {
        if (b.classId <= 0) {
            throw new IllegalArgumentException("class " + b.classId + " is not an attack class (0 is benign)");
        }
        if (b.confidencePermille < UNKNOWN_CONFIDENCE || b.confidencePermille > 1000) {
            throw new IllegalArgumentException("confidence " + b.confidencePermille + " is not 0..1000 permille");
        }
        checkPort(b.clientPort, "client port");
        checkPort(b.serverPort, "server port");
        if (b.protocol < 0 || b.protocol > 255) {
            throw new IllegalArgumentException("protocol " + b.protocol + " is not 0..255");
        }
        this.timeMicros = b.timeMicros;
        this.client = b.client;
        this.clientPort = b.clientPort;
        this.server = b.server;
        this.serverPort = b.serverPort;
        this.protocol = b.protocol;
        this.classId = b.classId;
        this.className = Objects.requireNonNull(b.className, "className");
        this.leafId = b.leafId;
        this.phase = b.phase;
        this.confidencePermille = b.confidencePermille;
        this.decisionPath = b.decisionPath == null ? "" : b.decisionPath;
        this.modelId = b.modelId;
        this.device = b.device;
        this.ingressPort = b.ingressPort;
        this.location = Objects.requireNonNull(b.location, "location");
        this.locationDetail = b.locationDetail;
    }

    private static void checkPort(int port, String what) {
        if (port < 0 || port > 0xffff) {
            throw new IllegalArgumentException(what + " " + port + " is not 0..65535");
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** @return when the verdict came, µs (the controller's clock in the app, the capture's in a replay) */
    public long timeMicros() {
        return timeMicros;
    }

    /** @return the flow's client (the sender of its first packet), IPv4 as an int: the incident's source */
    public int client() {
        return client;
    }

    public int clientPort() {
        return clientPort;
    }

    /** @return the flow's server, IPv4 as an int */
    public int server() {
        return server;
    }

    public int serverPort() {
        return serverPort;
    }

    public int protocol() {
        return protocol;
    }

    /** @return the class the model gave the flow (never 0) */
    public int classId() {
        return classId;
    }

    public String className() {
        return className;
    }

    public int leafId() {
        return leafId;
    }

    /** @return the packet-count phase of the verdict, {@value #END_PHASE} at the flow's end, -1 unknown */
    public int phase() {
        return phase;
    }

    /** @return the leaf's confidence, 0..1000 permille, -1 unknown */
    public int confidencePermille() {
        return confidencePermille;
    }

    /** @return the decision path in words ({@code IN_PKTS = 412 > 200 and …}), empty when unknown */
    public String decisionPath() {
        return decisionPath;
    }

    /** @return the model, null when unknown */
    public String modelId() {
        return modelId;
    }

    /** @return the reporting switch, null in a replay */
    public String device() {
        return device;
    }

    /** @return the port of {@link #device} the flow's first packet (its client's) came in on, -1 unknown */
    public long ingressPort() {
        return ingressPort;
    }

    public LocationCheck location() {
        return location;
    }

    /** @return what the location check saw, in words (null when unchecked) */
    public String locationDetail() {
        return locationDetail;
    }

    /**
     * @param minConfidencePermille the lowest confidence that counts
     * @return whether the verdict is sure enough to open or join an incident (an unknown confidence is)
     */
    public boolean confident(int minConfidencePermille) {
        return confidencePermille == UNKNOWN_CONFIDENCE || confidencePermille >= minConfidencePermille;
    }

    /** @return the flow's identity within its source's incidents: server, ports and protocol, hashed to 64 bits */
    public long flowId() {
        return flowId(client, clientPort, server, serverPort, protocol);
    }

    /** @return a flow's 64-bit identity (SplitMix64 of the 5-tuple; 2^-64 per pair to collide) */
    public static long flowId(int client, int clientPort, int server, int serverPort, int protocol) {
        long x = ((long) client << 32) ^ (server & 0xffffffffL);
        x = mix(x) ^ (((long) clientPort << 24) | ((long) serverPort << 8) | protocol);
        return mix(x);
    }

    private static long mix(long value) {
        long z = value + 0x9e3779b97f4a7c15L;
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /** @return {@code 10.0.0.1:51512 > 10.0.0.2:80 proto 6} */
    public String describeFlow() {
        return AutoBlock.describeFlow(Ipv4Cidr.addressText(client), clientPort, Ipv4Cidr.addressText(server),
                                      serverPort, protocol);
    }

    @Override
    public String toString() {
        return describeFlow() + " " + className + " leaf " + leafId + " phase " + phase + " confidence "
                + confidencePermille + " at " + timeMicros + " us";
    }

    /** Builder of verdicts; location defaults to UNCHECKED, phase and confidence to unknown. */
    public static final class Builder {
        private long timeMicros;
        private int client;
        private int clientPort;
        private int server;
        private int serverPort;
        private int protocol;
        private int classId;
        private String className;
        private int leafId;
        private int phase = UNKNOWN_PHASE;
        private int confidencePermille = UNKNOWN_CONFIDENCE;
        private String decisionPath;
        private String modelId;
        private String device;
        private long ingressPort = UNKNOWN_PORT;
        private LocationCheck location = LocationCheck.UNCHECKED;
        private String locationDetail;

        private Builder() {
        }

        public Builder timeMicros(long value) {
            timeMicros = value;
            return this;
        }

        /** The flow key, addresses as ints. */
        public Builder flow(int clientAddress, int clientL4Port, int serverAddress, int serverL4Port, int ipProtocol) {
            client = clientAddress;
            clientPort = clientL4Port;
            server = serverAddress;
            serverPort = serverL4Port;
            protocol = ipProtocol;
            return this;
        }

        /** The flow key, addresses dotted. */
        public Builder flow(String clientAddress, int clientL4Port, String serverAddress, int serverL4Port,
                            int ipProtocol) {
            return flow(Ipv4Cidr.parseAddress(clientAddress), clientL4Port, Ipv4Cidr.parseAddress(serverAddress),
                        serverL4Port, ipProtocol);
        }

        public Builder verdict(int id, String name, int leaf) {
            classId = id;
            className = name;
            leafId = leaf;
            return this;
        }

        public Builder phase(int value) {
            phase = value;
            return this;
        }

        public Builder confidencePermille(int value) {
            confidencePermille = value;
            return this;
        }

        public Builder decisionPath(String value) {
            decisionPath = value;
            return this;
        }

        public Builder modelId(String value) {
            modelId = value;
            return this;
        }

        /** Where the report came from: the switch, and its port the flow's first packet came in on. */
        public Builder reportedBy(String switchId, long port) {
            device = switchId;
            ingressPort = port;
            return this;
        }

        public Builder location(LocationCheck check, String detail) {
            location = check;
            locationDetail = detail;
            return this;
        }

        public FlowVerdict build() {
            return new FlowVerdict(this);
        }
    }
}
