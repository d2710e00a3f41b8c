/*
 * classifier.p4: the run-time-updatable, table-driven decision trees, one per phase ("encode-based": one range
 * table per feature slot turns a value into an interval code, one decision table maps the codes to a class).
 *
 * A flow is classified only at a phase of the active model: its packet count 1, 2, 4, ..., 128, every 64th
 * packet after that (PHASE_LATE), or its end (PHASE_END), and only if the phases table holds (bank, phase).
 * Then, per slot i in 0..K-1 (K = 8):
 *   sel<i>    key bank, phase (exact)                   -> select_feature(feature_id): the feature in slot i
 *   range<i>  key bank, phase (exact), value (range)    -> set_code(code): the interval code of the value
 * and
 *   decision  key bank, phase (exact), code_0..code_7 (range) -> set_class(class_id, leaf_id, confidence)
 * Missing entries: a slot without a selector keeps code 0 without a range lookup; a range miss gives code 0; a
 * decision miss gives class 0, leaf 0, confidence 0 (benign, "no leaf").
 * The slot value is the feature's 32-bit data-plane value, taken out of the feature vector (features.p4).
 * The bank comes from the config table (one read per packet), so a packet is classified by one bank only; the
 * controller writes the idle bank and flips the config's bank to switch models atomically.
 * Counters, index bank * CLASSES_PER_BANK + class_id (class ids < 32): class_counter counts verdicts (probes
 * excluded); low_confidence_counter counts attack verdicts below the config's min_confidence (never alerted).
 */
#ifndef NIDS_CLASSIFIER_P4
#define NIDS_CLASSIFIER_P4

#include "../headers.p4"
#include "../size.p4"
#include "../features.p4"

control Classifier(inout local_metadata_t meta) {

    counter(CLASS_COUNTER_SIZE, CounterType.packets) class_counter;
    counter(CLASS_COUNTER_SIZE, CounterType.packets) low_confidence_counter;

    slot_value_t slot_value = 0;
    code_t slot_code = 0;
    code_t code0 = 0;
    code_t code1 = 0;
    code_t code2 = 0;
    code_t code3 = 0;
    code_t code4 = 0;
    code_t code5 = 0;
    code_t code6 = 0;
    code_t code7 = 0;

    action classify() {
        meta.verdict.classified = true;
    }

    // The flow's features, once, for a flow the model has a tree for (a report of an unclassified flow derives
    // them itself).
    @hidden action derive_flow_features() {
        meta.features = derive_features(meta.keys, meta.traffic, meta.tally, meta.source_features);
    }

    // (bank, phase) pairs the active model has a tree for.
    table phases {
        key = {
            meta.cfg.bank: exact @name("bank");
            meta.flow.phase: exact @name("phase");
        }
        actions = {
            classify;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = PHASE_TABLE_SIZE;
    }

    action select_feature(FeatureId_t feature_id) {
        slot_value = FEATURE_VALUE(meta.features, (bit<8>)feature_id);
    }

    action set_code(code_t code) {
        slot_code = code;
    }

    action set_class(class_id_t class_id, leaf_id_t leaf_id, confidence_t confidence) {
        meta.verdict.class_id = class_id;
        meta.verdict.leaf_id = leaf_id;
        meta.verdict.confidence = confidence;
    }

    table sel0 {
        key = {
            meta.cfg.bank: exact @name("bank");
            meta.flow.phase: exact @name("phase");
        }
        actions = {
            select_feature;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = SELECTOR_TABLE_SIZE;
    }

    table range0 {
        key = {
            meta.cfg.bank: exact @name("bank");
            meta.flow.phase: exact @name("phase");
            slot_value: range @name("value");
        }
        actions = { set_code; }
        const default_action = set_code(0);
        size = RANGE_TABLE_SIZE;
    }

    table sel1 {
        key = {
            meta.cfg.bank: exact @name("bank");
            meta.flow.phase: exact @name("phase");
        }
        actions = {
            select_feature;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = SELECTOR_TABLE_SIZE;
    }

    table range1 {
        key = {
            meta.cfg.bank: exact @name("bank");
            meta.flow.phase: exact @name("phase");
            slot_value: range @name("value");
        }
        actions = { set_code; }
        const default_action = set_code(0);
        size = RANGE_TABLE_SIZE;
    }

    table sel2 {
        key = {
            meta.cfg.bank: exact @name("bank");
            meta.flow.phase: exact @name("phase");
        }
        actions = {
            select_feature;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = SELECTOR_TABLE_SIZE;
    }

    table range2 {
        key = {
            meta.cfg.bank: exact @name("bank");
            meta.flow.phase: exact @name("phase");
            slot_value: range @name("value");
        }
        actions = { set_code; }
        const default_action = set_code(0);
        size = RANGE_TABLE_SIZE;
    }

    table sel3 {
        key = {
            meta.cfg.bank: exact @name("bank");
            meta.flow.phase: exact @name("phase");
        }
        actions = {
            select_feature;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = SELECTOR_TABLE_SIZE;
    }

    table range3 {
        key = {
            meta.cfg.bank: exact @name("bank");
            meta.flow.phase: exact @name("phase");
            slot_value: range @name("value");
        }
        actions = { set_code; }
        const default_action = set_code(0);
        size = RANGE_TABLE_SIZE;
    }

    table sel4 {
        key = {
            meta.cfg.bank: exact @name("bank");
            meta.flow.phase: exact @name("phase");
        }
        actions = {
            select_feature;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = SELECTOR_TABLE_SIZE;
    }

    table range4 {
        key = {
            meta.cfg.bank: exact @name("bank");
            meta.flow.phase: exact @name("phase");
            slot_value: range @name("value");
        }
        actions = { set_code; }
        const default_action = set_code(0);
        size = RANGE_TABLE_SIZE;
    }

    table sel5 {
        key = {
            meta.cfg.bank: exact @name("bank");
            meta.flow.phase: exact @name("phase");
        }
        actions = {
            select_feature;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = SELECTOR_TABLE_SIZE;
    }

    table range5 {
        key = {
            meta.cfg.bank: exact @name("bank");
            meta.flow.phase: exact @name("phase");
            slot_value: range @name("value");
        }
        actions = { set_code; }
        const default_action = set_code(0);
        size = RANGE_TABLE_SIZE;
    }

    table sel6 {
        key = {
            meta.cfg.bank: exact @name("bank");
            meta.flow.phase: exact @name("phase");
        }
        actions = {
            select_feature;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = SELECTOR_TABLE_SIZE;
    }

    table range6 {
        key = {
            meta.cfg.bank: exact @name("bank");
            meta.flow.phase: exact @name("phase");
            slot_value: range @name("value");
        }
        actions = { set_code; }
        const default_action = set_code(0);
        size = RANGE_TABLE_SIZE;
    }

    table sel7 {
        key = {
            meta.cfg.bank: exact @name("bank");
            meta.flow.phase: exact @name("phase");
        }
        actions = {
            select_feature;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = SELECTOR_TABLE_SIZE;
    }

    table range7 {
        key = {
            meta.cfg.bank: exact @name("bank");
            meta.flow.phase: exact @name("phase");
            slot_value: range @name("value");
        }
        actions = { set_code; }
        const default_action = set_code(0);
        size = RANGE_TABLE_SIZE;
    }

    table decision {
        key = {
            meta.cfg.bank: exact @name("bank");
            meta.flow.phase: exact @name("phase");
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
        const default_action = set_class(0, 0, 0);
        size = DECISION_TABLE_SIZE;
    }

    @hidden action count_verdict() {
        bit<32> index = (bit<32>)(meta.cfg.bank ++ meta.verdict.class_id[4:0]);
        class_counter.count(index);
    }

    @hidden action count_low_confidence() {
        low_confidence_counter.count((bit<32>)(meta.cfg.bank ++ meta.verdict.class_id[4:0]));
    }

    apply {
        if (phases.apply().hit) {
            derive_flow_features();
            if (sel0.apply().hit) {
                range0.apply();
                code0 = slot_code;
            }
            if (sel1.apply().hit) {
                range1.apply();
                code1 = slot_code;
            }
            if (sel2.apply().hit) {
                range2.apply();
                code2 = slot_code;
            }
            if (sel3.apply().hit) {
                range3.apply();
                code3 = slot_code;
            }
            if (sel4.apply().hit) {
                range4.apply();
                code4 = slot_code;
            }
            if (sel5.apply().hit) {
                range5.apply();
                code5 = slot_code;
            }
            if (sel6.apply().hit) {
                range6.apply();
                code6 = slot_code;
            }
            if (sel7.apply().hit) {
                range7.apply();
                code7 = slot_code;
            }
            decision.apply();
            if (!meta.is_probe) {
                count_verdict();
                if (meta.verdict.class_id != 0 && meta.verdict.confidence < meta.cfg.min_confidence) {
                    count_low_confidence();
                }
            }
        }
    }
}

#endif
