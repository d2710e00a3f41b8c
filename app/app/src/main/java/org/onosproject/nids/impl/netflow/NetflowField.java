/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.netflow;

import org.onosproject.nids.api.FlowRecord;

import java.util.Optional;
import java.util.function.ToLongFunction;

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
    IPV4_SRC_ADDR(8, 4, r -> Integer.toUnsignedLong(r.key().clientIp().toInt())),
    IPV4_DST_ADDR(12, 4, r -> Integer.toUnsignedLong(r.key().serverIp().toInt())),
    L4_SRC_PORT(7, 2, r -> r.key().clientPort()),
    L4_DST_PORT(11, 2, r -> r.key().serverPort()),
    PROTOCOL(4, 1, r -> r.key().protocol()),
    TCP_FLAGS(6, 1, feature("TCP_FLAGS")),
    // ONOS port numbers are 32-bit on P4Runtime devices; RFC 3954's default of 2 bytes would truncate them.
    INPUT_SNMP(10, 4, r -> r.ingressPort().toLong()),

    // Counters: IN = client -> server, OUT = server -> client (docs/features.md), as nProbe uses 1/2/23/24.
    IN_BYTES(1, 4, feature("IN_BYTES")),
    IN_PKTS(2, 4, feature("IN_PKTS")),
    OUT_BYTES(23, 4, feature("OUT_BYTES")),
    OUT_PKTS(24, 4, feature("OUT_PKTS")),

    // sysUptime of the first/last packet: the switch's own clock in ms (see SwitchClock).
    FIRST_SWITCHED(22, 4, r -> SwitchClock.uptimeMillis(r.firstSeenMicros())),
    LAST_SWITCHED(21, 4, r -> SwitchClock.uptimeMillis(r.lastSeenMicros())),

    MIN_TTL(52, 1, feature("MIN_TTL")),
    MAX_TTL(53, 1, feature("MAX_TTL")),
    MIN_PKT_LNGTH(25, 2, feature("MIN_IP_PKT_LEN")),
    MAX_PKT_LNGTH(26, 2, feature("MAX_IP_PKT_LEN")),
    ICMP_TYPE(32, 2, feature("ICMP_TYPE")),
    // IANA icmpTypeIPv4 (176); nProbe exports ICMP_IPV4_TYPE under the same number.
    ICMP_IPV4_TYPE(176, 1, feature("ICMP_IPV4_TYPE")),
    // IANA flowDurationMilliseconds (161); nProbe's FLOW_DURATION_MILLISECONDS uses it too.
    FLOW_DURATION_MILLISECONDS(161, 4, feature("FLOW_DURATION_MILLISECONDS")),

    // nProbe-only features, under nProbe's v9 numbers (ntop range 57472+).
    CLIENT_TCP_FLAGS(57550, 1, feature("CLIENT_TCP_FLAGS")),
    SERVER_TCP_FLAGS(57551, 1, feature("SERVER_TCP_FLAGS")),
    DURATION_IN(57863, 4, feature("DURATION_IN")),
    DURATION_OUT(57864, 4, feature("DURATION_OUT")),
    LONGEST_FLOW_PKT(57579, 2, feature("LONGEST_FLOW_PKT")),
    SHORTEST_FLOW_PKT(57580, 2, feature("SHORTEST_FLOW_PKT")),
    NUM_PKTS_UP_TO_128_BYTES(57560, 4, feature("NUM_PKTS_UP_TO_128_BYTES")),
    NUM_PKTS_128_TO_256_BYTES(57561, 4, feature("NUM_PKTS_128_TO_256_BYTES")),
    NUM_PKTS_256_TO_512_BYTES(57562, 4, feature("NUM_PKTS_256_TO_512_BYTES")),
    NUM_PKTS_512_TO_1024_BYTES(57563, 4, feature("NUM_PKTS_512_TO_1024_BYTES")),
    NUM_PKTS_1024_TO_1514_BYTES(57564, 4, feature("NUM_PKTS_1024_TO_1514_BYTES")),
    TCP_WIN_MAX_IN(57888, 2, feature("TCP_WIN_MAX_IN")),
    TCP_WIN_MAX_OUT(57892, 2, feature("TCP_WIN_MAX_OUT")),

    // The NIDS verdict. No exporter defines these, so they get private numbers (0xC000 and up).
    NIDS_CLASS_ID(49152, 4, FlowRecord::classId),
    NIDS_LEAF_ID(49153, 4, FlowRecord::leafId);

    private final int elementId;
    private final int length;
    private final ToLongFunction<FlowRecord> value;
    private final String featureName;

    NetflowField(int elementId, int length, ToLongFunction<FlowRecord> value) {
        this.elementId = elementId;
        this.length = length;
        this.value = value;
        this.featureName = value instanceof FeatureValue ? ((FeatureValue) value).name : null;
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
        return value.applyAsLong(record);
    }

    /** @return the catalog feature the field carries, if it carries one */
    public Optional<String> featureName() {
        return Optional.ofNullable(featureName);
    }

    private static ToLongFunction<FlowRecord> feature(String name) {
        return new FeatureValue(name);
    }

    /** Reads one catalog feature; a class of its own so the field can tell which feature it carries. */
    private static final class FeatureValue implements ToLongFunction<FlowRecord> {
        private final String name;

        private FeatureValue(String name) {
            this.name = name;
        }

        @Override
        public long applyAsLong(FlowRecord record) {
            return record.feature(name);
        }
    }
}
