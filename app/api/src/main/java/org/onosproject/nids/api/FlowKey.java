/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import com.google.common.base.MoreObjects;
import org.onlab.packet.Ip4Address;
import org.onosproject.nids.detection.AutoBlock;

import java.util.Objects;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A flow as the switches key it: an IPv4 5-tuple oriented from the client (the sender of the flow's first packet)
 * to the server. ICMP flows have ports 0.
 */
public final class FlowKey {

    private final Ip4Address clientIp;
    private final Ip4Address serverIp;
    private final int clientPort;
    private final int serverPort;
    private final int protocol;

    private FlowKey(Ip4Address clientIp, Ip4Address serverIp, int clientPort, int serverPort, int protocol) {
        this.clientIp = checkNotNull(clientIp, "clientIp");
        this.serverIp = checkNotNull(serverIp, "serverIp");
        checkArgument(clientPort >= 0 && clientPort <= 0xffff, "client port out of range: %s", clientPort);
        checkArgument(serverPort >= 0 && serverPort <= 0xffff, "server port out of range: %s", serverPort);
        checkArgument(protocol >= 0 && protocol <= 0xff, "protocol out of range: %s", protocol);
        this.clientPort = clientPort;
        this.serverPort = serverPort;
        this.protocol = protocol;
    }

    /**
     * A flow key.
     *
     * @param clientIp   the client's address (IN direction source)
     * @param serverIp   the server's address
     * @param clientPort the client's L4 port (0 for ICMP)
     * @param serverPort the server's L4 port (0 for ICMP)
     * @param protocol   IPv4 protocol number
     * @return the key
     */
    public static FlowKey of(Ip4Address clientIp, Ip4Address serverIp, int clientPort, int serverPort,
                             int protocol) {
        return new FlowKey(clientIp, serverIp, clientPort, serverPort, protocol);
    }

    public Ip4Address clientIp() {
        return clientIp;
    }

    public Ip4Address serverIp() {
        return serverIp;
    }

    public int clientPort() {
        return clientPort;
    }

    public int serverPort() {
        return serverPort;
    }

    public int protocol() {
        return protocol;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof FlowKey)) {
            return false;
        }
        FlowKey that = (FlowKey) o;
        return clientPort == that.clientPort && serverPort == that.serverPort && protocol == that.protocol
                && clientIp.equals(that.clientIp) && serverIp.equals(that.serverIp);
    }

    @Override
    public int hashCode() {
        return Objects.hash(clientIp, serverIp, clientPort, serverPort, protocol);
    }

    /**
     * @return {@code 10.0.0.1:51512 > 10.0.0.2:80 proto 6}, as the CLI prints it and block reasons name it
     */
    public String describe() {
        return AutoBlock.describeFlow(clientIp.toString(), clientPort, serverIp.toString(), serverPort, protocol);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).omitNullValues()
                .add("client", clientIp + ":" + clientPort)
                .add("server", serverIp + ":" + serverPort)
                .add("protocol", protocol)
                .toString();
    }
}
