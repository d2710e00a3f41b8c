/*
 * headers.p4: packet headers, controller headers, the report and probe headers, and the metadata structs.
 */
#ifndef NIDS_HEADERS_P4
#define NIDS_HEADERS_P4

#include "defines.p4"
#include "cells.p4"

// ---------------------------------------------------------------------------------------------------------
// Controller headers (P4Runtime packet metadata)
// ---------------------------------------------------------------------------------------------------------
@controller_header("packet_in")
header packet_in_t {
    port_num_t ingress_port;
    bit<7> _pad;
}

@controller_header("packet_out")
header packet_out_t {
    port_num_t egress_port;  // CPU_PORT + an Ethernet frame of type ETHERTYPE_PROBE = a probe
    bit<7> _pad;
}

// ---------------------------------------------------------------------------------------------------------
// Packet headers
// ---------------------------------------------------------------------------------------------------------
header ethernet_t {
    mac_addr_t dst_addr;
    mac_addr_t src_addr;
    bit<16> ether_type;
}

header ipv4_t {
    bit<4> version;
    bit<4> ihl;
    bit<6> dscp;
    bit<2> ecn;
    bit<16> total_len;
    bit<16> identification;
    bit<3> flags;
    bit<13> frag_offset;
    bit<8> ttl;
    bit<8> protocol;
    bit<16> hdr_checksum;
    ipv4_addr_t src_addr;
    ipv4_addr_t dst_addr;
}

header ipv4_options_t {
    varbit<320> options;
}

header tcp_t {
    bit<16> src_port;
    bit<16> dst_port;
    bit<32> seq_no;
    bit<32> ack_no;
    bit<4> data_offset;
    bit<4> res;
    bit<8> flags;      // CWR ECE URG ACK PSH RST SYN FIN
    bit<16> window;
    bit<16> checksum;
    bit<16> urgent_ptr;
}

header udp_t {
    bit<16> src_port;
    bit<16> dst_port;
    bit<16> len;
    bit<16> checksum;
}

header icmp_t {
    bit<8> icmp_type;
    bit<8> icmp_code;
    bit<16> checksum;
}

// Probe: packet-out to CPU_PORT carrying Ethernet(ETHERTYPE_PROBE) + probe_t.
header probe_t {
    bit<32> slot;
    bit<8> flags;          // PROBE_FLAG_FREE: free the slot after reporting it ...
    bit<32> min_idle_us;   // ... if its flow has been silent this long (0: whatever its last packet)
}

// Flow report: packet-in payload = Ethernet(ETHERTYPE_REPORT) + report_t; the original packet is truncated
// away. All fields byte-aligned, big-endian. Features in catalog order with catalog widths; the three
// durations are data-plane values (32-bit microseconds, feature = floor(us / 1000)).
header report_t {
    bit<8> version;            // REPORT_VERSION
    bit<8> reason;             // primary reason (REASON_*)
    bit<8> events;             // bit (1 << reason) for every reason that applied to this report
    bit<8> flags;              // REPORT_FLAG_*
    bit<8> bank;               // bank of the verdict below
    bit<8> class_id;           // verdict: class (0 with leaf 0: not classified, or no entry matched)
    bit<16> leaf_id;
    bit<16> phase;             // phase of the verdict: packet count, PHASE_LATE, PHASE_END (end of the flow)
    bit<16> confidence;        // the leaf's confidence, per mille
    bit<32> slot;
    bit<16> ingress_port;      // port of the packet that triggered the report (CPU_PORT for a probe)
    bit<16> client_ingress_port;  // port the flow's first packet (the client's) came in on (0 for an empty slot)
    bit<32> model_epoch;       // config epoch when the report was sent
    bit<32> client_ip;
    bit<32> server_ip;
    bit<16> client_port;
    bit<16> server_port;
    bit<8> proto;
    // the 33 features (docs/features.md), ids 1..33
    bit<16> l4_src_port;
    bit<16> l4_dst_port;
    bit<8> protocol;
    bit<32> in_bytes;
    bit<32> in_pkts;
    bit<32> out_bytes;
    bit<32> out_pkts;
    bit<8> tcp_flags;
    bit<8> client_tcp_flags;
    bit<8> server_tcp_flags;
    bit<32> flow_duration_milliseconds;
    bit<32> duration_in;
    bit<32> duration_out;
    bit<8> min_ttl;
    bit<8> max_ttl;
    bit<16> longest_flow_pkt;
    bit<16> shortest_flow_pkt;
    bit<16> min_ip_pkt_len;
    bit<16> max_ip_pkt_len;
    bit<32> num_pkts_up_to_128_bytes;
    bit<32> num_pkts_128_to_256_bytes;
    bit<32> num_pkts_256_to_512_bytes;
    bit<32> num_pkts_512_to_1024_bytes;
    bit<32> num_pkts_1024_to_1514_bytes;
    bit<16> tcp_win_max_in;
    bit<16> tcp_win_max_out;
    bit<16> icmp_type;
    bit<8> icmp_ipv4_type;
    bit<32> src_flows;
    bit<8> src_dst_hosts;
    bit<8> src_dst_ports;
    bit<32> src_half_open;
    bit<32> in_pkt_interval;
    // timestamps (us since switch start)
    bit<48> first_seen;
    bit<48> last_seen;
    // reports this switch has sent since its pipeline was set, this one included: a gap is a report lost between
    // the clone and the controller (e.g., a full CPU-port queue), which no counter of the switch can see
    bit<32> sequence;
}

struct headers_t {
    packet_out_t packet_out;
    packet_in_t packet_in;
    ethernet_t ethernet;
    probe_t probe;
    report_t report;
    ipv4_t ipv4;
    ipv4_options_t ipv4_options;
    tcp_t tcp;
    udp_t udp;
    icmp_t icmp;
}

// ---------------------------------------------------------------------------------------------------------
// Metadata
// ---------------------------------------------------------------------------------------------------------

// Run-time knobs: the parameters of the config table's default action.
struct config_t {
    bank_t bank;                    // active model bank
    bit<32> epoch;                  // model epoch: a change re-arms ALERT
    bit<8> track_mode;              // TRACK_*
    bit<32> timeout_pkts;           // ACTIVE_TIMEOUT every this many packets since the last report (0 = off)
    bit<32> timeout_us;             // ACTIVE_TIMEOUT when this many us passed since the last report (0 = off)
    bit<32> idle_timeout_us;        // a flow idle this long may be replaced by a new flow (0 = never)
    bit<8> report_mask;             // bit (1 << reason): reason enabled
    bit<32> flow_hash_seed;         // keys the flow hash and the source-context hashes
    confidence_t min_confidence;    // least leaf confidence (per mille) an alert needs
    bit<8> source_window_log2_us;   // source epoch = now >> this
    bit<8> source_alert_cap;        // alerts reported per source and epoch (0 = no cap)
}

// What the flow table did with the packet (FlowTable -> later stages).
struct flow_md_t {
    bit<104> hash_input;            // the packet's canonical key, each word plus the seed, ++ protocol: what the
                                    // CRC reads and what the flow's cell stores as its key (cells.p4)
    bit<112> expect;                // FLOW_STATE & (LIVE | CLIENT_HIGH) of a live flow the sender is the client
                                    // of ++ the packet's canonical key (flow_key_t; KEY_* in cells.p4); built only
                                    // when way 0 does not hold the packet's live flow (0 otherwise)
    bool new_key;                   // neither way holds the key (live or closed)
    // counted and outbound: set and read only on the path of a packet way 0 does not hold (way 0's packets go
    // from the lookup straight to their count, flow_table.p4)
    bool counted;                   // counted (a new flow) before the IN path
    bool outbound;                  // a live flow's packet from its server: the OUT path counts it
    flow_slot_t slot_a;             // the key's cell in way 0 (set when way 0 did not hold the key)
    flow_slot_t slot_b;             // ... in way 1
    flow_slot_t slot;               // the cell index the packet's flow is at (meta.cell)
    bool started;                   // the packet started a flow
    bool ended;                     // it ended the flow (RST, or FIN both ways)
    bool evicted;                   // the new flow replaced a live one (meta.victim)
    bool evicted_idle;              // ... that had been idle for idle_timeout_us
    bool handshake_done;            // the client completed a handshake it opened with a bare SYN
    bool probe_live;                // probe: the slot held a live flow
    bool probe_freed;               // probe: the slot was freed (asked to, and silent long enough)
    bool timeout_due;               // ACTIVE_TIMEOUT is due
    bool alert_pending;             // the flow has an alert waiting for a report
    bool attention;                 // anything after the flow table has work: classify, report
    // set only when attention may be due (take_stock), read only when it is:
    phase_t phase;                  // phase to classify at: count, PHASE_LATE, PHASE_END (end, probe), PHASE_NONE
}

struct verdict_t {
    bool classified;                // the model has a tree for the phase (the phases table hit)
    class_id_t class_id;
    leaf_id_t leaf_id;
    confidence_t confidence;
}

// What one report carries; preserved with the report clone (see local_metadata_t.rpt).
struct report_md_t {
    bit<8> reason;
    bit<8> events;
    bit<8> flags;
    bit<8> bank;
    bit<8> class_id;
    bit<16> leaf_id;
    bit<16> phase;
    bit<16> confidence;
    bit<32> slot;
    bit<16> ingress_port;
    bit<16> client_ingress_port;
    bit<32> model_epoch;
    ipv4_addr_t client_ip;
    ipv4_addr_t server_ip;
    bit<16> client_port;
    bit<16> server_port;
    bit<8> proto;
    feature_vector_t features;
    ts_t first_seen;
    ts_t last_seen;
    bit<32> sequence;
}

struct local_metadata_t {
    bit<16> l4_src_port;            // TCP/UDP ports; an ICMP query's identifier in both; 0 otherwise (flow key,
                                    // table0/ACL keys: ONOS's TCP/UDP port criteria imply their protocol)
    bit<16> l4_dst_port;
    bool trackable;                 // IPv4 TCP/UDP/ICMP, first fragment (parser), not blocked by the ACL
    config_t cfg;
    bool is_probe;                  // a controller probe (packet-out)
    flow_md_t flow;
    flow_cell_t cell;               // the packet's flow cell, as updated (the lookup and the count work on it)
    flow_keys_t keys;               // its views (cells.p4), taken where a later step needs more than the cell's
    flow_traffic_t traffic;         // per-packet fields: a phase packet, an end, a new flow, a probe (the
    flow_tally_t tally;             // probed cell's views)
    flow_alerts_t alerts;           // read only when a verdict may be reported
    bool keys_dirty;                // the report stage changed meta.keys (write the views back)
    flow_keys_t victim_keys;        // the views of the flow cell a new flow replaced (EVICT); way 0's while
    flow_traffic_t victim_traffic;  // looking up
    flow_tally_t victim_tally;
    bit<128> source_features;       // SRC_* of the flow's client: half_open ++ ports ++ hosts ++ flows
    bit<128> victim_source_features;
    feature_vector_t features;      // the flow's features, derived once (classifier input, report content)
    verdict_t verdict;
    // report to send (if any); preserved with the clone to the CPU port
    @field_list(FL_REPORT)
    report_md_t rpt;
}

#endif
