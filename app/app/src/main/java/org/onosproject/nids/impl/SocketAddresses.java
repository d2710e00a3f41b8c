/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import java.net.InetSocketAddress;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * Collector addresses as operators write them in component properties (NetFlow and syslog collectors).
 */
public final class SocketAddresses {

    private SocketAddresses() {
    }

    /**
     * Parses and resolves one address.
     *
     * @param hostPort {@code host:port}, {@code a.b.c.d:port} or {@code [v6-address]:port}
     * @return the resolved address
     * @throws IllegalArgumentException when malformed or the host does not resolve
     */
    public static InetSocketAddress parse(String hostPort) {
        String text = hostPort.trim();
        int colon = text.lastIndexOf(':');
        checkArgument(colon > 0 && colon < text.length() - 1, "expected host:port");
        String host = text.substring(0, colon);
        boolean bracketed = host.startsWith("[") && host.endsWith("]");
        if (bracketed) {
            host = host.substring(1, host.length() - 1);
        }
        checkArgument(!host.isEmpty(), "empty host");
        // Without brackets the port of "::1:2055" would be ambiguous.
        checkArgument(bracketed || !host.contains(":"), "IPv6 addresses need brackets: [address]:port");
        int port;
        try {
            port = Integer.parseInt(text.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("port is not a number");
        }
        checkArgument(port >= 1 && port <= 0xffff, "port out of range: %s", port);
        InetSocketAddress address = new InetSocketAddress(host, port);
        checkArgument(!address.isUnresolved(), "unknown host %s", host);
        return address;
    }

    /**
     * @param address an address
     * @return {@code host:port}, with brackets around an IPv6 host
     */
    public static String format(InetSocketAddress address) {
        String host = address.getHostString();
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + address.getPort();
    }
}
