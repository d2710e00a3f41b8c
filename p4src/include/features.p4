/*
 * features.p4: the catalog's features (docs/features.md) from a flow's cells and its client's source features,
 * derived in one place for every use: the classifier picks its slots out of the vector, a report copies it.
 */
#ifndef NIDS_FEATURES_P4
#define NIDS_FEATURES_P4

#include "headers.p4"

// Durations are 32-bit microsecond differences from the flow's first packet (the client's); the flow's duration
// is the later of its last IN and last OUT packet's.
bit<32> duration_in_of(in flow_keys_t keys, in flow_traffic_t traffic) {
    return traffic[FLOW_LAST_IN_TS] - keys[FLOW_FIRST_TS][31:0];
}

bit<32> duration_of(in flow_keys_t keys, in flow_traffic_t traffic, in flow_tally_t tally) {
    bit<32> last_in = traffic[FLOW_LAST_IN_TS] - keys[FLOW_FIRST_TS][31:0];
    bit<32> last_out = NO_OUT_PACKET(tally) ? 32w0 : traffic[FLOW_LAST_OUT_TS] - keys[FLOW_FIRST_TS][31:0];
    return last_out > last_in ? last_out : last_in;
}

// floor(log2(x)) for x >= 1 (0 for x = 0) as a chain of ?: from the smallest result up: BMv2 evaluates a ?: only
// as far as needed, so floor(log2(x)) + 1 comparisons (8 for a flow's 128th packet). A macro, because p4c keeps a
// macro's ?: chain in one expression (nested in the else branches only: a ?: in a then branch becomes temporaries),
// where the halving steps of a priority encoding, inlined, grew to 240 operations evaluated in full (p4c
// substitutes every step's value into each later use).
#define FLOOR_LOG2(x) ((x) < 32w0x2 ? 8w0 : ((x) < 32w0x4 ? 8w1 : ((x) < 32w0x8 ? 8w2 : ((x) < 32w0x10 ? 8w3 : \
    ((x) < 32w0x20 ? 8w4 : ((x) < 32w0x40 ? 8w5 : ((x) < 32w0x80 ? 8w6 : ((x) < 32w0x100 ? 8w7 : \
    ((x) < 32w0x200 ? 8w8 : ((x) < 32w0x400 ? 8w9 : ((x) < 32w0x800 ? 8w10 : ((x) < 32w0x1000 ? 8w11 : \
    ((x) < 32w0x2000 ? 8w12 : ((x) < 32w0x4000 ? 8w13 : ((x) < 32w0x8000 ? 8w14 : ((x) < 32w0x10000 ? 8w15 : \
    ((x) < 32w0x20000 ? 8w16 : ((x) < 32w0x40000 ? 8w17 : ((x) < 32w0x80000 ? 8w18 : ((x) < 32w0x100000 ? 8w19 : \
    ((x) < 32w0x200000 ? 8w20 : ((x) < 32w0x400000 ? 8w21 : ((x) < 32w0x800000 ? 8w22 : \
    ((x) < 32w0x1000000 ? 8w23 : ((x) < 32w0x2000000 ? 8w24 : ((x) < 32w0x4000000 ? 8w25 : \
    ((x) < 32w0x8000000 ? 8w26 : ((x) < 32w0x10000000 ? 8w27 : ((x) < 32w0x20000000 ? 8w28 : \
    ((x) < 32w0x40000000 ? 8w29 : ((x) < 32w0x80000000 ? 8w30 : 8w31)))))))))))))))))))))))))))))))

// The client's packet spacing, without a division: DURATION_IN over the largest power of two not above IN_PKTS,
// ½ to 2 times the mean spacing DURATION_IN / (IN_PKTS - 1) (docs/features.md, "Packet spacing").
// (The duration in a local first: a function call in the same expression as a ?: makes p4c turn the ?: into
// temporaries, to keep the call's order of evaluation.)
bit<32> in_pkt_interval_of(in flow_keys_t keys, in flow_traffic_t traffic, in flow_tally_t tally) {
    bit<32> duration_in = duration_in_of(keys, traffic);
    return duration_in >> FLOOR_LOG2(tally[FLOW_IN_PKTS]);
}

// Feature id f is bits [32 * ((f - 1) % 8) + 31 : ...] of part (f - 1) / 8; each line names its feature.
feature_vector_t derive_features(in flow_keys_t keys, in flow_traffic_t traffic, in flow_tally_t tally,
                                 in bit<128> source) {
    bool client_high = (keys[FLOW_STATE] & FLOW_STATE_CLIENT_HIGH) != 0;
    // An ICMP flow's key ports hold a query's identifier (parser.p4); its L4 port features are 0, as in the datasets.
    bool icmp = keys[FLOW_PROTO] == IP_PROTO_ICMP;
    bit<32> ports = FLOW_PORTS_OF(keys);        // low port ++ high port
    bit<16> client_port = icmp ? 16w0 : (client_high ? ports[15:0] : ports[31:16]);
    bit<16> server_port = icmp ? 16w0 : (client_high ? ports[31:16] : ports[15:0]);
    bit<32> duration_out = NO_OUT_PACKET(tally) ? 32w0 : traffic[FLOW_LAST_OUT_TS] - keys[FLOW_FIRST_OUT_TS];
    feature_vector_t v;
    v.ids_1_to_8 = (bit<32>)(traffic[FLOW_CLIENT_FLAGS] | traffic[FLOW_SERVER_FLAGS])  //  8 TCP_FLAGS
        ++ FLOW_OUT_PKTS_OF(tally)                                      //  7 OUT_PKTS
        ++ traffic[FLOW_OUT_BYTES]                                      //  6 OUT_BYTES
        ++ tally[FLOW_IN_PKTS]                                          //  5 IN_PKTS
        ++ traffic[FLOW_IN_BYTES]                                       //  4 IN_BYTES
        ++ (bit<32>)keys[FLOW_PROTO]                                    //  3 PROTOCOL
        ++ (bit<32>)server_port                                         //  2 L4_DST_PORT
        ++ (bit<32>)client_port;                                        //  1 L4_SRC_PORT
    v.ids_9_to_16 = (bit<32>)traffic[FLOW_MAX_LEN]                      // 16 LONGEST_FLOW_PKT
        ++ (bit<32>)traffic[FLOW_MAX_TTL]                               // 15 MAX_TTL
        ++ (bit<32>)traffic[FLOW_MIN_TTL]                               // 14 MIN_TTL
        ++ duration_out                                                 // 13 DURATION_OUT
        ++ duration_in_of(keys, traffic)                                // 12 DURATION_IN
        ++ duration_of(keys, traffic, tally)                            // 11 FLOW_DURATION_MILLISECONDS
        ++ (bit<32>)traffic[FLOW_SERVER_FLAGS]                          // 10 SERVER_TCP_FLAGS
        ++ (bit<32>)traffic[FLOW_CLIENT_FLAGS];                         //  9 CLIENT_TCP_FLAGS
    v.ids_17_to_24 = tally[FLOW_LEN_1514]                               // 24 NUM_PKTS_1024_TO_1514_BYTES
        ++ tally[FLOW_LEN_1024]                                         // 23 NUM_PKTS_512_TO_1024_BYTES
        ++ tally[FLOW_LEN_512]                                          // 22 NUM_PKTS_256_TO_512_BYTES
        ++ tally[FLOW_LEN_256]                                          // 21 NUM_PKTS_128_TO_256_BYTES
        ++ tally[FLOW_LEN_128]                                          // 20 NUM_PKTS_UP_TO_128_BYTES
        ++ (bit<32>)traffic[FLOW_MAX_LEN]                               // 19 MAX_IP_PKT_LEN
        ++ (bit<32>)traffic[FLOW_MIN_LEN]                               // 18 MIN_IP_PKT_LEN
        ++ (bit<32>)traffic[FLOW_MIN_LEN];                              // 17 SHORTEST_FLOW_PKT
    v.ids_25_to_32 = source[127:96]                                     // 32 SRC_HALF_OPEN
        ++ source[95:64]                                                // 31 SRC_DST_PORTS
        ++ source[63:32]                                                // 30 SRC_DST_HOSTS
        ++ source[31:0]                                                 // 29 SRC_FLOWS
        ++ (bit<32>)keys[FLOW_ICMP][15:8]                               // 28 ICMP_IPV4_TYPE
        ++ (bit<32>)keys[FLOW_ICMP]                                     // 27 ICMP_TYPE
        ++ (bit<32>)traffic[FLOW_WIN_OUT]                               // 26 TCP_WIN_MAX_OUT
        ++ (bit<32>)traffic[FLOW_WIN_IN];                               // 25 TCP_WIN_MAX_IN
    v.id_33 = in_pkt_interval_of(keys, traffic, tally);                 // 33 IN_PKT_INTERVAL
    return v;
}

// The 32-bit data-plane value of feature `id` (1..33) in the feature vector V; 0 for id 0. A macro, one
// expression: as an inlined function p4c wrote the part chosen into four 256-bit temporaries, each chosen again
// (eight field writes and about 100 operations per tree level).
#define FEATURE_VALUE(V, id) \
    ((id) == 0 ? 32w0 \
     : (slot_value_t)(((id) <= 8 ? V.ids_1_to_8 : ((id) <= 16 ? V.ids_9_to_16 \
                       : ((id) <= 24 ? V.ids_17_to_24 : ((id) <= 32 ? V.ids_25_to_32 : (bit<256>)V.id_33)))) \
                      >> ((((id) - 1) & 7) << 5)))

#endif
