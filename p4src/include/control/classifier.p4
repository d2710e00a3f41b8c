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

// The data-plane value of feature `id` (0 for FeatureId_t.NONE and unknown ids).
slot_value_t pick_feature(in FeatureId_t id, in features_t f) {
    slot_value_t v = 0;
    if (id == FeatureId_t.L4_SRC_PORT) {
        v = (slot_value_t)f.l4_src_port;
    } else if (id == FeatureId_t.L4_DST_PORT) {
        v = (slot_value_t)f.l4_dst_port;
    } else if (id == FeatureId_t.PROTOCOL) {
        v = (slot_value_t)f.protocol;
    } else if (id == FeatureId_t.IN_BYTES) {
        v = (slot_value_t)f.in_bytes;
    } else if (id == FeatureId_t.IN_PKTS) {
        v = (slot_value_t)f.in_pkts;
    } else if (id == FeatureId_t.OUT_BYTES) {
        v = (slot_value_t)f.out_bytes;
    } else if (id == FeatureId_t.OUT_PKTS) {
        v = (slot_value_t)f.out_pkts;
    } else if (id == FeatureId_t.TCP_FLAGS) {
        v = (slot_value_t)f.tcp_flags;
    } else if (id == FeatureId_t.CLIENT_TCP_FLAGS) {
        v = (slot_value_t)f.client_tcp_flags;
    } else if (id == FeatureId_t.SERVER_TCP_FLAGS) {
        v = (slot_value_t)f.server_tcp_flags;
    } else if (id == FeatureId_t.FLOW_DURATION_MILLISECONDS) {
        v = (slot_value_t)f.flow_duration_milliseconds;
    } else if (id == FeatureId_t.DURATION_IN) {
        v = (slot_value_t)f.duration_in;
    } else if (id == FeatureId_t.DURATION_OUT) {
        v = (slot_value_t)f.duration_out;
    } else if (id == FeatureId_t.MIN_TTL) {
        v = (slot_value_t)f.min_ttl;
    } else if (id == FeatureId_t.MAX_TTL) {
        v = (slot_value_t)f.max_ttl;
    } else if (id == FeatureId_t.LONGEST_FLOW_PKT) {
        v = (slot_value_t)f.longest_flow_pkt;
    } else if (id == FeatureId_t.SHORTEST_FLOW_PKT) {
        v = (slot_value_t)f.shortest_flow_pkt;
    } else if (id == FeatureId_t.MIN_IP_PKT_LEN) {
        v = (slot_value_t)f.min_ip_pkt_len;
    } else if (id == FeatureId_t.MAX_IP_PKT_LEN) {
        v = (slot_value_t)f.max_ip_pkt_len;
    } else if (id == FeatureId_t.NUM_PKTS_UP_TO_128_BYTES) {
        v = (slot_value_t)f.num_pkts_up_to_128_bytes;
    } else if (id == FeatureId_t.NUM_PKTS_128_TO_256_BYTES) {
        v = (slot_value_t)f.num_pkts_128_to_256_bytes;
    } else if (id == FeatureId_t.NUM_PKTS_256_TO_512_BYTES) {
        v = (slot_value_t)f.num_pkts_256_to_512_bytes;
    } else if (id == FeatureId_t.NUM_PKTS_512_TO_1024_BYTES) {
        v = (slot_value_t)f.num_pkts_512_to_1024_bytes;
    } else if (id == FeatureId_t.NUM_PKTS_1024_TO_1514_BYTES) {
        v = (slot_value_t)f.num_pkts_1024_to_1514_bytes;
    } else if (id == FeatureId_t.TCP_WIN_MAX_IN) {
        v = (slot_value_t)f.tcp_win_max_in;
    } else if (id == FeatureId_t.TCP_WIN_MAX_OUT) {
        v = (slot_value_t)f.tcp_win_max_out;
    } else if (id == FeatureId_t.ICMP_TYPE) {
        v = (slot_value_t)f.icmp_type;
    } else if (id == FeatureId_t.ICMP_IPV4_TYPE) {
        v = (slot_value_t)f.icmp_ipv4_type;
    }
    return v;
}

// The two tables of one slot. The actions are shared by all slots: each table writes sel_id / code, which
// the apply block copies into the slot's own variable right after applying it.
#define CLASSIFIER_SLOT_TABLES(i)                                                                        \
    table sel##i {                                                                                       \
        key = { meta.cfg.bank: exact @name("bank"); }                                                    \
        actions = { select_feature; }                                                                    \
        const default_action = select_feature(FeatureId_t.NONE);                                         \
        size = SELECTOR_TABLE_SIZE;                                                                      \
    }                                                                                                    \
    table range##i {                                                                                     \
        key = {                                                                                          \
            meta.cfg.bank: exact @name("bank");                                                          \
            value##i: range @name("value");                                                              \
        }                                                                                                \
        actions = { set_code; }                                                                          \
        const default_action = set_code(0);                                                              \
        size = RANGE_TABLE_SIZE;                                                                         \
    }

#define CLASSIFIER_SLOT_APPLY(i)                                                                         \
    sel_id = FeatureId_t.NONE;                                                                           \
    sel##i.apply();                                                                                      \
    value##i = pick_feature(sel_id, meta.feat);                                                          \
    cur_code = 0;                                                                                        \
    range##i.apply();                                                                                    \
    code##i = cur_code;

control Classifier(inout local_metadata_t meta) {

    counter(CLASS_COUNTER_SIZE, CounterType.packets) class_counter;

    FeatureId_t sel_id = FeatureId_t.NONE;
    code_t cur_code = 0;
    slot_value_t value0 = 0;
    slot_value_t value1 = 0;
    slot_value_t value2 = 0;
    slot_value_t value3 = 0;
    slot_value_t value4 = 0;
    slot_value_t value5 = 0;
    slot_value_t value6 = 0;
    slot_value_t value7 = 0;
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
