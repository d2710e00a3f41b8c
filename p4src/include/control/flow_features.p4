/*
 * flow_features.p4: the flow table and the 28 NetFlow features of docs/features.md (the contract).
 *
 * Flow key: IPv4 5-tuple taken bidirectionally: (lower (addr, port), higher (addr, port), proto) hashed with
 * crc32 into FLOW_SLOTS slots. Each slot stores its flow's key in client/server order: the client is the
 * sender of the first packet; IN = client -> server, OUT = server -> client.
 *
 * Per packet (tracked packets only, see port_roles.p4):
 *   slot free (or closed, different key)  -> a new flow starts, this packet is its first (IN) packet;
 *   slot holds this flow                  -> update, direction from the stored client;
 *   slot holds another live flow          -> EVICT: the old flow goes into the report metadata, the new
 *                                            flow starts (evict_counter counts it);
 *   slot closed, same key                 -> a late packet of an ended flow (final ACK...): ignored, unless
 *                                            it is a new TCP SYN (SYN set, ACK clear), which starts a flow.
 * A flow ends (FLOW_END) on a TCP RST or once FIN was seen in both directions; its slot is then freed
 * (STATE_CLOSED: free for any other flow, key kept for late packets).
 * A probe reads the slot it names (zero features if the slot holds no live flow) and frees it if asked.
 */
#ifndef NIDS_FLOW_FEATURES_P4
#define NIDS_FLOW_FEATURES_P4

#include "../headers.p4"
#include "../size.p4"

// The features of a flow state. Durations: 32-bit microseconds (wrapping), as docs/features.md says.
void derive_features(in flow_state_t s, out features_t f) {
    f.l4_src_port = s.client_port;
    f.l4_dst_port = s.server_port;
    f.protocol = s.proto;
    f.in_bytes = s.in_bytes;
    f.in_pkts = s.in_pkts;
    f.out_bytes = s.out_bytes;
    f.out_pkts = s.out_pkts;
    f.tcp_flags = s.client_flags | s.server_flags;
    f.client_tcp_flags = s.client_flags;
    f.server_tcp_flags = s.server_flags;
    f.flow_duration_milliseconds = (bit<32>)(s.last_ts - s.first_ts);
    f.duration_in = (bit<32>)(s.last_in_ts - s.first_ts);
    f.duration_out = (bit<32>)(s.last_out_ts - s.first_out_ts);  // both 0 without OUT packets
    f.min_ttl = s.min_ttl;
    f.max_ttl = s.max_ttl;
    f.longest_flow_pkt = s.max_len;
    f.shortest_flow_pkt = s.min_len;
    f.min_ip_pkt_len = s.min_len;
    f.max_ip_pkt_len = s.max_len;
    f.num_pkts_up_to_128_bytes = s.len_128;
    f.num_pkts_128_to_256_bytes = s.len_256;
    f.num_pkts_256_to_512_bytes = s.len_512;
    f.num_pkts_512_to_1024_bytes = s.len_1024;
    f.num_pkts_1024_to_1514_bytes = s.len_1514;
    f.tcp_win_max_in = s.win_in;
    f.tcp_win_max_out = s.win_out;
    f.icmp_type = s.icmp;
    f.icmp_ipv4_type = s.icmp[15:8];
}

control FlowFeatures(inout headers_t hdr,
                     inout local_metadata_t meta,
                     in standard_metadata_t standard_metadata) {

    // One register per flow_state_t field group, FLOW_SLOTS cells each.
    register<bit<104>>(FLOW_SLOTS) r_key;          // client_ip ++ server_ip ++ client_port ++ server_port ++ proto
    register<bit<8>>(FLOW_SLOTS) r_state;          // STATE_*
    register<ts_t>(FLOW_SLOTS) r_first_ts;
    register<ts_t>(FLOW_SLOTS) r_last_ts;
    register<ts_t>(FLOW_SLOTS) r_last_in_ts;
    register<ts_t>(FLOW_SLOTS) r_first_out_ts;
    register<ts_t>(FLOW_SLOTS) r_last_out_ts;
    register<bit<32>>(FLOW_SLOTS) r_in_bytes;
    register<bit<32>>(FLOW_SLOTS) r_in_pkts;
    register<bit<32>>(FLOW_SLOTS) r_out_bytes;
    register<bit<32>>(FLOW_SLOTS) r_out_pkts;
    register<bit<16>>(FLOW_SLOTS) r_tcp_flags;     // client flags ++ server flags
    register<bit<16>>(FLOW_SLOTS) r_ttl;           // min ++ max
    register<bit<32>>(FLOW_SLOTS) r_len;           // min ++ max
    register<bit<32>>(FLOW_SLOTS) r_len_128;
    register<bit<32>>(FLOW_SLOTS) r_len_256;
    register<bit<32>>(FLOW_SLOTS) r_len_512;
    register<bit<32>>(FLOW_SLOTS) r_len_1024;
    register<bit<32>>(FLOW_SLOTS) r_len_1514;
    register<bit<32>>(FLOW_SLOTS) r_win;           // max window IN ++ max window OUT
    register<bit<16>>(FLOW_SLOTS) r_icmp;          // type ++ code of the first ICMP packet

    counter(1, CounterType.packets) evict_counter;

    bit<104> key_bits = 0;
    bit<16> pair16 = 0;
    bit<32> pair32 = 0;

    // Reads the slot straight into meta.cur: the packet's update then modifies it in place (no copy of the
    // whole state per packet; BMv2's cost grows with every primitive).
    @hidden action read_state() {
        r_key.read(key_bits, meta.slot);
        meta.cur.client_ip = key_bits[103:72];
        meta.cur.server_ip = key_bits[71:40];
        meta.cur.client_port = key_bits[39:24];
        meta.cur.server_port = key_bits[23:8];
        meta.cur.proto = key_bits[7:0];
        r_state.read(meta.cur.state, meta.slot);
        r_first_ts.read(meta.cur.first_ts, meta.slot);
        r_last_ts.read(meta.cur.last_ts, meta.slot);
        r_last_in_ts.read(meta.cur.last_in_ts, meta.slot);
        r_first_out_ts.read(meta.cur.first_out_ts, meta.slot);
        r_last_out_ts.read(meta.cur.last_out_ts, meta.slot);
        r_in_bytes.read(meta.cur.in_bytes, meta.slot);
        r_in_pkts.read(meta.cur.in_pkts, meta.slot);
        r_out_bytes.read(meta.cur.out_bytes, meta.slot);
        r_out_pkts.read(meta.cur.out_pkts, meta.slot);
        r_tcp_flags.read(pair16, meta.slot);
        meta.cur.client_flags = pair16[15:8];
        meta.cur.server_flags = pair16[7:0];
        r_ttl.read(pair16, meta.slot);
        meta.cur.min_ttl = pair16[15:8];
        meta.cur.max_ttl = pair16[7:0];
        r_len.read(pair32, meta.slot);
        meta.cur.min_len = pair32[31:16];
        meta.cur.max_len = pair32[15:0];
        r_len_128.read(meta.cur.len_128, meta.slot);
        r_len_256.read(meta.cur.len_256, meta.slot);
        r_len_512.read(meta.cur.len_512, meta.slot);
        r_len_1024.read(meta.cur.len_1024, meta.slot);
        r_len_1514.read(meta.cur.len_1514, meta.slot);
        r_win.read(pair32, meta.slot);
        meta.cur.win_in = pair32[31:16];
        meta.cur.win_out = pair32[15:0];
        r_icmp.read(meta.cur.icmp, meta.slot);
    }

    @hidden action write_state() {
        r_key.write(meta.slot, meta.cur.client_ip ++ meta.cur.server_ip ++ meta.cur.client_port
                               ++ meta.cur.server_port ++ meta.cur.proto);
        r_state.write(meta.slot, meta.cur.state);
        r_first_ts.write(meta.slot, meta.cur.first_ts);
        r_last_ts.write(meta.slot, meta.cur.last_ts);
        r_last_in_ts.write(meta.slot, meta.cur.last_in_ts);
        r_first_out_ts.write(meta.slot, meta.cur.first_out_ts);
        r_last_out_ts.write(meta.slot, meta.cur.last_out_ts);
        r_in_bytes.write(meta.slot, meta.cur.in_bytes);
        r_in_pkts.write(meta.slot, meta.cur.in_pkts);
        r_out_bytes.write(meta.slot, meta.cur.out_bytes);
        r_out_pkts.write(meta.slot, meta.cur.out_pkts);
        r_tcp_flags.write(meta.slot, meta.cur.client_flags ++ meta.cur.server_flags);
        r_ttl.write(meta.slot, meta.cur.min_ttl ++ meta.cur.max_ttl);
        r_len.write(meta.slot, meta.cur.min_len ++ meta.cur.max_len);
        r_len_128.write(meta.slot, meta.cur.len_128);
        r_len_256.write(meta.slot, meta.cur.len_256);
        r_len_512.write(meta.slot, meta.cur.len_512);
        r_len_1024.write(meta.slot, meta.cur.len_1024);
        r_len_1514.write(meta.slot, meta.cur.len_1514);
        r_win.write(meta.slot, meta.cur.win_in ++ meta.cur.win_out);
        r_icmp.write(meta.slot, meta.cur.icmp);
    }

    @hidden action write_update_in() {
        r_state.write(meta.slot, meta.cur.state);
        r_last_ts.write(meta.slot, meta.cur.last_ts);
        r_last_in_ts.write(meta.slot, meta.cur.last_in_ts);
        r_in_bytes.write(meta.slot, meta.cur.in_bytes);
        r_in_pkts.write(meta.slot, meta.cur.in_pkts);
        r_tcp_flags.write(meta.slot, meta.cur.client_flags ++ meta.cur.server_flags);
        r_ttl.write(meta.slot, meta.cur.min_ttl ++ meta.cur.max_ttl);
        r_len.write(meta.slot, meta.cur.min_len ++ meta.cur.max_len);
        r_win.write(meta.slot, meta.cur.win_in ++ meta.cur.win_out);
    }

    @hidden action write_update_out() {
        r_state.write(meta.slot, meta.cur.state);
        r_last_ts.write(meta.slot, meta.cur.last_ts);
        r_first_out_ts.write(meta.slot, meta.cur.first_out_ts);
        r_last_out_ts.write(meta.slot, meta.cur.last_out_ts);
        r_out_bytes.write(meta.slot, meta.cur.out_bytes);
        r_out_pkts.write(meta.slot, meta.cur.out_pkts);
        r_tcp_flags.write(meta.slot, meta.cur.client_flags ++ meta.cur.server_flags);
        r_ttl.write(meta.slot, meta.cur.min_ttl ++ meta.cur.max_ttl);
        r_len.write(meta.slot, meta.cur.min_len ++ meta.cur.max_len);
        r_win.write(meta.slot, meta.cur.win_in ++ meta.cur.win_out);
    }

    // An all-zero state (what a probe of a slot without a live flow reports).
    @hidden action clear_cur() {
        meta.cur.client_ip = 0;
        meta.cur.server_ip = 0;
        meta.cur.client_port = 0;
        meta.cur.server_port = 0;
        meta.cur.proto = 0;
        meta.cur.state = 0;
        meta.cur.first_ts = 0;
        meta.cur.last_ts = 0;
        meta.cur.last_in_ts = 0;
        meta.cur.first_out_ts = 0;
        meta.cur.last_out_ts = 0;
        meta.cur.in_bytes = 0;
        meta.cur.in_pkts = 0;
        meta.cur.out_bytes = 0;
        meta.cur.out_pkts = 0;
        meta.cur.client_flags = 0;
        meta.cur.server_flags = 0;
        meta.cur.min_ttl = 0;
        meta.cur.max_ttl = 0;
        meta.cur.min_len = 0;
        meta.cur.max_len = 0;
        meta.cur.len_128 = 0;
        meta.cur.len_256 = 0;
        meta.cur.len_512 = 0;
        meta.cur.len_1024 = 0;
        meta.cur.len_1514 = 0;
        meta.cur.win_in = 0;
        meta.cur.win_out = 0;
        meta.cur.icmp = 0;
    }

    apply {
        ts_t now = standard_metadata.ingress_global_timestamp;
        meta.flow_active = false;
        meta.flow_new = false;
        meta.flow_evicted = false;
        meta.flow_end = false;
        meta.slot_occupied = false;

        if (meta.is_probe) {
            // ---- probe: report the named slot, free it if asked -------------------------------------
            meta.slot = hdr.probe.slot & (FLOW_SLOTS - 1);
            read_state();
            if ((meta.cur.state & STATE_VALID) != 0) {
                meta.slot_occupied = true;
            } else {
                clear_cur();
            }
            if ((hdr.probe.flags & PROBE_FLAG_FREE) != 0) {
                r_state.write(meta.slot, 8w0);
            }
            meta.flow_active = true;
        } else {
            // ---- packet: canonical key -> slot -----------------------------------------------------
            ipv4_addr_t src_ip = hdr.ipv4.src_addr;
            ipv4_addr_t dst_ip = hdr.ipv4.dst_addr;
            bit<16> sport = meta.l4_src_port;
            bit<16> dport = meta.l4_dst_port;
            bit<8> proto = hdr.ipv4.protocol;
            bit<16> len = hdr.ipv4.total_len;
            bit<8> ttl = hdr.ipv4.ttl;
            bit<8> tcp_flags = 0;
            bit<16> window = 0;
            if (hdr.tcp.isValid()) {
                tcp_flags = hdr.tcp.flags;
                window = hdr.tcp.window;
            }
            if (src_ip < dst_ip || (src_ip == dst_ip && sport <= dport)) {
                hash(meta.slot, HashAlgorithm.crc32, (flow_slot_t)0,
                     { src_ip, dst_ip, sport, dport, proto }, (flow_slot_t)FLOW_SLOTS);
            } else {
                hash(meta.slot, HashAlgorithm.crc32, (flow_slot_t)0,
                     { dst_ip, src_ip, dport, sport, proto }, (flow_slot_t)FLOW_SLOTS);
            }
            read_state();

            bool live = (meta.cur.state & STATE_VALID) != 0;
            bool closed = (meta.cur.state & STATE_CLOSED) != 0;
            bool same_in = key_bits == (src_ip ++ dst_ip ++ sport ++ dport ++ proto);
            bool same_out = key_bits == (dst_ip ++ src_ip ++ dport ++ sport ++ proto);
            bool same = same_in || same_out;
            bool fresh_syn = hdr.tcp.isValid() && (tcp_flags & 8w0x12) == 8w0x02;  // SYN without ACK

            if (live && same) {
                // ---- update an existing flow (in place) ----------------------------------------------
                meta.flow_active = true;
                meta.cur.last_ts = now;
                if (same_in) {
                    meta.cur.last_in_ts = now;
                    meta.cur.in_bytes = meta.cur.in_bytes + (bit<32>)len;
                    meta.cur.in_pkts = meta.cur.in_pkts + 1;
                    meta.cur.client_flags = meta.cur.client_flags | tcp_flags;
                    if (window > meta.cur.win_in) {
                        meta.cur.win_in = window;
                    }
                    if ((tcp_flags & TCP_FLAG_FIN) != 0) {
                        meta.cur.state = meta.cur.state | STATE_FIN_IN;
                    }
                } else {
                    if (meta.cur.out_pkts == 0) {
                        meta.cur.first_out_ts = now;
                    }
                    meta.cur.last_out_ts = now;
                    meta.cur.out_bytes = meta.cur.out_bytes + (bit<32>)len;
                    meta.cur.out_pkts = meta.cur.out_pkts + 1;
                    meta.cur.server_flags = meta.cur.server_flags | tcp_flags;
                    if (window > meta.cur.win_out) {
                        meta.cur.win_out = window;
                    }
                    if ((tcp_flags & TCP_FLAG_FIN) != 0) {
                        meta.cur.state = meta.cur.state | STATE_FIN_OUT;
                    }
                }
                if (ttl < meta.cur.min_ttl) {
                    meta.cur.min_ttl = ttl;
                }
                if (ttl > meta.cur.max_ttl) {
                    meta.cur.max_ttl = ttl;
                }
                if (len < meta.cur.min_len) {
                    meta.cur.min_len = len;
                }
                if (len > meta.cur.max_len) {
                    meta.cur.max_len = len;
                }
            } else if (!(closed && same && !fresh_syn)) {
                // ---- a new flow (evicting a live one if the slot holds another flow) ----------------
                if (live) {
                    // meta.cur still holds the evicted flow: it goes into the report before being replaced
                    meta.flow_evicted = true;
                    evict_counter.count(0);
                    meta.rpt.client_ip = meta.cur.client_ip;
                    meta.rpt.server_ip = meta.cur.server_ip;
                    meta.rpt.client_port = meta.cur.client_port;
                    meta.rpt.server_port = meta.cur.server_port;
                    meta.rpt.proto = meta.cur.proto;
                    meta.rpt.first_seen = meta.cur.first_ts;
                    meta.rpt.last_seen = meta.cur.last_ts;
                    derive_features(meta.cur, meta.rpt.feat);
                }
                meta.flow_active = true;
                meta.flow_new = true;
                meta.cur.client_ip = src_ip;
                meta.cur.server_ip = dst_ip;
                meta.cur.client_port = sport;
                meta.cur.server_port = dport;
                meta.cur.proto = proto;
                meta.cur.state = STATE_VALID;
                if ((tcp_flags & TCP_FLAG_FIN) != 0) {
                    meta.cur.state = STATE_VALID | STATE_FIN_IN;
                }
                meta.cur.first_ts = now;
                meta.cur.last_ts = now;
                meta.cur.last_in_ts = now;
                meta.cur.first_out_ts = 0;
                meta.cur.last_out_ts = 0;
                meta.cur.in_bytes = (bit<32>)len;
                meta.cur.in_pkts = 1;
                meta.cur.out_bytes = 0;
                meta.cur.out_pkts = 0;
                meta.cur.client_flags = tcp_flags;
                meta.cur.server_flags = 0;
                meta.cur.min_ttl = ttl;
                meta.cur.max_ttl = ttl;
                meta.cur.min_len = len;
                meta.cur.max_len = len;
                meta.cur.len_128 = 0;
                meta.cur.len_256 = 0;
                meta.cur.len_512 = 0;
                meta.cur.len_1024 = 0;
                meta.cur.len_1514 = 0;
                meta.cur.win_in = window;
                meta.cur.win_out = 0;
                meta.cur.icmp = 0;
                if (hdr.icmp.isValid()) {
                    meta.cur.icmp = hdr.icmp.icmp_type ++ hdr.icmp.icmp_code;
                }
            }

            if (meta.flow_active) {
                // packet-length histogram (both directions)
                if (len <= 128) {
                    meta.cur.len_128 = meta.cur.len_128 + 1;
                    r_len_128.write(meta.slot, meta.cur.len_128);
                } else if (len <= 256) {
                    meta.cur.len_256 = meta.cur.len_256 + 1;
                    r_len_256.write(meta.slot, meta.cur.len_256);
                } else if (len <= 512) {
                    meta.cur.len_512 = meta.cur.len_512 + 1;
                    r_len_512.write(meta.slot, meta.cur.len_512);
                } else if (len <= 1024) {
                    meta.cur.len_1024 = meta.cur.len_1024 + 1;
                    r_len_1024.write(meta.slot, meta.cur.len_1024);
                } else if (len <= 1514) {
                    meta.cur.len_1514 = meta.cur.len_1514 + 1;
                    r_len_1514.write(meta.slot, meta.cur.len_1514);
                }
                // end of flow: RST, or FIN seen both ways
                if ((tcp_flags & TCP_FLAG_RST) != 0
                        || (meta.cur.state & (STATE_FIN_IN | STATE_FIN_OUT)) == (STATE_FIN_IN | STATE_FIN_OUT)) {
                    meta.flow_end = true;
                    meta.cur.state = STATE_CLOSED;
                }
                // A new flow writes every field; an update only what a packet of its direction changes
                // (the histogram bucket was written above): about half the register writes.
                if (meta.flow_new) {
                    write_state();
                } else if (same_in) {
                    write_update_in();
                } else {
                    write_update_out();
                }
            }
        }

        // The features are not derived here: the classifier picks its few straight from meta.cur, and a
        // report derives all 28 only when it is sent.
        if (meta.flow_active) {
            meta.flow_pkts = meta.cur.in_pkts + meta.cur.out_pkts;
        }
    }
}

#endif
