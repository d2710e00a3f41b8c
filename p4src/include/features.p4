/*
 * features.p4: the catalog's features (docs/features.md) from a flow's cells and its client's source features,
 * derived in one place for every use: the classifier picks its slots out of the vector, a report copies it.
 */
#ifndef NIDS_FEATURES_P4
#define NIDS_FEATURES_P4

#include "headers.p4"

// Durations are 32-bit microsecond differences from the flow's first packet (the client's); the flow's duration
// is the later of its last IN and last OUT packet's.
bit<32> duration_in_of(in flow_keys_t keys, in flow_counts_t counts) {
    return counts[FLOW_LAST_IN_TS] - keys[FLOW_FIRST_TS][31:0];
}

bit<32> duration_of(in flow_keys_t keys, in flow_counts_t counts) {
    bit<32> last_in = counts[FLOW_LAST_IN_TS] - keys[FLOW_FIRST_TS][31:0];
    bit<32> last_out = counts[FLOW_OUT_PKTS] == 0 ? 32w0 : counts[FLOW_LAST_OUT_TS] - keys[FLOW_FIRST_TS][31:0];
    return last_out > last_in ? last_out : last_in;
}

// floor(log2(x)) for x >= 1 (0 for x = 0): a priority encoding in five halving steps, no table.
bit<8> floor_log2(in bit<32> x) {
    bit<32> rest = x;
    bit<8> log2 = 0;
    bit<8> step = rest[31:16] != 0 ? 8w16 : 8w0;
    rest = rest >> step;
    log2 = log2 + step;
    step = rest[15:8] != 0 ? 8w8 : 8w0;
    rest = rest >> step;
    log2 = log2 + step;
    step = rest[7:4] != 0 ? 8w4 : 8w0;
    rest = rest >> step;
    log2 = log2 + step;
    step = rest[3:2] != 0 ? 8w2 : 8w0;
    rest = rest >> step;
    log2 = log2 + step;
    return log2 + (rest[1:1] != 0 ? 8w1 : 8w0);
}

// The client's packet spacing, without a division: DURATION_IN over the largest power of two not above IN_PKTS,
// ½ to 2 times the mean spacing DURATION_IN / (IN_PKTS - 1) (docs/features.md, "Packet spacing").
bit<32> in_pkt_interval_of(in flow_keys_t keys, in flow_counts_t counts) {
    return duration_in_of(keys, counts) >> floor_log2(counts[FLOW_IN_PKTS]);
}

// Feature id f is bits [32 * ((f - 1) % 8) + 31 : ...] of part (f - 1) / 8; each line names its feature.
feature_vector_t derive_features(in flow_keys_t keys, in flow_counts_t counts, in flow_shape_t shape,
                                 in bit<128> source) {
    bool client_high = (keys[FLOW_STATE] & FLOW_STATE_CLIENT_HIGH) != 0;
    bit<16> client_port = client_high ? keys[FLOW_HIGH_PORT] : keys[FLOW_LOW_PORT];
    bit<16> server_port = client_high ? keys[FLOW_LOW_PORT] : keys[FLOW_HIGH_PORT];
    bit<32> duration_out = counts[FLOW_OUT_PKTS] == 0 ? 32w0 : counts[FLOW_LAST_OUT_TS] - keys[FLOW_FIRST_OUT_TS];
    feature_vector_t v;
    v.ids_1_to_8 = (bit<32>)(counts[FLOW_CLIENT_FLAGS] | counts[FLOW_SERVER_FLAGS])  //  8 TCP_FLAGS
        ++ counts[FLOW_OUT_PKTS]                                        //  7 OUT_PKTS
        ++ counts[FLOW_OUT_BYTES]                                       //  6 OUT_BYTES
        ++ counts[FLOW_IN_PKTS]                                         //  5 IN_PKTS
        ++ counts[FLOW_IN_BYTES]                                        //  4 IN_BYTES
        ++ (bit<32>)keys[FLOW_PROTO]                                    //  3 PROTOCOL
        ++ (bit<32>)server_port                                         //  2 L4_DST_PORT
        ++ (bit<32>)client_port;                                        //  1 L4_SRC_PORT
    v.ids_9_to_16 = (bit<32>)shape[FLOW_MAX_LEN]                       // 16 LONGEST_FLOW_PKT
        ++ (bit<32>)shape[FLOW_MAX_TTL]                                // 15 MAX_TTL
        ++ (bit<32>)shape[FLOW_MIN_TTL]                                // 14 MIN_TTL
        ++ duration_out                                                 // 13 DURATION_OUT
        ++ duration_in_of(keys, counts)                                 // 12 DURATION_IN
        ++ duration_of(keys, counts)                                    // 11 FLOW_DURATION_MILLISECONDS
        ++ (bit<32>)counts[FLOW_SERVER_FLAGS]                           // 10 SERVER_TCP_FLAGS
        ++ (bit<32>)counts[FLOW_CLIENT_FLAGS];                          //  9 CLIENT_TCP_FLAGS
    v.ids_17_to_24 = shape[FLOW_LEN_1514]                               // 24 NUM_PKTS_1024_TO_1514_BYTES
        ++ shape[FLOW_LEN_1024]                                         // 23 NUM_PKTS_512_TO_1024_BYTES
        ++ shape[FLOW_LEN_512]                                          // 22 NUM_PKTS_256_TO_512_BYTES
        ++ shape[FLOW_LEN_256]                                          // 21 NUM_PKTS_128_TO_256_BYTES
        ++ shape[FLOW_LEN_128]                                          // 20 NUM_PKTS_UP_TO_128_BYTES
        ++ (bit<32>)shape[FLOW_MAX_LEN]                                // 19 MAX_IP_PKT_LEN
        ++ (bit<32>)shape[FLOW_MIN_LEN]                                // 18 MIN_IP_PKT_LEN
        ++ (bit<32>)shape[FLOW_MIN_LEN];                               // 17 SHORTEST_FLOW_PKT
    v.ids_25_to_32 = source[127:96]                                     // 32 SRC_HALF_OPEN
        ++ source[95:64]                                                // 31 SRC_DST_PORTS
        ++ source[63:32]                                                // 30 SRC_DST_HOSTS
        ++ source[31:0]                                                 // 29 SRC_FLOWS
        ++ (bit<32>)keys[FLOW_ICMP][15:8]                               // 28 ICMP_IPV4_TYPE
        ++ (bit<32>)keys[FLOW_ICMP]                                     // 27 ICMP_TYPE
        ++ (bit<32>)shape[FLOW_WIN_OUT]                                 // 26 TCP_WIN_MAX_OUT
        ++ (bit<32>)shape[FLOW_WIN_IN];                                 // 25 TCP_WIN_MAX_IN
    v.id_33 = in_pkt_interval_of(keys, counts);                          // 33 IN_PKT_INTERVAL
    return v;
}

// The 32-bit data-plane value of feature `id` (1..33) in the vector; 0 for id 0.
slot_value_t feature_value(in feature_vector_t v, in bit<8> id) {
    bit<8> index = id - 1;
    bit<8> shift = (index & 7) << 5;
    bit<256> part = index < 8 ? v.ids_1_to_8 : (index < 16 ? v.ids_9_to_16
                  : (index < 24 ? v.ids_17_to_24 : (index < 32 ? v.ids_25_to_32 : (bit<256>)v.id_33)));
    return id == 0 ? 32w0 : (slot_value_t)(part >> shift);
}

#endif
