/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.netflow;

import org.onosproject.nids.api.FlowRecord;

import java.util.Optional;

/**
 * The fields the NIDS exports in NetFlow v9 data records: element (field type) id, length in bytes and where the
 * value comes from. Declaration order is the order of the default template (see docs/netflow.md).
 * <p>
 * Ids: RFC 3954 numbers where RFC 3954 defines the element, IANA IPFIX numbers (which v9 collectors share) where only
 * IPFIX does, nProbe's documented v9 numbers for the nProbe-only features the datasets were built from, and two
 * private numbers for the NIDS verdict, far from every vendor range we know of.
 */
public enum NetflowField {

    // The flow key. The key, not the L4_*_PORT/PROTOCOL features, is authoritative (the switch keys on it).
    IPV4_SRC_ADDR(8, 4),
    IPV4_DST_ADDR(12, 4),
    L4_SRC_PORT(7, 2),
    L4_DST_PORT(11, 2),
    PROTOCOL(4, 1),
    TCP_FLAGS(6, 1, "TCP_FLAGS"),
    // ONOS port numbers are 32-bit on P4Runtime devices; RFC 3954's default of 2 bytes would truncate them.
    INPUT_SNMP(10, 4),

    // Counters: IN = client -> server, OUT = server -> client (docs/features.md), as nProbe uses 1/2/23/24.
    IN_BYTES(1, 4, "IN_BYTES"),
    IN_PKTS(2, 4, "IN_PKTS"),
    OUT_BYTES(23, 4, "OUT_BYTES"),
    OUT_PKTS(24, 4, "OUT_PKTS"),

    // sysUptime of the first/last packet: the switch's own clock in ms (see SwitchClock).
    FIRST_SWITCHED(22, 4),
    LAST_SWITCHED(21, 4),

    MIN_TTL(52, 1, "MIN_TTL"),
    MAX_TTL(53, 1, "MAX_TTL"),
    MIN_PKT_LNGTH(25, 2, "MIN_IP_PKT_LEN"),
    MAX_PKT_LNGTH(26, 2, "MAX_IP_PKT_LEN"),
    ICMP_TYPE(32, 2, "ICMP_TYPE"),
    // IANA icmpTypeIPv4 (176); nProbe exports ICMP_IPV4_TYPE under the same number.
    ICMP_IPV4_TYPE(176, 1, "ICMP_IPV4_TYPE"),
    // IANA flowDurationMilliseconds (161); nProbe's FLOW_DURATION_MILLISECONDS uses it too.
    FLOW_DURATION_MILLISECONDS(161, 4, "FLOW_DURATION_MILLISECONDS"),

    // nProbe-only features, under nProbe's v9 numbers (ntop range 57472+).
    CLIENT_TCP_FLAGS(57550, 1, "CLIENT_TCP_FLAGS"),
    SERVER_TCP_FLAGS(57551, 1, "SERVER_TCP_FLAGS"),
    DURATION_IN(57863, 4, "DURATION_IN"),
    DURATION_OUT(57864, 4, "DURATION_OUT"),
    LONGEST_FLOW_PKT(57579, 2, "LONGEST_FLOW_PKT"),
    SHORTEST_FLOW_PKT(57580, 2, "SHORTEST_FLOW_PKT"),
    NUM_PKTS_UP_TO_128_BYTES(57560, 4, "NUM_PKTS_UP_TO_128_BYTES"),
    NUM_PKTS_128_TO_256_BYTES(57561, 4, "NUM_PKTS_128_TO_256_BYTES"),
    NUM_PKTS_256_TO_512_BYTES(57562, 4, "NUM_PKTS_256_TO_512_BYTES"),
    NUM_PKTS_512_TO_1024_BYTES(57563, 4, "NUM_PKTS_512_TO_1024_BYTES"),
    NUM_PKTS_1024_TO_1514_BYTES(57564, 4, "NUM_PKTS_1024_TO_1514_BYTES"),
    TCP_WIN_MAX_IN(57888, 2, "TCP_WIN_MAX_IN"),
    TCP_WIN_MAX_OUT(57892, 2, "TCP_WIN_MAX_OUT"),

    // The NIDS verdict. No exporter defines these, so they get private numbers (0xC000 and up).
    NIDS_CLASS_ID(49152, 4),
    NIDS_LEAF_ID(49153, 4);

    private final int elementId;
    private final int length;
    private final String featureName;

    /** A field computed from the record's key, port, times or verdict (see {@link #valueOf}). */
    NetflowField(int elementId, int length) {
        this(elementId, length, null);
    }

    /** A field carrying one catalog feature of the record. */
    NetflowField(int elementId, int length, String featureName) {
        this.elementId = elementId;
        this.length = length;
        this.featureName = featureName;
    }

    /** @return the v9 field type (element id) announced in the template */
    public int elementId() {
        return elementId;
    }

    /** @return bytes the field takes in a data record */
    public int length() {
        return length;
    }

    /**
     * The field's value for a record, before it is cut to {@link #length()} bytes.
     *
     * @param record flow record
     * @return the value (unsigned; only the low {@code length} bytes are exported)
     */
    public long valueOf(FlowRecord record) {
        if (featureName != null) {
            return record.feature(featureName);
        }
        switch (this) {
            case IPV4_SRC_ADDR:
                return Integer.toUnsignedLong(record.key().clientIp().toInt());
            case IPV4_DST_ADDR:
                return Integer.toUnsignedLong(record.key().serverIp().toInt());
            case L4_SRC_PORT:
                return record.key().clientPort();
            case L4_DST_PORT:
                return record.key().serverPort();
            case PROTOCOL:
                return record.key().protocol();
            case INPUT_SNMP:
                // The flow's input interface: where its source (the client, whose packets it counts as IN) entered.
                return record.clientIngressPort().toLong();
            case FIRST_SWITCHED:
                return SwitchClock.uptimeMillis(record.firstSeenMicros());
            case LAST_SWITCHED:
                return SwitchClock.uptimeMillis(record.lastSeenMicros());
            case NIDS_CLASS_ID:
                return record.classId();
            case NIDS_LEAF_ID:
                return record.leafId();
            default:
                throw new IllegalStateException(this + " carries neither a feature nor a computed value");
        }
    }

    /** @return the catalog feature the field carries, if it carries one */
    public Optional<String> featureName() {
        return Optional.ofNullable(featureName);
    }
}
