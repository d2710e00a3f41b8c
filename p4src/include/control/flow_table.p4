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
 *
 * Cost (BMv2 interprets every expression operation on multi-precision numbers, and a field write is the dearest
 * thing a primitive does; docs/overhead.md): a packet of a flow found in way 0 costs three register reads and two
 * writes, two actions (the key action: hash and way 0's cells; the count action: one addition to flow_counts, one
 * to flow_shape) and a field-by-field test of way 0's key; its only field writes are the hash input, the cell
 * index, the three cells read and the two counted. Everything else runs only on the packets that need it, behind
 * conditions: the packet's key as one value (a packet way 0 does not hold), the OUT path, a new TTL/length
 * extreme or TCP window, a TCP handshake or end, the first OUT packet, configured active timeouts, and the packets
 * the later stages work on (phase packets, ends, pending alerts, timeouts). model-tools' SwitchReference is the
 * same algorithm in Java.
 */
#ifndef NIDS_FLOW_TABLE_P4
#define NIDS_FLOW_TABLE_P4

#include "../headers.p4"
#include "../size.p4"
#include "../features.p4"      // duration_of

// The length-histogram bucket a packet of IPv4 total length `len` adds one to (none above 1514 bytes), as an
// addend of flow_shape. A macro, so that it stays one expression whose ?: BMv2 evaluates only as far as needed
// (an inlined function leaves a temporary per branch). (P4's ?: groups to the left: the nested ones need their
// parentheses.)
#define LENGTH_BUCKET_ONE(len) \
    (len <= 128 ? 256w1 << FLOW_LEN_128_LO : (len <= 256 ? 256w1 << FLOW_LEN_256_LO \
     : (len <= 512 ? 256w1 << FLOW_LEN_512_LO : (len <= 1024 ? 256w1 << FLOW_LEN_1024_LO \
     : (len <= 1514 ? 256w1 << FLOW_LEN_1514_LO : 256w0)))))

// Whether the packet moves one of the flow's TTL or length extremes (then extend_extremes runs).
#define EXTREMES_MOVE \
    (hdr.ipv4.ttl < meta.shape[FLOW_MIN_TTL] || hdr.ipv4.ttl > meta.shape[FLOW_MAX_TTL] \
     || hdr.ipv4.total_len < meta.shape[FLOW_MIN_LEN] || hdr.ipv4.total_len > meta.shape[FLOW_MAX_LEN])

// The keyed hash of a canonical key into RESULT, modulo MAX: CRC-32 over the key's words each plus the seed, then
// the protocol (13 bytes). p4c copies every element of a hash's field list that is not a plain field into a
// temporary (and the protocol as well), a field write each; one 104-bit value of the same 13 bytes is one field
// write for 13 more operations, and the same CRC. (Shifts, not ++: p4c lowers ++ with two masks per operand.)
#define KEYED_HASH(RESULT, MAX, LOW_ADDR, HIGH_ADDR, LOW_PORT, HIGH_PORT, PROTO) \
    bit<104> hash_input = ((bit<104>)(LOW_ADDR + meta.cfg.flow_hash_seed) << 72) \
        | ((bit<104>)(HIGH_ADDR + meta.cfg.flow_hash_seed) << 40) \
        | ((bit<104>)((((bit<32>)LOW_PORT << 16) | (bit<32>)HIGH_PORT) + meta.cfg.flow_hash_seed) << 8) \
        | (bit<104>)PROTO; \
    hash(RESULT, HashAlgorithm.crc32, 32w0, { hash_input }, MAX)

// The packet's cell in way 0 (the hash's low bits: a hash modulo FLOW_WAY_SIZE writes the index itself, so the
// reads below take a field, not an expression p4c would copy into a temporary per read) and way 0's cells. Every
// field written here is one more Field export in BMv2 (docs/overhead.md), so this is all the action writes.
#define KEY_AND_WAY_0(LOW_ADDR, HIGH_ADDR, LOW_PORT, HIGH_PORT) \
    KEYED_HASH(meta.flow.slot, (bit<32>)FLOW_WAY_SIZE, LOW_ADDR, HIGH_ADDR, LOW_PORT, HIGH_PORT, hdr.ipv4.protocol); \
    flow_keys.read(meta.keys, meta.flow.slot); \
    flow_counts.read(meta.counts, meta.flow.slot); \
    flow_shape.read(meta.shape, meta.flow.slot)

// The common packet's test: way 0 holds a live flow of the packet's canonical key, field by field (25 operations,
// no field write; building the key as one value cost 18 operations and a field write, comparing it 3 more: about
// 1,600 instructions dearer). Whether the packet came from the flow's client is one more test of CLIENT_HIGH.
#define WAY_0_HOLDS_LIVE_KEY(LOW_ADDR, HIGH_ADDR, LOW_PORT, HIGH_PORT) \
    ((meta.keys & FLOW_LIVE_OR_CLOSED_MASK) == FLOW_LIVE_MASK && meta.keys[FLOW_LOW_ADDR] == LOW_ADDR \
     && meta.keys[FLOW_HIGH_ADDR] == HIGH_ADDR && meta.keys[FLOW_LOW_PORT] == LOW_PORT \
     && meta.keys[FLOW_HIGH_PORT] == HIGH_PORT && meta.keys[FLOW_PROTO] == hdr.ipv4.protocol)

// Every other packet (a new flow, way 1, a closed flow's late packet) builds its canonical key with the state bits
// of a live flow whose client sent it, meta.flow.expect (non-zero: LIVE is set), and takes the old path.
#define EXPECT(LOW_ADDR, HIGH_ADDR, LOW_PORT, HIGH_PORT, CLIENT_BIT) \
    meta.flow.expect = ((bit<112>)(FLOW_STATE_LIVE | CLIENT_BIT) << 104) | ((bit<112>)LOW_ADDR << 72) \
                       | ((bit<112>)HIGH_ADDR << 40) | ((bit<112>)LOW_PORT << 24) | ((bit<112>)HIGH_PORT << 8) \
                       | (bit<112>)hdr.ipv4.protocol

// The packet's canonical key and the state bits (LIVE | CLIENT_HIGH) of a live flow it is an IN packet of.
#define PACKET_KEY meta.flow.expect[103:0]
#define INBOUND_STATE meta.flow.expect[111:104]

// Whether the cell read holds the packet's key (live or closed).
#define KEY_IN_CELL \
    ((meta.keys & FLOW_LIVE_OR_CLOSED_MASK) != 0 && meta.keys[FLOW_KEY] == PACKET_KEY)

// A TCP packet that ends its flow: RST, or FIN seen both ways (after the count).
#define TCP_ENDS_FLOW \
    ((hdr.tcp.flags & TCP_FLAG_RST) != 0 \
     || (meta.counts[FLOW_CLIENT_FLAGS] & meta.counts[FLOW_SERVER_FLAGS] & TCP_FLAG_FIN) != 0)

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

    // ---- step 1: canonical key, keyed hash, way 0's cells (one action per order of the endpoints) ------------
    @hidden action key_sender_low() {
        KEY_AND_WAY_0(hdr.ipv4.src_addr, hdr.ipv4.dst_addr, meta.l4_src_port, meta.l4_dst_port);
    }

    @hidden action key_sender_high() {
        KEY_AND_WAY_0(hdr.ipv4.dst_addr, hdr.ipv4.src_addr, meta.l4_dst_port, meta.l4_src_port);
    }

    @hidden action expect_sender_low() {
        EXPECT(hdr.ipv4.src_addr, hdr.ipv4.dst_addr, meta.l4_src_port, meta.l4_dst_port, 8w0);
    }

    @hidden action expect_sender_high() {
        EXPECT(hdr.ipv4.dst_addr, hdr.ipv4.src_addr, meta.l4_dst_port, meta.l4_src_port, FLOW_STATE_CLIENT_HIGH);
    }

    // A live flow's packet from its server (OUT): counted by the OUT path.
    @hidden action mark_outbound() {
        meta.flow.outbound = true;
    }

    // ---- step 2: way 0 did not hold the key: keep its cells (a new flow may replace them) and read way 1 -------
    // Way 1's index is bits 16 and up of the full hash, computed again here (only on this path).
    @hidden action read_way_b() {
        bit<32> full_hash;
        KEYED_HASH(full_hash, 64w0x100000000, meta.flow.expect[FLOW_LOW_ADDR], meta.flow.expect[FLOW_HIGH_ADDR],
                   meta.flow.expect[FLOW_LOW_PORT], meta.flow.expect[FLOW_HIGH_PORT], meta.flow.expect[FLOW_PROTO]);
        meta.victim_keys = meta.keys;
        meta.victim_counts = meta.counts;
        meta.victim_shape = meta.shape;
        meta.flow.slot_a = meta.flow.slot;
        meta.flow.slot_b = FLOW_WAY_SIZE + (flow_slot_t)((full_hash >> 16) & (FLOW_WAY_SIZE - 1));
        meta.flow.slot = meta.flow.slot_b;
        flow_keys.read(meta.keys, meta.flow.slot);
        flow_counts.read(meta.counts, meta.flow.slot);
        flow_shape.read(meta.shape, meta.flow.slot);
        meta.flow.new_key = !KEY_IN_CELL;
    }

    // ---- step 3 (new flow): which way it takes ---------------------------------------------------------------
    @hidden action take_way_a() {
        meta.flow.slot = meta.flow.slot_a;
    }

    // Both ways hold live flows: an idle one goes first (way 0 before way 1), else the one with fewer packets,
    // else the one idle for longer, else way 1. The replaced cells stay in meta.victim_* for the report.
    @hidden action evict_one() {
        ts_t now = standard_metadata.ingress_global_timestamp;
        bit<32> packets_a = meta.victim_counts[FLOW_PKTS];
        bit<32> packets_b = meta.counts[FLOW_PKTS];
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
    // A packet from the client (IN): time, packets (the flow's and IN), bytes, (TCP) flags in one addition to
    // flow_counts, its length bucket in one to flow_shape; both written back. Without TCP there are no flags to add.
#define COUNT_INBOUND(FLAGS_ADDEND) \
        meta.counts = ((meta.counts & ~(256w0xFFFFFFFF << FLOW_LAST_IN_TS_LO)) \
                       | ((flow_counts_t)standard_metadata.ingress_global_timestamp[31:0] << FLOW_LAST_IN_TS_LO) \
                       FLAGS_ADDEND) \
                      + (((flow_counts_t)hdr.ipv4.total_len << FLOW_IN_BYTES_LO) | ((256w1 << FLOW_IN_PKTS_LO) | 1)); \
        meta.shape = meta.shape + LENGTH_BUCKET_ONE(hdr.ipv4.total_len); \
        flow_counts.write(meta.flow.slot, meta.counts); \
        flow_shape.write(meta.flow.slot, meta.shape)

    @hidden action count_inbound() {
        COUNT_INBOUND();
    }

    @hidden action count_inbound_tcp() {
        COUNT_INBOUND(| ((flow_counts_t)hdr.tcp.flags << FLOW_CLIENT_FLAGS_LO));
    }

    // A packet from the server (OUT).
#define COUNT_OUTBOUND(FLAGS_ADDEND) \
        meta.counts = ((meta.counts & ~(256w0xFFFFFFFF << FLOW_LAST_OUT_TS_LO)) \
                       | ((flow_counts_t)standard_metadata.ingress_global_timestamp[31:0] << FLOW_LAST_OUT_TS_LO) \
                       FLAGS_ADDEND) \
                      + (((flow_counts_t)hdr.ipv4.total_len << FLOW_OUT_BYTES_LO) | 1); \
        meta.shape = meta.shape + LENGTH_BUCKET_ONE(hdr.ipv4.total_len); \
        flow_counts.write(meta.flow.slot, meta.counts); \
        flow_shape.write(meta.flow.slot, meta.shape)

    @hidden action count_outbound() {
        COUNT_OUTBOUND();
    }

    @hidden action count_outbound_tcp() {
        COUNT_OUTBOUND(| ((flow_counts_t)hdr.tcp.flags << FLOW_SERVER_FLAGS_LO));
    }

    // Rare (before the count): a new TTL or length extreme, either direction.
    @hidden action extend_extremes() {
        bit<16> len = hdr.ipv4.total_len;
        bit<8> ttl = hdr.ipv4.ttl;
        meta.shape[FLOW_MIN_TTL] = ttl < meta.shape[FLOW_MIN_TTL] ? ttl : meta.shape[FLOW_MIN_TTL];
        meta.shape[FLOW_MAX_TTL] = ttl > meta.shape[FLOW_MAX_TTL] ? ttl : meta.shape[FLOW_MAX_TTL];
        meta.shape[FLOW_MIN_LEN] = len < meta.shape[FLOW_MIN_LEN] ? len : meta.shape[FLOW_MIN_LEN];
        meta.shape[FLOW_MAX_LEN] = len > meta.shape[FLOW_MAX_LEN] ? len : meta.shape[FLOW_MAX_LEN];
    }

    // Rare: a larger TCP window than the direction's maximum so far. (TCP fields are read only behind a TCP
    // test: BMv2 keeps an invalid header's fields from an earlier packet. Copying them into metadata for every
    // TCP packet cost two field writes.)
    @hidden action raise_window_in() {
        meta.shape[FLOW_WIN_IN] = hdr.tcp.window;
    }

    @hidden action raise_window_out() {
        meta.shape[FLOW_WIN_OUT] = hdr.tcp.window;
    }

    // Once per flow opened by a bare SYN: the client's first packet that ACKs (no SYN, no RST) completes it.
    @hidden action complete_handshake() {
        meta.flow.handshake_done = true;
        meta.keys_dirty = true;
        meta.keys[FLOW_STATE] = meta.keys[FLOW_STATE] & ~FLOW_STATE_HANDSHAKE_PENDING;
    }

    // Once per flow: its first OUT packet.
    @hidden action mark_first_out() {
        meta.keys_dirty = true;
        meta.keys[FLOW_FIRST_OUT_TS] = standard_metadata.ingress_global_timestamp[31:0];
    }

    // The packet starts a flow in meta.flow.slot: the sender is its client. Its alert cell starts empty (no
    // alert, report mark 0).
    @hidden action start_flow() {
        ts_t now = standard_metadata.ingress_global_timestamp;
        bit<16> len = hdr.ipv4.total_len;
        bool tcp = hdr.tcp.isValid();
        bool bare_syn = tcp && (hdr.tcp.flags & (TCP_FLAG_SYN | TCP_FLAG_ACK)) == TCP_FLAG_SYN;
        bit<32> source_product = hdr.ipv4.src_addr * ((meta.cfg.flow_hash_seed ^ SOURCE_MIX_VALUE) | 1);
        meta.flow.started = true;
        meta.flow.counted = true;
        meta.keys_dirty = true;
        meta.keys = (bit<32>)now                                                            // FLOW_MARK_TS
                    ++ (hdr.icmp.isValid() ? hdr.icmp.icmp_type ++ hdr.icmp.icmp_code : 16w0)  // FLOW_ICMP
                    ++ 32w0                                                                 // FLOW_FIRST_OUT_TS
                    ++ now                                                                  // FLOW_FIRST_TS
                    ++ source_product[31:16]                                                // FLOW_SOURCE_CELL
                    ++ (INBOUND_STATE | (bare_syn ? FLOW_STATE_HANDSHAKE_PENDING : 8w0))    // FLOW_STATE
                    ++ PACKET_KEY;                                                          // FLOW_KEY
        meta.counts = ((flow_counts_t)(tcp ? hdr.tcp.flags : 8w0) << FLOW_CLIENT_FLAGS_LO)
                      | ((flow_counts_t)now[31:0] << FLOW_LAST_IN_TS_LO)
                      | ((flow_counts_t)len << FLOW_IN_BYTES_LO)
                      | ((256w1 << FLOW_IN_PKTS_LO) | 1);                                     // one IN packet
        meta.shape = LENGTH_BUCKET_ONE(len)
                     | (flow_shape_t)((bit<16>)standard_metadata.ingress_port ++ 16w0       // CLIENT_INGRESS, WIN_OUT
                                      ++ (tcp ? hdr.tcp.window : 16w0)                      // WIN_IN
                                      ++ len ++ len ++ hdr.ipv4.ttl ++ hdr.ipv4.ttl);       // MAX/MIN_LEN, MAX/MIN_TTL
        flow_counts.write(meta.flow.slot, meta.counts);
        flow_shape.write(meta.flow.slot, meta.shape);
        flow_alerts.write(meta.flow.slot, 128w0);
    }

    // A late packet of a closed flow (not a bare SYN): not counted, and nothing after the flow table is for it.
    @hidden action ignore_packet() {
        exit;
    }

    // TCP RST, or FIN seen both ways: the flow ends; its cell is closed (the key kept for its late packets).
    @hidden action close_flow() {
        meta.flow.ended = true;
        meta.keys_dirty = true;
        meta.keys[FLOW_STATE] = (meta.keys[FLOW_STATE] & ~FLOW_STATE_LIVE) | FLOW_STATE_CLOSED;
    }

    // Active timeouts (only when configured): timeout_pkts packets or timeout_us since the flow's last report.
    @hidden action check_active_timeout() {
        flow_alerts.read(meta.alerts, meta.flow.slot);
        meta.flow.timeout_due = !meta.flow.ended
            && ((meta.cfg.timeout_pkts != 0
                 && meta.counts[FLOW_PKTS] - meta.alerts[FLOW_MARK_PKTS] >= meta.cfg.timeout_pkts)
                || (meta.cfg.timeout_us != 0
                    && standard_metadata.ingress_global_timestamp[31:0] - meta.keys[FLOW_MARK_TS]
                       >= meta.cfg.timeout_us));
    }

    // Only for the packets that may have work after the flow table: is there any, and at which phase. Packet
    // phases are the powers of two up to MAX_PHASE_PACKETS; beyond, every LATE_PHASE_PERIOD-th packet is the late
    // phase, so a long flow (a one-flow flood, a bulk transfer) is classified again while it lasts.
    @hidden action take_stock() {
        bit<32> packets = meta.counts[FLOW_PKTS];
        bool early = packets <= MAX_PHASE_PACKETS_VALUE;
        bool phase_packet = !meta.flow.ended
            && (early ? (packets & (packets - 1)) == 0 : (packets & (LATE_PHASE_PERIOD_VALUE - 1)) == 0);
        meta.flow.phase = meta.flow.ended ? PHASE_END
                          : (!phase_packet ? PHASE_NONE : (early ? (phase_t)packets : PHASE_LATE));
        meta.flow.alert_pending = (meta.keys[FLOW_STATE] & FLOW_STATE_ALERT_PENDING) != 0;
        meta.flow.attention = meta.flow.ended || phase_packet || meta.flow.timeout_due || meta.flow.alert_pending
                              || meta.flow.evicted;
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
        meta.shape = meta.flow.probe_live ? meta.shape : 256w0;
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
            if (hdr.ipv4.src_addr < hdr.ipv4.dst_addr
                    || (hdr.ipv4.src_addr == hdr.ipv4.dst_addr && meta.l4_src_port <= meta.l4_dst_port)) {
                key_sender_low();
                if (!WAY_0_HOLDS_LIVE_KEY(hdr.ipv4.src_addr, hdr.ipv4.dst_addr, meta.l4_src_port, meta.l4_dst_port)) {
                    expect_sender_low();
                } else if ((meta.keys & FLOW_CLIENT_HIGH_MASK) != 0) {
                    mark_outbound();
                }
            } else {
                key_sender_high();
                if (!WAY_0_HOLDS_LIVE_KEY(hdr.ipv4.dst_addr, hdr.ipv4.src_addr, meta.l4_dst_port, meta.l4_src_port)) {
                    expect_sender_high();
                } else if ((meta.keys & FLOW_CLIENT_HIGH_MASK) == 0) {
                    mark_outbound();
                }
            }
            if (meta.flow.expect != 0) {
                // Way 0 does not hold the packet's live flow: a new flow (counted here), an IN packet of a flow
                // in way 1 (the IN path below), an OUT packet (the OUT path), a late packet of a closed flow.
                if (!KEY_IN_CELL) {
                    read_way_b();
                }
                if (meta.flow.new_key) {
                    if ((meta.victim_keys[FLOW_STATE] & FLOW_STATE_LIVE) == 0) {
                        take_way_a();
                    } else if ((meta.keys[FLOW_STATE] & FLOW_STATE_LIVE) != 0) {
                        evict_one();
                    }
                    start_flow();
                } else if ((meta.keys[FLOW_STATE] & (FLOW_STATE_LIVE | FLOW_STATE_CLIENT_HIGH)) == INBOUND_STATE) {
                    // a live flow in way 1, the packet from its client: the IN path below
                } else if ((meta.keys[FLOW_STATE] & FLOW_STATE_LIVE) != 0) {
                    mark_outbound();        // a live flow in way 1, the packet from its server
                } else if (hdr.tcp.isValid()
                           && (hdr.tcp.flags & (TCP_FLAG_SYN | TCP_FLAG_ACK)) == TCP_FLAG_SYN) {
                    start_flow();
                } else {
                    ignore_packet();
                }
            }
            if (meta.flow.outbound) {
                // a live flow, the packet from its server: OUT
                if (EXTREMES_MOVE) {
                    extend_extremes();
                }
                if (NO_OUT_PACKET(meta.counts)) {
                    mark_first_out();
                }
                if (hdr.tcp.isValid()) {
                    if (hdr.tcp.window > meta.shape[FLOW_WIN_OUT]) {
                        raise_window_out();
                    }
                    count_outbound_tcp();
                } else {
                    count_outbound();
                }
            } else if (!meta.flow.counted) {
                // a live flow, the packet from its client: IN
                if (EXTREMES_MOVE) {
                    extend_extremes();
                }
                if (hdr.tcp.isValid()) {
                    if ((meta.keys & FLOW_HANDSHAKE_PENDING_MASK) != 0
                            && (hdr.tcp.flags & (TCP_FLAG_ACK | TCP_FLAG_SYN | TCP_FLAG_RST)) == TCP_FLAG_ACK) {
                        complete_handshake();
                    }
                    if (hdr.tcp.window > meta.shape[FLOW_WIN_IN]) {
                        raise_window_in();
                    }
                    count_inbound_tcp();
                } else {
                    count_inbound();
                }
            }
            if (hdr.tcp.isValid()) {
                if (TCP_ENDS_FLOW) {
                    close_flow();
                }
            }
            // Most packets stop here: no phase, no end, no pending alert, no active timeout configured (a new flow
            // is phase 1; a power of two or a multiple of the late period may be a phase packet). The flow's packet
            // count p is the low 32 bits of the cell: p & (p - 1) is taken on the whole cell (+ 0xFFFFFFFF is - 1 in
            // the low 32 bits for p >= 1), and masked once.
            if ((meta.cfg.timeout_pkts | meta.cfg.timeout_us) != 0
                    || (meta.counts & (meta.counts + 256w0xFFFFFFFF) & 256w0xFFFFFFFF) == 0
                    || (meta.counts & (LATE_PHASE_PERIOD_VALUE - 1)) == 0 || meta.flow.ended
                    || (meta.keys & FLOW_ALERT_PENDING_MASK) != 0) {
                if ((meta.cfg.timeout_pkts | meta.cfg.timeout_us) != 0) {
                    check_active_timeout();
                }
                take_stock();
            }
            // Only the rare packets that changed the keys cell write it.
            if (meta.keys_dirty) {
                write_keys();
            }
        }
    }
}

#endif
