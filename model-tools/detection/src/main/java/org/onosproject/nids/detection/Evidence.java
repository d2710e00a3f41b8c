/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.detection;

import java.util.Objects;

/**
 * One of the first flows of an incident, kept as its evidence: the flow, and its first verdict with the decision
 * path that fired, where it was reported and what the location check said.
 */
public final class Evidence {

    private final long flowId;
    private final int client;
    private final int clientPort;
    private final int server;
    private final int serverPort;
    private final int protocol;
    private final long timeMicros;
    private final int classId;
    private final String className;
    private final int leafId;
    private final int phase;
    private final int confidencePermille;
    private final String decisionPath;
    private final String device;
    private final long ingressPort;
    private final LocationCheck location;

    Evidence(FlowVerdict v) {
        this.flowId = v.flowId();
        this.client = v.client();
        this.clientPort = v.clientPort();
        this.server = v.server();
        this.serverPort = v.serverPort();
        this.protocol = v.protocol();
        this.timeMicros = v.timeMicros();
        this.classId = v.classId();
        this.className = v.className();
        this.leafId = v.leafId();
        this.phase = v.phase();
        this.confidencePermille = v.confidencePermille();
        this.decisionPath = v.decisionPath();
        this.device = v.device();
        this.ingressPort = v.ingressPort();
        this.location = v.location();
    }

    /** @return the flow's identity ({@link FlowVerdict#flowId()}) */
    public long flowId() {
        return flowId;
    }

    public int client() {
        return client;
    }

    public int clientPort() {
        return clientPort;
    }

    public int server() {
        return server;
    }

    public int serverPort() {
        return serverPort;
    }

    public int protocol() {
        return protocol;
    }

    public long timeMicros() {
        return timeMicros;
    }

    public int classId() {
        return classId;
    }

    public String className() {
        return className;
    }

    public int leafId() {
        return leafId;
    }

    /** @return the verdict's phase (packets; 0 the flow's end; -1 unknown) */
    public int phase() {
        return phase;
    }

    /** @return the leaf's confidence in permille, -1 unknown */
    public int confidencePermille() {
        return confidencePermille;
    }

    /** @return the decision path in words, empty when unknown */
    public String decisionPath() {
        return decisionPath;
    }

    /** @return the switch that reported it, null in a replay */
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

    /** @return {@code 10.0.0.1:51512 > 10.0.0.2:80 proto 6} */
    public String describeFlow() {
        return AutoBlock.describeFlow(Ipv4Cidr.addressText(client), clientPort, Ipv4Cidr.addressText(server),
                                      serverPort, protocol);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Evidence)) {
            return false;
        }
        Evidence that = (Evidence) o;
        return flowId == that.flowId && client == that.client && clientPort == that.clientPort
                && server == that.server && serverPort == that.serverPort && protocol == that.protocol
                && timeMicros == that.timeMicros && classId == that.classId && leafId == that.leafId
                && phase == that.phase && confidencePermille == that.confidencePermille
                && ingressPort == that.ingressPort && className.equals(that.className)
                && decisionPath.equals(that.decisionPath) && Objects.equals(device, that.device)
                && location == that.location;
    }

    @Override
    public int hashCode() {
        return Objects.hash(flowId, timeMicros, classId, leafId);
    }

    @Override
    public String toString() {
        return describeFlow() + " " + className + " leaf " + leafId + ": " + decisionPath;
    }
}
