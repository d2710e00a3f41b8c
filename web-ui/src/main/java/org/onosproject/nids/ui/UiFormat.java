/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.ui;

import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.FlowKey;
import org.onosproject.ui.table.cell.AbstractCellFormatter;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Collection;
import java.util.stream.Collectors;

/**
 * How the NIDS views write flows, protocols, switches and times.
 */
final class UiFormat {

    /** Shown for a value that is not there (no model, no bank). */
    static final String NONE = "-";

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private UiFormat() {
    }

    /**
     * @param protocol IPv4 protocol number
     * @return TCP, UDP, ICMP, or the number
     */
    static String protocol(int protocol) {
        switch (protocol) {
            case 1:
                return "ICMP";
            case 6:
                return "TCP";
            case 17:
                return "UDP";
            default:
                return Integer.toString(protocol);
        }
    }

    /**
     * @param key a flow key
     * @return e.g. {@code 10.0.0.1:51512 → 10.0.0.3:9999 TCP}; ICMP flows without ports
     */
    static String flow(FlowKey key) {
        return endpoint(key.clientIp().toString(), key.clientPort(), key.protocol()) + " \u2192 "
                + endpoint(key.serverIp().toString(), key.serverPort(), key.protocol()) + " "
                + protocol(key.protocol());
    }

    /**
     * @param ip       an address
     * @param port     an L4 port
     * @param protocol IPv4 protocol number
     * @return {@code ip:port}, or just the address for ICMP
     */
    static String endpoint(String ip, int port, int protocol) {
        return protocol == 1 ? ip : ip + ":" + port;
    }

    /**
     * @param devices switches
     * @return their ids, comma separated, in the given order
     */
    static String devices(Collection<DeviceId> devices) {
        return devices.stream().map(DeviceId::toString).collect(Collectors.joining(", "));
    }

    /**
     * @param millis ms since the epoch
     * @param zone   time zone to show the time in
     * @return e.g. {@code 2026-01-15 10:00:05}
     */
    static String time(long millis, ZoneId zone) {
        return TIME.format(Instant.ofEpochMilli(millis).atZone(zone));
    }

    /** Formats a cell holding ms since the epoch as a date and time; the cell sorts by the number. */
    static final class TimeCellFormatter extends AbstractCellFormatter {
        private final ZoneId zone;

        TimeCellFormatter(ZoneId zone) {
            this.zone = zone;
        }

        @Override
        protected String nonNullFormat(Object value) {
            return time(((Number) value).longValue(), zone);
        }
    }
}
