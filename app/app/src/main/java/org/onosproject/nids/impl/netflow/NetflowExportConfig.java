/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.netflow;

import com.google.common.base.MoreObjects;
import com.google.common.base.Splitter;
import com.google.common.collect.ImmutableList;
import org.onosproject.nids.impl.Knobs;
import org.onosproject.nids.impl.SocketAddresses;
import org.slf4j.Logger;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.List;
import java.util.Objects;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * What the NetFlow exporter sends where: collectors, template refresh and packet size. Built from component
 * properties by {@link #fromProperties}, which never fails: bad values are logged and replaced by defaults.
 */
public final class NetflowExportConfig {

    /** Property: comma-separated collectors, {@code host:port} or {@code [v6-address]:port}; empty = no export. */
    public static final String COLLECTORS = "netflowCollectors";
    public static final String COLLECTORS_DEFAULT = "";
    /** Property: resend the template after this many export packets per switch. */
    public static final String TEMPLATE_REFRESH_PACKETS = "netflowTemplateRefreshPackets";
    public static final int TEMPLATE_REFRESH_PACKETS_DEFAULT = 20;
    /** Property: resend the template when it is this many seconds old. */
    public static final String TEMPLATE_REFRESH_SECONDS = "netflowTemplateRefreshSeconds";
    public static final int TEMPLATE_REFRESH_SECONDS_DEFAULT = 60;
    /** Property: largest UDP payload of an export packet, bytes. */
    public static final String MAX_PACKET_BYTES = "netflowMaxPacketBytes";
    public static final int MAX_PACKET_BYTES_DEFAULT = 1400;

    private static final Logger log = getLogger(NetflowExportConfig.class);

    private final ImmutableList<InetSocketAddress> collectors;
    private final int templateRefreshPackets;
    private final int templateRefreshSeconds;
    private final int maxPacketBytes;

    private NetflowExportConfig(List<InetSocketAddress> collectors, int templateRefreshPackets,
                                int templateRefreshSeconds, int maxPacketBytes) {
        this.collectors = ImmutableList.copyOf(checkNotNull(collectors, "collectors"));
        checkArgument(templateRefreshPackets >= 1, "template refresh packets must be >= 1");
        checkArgument(templateRefreshSeconds >= 0, "template refresh seconds must be >= 0");
        this.templateRefreshPackets = templateRefreshPackets;
        this.templateRefreshSeconds = templateRefreshSeconds;
        this.maxPacketBytes = maxPacketBytes;
        // Fails early on a size that cannot hold the template and a record.
        new NetflowV9Encoder(NetflowTemplate.nids(), maxPacketBytes);
    }

    /**
     * A configuration.
     *
     * @param collectors             where to send
     * @param templateRefreshPackets template every this many packets, >= 1
     * @param templateRefreshSeconds template at least this often, >= 0
     * @param maxPacketBytes         largest UDP payload
     * @return the configuration
     * @throws IllegalArgumentException on a value out of range
     */
    public static NetflowExportConfig of(List<InetSocketAddress> collectors, int templateRefreshPackets,
                                         int templateRefreshSeconds, int maxPacketBytes) {
        return new NetflowExportConfig(collectors, templateRefreshPackets, templateRefreshSeconds, maxPacketBytes);
    }

    /**
     * The defaults, with the given collectors.
     *
     * @param collectors where to send
     * @return the configuration
     */
    public static NetflowExportConfig withCollectors(List<InetSocketAddress> collectors) {
        return of(collectors, TEMPLATE_REFRESH_PACKETS_DEFAULT, TEMPLATE_REFRESH_SECONDS_DEFAULT,
                  MAX_PACKET_BYTES_DEFAULT);
    }

    /**
     * Reads the configuration from component properties. Missing keys take their defaults; a bad value is logged
     * and takes its default too, and a bad collector entry is logged and left out, so a typo never stops export to
     * the other collectors.
     *
     * @param properties component properties (e.g. {@code ComponentContext.getProperties()}); null = defaults
     * @return the configuration
     */
    public static NetflowExportConfig fromProperties(Dictionary<?, ?> properties) {
        List<InetSocketAddress> collectors = new ArrayList<>();
        for (String entry : Splitter.on(',').trimResults().omitEmptyStrings()
                .split(text(properties, COLLECTORS, COLLECTORS_DEFAULT))) {
            try {
                collectors.add(parseCollector(entry));
            } catch (IllegalArgumentException e) {
                log.warn("Ignoring NetFlow collector '{}': {}", entry, e.getMessage());
            }
        }
        int packets = number(properties, TEMPLATE_REFRESH_PACKETS, TEMPLATE_REFRESH_PACKETS_DEFAULT, 1);
        int seconds = number(properties, TEMPLATE_REFRESH_SECONDS, TEMPLATE_REFRESH_SECONDS_DEFAULT, 0);
        int maxBytes = number(properties, MAX_PACKET_BYTES, MAX_PACKET_BYTES_DEFAULT, 1);
        try {
            return of(collectors, packets, seconds, maxBytes);
        } catch (IllegalArgumentException e) {
            log.warn("Ignoring {}={}: {}", MAX_PACKET_BYTES, maxBytes, e.getMessage());
            return of(collectors, packets, seconds, MAX_PACKET_BYTES_DEFAULT);
        }
    }

    /**
     * Parses one collector address.
     *
     * @param hostPort {@code host:port}, {@code a.b.c.d:port} or {@code [v6-address]:port}
     * @return the resolved address
     * @throws IllegalArgumentException when malformed or the host does not resolve
     */
    public static InetSocketAddress parseCollector(String hostPort) {
        return SocketAddresses.parse(hostPort);
    }

    public List<InetSocketAddress> collectors() {
        return collectors;
    }

    public int templateRefreshPackets() {
        return templateRefreshPackets;
    }

    public int templateRefreshSeconds() {
        return templateRefreshSeconds;
    }

    public int maxPacketBytes() {
        return maxPacketBytes;
    }

    private static String text(Dictionary<?, ?> properties, String key, String fallback) {
        Object value = properties == null ? null : properties.get(key);
        return value == null ? fallback : value.toString().trim();
    }

    private static int number(Dictionary<?, ?> properties, String key, int fallback, int min) {
        return Knobs.integer(properties, key, fallback, min, Integer.MAX_VALUE);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof NetflowExportConfig)) {
            return false;
        }
        NetflowExportConfig that = (NetflowExportConfig) o;
        return templateRefreshPackets == that.templateRefreshPackets
                && templateRefreshSeconds == that.templateRefreshSeconds
                && maxPacketBytes == that.maxPacketBytes && collectors.equals(that.collectors);
    }

    @Override
    public int hashCode() {
        return Objects.hash(collectors, templateRefreshPackets, templateRefreshSeconds, maxPacketBytes);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this)
                .add("collectors", collectors).add("templateRefreshPackets", templateRefreshPackets)
                .add("templateRefreshSeconds", templateRefreshSeconds).add("maxPacketBytes", maxPacketBytes)
                .toString();
    }
}
