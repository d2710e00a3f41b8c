/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.siem;

import org.onosproject.nids.impl.SocketAddresses;

import java.net.InetSocketAddress;
import java.util.Locale;
import java.util.Objects;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A syslog collector: {@code udp://host:port} (one RFC 5424 message per datagram, RFC 5426) or
 * {@code tcp://host:port} (octet-counting framing, RFC 6587 3.4.1).
 */
public final class SyslogCollector {

    /** How messages travel. */
    public enum Transport {
        UDP, TCP
    }

    private final Transport transport;
    private final InetSocketAddress address;

    private SyslogCollector(Transport transport, InetSocketAddress address) {
        this.transport = checkNotNull(transport, "transport");
        this.address = checkNotNull(address, "address");
    }

    /**
     * @param transport UDP or TCP
     * @param address   the collector
     * @return the collector
     */
    public static SyslogCollector of(Transport transport, InetSocketAddress address) {
        return new SyslogCollector(transport, address);
    }

    /**
     * Parses one collector.
     *
     * @param text {@code udp://host:port} or {@code tcp://host:port} (host: a name, an IPv4 address or a bracketed
     *             IPv6 address)
     * @return the collector, its host resolved
     * @throws IllegalArgumentException naming what is wrong
     */
    public static SyslogCollector parse(String text) {
        String trimmed = text.trim();
        int scheme = trimmed.indexOf("://");
        checkArgument(scheme > 0, "\"%s\": expected udp://host:port or tcp://host:port", trimmed);
        Transport transport;
        try {
            transport = Transport.valueOf(trimmed.substring(0, scheme).toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(String.format("\"%s\": transport must be udp or tcp", trimmed));
        }
        try {
            return new SyslogCollector(transport, SocketAddresses.parse(trimmed.substring(scheme + 3)));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(String.format("\"%s\": %s", trimmed, e.getMessage()));
        }
    }

    public Transport transport() {
        return transport;
    }

    public InetSocketAddress address() {
        return address;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof SyslogCollector)) {
            return false;
        }
        SyslogCollector that = (SyslogCollector) o;
        return transport == that.transport && address.equals(that.address);
    }

    @Override
    public int hashCode() {
        return Objects.hash(transport, address);
    }

    /** @return {@code udp://host:port} or {@code tcp://host:port} */
    @Override
    public String toString() {
        return transport.name().toLowerCase(Locale.ROOT) + "://" + SocketAddresses.format(address);
    }
}
