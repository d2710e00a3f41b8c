/*
 * nids_config.p4: run-time configuration (the keyless config table) and port roles; decides whether the
 * NIDS stages run on a packet.
 *
 * All run-time knobs live in table entries because BMv2's P4Runtime server refuses register writes:
 *   config        keyless; its default action set_config(...) carries the knobs (config_t in headers.p4).
 *                 Writing it is atomic: every packet sees one complete config, hence one bank.
 *   port_role     ingress port -> edge (default: transit)
 *   eg_port_role  egress port  -> edge (default: transit); used by track_mode TRACK_EDGE, so that a flow
 *                 crossing the fabric is tracked, both directions, on the edge switches at its two ends
 *                 and on no transit hop.
 * A packet is tracked when it is IPv4 TCP/UDP/ICMP (first fragment), not blocked by the ACL, and
 *   TRACK_OFF: never; TRACK_INGRESS_EDGE: it came in on an edge port;
 *   TRACK_EDGE: it came in or goes out on an edge port; TRACK_ALL: always.
 * An untracked packet leaves the ingress pipeline here (exit: nothing after this stage is for it); a tracked one
 * and a controller probe go on to the flow stages. No flag is written for that: a field write is the dearest
 * thing a BMv2 primitive does (docs/overhead.md), and every tracked packet paid one for `meta.track`.
 */
#ifndef NIDS_NIDS_CONFIG_P4
#define NIDS_NIDS_CONFIG_P4

#include "../headers.p4"
#include "../size.p4"

control NidsConfig(in headers_t hdr,
                   inout local_metadata_t meta,
                   in standard_metadata_t standard_metadata) {

    action set_config(bank_t bank,
                      bit<32> epoch,
                      bit<8> track_mode,
                      bit<32> timeout_pkts,
                      bit<32> timeout_us,
                      bit<32> idle_timeout_us,
                      bit<8> report_mask,
                      bit<32> flow_hash_seed,
                      confidence_t min_confidence,
                      bit<8> source_window_log2_us,
                      bit<8> source_alert_cap) {
        meta.cfg.bank = bank;
        meta.cfg.epoch = epoch;
        meta.cfg.track_mode = track_mode;
        meta.cfg.timeout_pkts = timeout_pkts;
        meta.cfg.timeout_us = timeout_us;
        meta.cfg.idle_timeout_us = idle_timeout_us;
        meta.cfg.report_mask = report_mask;
        meta.cfg.flow_hash_seed = flow_hash_seed;
        meta.cfg.min_confidence = min_confidence;
        meta.cfg.source_window_log2_us = source_window_log2_us;
        meta.cfg.source_alert_cap = source_alert_cap;
    }

    table config {
        actions = { set_config; }
        default_action = set_config(0, 0, DEFAULT_TRACK_MODE, 0, 0, 0, DEFAULT_REPORT_MASK, 0,
                                    DEFAULT_MIN_CONFIDENCE, DEFAULT_SOURCE_WINDOW_LOG2_US,
                                    DEFAULT_SOURCE_ALERT_CAP);
    }

    // The port looked up (ingress, then egress) is an edge port: the packet is tracked (the apply block below
    // switches on the action; it does nothing itself).
    action set_edge() {
    }

    table port_role {
        key = { standard_metadata.ingress_port: exact @name("port"); }
        actions = {
            set_edge;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = PORT_ROLE_SIZE;
    }

    table eg_port_role {
        key = { standard_metadata.egress_spec: exact @name("port"); }
        actions = {
            set_edge;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        size = PORT_ROLE_SIZE;
    }

    apply {
        config.apply();
        // meta.trackable: the parser found TCP/UDP/ICMP in a first fragment and the ACL did not block the packet
        // (a probe has no IPv4 header: it goes on untested). A switch on the action run leads straight to the next
        // node (an `if` on `hit` costs two more nodes per packet).
        if (!meta.trackable || meta.cfg.track_mode == TRACK_OFF) {
            if (!meta.is_probe) {
                exit;
            }
        } else {
            // The ingress port's role first, also under TRACK_ALL (where it decides nothing): an edge port's packet
            // then goes on after one lookup, with no test of the mode before it (a condition node less per tracked
            // packet, about 450 instructions: docs/overhead.md, session 13).
            switch (port_role.apply().action_run) {
                NoAction: {
                    if (meta.cfg.track_mode != TRACK_ALL) {
                        if (meta.cfg.track_mode != TRACK_EDGE) {
                            exit;
                        }
                        switch (eg_port_role.apply().action_run) {
                            NoAction: {
                                exit;
                            }
                        }
                    }
                }
            }
        }
    }
}

#endif
