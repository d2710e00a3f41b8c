/*
 * flow_table.p4: the flow table: which cell a packet's flow lives in, and the per-packet update of the flow's
 * state (docs/features.md: the 28 flow features are computed from it).
 *
 * Key: the IPv4 5-tuple taken bidirectionally, canonical order (lower (address, port) first). Hash: CRC-32 over
 * the key words each plus the run-time seed (config flow_hash_seed; adding, not XOR-ing, makes which keys
 * collide depend on the seed, CRC being linear). Two ways: way 0 = the hash's low bits, way 1 = FLOW_SLOTS_PER_WAY
 * + its bits 16 and up. Per packet:
 *   way 0 holds the key (live or closed), else way 1 does  -> that cell;
 *   neither                                                -> a new flow takes a way without a live flow, else
 *       one whose flow has been idle for idle_timeout_us (way 0 first), else the way whose flow has fewer
 *       packets (the less recently seen on a tie, way 1 on a full tie): that flow is evicted and reported.
 *   a live flow of the key    -> counted (IN when the sender is the stored client);
 *   a closed flow of the key  -> the packet is ignored (a late ACK...), unless it is a bare SYN: a new flow.
 * A flow ends at a TCP RST or once FIN was seen both ways: its cell is closed (key kept, free for others).
 * Each tracked packet costs one read of its cell (two when the flow sits in way 1 or is new) and one write; the
 * update works on the cell in place (flow_cells, cells.p4). model-tools' SwitchReference is the same algorithm in
 * Java.
 */
#ifndef NIDS_FLOW_TABLE_P4
#define NIDS_FLOW_TABLE_P4

#include "../headers.p4"
#include "../size.p4"

// The length-histogram counter a packet of this IPv4 total length adds one to (none above 1514 bytes).
flow_cell_t length_bucket_one(in bit<16> len) {
    return len <= 128 ? (flow_cell_t)1 << FLOW_LEN_128_LO
         : len <= 256 ? (flow_cell_t)1 << FLOW_LEN_256_LO
         : len <= 512 ? (flow_cell_t)1 << FLOW_LEN_512_LO
         : len <= 1024 ? (flow_cell_t)1 << FLOW_LEN_1024_LO
         : len <= 1514 ? (flow_cell_t)1 << FLOW_LEN_1514_LO
         : (flow_cell_t)0;
}

// The extremes every packet of either direction updates.
void count_ttl_and_length(inout flow_cell_t cell, in bit<8> ttl, in bit<16> len) {
    cell[FLOW_MIN_TTL] = ttl < cell[FLOW_MIN_TTL] ? ttl : cell[FLOW_MIN_TTL];
    cell[FLOW_MAX_TTL] = ttl > cell[FLOW_MAX_TTL] ? ttl : cell[FLOW_MAX_TTL];
    cell[FLOW_MIN_LEN] = len < cell[FLOW_MIN_LEN] ? len : cell[FLOW_MIN_LEN];
    cell[FLOW_MAX_LEN] = len > cell[FLOW_MAX_LEN] ? len : cell[FLOW_MAX_LEN];
}

// The last packet of the flow, either direction.
ts_t last_seen_of(in flow_cell_t cell) {
    return cell[FLOW_LAST_OUT_TS] > cell[FLOW_LAST_IN_TS] ? cell[FLOW_LAST_OUT_TS] : cell[FLOW_LAST_IN_TS];
}

control FlowTable(inout headers_t hdr,
                  inout local_metadata_t meta,
                  in standard_metadata_t standard_metadata) {

    counter(2, CounterType.packets) evict_counter;     // EVICT_IDLE_VALUE, EVICT_BUSY_VALUE

    // ---- step 1: canonical key, keyed hash, the key's cell in each way ---------------------------------------
    action hash_key() {
        ipv4_addr_t src = hdr.ipv4.src_addr;
        ipv4_addr_t dst = hdr.ipv4.dst_addr;
        bool src_is_low = src < dst || (src == dst && meta.l4_src_port <= meta.l4_dst_port);
        ipv4_addr_t low_addr = src_is_low ? src : dst;
        ipv4_addr_t high_addr = src_is_low ? dst : src;
        bit<16> low_port = src_is_low ? meta.l4_src_port : meta.l4_dst_port;
        bit<16> high_port = src_is_low ? meta.l4_dst_port : meta.l4_src_port;
        bit<32> seed = meta.cfg.flow_hash_seed;
        bit<32> flow_hash;
        hash(flow_hash, HashAlgorithm.crc32, 32w0,
             { low_addr + seed, high_addr + seed, (low_port ++ high_port) + seed, hdr.ipv4.protocol },
             64w0x100000000);
        meta.flow.key = low_addr ++ high_addr ++ low_port ++ high_port ++ hdr.ipv4.protocol;
        meta.flow.src_is_low = src_is_low;
        meta.flow.slot_a = (flow_slot_t)(flow_hash & (FLOW_SLOTS_PER_WAY - 1));
        meta.flow.slot_b = FLOW_SLOTS_PER_WAY + (flow_slot_t)((flow_hash >> 16) & (FLOW_SLOTS_PER_WAY - 1));
        meta.flow.tcp_flags = hdr.tcp.isValid() ? hdr.tcp.flags : 8w0;
        meta.flow.tcp_window = hdr.tcp.isValid() ? hdr.tcp.window : 16w0;
    }

    // ---- step 2: find the key's cell -------------------------------------------------------------------------
    action read_way_a() {
        meta.flow.slot = meta.flow.slot_a;
        flow_cells.read(meta.cell, meta.flow.slot_a);
    }

    // Way 0 did not hold the key: keep its cell (a new flow may replace it) and read way 1.
    action read_way_b() {
        meta.victim = meta.cell;
        meta.flow.slot = meta.flow.slot_b;
        flow_cells.read(meta.cell, meta.flow.slot_b);
    }

    // ---- step 3 (new flow): which way it takes ---------------------------------------------------------------
    action take_way_a() {
        meta.flow.slot = meta.flow.slot_a;
    }

    // Both ways hold live flows: an idle one goes first (way 0 before way 1), else the one with fewer packets,
    // else the one seen less recently, else way 1. The replaced cell stays in meta.victim for its report.
    action evict_one() {
        ts_t now = standard_metadata.ingress_global_timestamp;
        bit<32> packets_a = meta.victim[FLOW_IN_PKTS] + meta.victim[FLOW_OUT_PKTS];
        bit<32> packets_b = meta.cell[FLOW_IN_PKTS] + meta.cell[FLOW_OUT_PKTS];
        ts_t last_a = last_seen_of(meta.victim);
        ts_t last_b = last_seen_of(meta.cell);
        bool idle_on = meta.cfg.idle_timeout_us != 0;
        bool idle_a = idle_on && now - last_a >= (ts_t)meta.cfg.idle_timeout_us;
        bool idle_b = idle_on && now - last_b >= (ts_t)meta.cfg.idle_timeout_us;
        bool take_a = idle_a || (!idle_b && (packets_a < packets_b || (packets_a == packets_b && last_a < last_b)));
        meta.flow.evicted = true;
        meta.flow.evicted_idle = take_a ? idle_a : idle_b;
        meta.flow.slot = take_a ? meta.flow.slot_a : meta.flow.slot_b;
        meta.victim = take_a ? meta.victim : meta.cell;
        evict_counter.count(meta.flow.evicted_idle ? (bit<32>)EVICT_IDLE_VALUE : (bit<32>)EVICT_BUSY_VALUE);
    }

    // ---- step 4: count the packet ----------------------------------------------------------------------------
    // What every counted packet finishes with: end of flow, packet count, active timeout, what comes next.
    @hidden action finish_count() {
        ts_t now = standard_metadata.ingress_global_timestamp;
        bool ended = (meta.flow.tcp_flags & TCP_FLAG_RST) != 0
                     || (meta.cell[FLOW_CLIENT_FLAGS] & meta.cell[FLOW_SERVER_FLAGS] & TCP_FLAG_FIN) != 0;
        bit<32> packets = meta.cell[FLOW_IN_PKTS] + meta.cell[FLOW_OUT_PKTS];
        bool phase_packet = !ended && (packets & (packets - 1)) == 0 && packets <= MAX_PHASE_PACKETS_VALUE;
        meta.flow.ended = ended;
        meta.flow.packets = packets;
        meta.flow.phase = ended ? PHASE_END : (phase_t)packets;
        meta.flow.timeout_due = !ended
            && ((meta.cfg.timeout_pkts != 0 && packets - meta.cell[FLOW_MARK_PKTS] >= meta.cfg.timeout_pkts)
                || (meta.cfg.timeout_us != 0 && now - meta.cell[FLOW_MARK_TS] >= (ts_t)meta.cfg.timeout_us));
        meta.flow.alert_pending = (meta.cell[FLOW_STATE] & FLOW_STATE_ALERT_PENDING) != 0;
        meta.flow.attention = ended || phase_packet || meta.flow.timeout_due || meta.flow.alert_pending
                              || meta.flow.evicted;
        meta.cell[FLOW_STATE] = ended ? (meta.cell[FLOW_STATE] & ~FLOW_STATE_LIVE) | FLOW_STATE_CLOSED
                                      : meta.cell[FLOW_STATE];
        flow_cells.write(meta.flow.slot, meta.cell);
    }

    // A packet from the client: IN.
    action count_inbound() {
        ts_t now = standard_metadata.ingress_global_timestamp;
        bit<16> len = hdr.ipv4.total_len;
        bool handshake_done = (meta.cell[FLOW_STATE] & FLOW_STATE_HANDSHAKE_PENDING) != 0
            && (meta.flow.tcp_flags & (TCP_FLAG_ACK | TCP_FLAG_SYN | TCP_FLAG_RST)) == TCP_FLAG_ACK;
        meta.flow.handshake_done = handshake_done;
        meta.cell[FLOW_STATE] = handshake_done ? meta.cell[FLOW_STATE] & ~FLOW_STATE_HANDSHAKE_PENDING
                                               : meta.cell[FLOW_STATE];
        meta.cell[FLOW_LAST_IN_TS] = now;
        meta.cell[FLOW_CLIENT_FLAGS] = meta.cell[FLOW_CLIENT_FLAGS] | meta.flow.tcp_flags;
        meta.cell[FLOW_WIN_IN] = meta.flow.tcp_window > meta.cell[FLOW_WIN_IN] ? meta.flow.tcp_window
                                                                               : meta.cell[FLOW_WIN_IN];
        count_ttl_and_length(meta.cell, hdr.ipv4.ttl, len);
        meta.cell = meta.cell + ((flow_cell_t)len << FLOW_IN_BYTES_LO) + ((flow_cell_t)1 << FLOW_IN_PKTS_LO)
                    + length_bucket_one(len);
        finish_count();
    }

    // A packet from the server: OUT.
    action count_outbound() {
        ts_t now = standard_metadata.ingress_global_timestamp;
        bit<16> len = hdr.ipv4.total_len;
        meta.cell[FLOW_FIRST_OUT_TS] = meta.cell[FLOW_OUT_PKTS] == 0 ? now : meta.cell[FLOW_FIRST_OUT_TS];
        meta.cell[FLOW_LAST_OUT_TS] = now;
        meta.cell[FLOW_SERVER_FLAGS] = meta.cell[FLOW_SERVER_FLAGS] | meta.flow.tcp_flags;
        meta.cell[FLOW_WIN_OUT] = meta.flow.tcp_window > meta.cell[FLOW_WIN_OUT] ? meta.flow.tcp_window
                                                                                 : meta.cell[FLOW_WIN_OUT];
        count_ttl_and_length(meta.cell, hdr.ipv4.ttl, len);
        meta.cell = meta.cell + ((flow_cell_t)len << FLOW_OUT_BYTES_LO) + ((flow_cell_t)1 << FLOW_OUT_PKTS_LO)
                    + length_bucket_one(len);
        finish_count();
    }

    // The packet starts a flow in meta.flow.slot: the sender is its client.
    action start_flow() {
        ts_t now = standard_metadata.ingress_global_timestamp;
        bit<16> len = hdr.ipv4.total_len;
        bool bare_syn = hdr.tcp.isValid() && (meta.flow.tcp_flags & (TCP_FLAG_SYN | TCP_FLAG_ACK)) == TCP_FLAG_SYN;
        bit<32> source_product = hdr.ipv4.src_addr * ((meta.cfg.flow_hash_seed ^ SOURCE_MIX_VALUE) | 1);
        meta.flow.started = true;
        meta.cell = 0;
        meta.cell[FLOW_KEY] = meta.flow.key;
        meta.cell[FLOW_STATE] = FLOW_STATE_LIVE | (meta.flow.src_is_low ? 8w0 : FLOW_STATE_CLIENT_HIGH)
                                | (bare_syn ? FLOW_STATE_HANDSHAKE_PENDING : 8w0);
        meta.cell[FLOW_SOURCE_CELL] = source_product[31:16];
        meta.cell[FLOW_FIRST_TS] = now;
        meta.cell[FLOW_LAST_IN_TS] = now;
        meta.cell[FLOW_MARK_TS] = now;
        meta.cell[FLOW_CLIENT_FLAGS] = meta.flow.tcp_flags;
        meta.cell[FLOW_MIN_TTL] = hdr.ipv4.ttl;
        meta.cell[FLOW_MAX_TTL] = hdr.ipv4.ttl;
        meta.cell[FLOW_MIN_LEN] = len;
        meta.cell[FLOW_MAX_LEN] = len;
        meta.cell[FLOW_WIN_IN] = meta.flow.tcp_window;
        meta.cell[FLOW_ICMP] = hdr.icmp.isValid() ? hdr.icmp.icmp_type ++ hdr.icmp.icmp_code : 16w0;
        meta.cell = meta.cell + ((flow_cell_t)len << FLOW_IN_BYTES_LO) + ((flow_cell_t)1 << FLOW_IN_PKTS_LO)
                    + length_bucket_one(len);
        finish_count();
    }

    action ignore_packet() {
        meta.flow.ignored = true;
    }

    // ---- a controller probe: the cell it names, emptied if asked ---------------------------------------------
    // A cell without a live flow reads as all zero (what its PROBE report then carries).
    action read_probed_cell() {
        meta.flow.slot = hdr.probe.slot & (FLOW_SLOTS - 1);
        flow_cells.read(meta.cell, meta.flow.slot);
        meta.flow.probe_live = (meta.cell[FLOW_STATE] & FLOW_STATE_LIVE) != 0;
        meta.cell = meta.flow.probe_live ? meta.cell : (flow_cell_t)0;
        meta.flow.phase = PHASE_END;
        meta.flow.attention = true;
    }

    action free_probed_cell() {
        flow_cells.write(meta.flow.slot, (flow_cell_t)0);
    }

    apply {
        if (meta.is_probe) {
            read_probed_cell();
            if ((hdr.probe.flags & PROBE_FLAG_FREE) != 0) {
                free_probed_cell();
            }
        } else {
            hash_key();
            read_way_a();
            bool found = (meta.cell[FLOW_STATE] & (FLOW_STATE_LIVE | FLOW_STATE_CLOSED)) != 0
                         && meta.cell[FLOW_KEY] == meta.flow.key;
            if (!found) {
                read_way_b();
                found = (meta.cell[FLOW_STATE] & (FLOW_STATE_LIVE | FLOW_STATE_CLOSED)) != 0
                        && meta.cell[FLOW_KEY] == meta.flow.key;
            }
            if (!found) {
                if ((meta.victim[FLOW_STATE] & FLOW_STATE_LIVE) == 0) {
                    take_way_a();
                } else if ((meta.cell[FLOW_STATE] & FLOW_STATE_LIVE) != 0) {
                    evict_one();
                }
                start_flow();
            } else if ((meta.cell[FLOW_STATE] & FLOW_STATE_LIVE) != 0) {
                if (meta.flow.src_is_low == ((meta.cell[FLOW_STATE] & FLOW_STATE_CLIENT_HIGH) == 0)) {
                    count_inbound();
                } else {
                    count_outbound();
                }
            } else if (hdr.tcp.isValid()
                       && (meta.flow.tcp_flags & (TCP_FLAG_SYN | TCP_FLAG_ACK)) == TCP_FLAG_SYN) {
                start_flow();
            } else {
                ignore_packet();
            }
        }
    }
}

#endif
