/*
 * classifier.p4: the run-time-updatable, table-driven decision tree ("encode-based": one range table per
 * feature slot turns a value into an interval code, one decision table maps the codes to a class).
 *
 * Per slot i in 0..K-1 (K = NUM_SLOTS_VALUE = 8):
 *   sel<i>    key bank (exact)                     -> select_feature(feature_id): the feature in slot i
 *   range<i>  key bank (exact), value (range)      -> set_code(code): the interval code of the value
 * then
 *   decision  key bank (exact), code_0..code_7 (range) -> set_class(class_id, leaf_id)
 * Missing entries: feature 0 (value 0), code 0, class 0 / leaf 0 (benign, "no leaf").
 * The bank comes from the config table (one read per packet), so a packet is classified by one bank only;
 * the controller writes the idle bank and flips the config's bank to switch models atomically.
 * class_counter[bank * CLASSES_PER_BANK + class_id] counts classified packets (probes are not counted);
 * class ids must be < CLASSES_PER_BANK_VALUE (32).
 */
#ifndef NIDS_CLASSIFIER_P4
#define NIDS_CLASSIFIER_P4

#include "../headers.p4"
#include "../size.p4"

// The tables of one slot. sel<i> names the feature; the hidden pick<i> (const entries, one per feature id)
// copies that feature's value into slot_value; range<i> turns it into a code. All slots share the
// actions and slot_value (the slots run one after the other); the apply block copies the code into the
// slot's own variable. One table lookup per slot instead of a chain of up to 28 comparisons: BMv2 pays
// for every condition it evaluates.
#define PICK_ACTION_NAMES pick_l4_src_port; pick_l4_dst_port; pick_protocol; pick_in_bytes; pick_in_pkts; pick_out_bytes; pick_out_pkts; pick_tcp_flags; pick_client_tcp_flags; pick_server_tcp_flags; pick_flow_duration_milliseconds; pick_duration_in; pick_duration_out; pick_min_ttl; pick_max_ttl; pick_longest_flow_pkt; pick_shortest_flow_pkt; pick_min_ip_pkt_len; pick_max_ip_pkt_len; pick_num_pkts_up_to_128_bytes; pick_num_pkts_128_to_256_bytes; pick_num_pkts_256_to_512_bytes; pick_num_pkts_512_to_1024_bytes; pick_num_pkts_1024_to_1514_bytes; pick_tcp_win_max_in; pick_tcp_win_max_out; pick_icmp_type; pick_icmp_ipv4_type; pick_none;
#define PICK_ENTRIES FeatureId_t.L4_SRC_PORT : pick_l4_src_port(); FeatureId_t.L4_DST_PORT : pick_l4_dst_port(); FeatureId_t.PROTOCOL : pick_protocol(); FeatureId_t.IN_BYTES : pick_in_bytes(); FeatureId_t.IN_PKTS : pick_in_pkts(); FeatureId_t.OUT_BYTES : pick_out_bytes(); FeatureId_t.OUT_PKTS : pick_out_pkts(); FeatureId_t.TCP_FLAGS : pick_tcp_flags(); FeatureId_t.CLIENT_TCP_FLAGS : pick_client_tcp_flags(); FeatureId_t.SERVER_TCP_FLAGS : pick_server_tcp_flags(); FeatureId_t.FLOW_DURATION_MILLISECONDS : pick_flow_duration_milliseconds(); FeatureId_t.DURATION_IN : pick_duration_in(); FeatureId_t.DURATION_OUT : pick_duration_out(); FeatureId_t.MIN_TTL : pick_min_ttl(); FeatureId_t.MAX_TTL : pick_max_ttl(); FeatureId_t.LONGEST_FLOW_PKT : pick_longest_flow_pkt(); FeatureId_t.SHORTEST_FLOW_PKT : pick_shortest_flow_pkt(); FeatureId_t.MIN_IP_PKT_LEN : pick_min_ip_pkt_len(); FeatureId_t.MAX_IP_PKT_LEN : pick_max_ip_pkt_len(); FeatureId_t.NUM_PKTS_UP_TO_128_BYTES : pick_num_pkts_up_to_128_bytes(); FeatureId_t.NUM_PKTS_128_TO_256_BYTES : pick_num_pkts_128_to_256_bytes(); FeatureId_t.NUM_PKTS_256_TO_512_BYTES : pick_num_pkts_256_to_512_bytes(); FeatureId_t.NUM_PKTS_512_TO_1024_BYTES : pick_num_pkts_512_to_1024_bytes(); FeatureId_t.NUM_PKTS_1024_TO_1514_BYTES : pick_num_pkts_1024_to_1514_bytes(); FeatureId_t.TCP_WIN_MAX_IN : pick_tcp_win_max_in(); FeatureId_t.TCP_WIN_MAX_OUT : pick_tcp_win_max_out(); FeatureId_t.ICMP_TYPE : pick_icmp_type(); FeatureId_t.ICMP_IPV4_TYPE : pick_icmp_ipv4_type();
#define CLASSIFIER_SLOT_TABLES(i)                                                                        \
    table sel##i {                                                                                       \
        key = { meta.cfg.bank: exact @name("bank"); }                                                    \
        actions = { select_feature; }                                                                    \
        const default_action = select_feature(FeatureId_t.NONE);                                         \
        size = SELECTOR_TABLE_SIZE;                                                                      \
    }                                                                                                    \
    @hidden table pick##i {                                                                              \
        key = { sel_id: exact; }                                                                         \
        actions = { PICK_ACTION_NAMES }                                                                  \
        const entries = { PICK_ENTRIES }                                                                 \
        const default_action = pick_none();                                                              \
    }                                                                                                    \
    table range##i {                                                                                     \
        key = {                                                                                          \
            meta.cfg.bank: exact @name("bank");                                                          \
            slot_value: range @name("value");                                                            \
        }                                                                                                \
        actions = { set_code; }                                                                          \
        const default_action = set_code(0);                                                              \
        size = RANGE_TABLE_SIZE;                                                                         \
    }

// A slot without a selector entry (unused by the model) keeps value 0 and code 0 without consulting its
// range table, so the classifier costs a packet little when no model is loaded.
#define CLASSIFIER_SLOT_APPLY(i)                                                                         \
    if (sel##i.apply().hit) {                                                                            \
        pick##i.apply();                                                                                 \
        range##i.apply();                                                                                \
        code##i = cur_code;                                                                              \
    }

control Classifier(inout local_metadata_t meta) {

    counter(CLASS_COUNTER_SIZE, CounterType.packets) class_counter;

    FeatureId_t sel_id = FeatureId_t.NONE;
    code_t cur_code = 0;
    slot_value_t slot_value = 0;
    code_t code0 = 0;
    code_t code1 = 0;
    code_t code2 = 0;
    code_t code3 = 0;
    code_t code4 = 0;
    code_t code5 = 0;
    code_t code6 = 0;
    code_t code7 = 0;

    action select_feature(FeatureId_t feature_id) {
        sel_id = feature_id;
    }

    action set_code(code_t code) {
        cur_code = code;
    }

    action set_class(class_id_t class_id, leaf_id_t leaf_id) {
        meta.class_id = class_id;
        meta.leaf_id = leaf_id;
    }

    // The data-plane value of each feature (docs/features.md) from the flow state, as derive_features
    // computes it for reports; durations in microseconds.
    @hidden action pick_none() {
        slot_value = 0;
    }
    @hidden action pick_l4_src_port() {
        slot_value = (slot_value_t)(meta.cur.client_port);
    }
    @hidden action pick_l4_dst_port() {
        slot_value = (slot_value_t)(meta.cur.server_port);
    }
    @hidden action pick_protocol() {
        slot_value = (slot_value_t)(meta.cur.proto);
    }
    @hidden action pick_in_bytes() {
        slot_value = (slot_value_t)(meta.cur.in_bytes);
    }
    @hidden action pick_in_pkts() {
        slot_value = (slot_value_t)(meta.cur.in_pkts);
    }
    @hidden action pick_out_bytes() {
        slot_value = (slot_value_t)(meta.cur.out_bytes);
    }
    @hidden action pick_out_pkts() {
        slot_value = (slot_value_t)(meta.cur.out_pkts);
    }
    @hidden action pick_tcp_flags() {
        slot_value = (slot_value_t)(meta.cur.client_flags | meta.cur.server_flags);
    }
    @hidden action pick_client_tcp_flags() {
        slot_value = (slot_value_t)(meta.cur.client_flags);
    }
    @hidden action pick_server_tcp_flags() {
        slot_value = (slot_value_t)(meta.cur.server_flags);
    }
    @hidden action pick_flow_duration_milliseconds() {
        slot_value = (slot_value_t)((bit<32>)(meta.cur.last_ts - meta.cur.first_ts));
    }
    @hidden action pick_duration_in() {
        slot_value = (slot_value_t)((bit<32>)(meta.cur.last_in_ts - meta.cur.first_ts));
    }
    @hidden action pick_duration_out() {
        slot_value = (slot_value_t)((bit<32>)(meta.cur.last_out_ts - meta.cur.first_out_ts));
    }
    @hidden action pick_min_ttl() {
        slot_value = (slot_value_t)(meta.cur.min_ttl);
    }
    @hidden action pick_max_ttl() {
        slot_value = (slot_value_t)(meta.cur.max_ttl);
    }
    @hidden action pick_longest_flow_pkt() {
        slot_value = (slot_value_t)(meta.cur.max_len);
    }
    @hidden action pick_shortest_flow_pkt() {
        slot_value = (slot_value_t)(meta.cur.min_len);
    }
    @hidden action pick_min_ip_pkt_len() {
        slot_value = (slot_value_t)(meta.cur.min_len);
    }
    @hidden action pick_max_ip_pkt_len() {
        slot_value = (slot_value_t)(meta.cur.max_len);
    }
    @hidden action pick_num_pkts_up_to_128_bytes() {
        slot_value = (slot_value_t)(meta.cur.len_128);
    }
    @hidden action pick_num_pkts_128_to_256_bytes() {
        slot_value = (slot_value_t)(meta.cur.len_256);
    }
    @hidden action pick_num_pkts_256_to_512_bytes() {
        slot_value = (slot_value_t)(meta.cur.len_512);
    }
    @hidden action pick_num_pkts_512_to_1024_bytes() {
        slot_value = (slot_value_t)(meta.cur.len_1024);
    }
    @hidden action pick_num_pkts_1024_to_1514_bytes() {
        slot_value = (slot_value_t)(meta.cur.len_1514);
    }
    @hidden action pick_tcp_win_max_in() {
        slot_value = (slot_value_t)(meta.cur.win_in);
    }
    @hidden action pick_tcp_win_max_out() {
        slot_value = (slot_value_t)(meta.cur.win_out);
    }
    @hidden action pick_icmp_type() {
        slot_value = (slot_value_t)(meta.cur.icmp);
    }
    @hidden action pick_icmp_ipv4_type() {
        slot_value = (slot_value_t)(meta.cur.icmp[15:8]);
    }

    CLASSIFIER_SLOT_TABLES(0)
    CLASSIFIER_SLOT_TABLES(1)
    CLASSIFIER_SLOT_TABLES(2)
    CLASSIFIER_SLOT_TABLES(3)
    CLASSIFIER_SLOT_TABLES(4)
    CLASSIFIER_SLOT_TABLES(5)
    CLASSIFIER_SLOT_TABLES(6)
    CLASSIFIER_SLOT_TABLES(7)

    table decision {
        key = {
            meta.cfg.bank: exact @name("bank");
            code0: range @name("code_0");
            code1: range @name("code_1");
            code2: range @name("code_2");
            code3: range @name("code_3");
            code4: range @name("code_4");
            code5: range @name("code_5");
            code6: range @name("code_6");
            code7: range @name("code_7");
        }
        actions = { set_class; }
        const default_action = set_class(0, 0);
        size = DECISION_TABLE_SIZE;
    }

    apply {
        CLASSIFIER_SLOT_APPLY(0)
        CLASSIFIER_SLOT_APPLY(1)
        CLASSIFIER_SLOT_APPLY(2)
        CLASSIFIER_SLOT_APPLY(3)
        CLASSIFIER_SLOT_APPLY(4)
        CLASSIFIER_SLOT_APPLY(5)
        CLASSIFIER_SLOT_APPLY(6)
        CLASSIFIER_SLOT_APPLY(7)
        meta.class_id = 0;
        meta.leaf_id = 0;
        decision.apply();
        if (!meta.is_probe) {
            class_counter.count((bit<32>)(meta.cfg.bank ++ meta.class_id[4:0]));
        }
    }
}

#endif
