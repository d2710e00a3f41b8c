/*
 * flow_table.p4: the flow table: which cell a packet's flow lives in, and the per-packet update of the flow's
 * state (docs/features.md: the 28 flow features are computed from it).
 *
 * Key: the IPv4 5-tuple taken bidirectionally, canonical order (lower (address, port) first). Hash: CRC-32 over
 * the key words each plus the run-time seed (config flow_hash_seed; adding, not XOR-ing, makes which keys
 * collide depend on the seed, CRC being linear). Two ways: way 0 = the hash's low bits, way 1 = FLOW_WAY_SIZE
 * + its bits 16 and up. Per packet:
 *   way 0 holds the key (live or closed), else way 1 does  -> that cell;
 *   neither                                                -> a new flow takes a way without a live flow, else
 *       one whose flow has been idle for idle_timeout_us (way 0 first), else the way whose flow has fewer
 *       packets (the less recently seen on a tie, way 1 on a full tie): that flow is evicted and reported.
 *   a live flow of the key    -> counted (IN when the sender is the stored client);
 *   a closed flow of the key  -> the packet is ignored (a late ACK...), unless it is a bare SYN: a new flow.
 * A flow ends at a TCP RST or once FIN was seen both ways: its cell is closed (key kept, free for others).
 * A tracked packet costs three register reads (its flow's keys, counts and shape cells; three more when the flow
 * sits in way 1 or is new) and two writes (counts, shape), in two actions; the keys cell is written only when it
 * changes (cells.p4). model-tools' SwitchReference is the same algorithm in Java.
 */
#ifndef NIDS_FLOW_TABLE_P4
#define NIDS_FLOW_TABLE_P4

#include "../headers.p4"
#include "../size.p4"
#include "../features.p4"      // duration_of

// The length-histogram counter a packet of this IPv4 total length adds one to (none above 1514 bytes).
flow_shape_t length_bucket_one(in bit<16> len) {
    // (P4's ?: groups to the left: the nested ones need their parentheses)
    return len <= 128 ? 224w1 << FLOW_LEN_128_LO
         : (len <= 256 ? 224w1 << FLOW_LEN_256_LO
         : (len <= 512 ? 224w1 << FLOW_LEN_512_LO
         : (len <= 1024 ? 224w1 << FLOW_LEN_1024_LO
         : (len <= 1514 ? 224w1 << FLOW_LEN_1514_LO
         : 224w0))));
}

// The extremes every packet of either direction updates.
void count_ttl_and_length(inout flow_counts_t counts, in bit<8> ttl, in bit<16> len) {
    counts[FLOW_MIN_TTL] = ttl < counts[FLOW_MIN_TTL] ? ttl : counts[FLOW_MIN_TTL];
    counts[FLOW_MAX_TTL] = ttl > counts[FLOW_MAX_TTL] ? ttl : counts[FLOW_MAX_TTL];
    counts[FLOW_MIN_LEN] = len < counts[FLOW_MIN_LEN] ? len : counts[FLOW_MIN_LEN];
    counts[FLOW_MAX_LEN] = len > counts[FLOW_MAX_LEN] ? len : counts[FLOW_MAX_LEN];
}

// How long (us, 32-bit) the flow has been idle at `now`: since its last packet, either direction.
bit<32> idle_for(in flow_keys_t keys, in flow_counts_t counts, in ts_t now) {
    return (bit<32>)now - keys[FLOW_FIRST_TS][31:0] - duration_of(keys, counts);
}

// The flow's last packet on the 48-bit clock: its first packet plus its duration.
ts_t last_seen_of(in flow_keys_t keys, in flow_counts_t counts) {
    return keys[FLOW_FIRST_TS] + (ts_t)duration_of(keys, counts);
}

control FlowTable(inout headers_t hdr,
                  inout local_metadata_t meta,
                  in standard_metadata_t standard_metadata) {

    counter(2, CounterType.packets) evict_counter;     // EVICT_IDLE_VALUE, EVICT_BUSY_VALUE

    // ---- step 1: canonical key, keyed hash, the key's cell in each way ---------------------------------------
    @hidden action hash_key() {
        ipv4_addr_t src = hdr.ipv4.src_addr;
        ipv4_addr_t dst = hdr.ipv4.dst_addr;
        bool src_is_low = src < dst || (src == dst && meta.l4_src_port <= meta.l4_dst_port);
        ipv4_addr_t low_addr = src_is_low ? src : dst;
        ipv4_addr_t high_addr = src_is_low ? dst : src;
        bit<16> low_port = src_is_low ? meta.l4_src_port : meta.l4_dst_port;
        bit<16> high_port = src_is_low ? meta.l4_dst_port : meta.l4_src_port;
        bit<32> seed = meta.cfg.flow_hash_seed;
        bit<32> low_word = low_addr + seed;
        bit<32> high_word = high_addr + seed;
        bit<32> ports_word = (low_port ++ high_port) + seed;
        bit<32> flow_hash;
        hash(flow_hash, HashAlgorithm.crc32, 32w0, { low_word, high_word, ports_word, hdr.ipv4.protocol },
             64w0x100000000);
        meta.flow.key = low_addr ++ high_addr ++ low_port ++ high_port ++ hdr.ipv4.protocol;
        meta.flow.src_is_low = src_is_low;
        meta.flow.slot_a = (flow_slot_t)(flow_hash & (FLOW_WAY_SIZE - 1));
        meta.flow.slot_b = FLOW_WAY_SIZE + (flow_slot_t)((flow_hash >> 16) & (FLOW_WAY_SIZE - 1));
        meta.flow.tcp_flags = hdr.tcp.isValid() ? hdr.tcp.flags : 8w0;
        meta.flow.tcp_window = hdr.tcp.isValid() ? hdr.tcp.window : 16w0;
    }

    // ---- step 2: find the key's cell -------------------------------------------------------------------------
    @hidden action read_way_a() {
        meta.flow.slot = meta.flow.slot_a;
        flow_keys.read(meta.keys, meta.flow.slot_a);
        flow_counts.read(meta.counts, meta.flow.slot_a);
        flow_shape.read(meta.shape, meta.flow.slot_a);
    }

    // Way 0 did not hold the key: keep its cells (a new flow may replace them) and read way 1.
    @hidden action read_way_b() {
        meta.victim_keys = meta.keys;
        meta.victim_counts = meta.counts;
        meta.victim_shape = meta.shape;
        meta.flow.slot = meta.flow.slot_b;
        flow_keys.read(meta.keys, meta.flow.slot_b);
        flow_counts.read(meta.counts, meta.flow.slot_b);
        flow_shape.read(meta.shape, meta.flow.slot_b);
    }

    // ---- step 3 (new flow): which way it takes ---------------------------------------------------------------
    @hidden action take_way_a() {
        meta.flow.slot = meta.flow.slot_a;
    }

    // Both ways hold live flows: an idle one goes first (way 0 before way 1), else the one with fewer packets,
    // else the one idle for longer, else way 1. The replaced cells stay in meta.victim_* for the report.
    @hidden action evict_one() {
        ts_t now = standard_metadata.ingress_global_timestamp;
        bit<32> packets_a = meta.victim_counts[FLOW_IN_PKTS] + meta.victim_counts[FLOW_OUT_PKTS];
        bit<32> packets_b = meta.counts[FLOW_IN_PKTS] + meta.counts[FLOW_OUT_PKTS];
        bit<32> idle_a = idle_for(meta.victim_keys, meta.victim_counts, now);
        bit<32> idle_b = idle_for(meta.keys, meta.counts, now);
        bool idle_on = meta.cfg.idle_timeout_us != 0;
        bool a_idle = idle_on && idle_a >= meta.cfg.idle_timeout_us;
        bool b_idle = idle_on && idle_b >= meta.cfg.idle_timeout_us;
        bool take_a = a_idle || (!b_idle && (packets_a < packets_b || (packets_a == packets_b && idle_a > idle_b)));
        meta.flow.evicted = true;
        meta.flow.evicted_idle = take_a ? a_idle : b_idle;
        meta.flow.slot = take_a ? meta.flow.slot_a : meta.flow.slot_b;
        meta.victim_keys = take_a ? meta.victim_keys : meta.keys;
        meta.victim_counts = take_a ? meta.victim_counts : meta.counts;
        meta.victim_shape = take_a ? meta.victim_shape : meta.shape;
        evict_counter.count(meta.flow.evicted_idle ? (bit<32>)EVICT_IDLE_VALUE : (bit<32>)EVICT_BUSY_VALUE);
    }

    // ---- step 4: count the packet ----------------------------------------------------------------------------
    // What every counted packet finishes with: end of flow, packet count, active timeout, what comes next.
    @hidden action finish_count() {
        ts_t now = standard_metadata.ingress_global_timestamp;
        bool ended = (meta.flow.tcp_flags & TCP_FLAG_RST) != 0
                     || (meta.counts[FLOW_CLIENT_FLAGS] & meta.counts[FLOW_SERVER_FLAGS] & TCP_FLAG_FIN) != 0;
        bit<32> packets = meta.counts[FLOW_IN_PKTS] + meta.counts[FLOW_OUT_PKTS];
        bool phase_packet = !ended && (packets & (packets - 1)) == 0 && packets <= MAX_PHASE_PACKETS_VALUE;
        meta.flow.ended = ended;
        meta.flow.packets = packets;
        meta.flow.phase = ended ? PHASE_END : (phase_t)packets;
        meta.flow.timeout_due = !ended
            && ((meta.cfg.timeout_pkts != 0 && packets - meta.shape[FLOW_MARK_PKTS] >= meta.cfg.timeout_pkts)
                || (meta.cfg.timeout_us != 0 && (bit<32>)now - meta.keys[FLOW_MARK_TS] >= meta.cfg.timeout_us));
        meta.flow.alert_pending = (meta.keys[FLOW_STATE] & FLOW_STATE_ALERT_PENDING) != 0;
        meta.flow.attention = ended || phase_packet || meta.flow.timeout_due || meta.flow.alert_pending
                              || meta.flow.evicted;
        meta.keys_dirty = meta.keys_dirty || ended;
        meta.keys[FLOW_STATE] = ended ? (meta.keys[FLOW_STATE] & ~FLOW_STATE_LIVE) | FLOW_STATE_CLOSED
                                      : meta.keys[FLOW_STATE];
        flow_counts.write(meta.flow.slot, meta.counts);
        flow_shape.write(meta.flow.slot, meta.shape);
    }

    // A packet from the client: IN.
    @hidden action count_inbound() {
        bit<16> len = hdr.ipv4.total_len;
        bool handshake_done = (meta.keys[FLOW_STATE] & FLOW_STATE_HANDSHAKE_PENDING) != 0
            && (meta.flow.tcp_flags & (TCP_FLAG_ACK | TCP_FLAG_SYN | TCP_FLAG_RST)) == TCP_FLAG_ACK;
        meta.flow.handshake_done = handshake_done;
        meta.keys_dirty = handshake_done;
        meta.keys[FLOW_STATE] = handshake_done ? meta.keys[FLOW_STATE] & ~FLOW_STATE_HANDSHAKE_PENDING
                                               : meta.keys[FLOW_STATE];
        meta.counts[FLOW_LAST_IN_TS] = (bit<32>)standard_metadata.ingress_global_timestamp;
        meta.counts[FLOW_IN_PKTS] = meta.counts[FLOW_IN_PKTS] + 1;
        meta.counts[FLOW_IN_BYTES] = meta.counts[FLOW_IN_BYTES] + (bit<32>)len;
        meta.counts[FLOW_CLIENT_FLAGS] = meta.counts[FLOW_CLIENT_FLAGS] | meta.flow.tcp_flags;
        count_ttl_and_length(meta.counts, hdr.ipv4.ttl, len);
        meta.shape[FLOW_WIN_IN] = meta.flow.tcp_window > meta.shape[FLOW_WIN_IN] ? meta.flow.tcp_window
                                                                                 : meta.shape[FLOW_WIN_IN];
        meta.shape = meta.shape + length_bucket_one(len);
        finish_count();
    }

    // A packet from the server: OUT.
    @hidden action count_outbound() {
        bit<32> now = (bit<32>)standard_metadata.ingress_global_timestamp;
        bit<16> len = hdr.ipv4.total_len;
        bool first_out = meta.counts[FLOW_OUT_PKTS] == 0;
        meta.keys_dirty = first_out;
        meta.keys[FLOW_FIRST_OUT_TS] = first_out ? now : meta.keys[FLOW_FIRST_OUT_TS];
        meta.counts[FLOW_LAST_OUT_TS] = now;
        meta.counts[FLOW_OUT_PKTS] = meta.counts[FLOW_OUT_PKTS] + 1;
        meta.counts[FLOW_OUT_BYTES] = meta.counts[FLOW_OUT_BYTES] + (bit<32>)len;
        meta.counts[FLOW_SERVER_FLAGS] = meta.counts[FLOW_SERVER_FLAGS] | meta.flow.tcp_flags;
        count_ttl_and_length(meta.counts, hdr.ipv4.ttl, len);
        meta.shape[FLOW_WIN_OUT] = meta.flow.tcp_window > meta.shape[FLOW_WIN_OUT] ? meta.flow.tcp_window
                                                                                   : meta.shape[FLOW_WIN_OUT];
        meta.shape = meta.shape + length_bucket_one(len);
        finish_count();
    }

    // The packet starts a flow in meta.flow.slot: the sender is its client.
    @hidden action start_flow() {
        ts_t now = standard_metadata.ingress_global_timestamp;
        bit<16> len = hdr.ipv4.total_len;
        bool bare_syn = hdr.tcp.isValid() && (meta.flow.tcp_flags & (TCP_FLAG_SYN | TCP_FLAG_ACK)) == TCP_FLAG_SYN;
        bit<32> source_product = hdr.ipv4.src_addr * ((meta.cfg.flow_hash_seed ^ SOURCE_MIX_VALUE) | 1);
        meta.flow.started = true;
        meta.keys_dirty = true;
        meta.keys = (bit<32>)now                                                            // FLOW_MARK_TS
                    ++ (hdr.icmp.isValid() ? hdr.icmp.icmp_type ++ hdr.icmp.icmp_code : 16w0)  // FLOW_ICMP
                    ++ 32w0                                                                 // FLOW_FIRST_OUT_TS
                    ++ now                                                                  // FLOW_FIRST_TS
                    ++ source_product[31:16]                                                // FLOW_SOURCE_CELL
                    ++ (FLOW_STATE_LIVE | (meta.flow.src_is_low ? 8w0 : FLOW_STATE_CLIENT_HIGH)
                        | (bare_syn ? FLOW_STATE_HANDSHAKE_PENDING : 8w0))                  // FLOW_STATE
                    ++ meta.flow.key;                                                       // FLOW_KEY
        meta.counts = len ++ len ++ hdr.ipv4.ttl ++ hdr.ipv4.ttl                           // MAX/MIN_LEN, MAX/MIN_TTL
                      ++ 8w0 ++ meta.flow.tcp_flags                                        // SERVER/CLIENT_FLAGS
                      ++ 32w0 ++ (bit<32>)len ++ 32w0 ++ 32w1                              // OUT/IN_BYTES, OUT/IN_PKTS
                      ++ 32w0 ++ (bit<32>)now;                                             // LAST_OUT/IN_TS
        meta.shape = length_bucket_one(len) | ((flow_shape_t)meta.flow.tcp_window);        // WIN_IN, a bucket
        finish_count();
    }

    @hidden action ignore_packet() {
        meta.flow.ignored = true;
    }

    // The key's cells changed beyond the counts (a new flow, its first OUT packet, a handshake, its end).
    @hidden action write_keys() {
        flow_keys.write(meta.flow.slot, meta.keys);
    }

    // ---- a controller probe: the cells it names, emptied if asked --------------------------------------------
    // Cells without a live flow read as all zero (what the PROBE report then carries).
    @hidden action read_probed_cells() {
        meta.flow.slot = hdr.probe.slot & (FLOW_SLOTS - 1);
        flow_keys.read(meta.keys, meta.flow.slot);
        flow_counts.read(meta.counts, meta.flow.slot);
        flow_shape.read(meta.shape, meta.flow.slot);
        meta.flow.probe_live = (meta.keys[FLOW_STATE] & FLOW_STATE_LIVE) != 0;
        meta.keys = meta.flow.probe_live ? meta.keys : 256w0;
        meta.counts = meta.flow.probe_live ? meta.counts : 256w0;
        meta.shape = meta.flow.probe_live ? meta.shape : 224w0;
        meta.flow.phase = PHASE_END;
        meta.flow.attention = true;
    }

    @hidden action free_probed_cell() {
        flow_keys.write(meta.flow.slot, 256w0);
    }

    apply {
        if (meta.is_probe) {
            read_probed_cells();
            if ((hdr.probe.flags & PROBE_FLAG_FREE) != 0) {
                free_probed_cell();
            }
        } else {
            hash_key();
            read_way_a();
            bool found = (meta.keys[FLOW_STATE] & (FLOW_STATE_LIVE | FLOW_STATE_CLOSED)) != 0
                         && meta.keys[FLOW_KEY] == meta.flow.key;
            if (!found) {
                read_way_b();
                found = (meta.keys[FLOW_STATE] & (FLOW_STATE_LIVE | FLOW_STATE_CLOSED)) != 0
                        && meta.keys[FLOW_KEY] == meta.flow.key;
            }
            if (!found) {
                if ((meta.victim_keys[FLOW_STATE] & FLOW_STATE_LIVE) == 0) {
                    take_way_a();
                } else if ((meta.keys[FLOW_STATE] & FLOW_STATE_LIVE) != 0) {
                    evict_one();
                }
                start_flow();
            } else if ((meta.keys[FLOW_STATE] & FLOW_STATE_LIVE) != 0) {
                if (meta.flow.src_is_low == ((meta.keys[FLOW_STATE] & FLOW_STATE_CLIENT_HIGH) == 0)) {
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
            // Only the rare packets that changed the keys cell write it.
            if (meta.keys_dirty) {
                write_keys();
            }
        }
    }
}

#endif
