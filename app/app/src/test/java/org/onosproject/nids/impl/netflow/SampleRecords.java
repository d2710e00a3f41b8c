/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.netflow;

import com.google.common.collect.ImmutableMap;
import org.onlab.packet.Ip4Address;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.nids.api.FlowKey;
import org.onosproject.nids.api.FlowRecord;

/**
 * The flow records of the hand-written vectors (the same values as the vectors' comments) and a builder for more.
 */
final class SampleRecords {

    static final int TCP = 6;
    static final int UDP = 17;
    static final int ICMP = 1;

    private SampleRecords() {
    }

    /**
     * A record builder with key, device and port set.
     *
     * @param device     device id
     * @param client     client address
     * @param clientPort client port
     * @param server     server address
     * @param serverPort server port
     * @param protocol   IP protocol
     * @return a builder
     */
    static FlowRecord.Builder flow(String device, String client, int clientPort, String server, int serverPort,
                                   int protocol) {
        return FlowRecord.builder()
                .deviceId(DeviceId.deviceId(device))
                .ingressPort(PortNumber.portNumber(1))
                .key(FlowKey.of(Ip4Address.valueOf(client), Ip4Address.valueOf(server), clientPort, serverPort,
                                protocol))
                .reason("FLOW_END");
    }

    /** @return the TCP record of template-and-tcp-record.hex */
    static FlowRecord vectorTcp() {
        return flow("device:bmv2:s1", "10.0.0.1", 40000, "10.0.0.2", 80, TCP)
                .ingressPort(PortNumber.portNumber(3))
                .features(ImmutableMap.<String, Long>builder()
                        .put("L4_SRC_PORT", 40000L).put("L4_DST_PORT", 80L).put("PROTOCOL", 6L)
                        .put("IN_BYTES", 1500L).put("IN_PKTS", 10L).put("OUT_BYTES", 12000L).put("OUT_PKTS", 9L)
                        .put("TCP_FLAGS", 0x1bL).put("CLIENT_TCP_FLAGS", 0x1bL).put("SERVER_TCP_FLAGS", 0x1aL)
                        .put("FLOW_DURATION_MILLISECONDS", 250L).put("DURATION_IN", 240L).put("DURATION_OUT", 230L)
                        .put("MIN_TTL", 63L).put("MAX_TTL", 64L)
                        .put("LONGEST_FLOW_PKT", 1420L).put("SHORTEST_FLOW_PKT", 52L)
                        .put("MIN_IP_PKT_LEN", 52L).put("MAX_IP_PKT_LEN", 1420L)
                        .put("NUM_PKTS_UP_TO_128_BYTES", 10L).put("NUM_PKTS_128_TO_256_BYTES", 0L)
                        .put("NUM_PKTS_256_TO_512_BYTES", 0L).put("NUM_PKTS_512_TO_1024_BYTES", 1L)
                        .put("NUM_PKTS_1024_TO_1514_BYTES", 8L)
                        .put("TCP_WIN_MAX_IN", 64240L).put("TCP_WIN_MAX_OUT", 65160L)
                        .put("ICMP_TYPE", 0L).put("ICMP_IPV4_TYPE", 0L)
                        .build())
                .classId(2).leafId(17)
                .firstSeenMicros(5_000_123_456L).lastSeenMicros(5_000_373_999L)
                .build();
    }

    /** @return the UDP record of udp-and-icmp-records.hex */
    static FlowRecord vectorUdp() {
        return flow("device:bmv2:s1", "192.168.1.10", 53000, "8.8.8.8", 53, UDP)
                .ingressPort(PortNumber.portNumber(65536))
                .features(ImmutableMap.<String, Long>builder()
                        .put("IN_BYTES", 70L).put("IN_PKTS", 1L).put("OUT_BYTES", 230L).put("OUT_PKTS", 1L)
                        .put("FLOW_DURATION_MILLISECONDS", 43L)
                        .put("MIN_TTL", 64L).put("MAX_TTL", 128L)
                        .put("LONGEST_FLOW_PKT", 230L).put("SHORTEST_FLOW_PKT", 70L)
                        .put("MIN_IP_PKT_LEN", 70L).put("MAX_IP_PKT_LEN", 230L)
                        .put("NUM_PKTS_UP_TO_128_BYTES", 1L).put("NUM_PKTS_128_TO_256_BYTES", 1L)
                        .build())
                .classId(0).leafId(5)
                .firstSeenMicros(4_294_967_296_500L).lastSeenMicros(4_294_967_340_000L)
                .build();
    }

    /** @return the ICMP record of udp-and-icmp-records.hex */
    static FlowRecord vectorIcmp() {
        return flow("device:bmv2:s1", "172.16.0.5", 0, "10.1.2.3", 0, ICMP)
                .ingressPort(PortNumber.portNumber(2))
                .features(ImmutableMap.<String, Long>builder()
                        .put("IN_BYTES", 336L).put("IN_PKTS", 4L).put("OUT_BYTES", 336L).put("OUT_PKTS", 4L)
                        .put("FLOW_DURATION_MILLISECONDS", 3043L).put("DURATION_IN", 3000L)
                        .put("DURATION_OUT", 2990L)
                        .put("MIN_TTL", 63L).put("MAX_TTL", 64L)
                        .put("LONGEST_FLOW_PKT", 84L).put("SHORTEST_FLOW_PKT", 84L)
                        .put("MIN_IP_PKT_LEN", 84L).put("MAX_IP_PKT_LEN", 84L)
                        .put("NUM_PKTS_UP_TO_128_BYTES", 8L)
                        .put("ICMP_TYPE", 8L * 256).put("ICMP_IPV4_TYPE", 8L)
                        .build())
                .classId(3).leafId(42)
                .firstSeenMicros(123_456_789L).lastSeenMicros(126_500_000L)
                .build();
    }
}
