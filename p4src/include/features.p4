/*
 * features.p4: the catalog's features (docs/features.md) from a flow cell and its client's source features,
 * derived in one place for every use: the classifier picks its slots out of the vector, a report copies it.
 */
#ifndef NIDS_FEATURES_P4
#define NIDS_FEATURES_P4

#include "headers.p4"

// Feature id f is bits [32f+31 : 32f] of the vector, zero-extended; durations in microseconds (32-bit, wrapping).
feature_vector_t derive_features(in flow_cell_t cell, in bit<128> source) {
    bool client_high = (cell[FLOW_STATE] & FLOW_STATE_CLIENT_HIGH) != 0;
    bit<16> client_port = client_high ? cell[FLOW_HIGH_PORT] : cell[FLOW_LOW_PORT];
    bit<16> server_port = client_high ? cell[FLOW_LOW_PORT] : cell[FLOW_HIGH_PORT];
    ts_t last_seen = cell[FLOW_LAST_OUT_TS] > cell[FLOW_LAST_IN_TS] ? cell[FLOW_LAST_OUT_TS]
                                                                    : cell[FLOW_LAST_IN_TS];
    bit<32> duration = (bit<32>)(last_seen - cell[FLOW_FIRST_TS]);
    bit<32> duration_in = (bit<32>)(cell[FLOW_LAST_IN_TS] - cell[FLOW_FIRST_TS]);
    bit<32> duration_out = (bit<32>)(cell[FLOW_LAST_OUT_TS] - cell[FLOW_FIRST_OUT_TS]);  // 0 - 0 without OUT
    return source[127:96]                                       // 32 SRC_HALF_OPEN
        ++ source[95:64]                                        // 31 SRC_DST_PORTS
        ++ source[63:32]                                        // 30 SRC_DST_HOSTS
        ++ source[31:0]                                         // 29 SRC_FLOWS
        ++ (bit<32>)cell[FLOW_ICMP][15:8]                       // 28 ICMP_IPV4_TYPE
        ++ (bit<32>)cell[FLOW_ICMP]                             // 27 ICMP_TYPE
        ++ (bit<32>)cell[FLOW_WIN_OUT]                          // 26 TCP_WIN_MAX_OUT
        ++ (bit<32>)cell[FLOW_WIN_IN]                           // 25 TCP_WIN_MAX_IN
        ++ cell[FLOW_LEN_1514]                                  // 24 NUM_PKTS_1024_TO_1514_BYTES
        ++ cell[FLOW_LEN_1024]                                  // 23 NUM_PKTS_512_TO_1024_BYTES
        ++ cell[FLOW_LEN_512]                                   // 22 NUM_PKTS_256_TO_512_BYTES
        ++ cell[FLOW_LEN_256]                                   // 21 NUM_PKTS_128_TO_256_BYTES
        ++ cell[FLOW_LEN_128]                                   // 20 NUM_PKTS_UP_TO_128_BYTES
        ++ (bit<32>)cell[FLOW_MAX_LEN]                          // 19 MAX_IP_PKT_LEN
        ++ (bit<32>)cell[FLOW_MIN_LEN]                          // 18 MIN_IP_PKT_LEN
        ++ (bit<32>)cell[FLOW_MIN_LEN]                          // 17 SHORTEST_FLOW_PKT
        ++ (bit<32>)cell[FLOW_MAX_LEN]                          // 16 LONGEST_FLOW_PKT
        ++ (bit<32>)cell[FLOW_MAX_TTL]                          // 15 MAX_TTL
        ++ (bit<32>)cell[FLOW_MIN_TTL]                          // 14 MIN_TTL
        ++ duration_out                                         // 13 DURATION_OUT
        ++ duration_in                                          // 12 DURATION_IN
        ++ duration                                             // 11 FLOW_DURATION_MILLISECONDS
        ++ (bit<32>)cell[FLOW_SERVER_FLAGS]                     // 10 SERVER_TCP_FLAGS
        ++ (bit<32>)cell[FLOW_CLIENT_FLAGS]                     //  9 CLIENT_TCP_FLAGS
        ++ (bit<32>)(cell[FLOW_CLIENT_FLAGS] | cell[FLOW_SERVER_FLAGS])  //  8 TCP_FLAGS
        ++ cell[FLOW_OUT_PKTS]                                  //  7 OUT_PKTS
        ++ cell[FLOW_OUT_BYTES]                                 //  6 OUT_BYTES
        ++ cell[FLOW_IN_PKTS]                                   //  5 IN_PKTS
        ++ cell[FLOW_IN_BYTES]                                  //  4 IN_BYTES
        ++ (bit<32>)cell[FLOW_PROTO]                            //  3 PROTOCOL
        ++ (bit<32>)server_port                                 //  2 L4_DST_PORT
        ++ (bit<32>)client_port                                 //  1 L4_SRC_PORT
        ++ 32w0;                                                //  0 no feature
}

#endif
