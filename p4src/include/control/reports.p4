/*
 * reports.p4: flow reports to the controller.
 *
 * Ingress (Reports) decides whether this packet sends a report, rate-limits it and clones the packet to
 * REPORT_CLONE_SESSION (which the controller points at the CPU port) with the report metadata preserved.
 * Egress (ReportsEgress) turns that clone into the report: packet_in + Ethernet(ETHERTYPE_REPORT) +
 * report_t, the original packet truncated away.
 *
 * Reasons (at most one report per packet; report_t.events has a bit for every reason that applied):
 *   EVICT           the packet's flow took a slot held by another live flow: the evicted flow is reported
 *                   (with its last verdict); the new flow's own events wait for its next packet.
 *   FLOW_END        TCP RST, or FIN seen both ways; the slot is freed (even if the report is dropped).
 *   ALERT           the flow is classified non-benign and was not alerted under this (bank, epoch) yet.
 *   ACTIVE_TIMEOUT  timeout_pkts packets or timeout_us microseconds since the flow's last report (or start).
 *   PROBE           answer to a controller probe; not rate-limited (the controller paces its probes).
 * Priority: EVICT > FLOW_END > ALERT > ACTIVE_TIMEOUT. A reason whose bit is clear in the config's
 * report_mask never applies. An ALERT or ACTIVE_TIMEOUT that is not sent (rate limit) stays pending and is
 * retried on the flow's next packet.
 *
 * Rate limit: a token bucket in registers: credit grows by report_rate_pps per elapsed microsecond
 * (units of 1e-6 report), is capped at report_burst reports, and each report costs one report of credit.
 * Counters: report_counter[reason] reports sent, report_drop_counter[reason] reports dropped by the limit.
 */
#ifndef NIDS_REPORTS_P4
#define NIDS_REPORTS_P4

#include "../headers.p4"
#include "../size.p4"
#include "flow_features.p4"    // derive_features

control Reports(inout headers_t hdr,
                inout local_metadata_t meta,
                in standard_metadata_t standard_metadata) {

    register<bit<40>>(FLOW_SLOTS) r_alert;        // alerted (bit 39) ++ bank (bit 32) ++ epoch (31..0)
    register<bit<32>>(FLOW_SLOTS) r_mark_pkts;    // flow packets at the last report
    register<ts_t>(FLOW_SLOTS) r_mark_ts;         // time of the last report (flow start before any)
    register<bit<32>>(FLOW_SLOTS) r_verdict;      // bank (8) ++ class (8) ++ leaf (16) of the last packet
    register<bit<64>>(1) r_credit;                // rate limiter credit (1e-6 report units)
    register<ts_t>(1) r_credit_ts;                // rate limiter: last update

    counter(REASON_COUNTER_SIZE, CounterType.packets) report_counter;
    counter(REASON_COUNTER_SIZE, CounterType.packets) report_drop_counter;

    apply {
        ts_t now = standard_metadata.ingress_global_timestamp;
        bit<8> reason = REASON_NONE;
        bit<8> events = 0;
        bool about_current = true;     // the report is about the packet's own flow (not an evicted one)
        bool rate_limited = true;
        bit<40> alert = 0;
        bit<32> mark_pkts = 0;
        ts_t mark_ts = 0;
        bit<32> old_verdict = 0;
        bit<32> verdict = (bit<8>)meta.cfg.bank ++ meta.class_id ++ meta.leaf_id;
        bit<8> mask = meta.cfg.report_mask;
        bool state_dirty = false;      // mark_pkts / mark_ts to be written back
        bool alert_dirty = false;      // alert to be written back

        meta.rpt.flags = 0;
        if (meta.is_probe) {
            // ---- probe ------------------------------------------------------------------------------
            rate_limited = false;
            if ((mask & EVENT_PROBE) != 0) {
                reason = REASON_PROBE;
                events = EVENT_PROBE;
            }
            if (meta.slot_occupied) {
                meta.rpt.flags = REPORT_FLAG_OCCUPIED;
                if ((hdr.probe.flags & PROBE_FLAG_FREE) != 0) {
                    meta.rpt.flags = REPORT_FLAG_OCCUPIED | REPORT_FLAG_FREED;
                }
            }
        } else {
            // ---- packet of a tracked flow -------------------------------------------------------------
            // Per-flow report state is read only where a decision needs it, and written back only when it
            // changed (a new flow, a report sent): most packets of a benign flow touch one register here.
            bool alert_enabled = meta.class_id != 0 && (mask & EVENT_ALERT) != 0;
            bool timeout_enabled = (mask & EVENT_ACTIVE_TIMEOUT) != 0
                                   && (meta.cfg.timeout_pkts != 0 || meta.cfg.timeout_us != 0);
            if (meta.flow_new) {
                alert = 0;
                mark_pkts = 0;
                mark_ts = meta.cur.first_ts;
                state_dirty = true;
                alert_dirty = true;
            } else {
                if (alert_enabled) {
                    r_alert.read(alert, meta.slot);
                }
                if (timeout_enabled) {
                    r_mark_pkts.read(mark_pkts, meta.slot);
                    r_mark_ts.read(mark_ts, meta.slot);
                }
            }
            if (meta.flow_evicted) {
                r_verdict.read(old_verdict, meta.slot);
            }
            bool alerted_now = alert[39:39] == 1 && alert[32:32] == meta.cfg.bank
                               && alert[31:0] == meta.cfg.epoch;
            bool alert_due = alert_enabled && !alerted_now;
            bool timeout_due = timeout_enabled
                               && ((meta.cfg.timeout_pkts != 0 && meta.flow_pkts - mark_pkts >= meta.cfg.timeout_pkts)
                                   || (meta.cfg.timeout_us != 0 && now - mark_ts >= (ts_t)meta.cfg.timeout_us));
            bool end_due = meta.flow_end && (mask & EVENT_FLOW_END) != 0;

            if (meta.flow_evicted && (mask & EVENT_EVICT) != 0) {
                // the evicted flow: key, features and timestamps were filled in by FlowFeatures
                reason = REASON_EVICT;
                events = EVENT_EVICT;
                about_current = false;
                meta.rpt.flags = REPORT_FLAG_OCCUPIED | REPORT_FLAG_FREED;
            } else {
                if (timeout_due) {
                    reason = REASON_ACTIVE_TIMEOUT;
                    events = EVENT_ACTIVE_TIMEOUT;
                }
                if (alert_due) {
                    reason = REASON_ALERT;
                    events = events | EVENT_ALERT;
                }
                if (end_due) {
                    reason = REASON_FLOW_END;
                    events = events | EVENT_FLOW_END;
                }
                meta.rpt.flags = REPORT_FLAG_OCCUPIED;
                if (meta.flow_end) {
                    meta.rpt.flags = REPORT_FLAG_OCCUPIED | REPORT_FLAG_FREED;
                }
            }
            r_verdict.write(meta.slot, verdict);
        }

        if (reason != REASON_NONE) {
            // ---- rate limit ---------------------------------------------------------------------------
            bool send = true;
            if (rate_limited) {
                bit<64> credit = 0;
                ts_t credit_ts = 0;
                r_credit.read(credit, 0);
                r_credit_ts.read(credit_ts, 0);
                bit<64> elapsed = (bit<64>)(now - credit_ts);
                if (elapsed > 0x7FFFFFFF) {
                    elapsed = 0x7FFFFFFF;            // keeps elapsed * rate below 2^63
                }
                credit = credit + elapsed * (bit<64>)meta.cfg.report_rate_pps;
                bit<64> cap = (bit<64>)meta.cfg.report_burst * REPORT_CREDIT_COST;
                if (credit > cap) {
                    credit = cap;
                }
                if (credit >= REPORT_CREDIT_COST) {
                    credit = credit - REPORT_CREDIT_COST;
                } else {
                    send = false;
                }
                r_credit.write(0, credit);
                r_credit_ts.write(0, now);
            }

            if (send) {
                // ---- fill the report metadata and clone to the CPU port --------------------------------
                meta.rpt.reason = reason;
                meta.rpt.events = events;
                meta.rpt.slot = meta.slot;
                meta.rpt.ingress_port = (bit<16>)standard_metadata.ingress_port;
                meta.rpt.model_epoch = meta.cfg.epoch;
                if (about_current) {
                    meta.rpt.bank = (bit<8>)meta.cfg.bank;
                    meta.rpt.class_id = meta.class_id;
                    meta.rpt.leaf_id = meta.leaf_id;
                    meta.rpt.client_ip = meta.cur.client_ip;
                    meta.rpt.server_ip = meta.cur.server_ip;
                    meta.rpt.client_port = meta.cur.client_port;
                    meta.rpt.server_port = meta.cur.server_port;
                    meta.rpt.proto = meta.cur.proto;
                    derive_features(meta.cur, meta.rpt.feat);    // only for a report that is sent
                    meta.rpt.first_seen = meta.cur.first_ts;
                    meta.rpt.last_seen = meta.cur.last_ts;
                } else {
                    meta.rpt.bank = old_verdict[31:24];
                    meta.rpt.class_id = old_verdict[23:16];
                    meta.rpt.leaf_id = old_verdict[15:0];
                }
                clone_preserving_field_list(CloneType.I2E, REPORT_CLONE_SESSION, FL_REPORT);
                report_counter.count((bit<32>)reason);
                if (about_current && !meta.is_probe) {
                    mark_pkts = meta.flow_pkts;
                    mark_ts = now;
                    state_dirty = true;
                    if ((events & EVENT_ALERT) != 0) {
                        alert = 1w1 ++ 6w0 ++ meta.cfg.bank ++ meta.cfg.epoch;
                        alert_dirty = true;
                    }
                }
            } else {
                report_drop_counter.count((bit<32>)reason);
            }
        }

        if (alert_dirty) {
            r_alert.write(meta.slot, alert);
        }
        if (state_dirty) {
            r_mark_pkts.write(meta.slot, mark_pkts);
            r_mark_ts.write(meta.slot, mark_ts);
        }
    }
}

control ReportsEgress(inout headers_t hdr,
                      in local_metadata_t meta,
                      inout standard_metadata_t standard_metadata) {
    apply {
        hdr.packet_out.setInvalid();
        hdr.probe.setInvalid();
        hdr.ipv4.setInvalid();
        hdr.ipv4_options.setInvalid();
        hdr.tcp.setInvalid();
        hdr.udp.setInvalid();
        hdr.icmp.setInvalid();

        hdr.packet_in.setValid();
        hdr.packet_in.ingress_port = (port_num_t)meta.rpt.ingress_port;
        hdr.packet_in._pad = 0;

        hdr.ethernet.setValid();
        hdr.ethernet.dst_addr = 0;
        hdr.ethernet.src_addr = 0;
        hdr.ethernet.ether_type = ETHERTYPE_REPORT;

        hdr.report.setValid();
        hdr.report.version = REPORT_VERSION;
        hdr.report.reason = meta.rpt.reason;
        hdr.report.events = meta.rpt.events;
        hdr.report.flags = meta.rpt.flags;
        hdr.report.bank = meta.rpt.bank;
        hdr.report.class_id = meta.rpt.class_id;
        hdr.report.leaf_id = meta.rpt.leaf_id;
        hdr.report.slot = meta.rpt.slot;
        hdr.report.ingress_port = meta.rpt.ingress_port;
        hdr.report.model_epoch = meta.rpt.model_epoch;
        hdr.report.client_ip = meta.rpt.client_ip;
        hdr.report.server_ip = meta.rpt.server_ip;
        hdr.report.client_port = meta.rpt.client_port;
        hdr.report.server_port = meta.rpt.server_port;
        hdr.report.proto = meta.rpt.proto;
        hdr.report.l4_src_port = meta.rpt.feat.l4_src_port;
        hdr.report.l4_dst_port = meta.rpt.feat.l4_dst_port;
        hdr.report.protocol = meta.rpt.feat.protocol;
        hdr.report.in_bytes = meta.rpt.feat.in_bytes;
        hdr.report.in_pkts = meta.rpt.feat.in_pkts;
        hdr.report.out_bytes = meta.rpt.feat.out_bytes;
        hdr.report.out_pkts = meta.rpt.feat.out_pkts;
        hdr.report.tcp_flags = meta.rpt.feat.tcp_flags;
        hdr.report.client_tcp_flags = meta.rpt.feat.client_tcp_flags;
        hdr.report.server_tcp_flags = meta.rpt.feat.server_tcp_flags;
        hdr.report.flow_duration_milliseconds = meta.rpt.feat.flow_duration_milliseconds;
        hdr.report.duration_in = meta.rpt.feat.duration_in;
        hdr.report.duration_out = meta.rpt.feat.duration_out;
        hdr.report.min_ttl = meta.rpt.feat.min_ttl;
        hdr.report.max_ttl = meta.rpt.feat.max_ttl;
        hdr.report.longest_flow_pkt = meta.rpt.feat.longest_flow_pkt;
        hdr.report.shortest_flow_pkt = meta.rpt.feat.shortest_flow_pkt;
        hdr.report.min_ip_pkt_len = meta.rpt.feat.min_ip_pkt_len;
        hdr.report.max_ip_pkt_len = meta.rpt.feat.max_ip_pkt_len;
        hdr.report.num_pkts_up_to_128_bytes = meta.rpt.feat.num_pkts_up_to_128_bytes;
        hdr.report.num_pkts_128_to_256_bytes = meta.rpt.feat.num_pkts_128_to_256_bytes;
        hdr.report.num_pkts_256_to_512_bytes = meta.rpt.feat.num_pkts_256_to_512_bytes;
        hdr.report.num_pkts_512_to_1024_bytes = meta.rpt.feat.num_pkts_512_to_1024_bytes;
        hdr.report.num_pkts_1024_to_1514_bytes = meta.rpt.feat.num_pkts_1024_to_1514_bytes;
        hdr.report.tcp_win_max_in = meta.rpt.feat.tcp_win_max_in;
        hdr.report.tcp_win_max_out = meta.rpt.feat.tcp_win_max_out;
        hdr.report.icmp_type = meta.rpt.feat.icmp_type;
        hdr.report.icmp_ipv4_type = meta.rpt.feat.icmp_ipv4_type;
        hdr.report.first_seen = meta.rpt.first_seen;
        hdr.report.last_seen = meta.rpt.last_seen;

        // Keep only packet_in + Ethernet + report_t: the rest of the original packet is cut off.
        truncate((bit<32>)(hdr.packet_in.minSizeInBytes() + hdr.ethernet.minSizeInBytes()
                           + hdr.report.minSizeInBytes()));
    }
}

#endif
