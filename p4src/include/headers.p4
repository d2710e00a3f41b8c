/*
 * headers.p4: packet headers, controller headers, the report and probe headers, and the metadata structs.
 */
#ifndef NIDS_HEADERS_P4
#define NIDS_HEADERS_P4

#include "defines.p4"

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
    bit<8> flags;      // PROBE_FLAG_FREE: free the slot after reporting it
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
    bit<8> class_id;
    bit<16> leaf_id;
    bit<32> slot;
    bit<16> ingress_port;      // port of the packet that triggered the report (CPU_PORT for a probe)
    bit<32> model_epoch;       // config epoch when the report was sent
    bit<32> client_ip;
    bit<32> server_ip;
    bit<16> client_port;
    bit<16> server_port;
    bit<8> proto;
    // the 28 features (docs/features.md), ids 1..28
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
    // timestamps (us since switch start)
    bit<48> first_seen;
    bit<48> last_seen;
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

// The 28 features, catalog order and widths (same names as report_t).
struct features_t {
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
}

// Raw per-slot flow state, as held in the flow registers (one register per field).
struct flow_state_t {
    ipv4_addr_t client_ip;
    ipv4_addr_t server_ip;
    bit<16> client_port;
    bit<16> server_port;
    bit<8> proto;
    bit<8> state;              // STATE_*
    ts_t first_ts;             // first packet (= first IN packet: the client sends first)
    ts_t last_ts;
    ts_t last_in_ts;
    ts_t first_out_ts;         // 0 until the first OUT packet
    ts_t last_out_ts;
    bit<32> in_bytes;
    bit<32> in_pkts;
    bit<32> out_bytes;
    bit<32> out_pkts;
    bit<8> client_flags;
    bit<8> server_flags;
    bit<8> min_ttl;
    bit<8> max_ttl;
    bit<16> min_len;
    bit<16> max_len;
    bit<32> len_128;
    bit<32> len_256;
    bit<32> len_512;
    bit<32> len_1024;
    bit<32> len_1514;
    bit<16> win_in;
    bit<16> win_out;
    bit<16> icmp;              // type * 256 + code of the first ICMP packet
}

// Run-time knobs: the parameters of the config table's default action.
struct config_t {
    bank_t bank;               // active model bank
    bit<32> epoch;             // model epoch: a change re-arms ALERT
    bit<8> track_mode;         // TRACK_*
    bit<32> timeout_pkts;      // ACTIVE_TIMEOUT every this many packets since the last report (0 = off)
    bit<32> timeout_us;        // ACTIVE_TIMEOUT when this many us passed since the last report (0 = off)
    bit<32> report_rate_pps;   // report token bucket: rate (reports per second)
    bit<32> report_burst;      // report token bucket: depth (reports)
    bit<8> report_mask;        // bit (1 << reason): reason enabled
}

// What one report carries; preserved with the report clone (see local_metadata_t.rpt).
struct report_md_t {
    bit<8> reason;
    bit<8> events;
    bit<8> flags;
    bit<8> bank;
    bit<8> class_id;
    bit<16> leaf_id;
    bit<32> slot;
    bit<16> ingress_port;
    bit<32> model_epoch;
    ipv4_addr_t client_ip;
    ipv4_addr_t server_ip;
    bit<16> client_port;
    bit<16> server_port;
    bit<8> proto;
    features_t feat;
    ts_t first_seen;
    ts_t last_seen;
}

struct local_metadata_t {
    bit<16> l4_src_port;       // TCP/UDP ports, 0 otherwise (table0/ACL keys, flow key)
    bit<16> l4_dst_port;
    bool acl_blocked;
    config_t cfg;
    bool ig_edge;              // ingress port role is edge
    bool eg_edge;              // egress port role is edge
    bool track;                // run the flow stages on this packet
    bool is_probe;             // a controller probe (packet-out)
    // flow stage results
    flow_slot_t slot;
    bool flow_active;          // the packet was accounted to a live flow (or is a probe): classify + report
    bool flow_new;             // this packet started the flow in its slot
    bool flow_evicted;         // it evicted another flow (rpt holds the evicted flow)
    bool flow_end;             // it ended the flow (FIN both ways or RST)
    bool slot_occupied;        // probe: the slot held a live flow
    bit<32> flow_pkts;         // in_pkts + out_pkts of the current flow
    flow_state_t cur;          // current flow state after this packet (classifier input)
    // classifier results
    class_id_t class_id;
    leaf_id_t leaf_id;
    // report to send (if any); preserved with the clone to the CPU port
    @field_list(FL_REPORT)
    report_md_t rpt;
}

#endif
