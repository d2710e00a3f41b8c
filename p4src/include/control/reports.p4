/*
 * reports.p4: flow reports to the controller (the ingress half; report_egress.p4 builds the packet).
 *
 * At most one report per packet, chosen in this order (report_t.events has a bit for every reason that applied):
 *   PROBE           answer to a controller probe: the slot's flow, classified by the END tree.
 *   EVICT           a new flow replaced a live one: the replaced flow is reported (the app classifies it with
 *                   the END tree); the new flow's own alert, if any, waits for its next packet.
 *   FLOW_END        TCP RST, or FIN seen both ways: classified by the END tree; the slot is freed.
 *   ALERT           the flow's first verdict at a phase that is an attack class at a leaf at least
 *                   min_confidence sure, under this (bank, epoch): once per flow and model.
 *   ACTIVE_TIMEOUT  timeout_pkts packets or timeout_us microseconds since the flow's last report (or start).
 *   FLOW_START      the first packet of a flow that no FIN or RST ends (UDP, ICMP): a notice, not a record, so
 *                   that the app knows the slot its idle sweep will probe once the flow falls silent.
 * A reason whose bit is clear in the config's report_mask never applies.
 *
 * Budgets: a token bucket per kind of report (report_budget table: rate and depth per budget), so a flood of new
 * flows (EVICT) or of flow records never starves alerts, and probes cannot flood the controller:
 *   BUDGET_ALERT (any report carrying ALERT), BUDGET_RECORD (FLOW_END, ACTIVE_TIMEOUT), BUDGET_EVICT,
 *   BUDGET_PROBE, BUDGET_START (FLOW_START). A refused report is counted in report_drop_counter[reason]; an ALERT
 *   refused (or displaced by an EVICT) stays pending in the flow cell and is retried at the flow's next packet.
 * Per-source alert cap: at most source_alert_cap alerts about one source's flows per source epoch are reported;
 * the rest are counted in alert_capped_counter[bank * 32 + class] (and count as alerted: no retry).
 */
#ifndef NIDS_REPORTS_P4
#define NIDS_REPORTS_P4

#include "../headers.p4"
#include "../size.p4"
#include "../features.p4"
#include "flow_table.p4"    // last_seen_of

control Reports(inout headers_t hdr,
                inout local_metadata_t meta,
                in standard_metadata_t standard_metadata) {

    register<bit<112>>(BUDGET_COUNT) r_budgets;           // credit (64, 1e-6 report units) ++ last update (48)
    register<bit<40>>(SOURCE_TABLE_SIZE) r_source_alerts;      // source epoch (32) ++ alerts reported in it (8)

    counter(REASON_COUNTER_SIZE, CounterType.packets) report_counter;
    counter(REASON_COUNTER_SIZE, CounterType.packets) report_drop_counter;
    // Reports sent since the pipeline was set. Numbered at the clone, where report_counter counts them: a clone the
    // target drops later (BMv2's CPU-port queue, full behind a slow packet-in write) is a number the controller never
    // sees. BMv2 runs ingress in one thread, so the read-modify-write is never interleaved.
    register<bit<32>>(REPORT_SEQUENCE_CELLS) r_report_sequence;
    counter(CLASS_COUNTER_SIZE, CounterType.packets) alert_capped_counter;

    bit<8> reason = REASON_NONE;
    bit<8> events = 0;
    bit<8> budget = BUDGET_RECORD;
    bool about_victim = false;
    bool alert_wanted = false;        // the flow has a confident attack verdict not yet alerted
    bool pending_verdict = false;     // ... and it is the stored pending one (none at this packet)
    bool alerts_dirty = false;        // meta.alerts changed here: write it back
    bit<32> budget_rate = DEFAULT_REPORT_RATE_PPS;
    bit<32> budget_depth = DEFAULT_REPORT_BURST;
    bit<40> source_alerts = 0;
    bit<32> source_epoch = 0;
    bool send = false;

    // ---- step 1: what applies ------------------------------------------------------------------------------
    @hidden action read_alerts() {
        flow_alerts.read(meta.alerts, meta.flow.slot);
    }

    @hidden action choose_reason() {
        bit<8> mask = meta.cfg.report_mask;
        bool alerted = (meta.keys[FLOW_STATE] & FLOW_STATE_ALERTED) != 0
                       && meta.alerts[FLOW_ALERT_BANK] == meta.cfg.bank
                       && meta.alerts[FLOW_ALERT_EPOCH] == meta.cfg.epoch;
        bool verdict_alerts = meta.verdict.classified && meta.verdict.class_id != CLASS_BENIGN
                              && meta.verdict.confidence >= meta.cfg.min_confidence;
        bool live_flow = !meta.is_probe || meta.flow.probe_live;
        alert_wanted = live_flow && (verdict_alerts || meta.flow.alert_pending) && !alerted
                       && (mask & EVENT_ALERT) != 0;
        pending_verdict = !verdict_alerts;
        bit<8> alert_event = alert_wanted ? EVENT_ALERT : 8w0;
        bit<8> end_event = meta.flow.ended && (mask & EVENT_FLOW_END) != 0 ? EVENT_FLOW_END : 8w0;
        bit<8> timeout_event = meta.flow.timeout_due && (mask & EVENT_ACTIVE_TIMEOUT) != 0
                               ? EVENT_ACTIVE_TIMEOUT : 8w0;
        bit<8> start_event = meta.flow.started && !hdr.tcp.isValid() && (mask & EVENT_FLOW_START) != 0
                             ? EVENT_FLOW_START : 8w0;
        bool probe = meta.is_probe && (mask & EVENT_PROBE) != 0;
        about_victim = !meta.is_probe && meta.flow.evicted && (mask & EVENT_EVICT) != 0;
        // (P4's ?: groups to the left: the nested ones need their parentheses)
        events = probe ? EVENT_PROBE | alert_event
               : (about_victim ? EVENT_EVICT
               : end_event | alert_event | timeout_event | start_event);
        reason = probe ? REASON_PROBE
               : (about_victim ? REASON_EVICT
               : (end_event != 0 ? REASON_FLOW_END
               : (alert_event != 0 ? REASON_ALERT
               : (timeout_event != 0 ? REASON_ACTIVE_TIMEOUT
               : (start_event != 0 ? REASON_FLOW_START
               : REASON_NONE)))));
    }

    // ---- step 2: the per-source alert cap ------------------------------------------------------------------
    @hidden action read_source_alerts() {
        source_epoch = (bit<32>)(standard_metadata.ingress_global_timestamp >> meta.cfg.source_window_log2_us);
        r_source_alerts.read(source_alerts, (bit<32>)meta.keys[FLOW_SOURCE_CELL]);
        source_alerts = source_alerts[39:8] == source_epoch ? source_alerts : source_epoch ++ 8w0;
    }

    // The cap took the alert: counted, the flow counts as alerted; what else applied is still reported.
    @hidden action cap_alert() {
        alert_capped_counter.count((bit<32>)(meta.cfg.bank ++ meta.verdict.class_id[4:0]));
        events = events & ~EVENT_ALERT;
        reason = reason != REASON_ALERT ? reason
               : ((events & EVENT_ACTIVE_TIMEOUT) != 0 ? REASON_ACTIVE_TIMEOUT
               : ((events & EVENT_FLOW_START) != 0 ? REASON_FLOW_START : REASON_NONE));
        alert_wanted = false;
        meta.keys[FLOW_STATE] = (meta.keys[FLOW_STATE] | FLOW_STATE_ALERTED) & ~FLOW_STATE_ALERT_PENDING;
        meta.alerts[FLOW_ALERT_BANK] = meta.cfg.bank;
        meta.alerts[FLOW_ALERT_EPOCH] = meta.cfg.epoch;
        meta.keys_dirty = true;
        alerts_dirty = true;
    }

    // ---- step 3: the report's budget -----------------------------------------------------------------------
    action set_budget(bit<32> rate_pps, bit<32> burst) {
        budget_rate = rate_pps;
        budget_depth = burst;
    }

    table report_budget {
        key = { budget: exact @name("budget"); }
        actions = { set_budget; }
        default_action = set_budget(DEFAULT_REPORT_RATE_PPS, DEFAULT_REPORT_BURST);
        size = BUDGET_TABLE_SIZE;
    }

    @hidden action take_credit() {
        ts_t now = standard_metadata.ingress_global_timestamp;
        bit<112> bucket;
        r_budgets.read(bucket, (bit<32>)budget);
        bit<64> elapsed = (bit<64>)(now - bucket[47:0]);
        elapsed = elapsed > 0x7FFFFFFF ? 64w0x7FFFFFFF : elapsed;     // keeps elapsed * rate below 2^63
        bit<64> credit = bucket[111:48] + elapsed * (bit<64>)budget_rate;
        bit<64> depth = (bit<64>)budget_depth * REPORT_CREDIT_COST;
        credit = credit > depth ? depth : credit;
        send = credit >= REPORT_CREDIT_COST;
        credit = send ? credit - REPORT_CREDIT_COST : credit;
        r_budgets.write((bit<32>)budget, credit ++ now);
    }

    // ---- step 4: the report --------------------------------------------------------------------------------
    @hidden action fill_flow(in flow_keys_t keys, in flow_traffic_t traffic, in flow_tally_t tally,
                             in feature_vector_t features) {
        bool client_high = (keys[FLOW_STATE] & FLOW_STATE_CLIENT_HIGH) != 0;
        meta.rpt.client_ip = client_high ? FLOW_HIGH_ADDR_OF(keys) : FLOW_LOW_ADDR_OF(keys);
        meta.rpt.server_ip = client_high ? FLOW_LOW_ADDR_OF(keys) : FLOW_HIGH_ADDR_OF(keys);
        // The features' L4 ports: the key's, except an ICMP flow's (0; its key holds a query's identifier).
        meta.rpt.client_port = features.ids_1_to_8[15:0];
        meta.rpt.server_port = features.ids_1_to_8[47:32];
        meta.rpt.proto = keys[FLOW_PROTO];
        meta.rpt.client_ingress_port = (bit<16>)tally[FLOW_CLIENT_INGRESS];
        meta.rpt.features = features;
        meta.rpt.first_seen = keys[FLOW_FIRST_TS];
        meta.rpt.last_seen = last_seen_of(keys, traffic, tally);
    }

    @hidden action send_report() {
        bool occupied = !meta.is_probe || meta.flow.probe_live;
        bool freed = about_victim || meta.flow.ended || meta.flow.probe_freed;
        bool classified = !about_victim && (meta.verdict.classified || (alert_wanted && pending_verdict));
        bool use_pending = alert_wanted && pending_verdict;
        meta.rpt.reason = reason;
        meta.rpt.events = events;
        meta.rpt.flags = (occupied ? REPORT_FLAG_OCCUPIED : 8w0)
                         | (occupied && freed ? REPORT_FLAG_FREED : 8w0)
                         | (about_victim && meta.flow.evicted_idle ? REPORT_FLAG_IDLE : 8w0)
                         | (classified ? REPORT_FLAG_CLASSIFIED : 8w0);
        meta.rpt.bank = use_pending ? (bit<8>)meta.alerts[FLOW_PENDING_BANK] : (bit<8>)meta.cfg.bank;
        meta.rpt.class_id = !classified ? 8w0
                          : (use_pending ? meta.alerts[FLOW_PENDING_CLASS] : meta.verdict.class_id);
        meta.rpt.leaf_id = !classified ? 16w0
                         : (use_pending ? meta.alerts[FLOW_PENDING_LEAF] : meta.verdict.leaf_id);
        meta.rpt.phase = use_pending ? meta.alerts[FLOW_PENDING_PHASE] : meta.flow.phase;
        meta.rpt.confidence = !classified ? 16w0
                            : (use_pending ? meta.alerts[FLOW_PENDING_CONFIDENCE] : meta.verdict.confidence);
        meta.rpt.slot = meta.flow.slot;
        meta.rpt.ingress_port = (bit<16>)standard_metadata.ingress_port;
        meta.rpt.model_epoch = meta.cfg.epoch;
        bit<32> sent;
        r_report_sequence.read(sent, 0);
        meta.rpt.sequence = sent + 1;
        r_report_sequence.write(0, sent + 1);
        clone_preserving_field_list(CloneType.I2E, REPORT_CLONE_SESSION, FL_REPORT);
        report_counter.count((bit<32>)reason);
    }

    // The classifier derived the features of a flow it classified; any other report derives them here (all zero
    // for an empty slot's probe: its cells read as zero and no source was looked up).
    @hidden action report_classified() {
        fill_flow(meta.keys, meta.traffic, meta.tally, meta.features);
        send_report();
    }

    @hidden action report_current() {
        fill_flow(meta.keys, meta.traffic, meta.tally,
                  derive_features(meta.keys, meta.traffic, meta.tally, meta.source_features));
        send_report();
    }

    @hidden action report_victim() {
        fill_flow(meta.victim_keys, meta.victim_traffic, meta.victim_tally,
                  derive_features(meta.victim_keys, meta.victim_traffic, meta.victim_tally,
                                  meta.victim_source_features));
        send_report();
    }

    @hidden action refuse_report() {
        report_drop_counter.count((bit<32>)reason);
    }

    @hidden action pick_budget() {
        budget = (events & EVENT_ALERT) != 0 ? BUDGET_ALERT
               : (reason == REASON_EVICT ? BUDGET_EVICT
               : (reason == REASON_PROBE ? BUDGET_PROBE
               : (reason == REASON_FLOW_START ? BUDGET_START
               : BUDGET_RECORD)));
    }

    // ---- step 5: what the flow's cells remember -------------------------------------------------------------
    // A report about the flow went out: the active-timeout mark moves; an alert in it marks the flow alerted.
    @hidden action mark_reported() {
        bool alerted = (events & EVENT_ALERT) != 0;
        meta.alerts[FLOW_MARK_PKTS] = meta.is_probe ? meta.alerts[FLOW_MARK_PKTS] : meta.tally[FLOW_PKTS];
        meta.alerts[FLOW_MARK_TS] = meta.is_probe ? meta.alerts[FLOW_MARK_TS]
                                                  : (bit<32>)standard_metadata.ingress_global_timestamp;
        meta.keys[FLOW_STATE] = alerted ? (meta.keys[FLOW_STATE] | FLOW_STATE_ALERTED) & ~FLOW_STATE_ALERT_PENDING
                                        : meta.keys[FLOW_STATE];
        meta.alerts[FLOW_ALERT_BANK] = alerted ? meta.cfg.bank : meta.alerts[FLOW_ALERT_BANK];
        meta.alerts[FLOW_ALERT_EPOCH] = alerted ? meta.cfg.epoch : meta.alerts[FLOW_ALERT_EPOCH];
        meta.keys_dirty = true;
        alerts_dirty = alerted || !meta.is_probe;
    }

    // The alert could not go out now (its budget, or an EVICT took the report): kept for the flow's next packet.
    @hidden action keep_alert_pending() {
        meta.keys[FLOW_STATE] = meta.keys[FLOW_STATE] | FLOW_STATE_ALERT_PENDING;
        meta.alerts[FLOW_PENDING_BANK] = pending_verdict ? meta.alerts[FLOW_PENDING_BANK] : meta.cfg.bank;
        meta.alerts[FLOW_PENDING_CLASS] = pending_verdict ? meta.alerts[FLOW_PENDING_CLASS] : meta.verdict.class_id;
        meta.alerts[FLOW_PENDING_LEAF] = pending_verdict ? meta.alerts[FLOW_PENDING_LEAF] : meta.verdict.leaf_id;
        meta.alerts[FLOW_PENDING_PHASE] = pending_verdict ? meta.alerts[FLOW_PENDING_PHASE] : meta.flow.phase;
        meta.alerts[FLOW_PENDING_CONFIDENCE] = pending_verdict ? meta.alerts[FLOW_PENDING_CONFIDENCE]
                                                               : meta.verdict.confidence;
        meta.keys_dirty = true;
        alerts_dirty = true;
    }

    @hidden action count_source_alert() {
        r_source_alerts.write((bit<32>)meta.keys[FLOW_SOURCE_CELL], source_alerts + 1);
    }

    // The keys view changed (alert state): the views back as the flow's cell.
    @hidden action write_keys() {
        flow_cells.write(meta.flow.slot, FLOW_CELL_OF(meta.keys, meta.traffic, meta.tally));
    }

    @hidden action write_alerts() {
        flow_alerts.write(meta.flow.slot, meta.alerts);
    }

    apply {
        bool live_flow = !meta.is_probe || meta.flow.probe_live;
        if (live_flow) {
            read_alerts();
        }
        choose_reason();
        if (about_victim && alert_wanted) {
            keep_alert_pending();            // the new flow's alert: the report goes to the flow it replaced
        }
        if ((events & EVENT_ALERT) != 0) {
            read_source_alerts();
            if (meta.cfg.source_alert_cap != 0 && source_alerts[7:0] >= meta.cfg.source_alert_cap) {
                cap_alert();
            }
        }
        if (reason != REASON_NONE) {
            pick_budget();
            report_budget.apply();
            take_credit();
            if (send) {
                if (about_victim) {
                    report_victim();
                } else {
                    if (meta.verdict.classified) {
                        report_classified();
                    } else {
                        report_current();
                    }
                    mark_reported();
                }
                if ((events & EVENT_ALERT) != 0) {
                    count_source_alert();
                }
            } else {
                refuse_report();
                if (alert_wanted && !about_victim) {
                    keep_alert_pending();
                }
            }
        }
        // A probe that freed its slot leaves it empty, whatever it reported.
        if (!meta.flow.probe_freed) {
            if (meta.keys_dirty) {
                write_keys();
            }
            if (alerts_dirty) {
                write_alerts();
            }
        }
    }
}

#endif
