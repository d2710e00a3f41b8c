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
 * Cost (BMv2 interprets every expression operation on multi-precision numbers, and a field write is the dearest thing a
 * primitive does; docs/overhead.md): a packet of a flow found in way 0 reads its flow cell once and writes it once
 * (cells.p4), in two actions (the key action: hash input, hash, way 0's cell; the count action: one addition to the
 * cell, written to the register only), and compares the cell with its hash input once (the cell stores its key as the
 * hash input); its only field writes are the hash input, the cell index and the cell read, and from the lookup it goes
 * straight to its count (IN or OUT), with no flag to test between. Everything else runs only on the packets that need
 * it, behind conditions: the packet's key as one value (a packet way 0 does not hold), a new TTL/length extreme or TCP
 * window, a TCP handshake or end, the first OUT packet, configured active timeouts, and the packets the later stages
 * work on (phase packets, ends, pending alerts, timeouts), which read the counted cell again and take its views.
 * model-tools' SwitchReference is the same algorithm in Java.
 */
#ifndef NIDS_FLOW_TABLE_P4
#define NIDS_FLOW_TABLE_P4

#include "../headers.p4"
#include "../size.p4"
#include "../features.p4"      // duration_of

// The length-histogram bucket a packet of IPv4 total length `len` adds one to (none above 1514 bytes), as an
// addend of a tally view (ONE = 256w1, AT = 0) or of the flow cell (768w1, FLOW_TALLY_LO), with the constant
// addend WITH (the packet counters' ones) in every branch, where p4c folds it (an OR of it with the bucket cost one
// operation per packet). A macro, so that it stays one expression whose ?: BMv2 evaluates only as far as needed (an
// inlined function leaves a temporary per branch); each level taken costs two operations. Small packets (ACKs,
// requests) decide at the first level; above 128 bytes the test at 512 halves the rest, so a packet of 513-1024
// bytes takes 3 levels (it took 4 in length order) and one of 129-256 takes 3 (it took 2). (P4's ?: groups to the
// left: the nested ones need parentheses.)
#define LENGTH_BUCKET_ONE_WITH(WITH, ONE, AT, len) \
    (len <= 128 ? (WITH | (ONE << (AT + FLOW_LEN_128_LO))) \
     : (len <= 512 ? (len <= 256 ? (WITH | (ONE << (AT + FLOW_LEN_256_LO))) \
                                 : (WITH | (ONE << (AT + FLOW_LEN_512_LO)))) \
        : (len <= 1024 ? (WITH | (ONE << (AT + FLOW_LEN_1024_LO))) \
           : (len <= 1514 ? (WITH | (ONE << (AT + FLOW_LEN_1514_LO))) : WITH))))

// Whether the packet moves one of the flow's TTL or length extremes (then extend_extremes runs).
#define EXTREMES_MOVE \
    (hdr.ipv4.ttl < meta.cell[FLOW_MIN_TTL] || hdr.ipv4.ttl > meta.cell[FLOW_MAX_TTL] \
     || hdr.ipv4.total_len < meta.cell[FLOW_MIN_LEN] || hdr.ipv4.total_len > meta.cell[FLOW_MAX_LEN])

// The packet's hash input (meta.flow.hash_input): the canonical key's words each plus the seed, then the protocol
// (13 bytes), which the CRC reads and a flow cell stores as its key. p4c copies every element of a hash's field
// list that is not a plain field into a temporary (and the protocol as well), a field write each; one 104-bit
// field of the same 13 bytes is one field write for 13 more operations, and the same CRC. (Shifts, not ++: p4c
// lowers ++ with two masks per operand.)
#define HASH_INPUT(LOW_ADDR, HIGH_ADDR, LOW_PORT, HIGH_PORT) \
    meta.flow.hash_input = ((bit<104>)(LOW_ADDR + meta.cfg.flow_hash_seed) << 72) \
        | ((bit<104>)(HIGH_ADDR + meta.cfg.flow_hash_seed) << 40) \
        | ((bit<104>)((((bit<32>)LOW_PORT << 16) | (bit<32>)HIGH_PORT) + meta.cfg.flow_hash_seed) << 8) \
        | (bit<104>)hdr.ipv4.protocol

// The packet's hash input where a flow cell keeps its key (cells.p4)
#define CELL_HASH_INPUT ((flow_cell_t)meta.flow.hash_input << FLOW_KEYS_LO)

// The common packet's test: way 0 holds a live flow of the packet's key whose CLIENT_HIGH bit is CLIENT (0 or
// CELL_CLIENT_HIGH): the cell's key, LIVE, CLOSED and CLIENT_HIGH against the hash input, in one comparison (6
// operations, no field write; field by field against the canonical key it was 25, about 3,000 instructions more).
#define WAY_0_HOLDS_FLOW(CLIENT) ((meta.cell & CELL_MATCH) == (CELL_LIVE | CLIENT | CELL_HASH_INPUT))

// Every other packet (a new flow, way 1, a closed flow's late packet) builds its canonical key with the state bits
// of a live flow whose client sent it, meta.flow.expect (non-zero: LIVE is set), and takes the other paths.
#define EXPECT(LOW_ADDR, HIGH_ADDR, LOW_PORT, HIGH_PORT, CLIENT_BIT) \
    meta.flow.expect = ((bit<112>)(FLOW_STATE_LIVE | CLIENT_BIT) << 104) | ((bit<112>)LOW_ADDR << 72) \
                       | ((bit<112>)HIGH_ADDR << 40) | ((bit<112>)LOW_PORT << 24) | ((bit<112>)HIGH_PORT << 8) \
                       | (bit<112>)hdr.ipv4.protocol

// The state bits (LIVE | CLIENT_HIGH) of a live flow the packet is an IN packet of.
#define INBOUND_STATE meta.flow.expect[KEY_INBOUND_STATE]

// Whether the cell read holds the packet's key (live or closed).
#define KEY_IN_CELL ((meta.cell & CELL_LIVE_OR_CLOSED) != 0 && (meta.cell & CELL_KEY) == CELL_HASH_INPUT)

// A TCP packet that ends its flow: RST, or FIN seen both ways once its flags count, tested on the cell as it was
// before the count (meta.cell; the count writes only the register): an IN packet's flags join the client's, an OUT
// packet's the server's.
#define TCP_IN_ENDS_FLOW \
    ((hdr.tcp.flags & TCP_FLAG_RST) != 0 \
     || ((meta.cell[FLOW_CLIENT_FLAGS] | hdr.tcp.flags) & meta.cell[FLOW_SERVER_FLAGS] & TCP_FLAG_FIN) != 0)
#define TCP_OUT_ENDS_FLOW \
    ((hdr.tcp.flags & TCP_FLAG_RST) != 0 \
     || (meta.cell[FLOW_CLIENT_FLAGS] & (meta.cell[FLOW_SERVER_FLAGS] | hdr.tcp.flags) & TCP_FLAG_FIN) != 0)

// The flow has no OUT packet yet: the tally's FLOW_PKTS equals its FLOW_IN_PKTS, 40 bits above it (in the cell,
// a shift of 40 and a constant mask).
#define CELL_NO_OUT_PACKET (((meta.cell ^ (meta.cell >> FLOW_IN_PKTS_LO)) & CELL_PKTS) == 0)

// How long (us, 32-bit) the flow has been idle at `now`: since its last packet, either direction.
bit<32> idle_for(in flow_keys_t keys, in flow_traffic_t traffic, in flow_tally_t tally, in ts_t now) {
    return (bit<32>)now - keys[FLOW_FIRST_TS][31:0] - duration_of(keys, traffic, tally);
}

// The flow's last packet on the 48-bit clock: its first packet plus its duration.
ts_t last_seen_of(in flow_keys_t keys, in flow_traffic_t traffic, in flow_tally_t tally) {
    return keys[FLOW_FIRST_TS] + (ts_t)duration_of(keys, traffic, tally);
}

control FlowTable(inout headers_t hdr,
                  inout local_metadata_t meta,
                  in standard_metadata_t standard_metadata) {

    counter(2, CounterType.packets) evict_counter;     // EVICT_IDLE_VALUE, EVICT_BUSY_VALUE

    // ---- step 1: hash input (one action per order of the endpoints), keyed hash, way 0's cell ----------------
    @hidden action key_sender_low() {
        HASH_INPUT(hdr.ipv4.src_addr, hdr.ipv4.dst_addr, meta.l4_src_port, meta.l4_dst_port);
    }

    @hidden action key_sender_high() {
        HASH_INPUT(hdr.ipv4.dst_addr, hdr.ipv4.src_addr, meta.l4_dst_port, meta.l4_src_port);
    }

    // The packet's cell in way 0 (the hash's low bits: a hash modulo FLOW_WAY_SIZE writes the index itself, so the
    // read takes a field, not an expression p4c would copy into a temporary) and way 0's cell. An action of its own:
    // in the action that computes the hash input, p4c substitutes that expression into the hash's field list (a
    // second temporary, 24 operations and a field write more than a table step costs).
    @hidden action read_way_0() {
        hash(meta.flow.slot, HashAlgorithm.crc32, 32w0, { meta.flow.hash_input }, (bit<32>)FLOW_WAY_SIZE);
        flow_cells.read(meta.cell, meta.flow.slot);
    }

    @hidden action expect_sender_low() {
        EXPECT(hdr.ipv4.src_addr, hdr.ipv4.dst_addr, meta.l4_src_port, meta.l4_dst_port, 8w0);
    }

    @hidden action expect_sender_high() {
        EXPECT(hdr.ipv4.dst_addr, hdr.ipv4.src_addr, meta.l4_dst_port, meta.l4_src_port, FLOW_STATE_CLIENT_HIGH);
    }

    // A live flow in way 1, the packet from its server (OUT): counted by the OUT path.
    @hidden action mark_outbound() {
        meta.flow.outbound = true;
    }

    // The cell's views, for the steps that need more than the cell (cells.p4).
    @hidden action take_views() {
        meta.keys = FLOW_KEYS_OF(meta.cell);
        meta.traffic = FLOW_TRAFFIC_OF(meta.cell);
        meta.tally = FLOW_TALLY_OF(meta.cell);
    }

    // The counted cell's views, for the steps after the flow table (a few packets per flow): the cell read again,
    // since the count wrote only the register.
    @hidden action take_counted_views() {
        flow_cells.read(meta.cell, meta.flow.slot);
        take_views();
    }

    // ---- step 2: way 0 did not hold the key: keep its cell's views (a new flow may replace it) and read way 1 --
    // Way 1's index is bits 16 and up of the full hash, computed again here (only on this path).
    @hidden action read_way_b() {
        bit<32> full_hash;
        hash(full_hash, HashAlgorithm.crc32, 32w0, { meta.flow.hash_input }, 64w0x100000000);
        meta.victim_keys = FLOW_KEYS_OF(meta.cell);
        meta.victim_traffic = FLOW_TRAFFIC_OF(meta.cell);
        meta.victim_tally = FLOW_TALLY_OF(meta.cell);
        meta.flow.slot_a = meta.flow.slot;
        meta.flow.slot_b = FLOW_WAY_SIZE + (flow_slot_t)((full_hash >> 16) & (FLOW_WAY_SIZE - 1));
        meta.flow.slot = meta.flow.slot_b;
        flow_cells.read(meta.cell, meta.flow.slot);
        meta.flow.new_key = !KEY_IN_CELL;
    }

    // ---- step 3 (new flow): which way it takes ---------------------------------------------------------------
    @hidden action take_way_a() {
        meta.flow.slot = meta.flow.slot_a;
    }

    // Both ways hold live flows: an idle one goes first (way 0 before way 1), else the one with fewer packets,
    // else the one idle for longer, else way 1. The replaced cell's views stay in meta.victim_* for the report.
    @hidden action evict_one() {
        ts_t now = standard_metadata.ingress_global_timestamp;
        bit<32> packets_a = meta.victim_tally[FLOW_PKTS];
        bit<32> packets_b = meta.tally[FLOW_PKTS];
        bit<32> idle_a = idle_for(meta.victim_keys, meta.victim_traffic, meta.victim_tally, now);
        bit<32> idle_b = idle_for(meta.keys, meta.traffic, meta.tally, now);
        bool idle_on = meta.cfg.idle_timeout_us != 0;
        bool a_idle = idle_on && idle_a >= meta.cfg.idle_timeout_us;
        bool b_idle = idle_on && idle_b >= meta.cfg.idle_timeout_us;
        bool take_a = a_idle || (!b_idle && (packets_a < packets_b || (packets_a == packets_b && idle_a > idle_b)));
        meta.flow.evicted = true;
        meta.flow.evicted_idle = take_a ? a_idle : b_idle;
        meta.flow.slot = take_a ? meta.flow.slot_a : meta.flow.slot_b;
        meta.victim_keys = take_a ? meta.victim_keys : meta.keys;
        meta.victim_traffic = take_a ? meta.victim_traffic : meta.traffic;
        meta.victim_tally = take_a ? meta.victim_tally : meta.tally;
        evict_counter.count(meta.flow.evicted_idle ? (bit<32>)EVICT_IDLE_VALUE : (bit<32>)EVICT_BUSY_VALUE);
    }

    // ---- step 4: count the packet ----------------------------------------------------------------------------
    // A packet from the client (IN): its time, (TCP) flags, bytes, packets (the flow's and IN) and length bucket
    // in one addition to the flow cell, written to the register only: meta.cell keeps the cell as it was before
    // the count (a 768-bit field write less for every tracked packet; p4c's copy of the register write's argument
    // is forwarded by nidslib.bmv2opt), and the few later steps that need the counted cell read it again
    // (take_counted_views, close_flow). Without TCP there are no flags to add.
#define COUNT_INBOUND(FLAGS_ADDEND) \
        flow_cells.write(meta.flow.slot, ((meta.cell & ~(768w0xFFFFFFFF << FLOW_LAST_IN_TS_LO)) \
                     | ((flow_cell_t)standard_metadata.ingress_global_timestamp[31:0] << FLOW_LAST_IN_TS_LO) \
                     FLAGS_ADDEND) \
                    + ((flow_cell_t)hdr.ipv4.total_len \
                       | LENGTH_BUCKET_ONE_WITH(CELL_IN_PACKET_ONE, 768w1, FLOW_TALLY_LO, hdr.ipv4.total_len)))

    @hidden action count_inbound() {
        COUNT_INBOUND();
    }

    @hidden action count_inbound_tcp() {
        COUNT_INBOUND(| ((flow_cell_t)hdr.tcp.flags << FLOW_CLIENT_FLAGS_LO));
    }

    // A packet from the server (OUT).
#define COUNT_OUTBOUND(FLAGS_ADDEND) \
        flow_cells.write(meta.flow.slot, ((meta.cell & ~(768w0xFFFFFFFF << FLOW_LAST_OUT_TS_LO)) \
                     | ((flow_cell_t)standard_metadata.ingress_global_timestamp[31:0] << FLOW_LAST_OUT_TS_LO) \
                     FLAGS_ADDEND) \
                    + (((flow_cell_t)hdr.ipv4.total_len << FLOW_OUT_BYTES_LO) \
                       | LENGTH_BUCKET_ONE_WITH(CELL_PACKET_ONE, 768w1, FLOW_TALLY_LO, hdr.ipv4.total_len)))

    @hidden action count_outbound() {
        COUNT_OUTBOUND();
    }

    @hidden action count_outbound_tcp() {
        COUNT_OUTBOUND(| ((flow_cell_t)hdr.tcp.flags << FLOW_SERVER_FLAGS_LO));
    }

    // Rare (before the count): a new TTL or length extreme, either direction.
    @hidden action extend_extremes() {
        bit<16> len = hdr.ipv4.total_len;
        bit<8> ttl = hdr.ipv4.ttl;
        meta.cell[FLOW_MIN_TTL] = ttl < meta.cell[FLOW_MIN_TTL] ? ttl : meta.cell[FLOW_MIN_TTL];
        meta.cell[FLOW_MAX_TTL] = ttl > meta.cell[FLOW_MAX_TTL] ? ttl : meta.cell[FLOW_MAX_TTL];
        meta.cell[FLOW_MIN_LEN] = len < meta.cell[FLOW_MIN_LEN] ? len : meta.cell[FLOW_MIN_LEN];
        meta.cell[FLOW_MAX_LEN] = len > meta.cell[FLOW_MAX_LEN] ? len : meta.cell[FLOW_MAX_LEN];
    }

    // Rare: a larger TCP window than the direction's maximum so far. (TCP fields are read only behind a TCP
    // test: BMv2 keeps an invalid header's fields from an earlier packet. Copying them into metadata for every
    // TCP packet cost two field writes.)
    @hidden action raise_window_in() {
        meta.cell[FLOW_WIN_IN] = hdr.tcp.window;
    }

    @hidden action raise_window_out() {
        meta.cell[FLOW_WIN_OUT] = hdr.tcp.window;
    }

    // Once per flow opened by a bare SYN: the client's first packet that ACKs (no SYN, no RST) completes it (before
    // the count, which writes the cell). The source context reads the client's cell from the keys view.
    @hidden action complete_handshake() {
        meta.flow.handshake_done = true;
        meta.cell = meta.cell & ~CELL_HANDSHAKE_PENDING;
        meta.keys = FLOW_KEYS_OF(meta.cell);
    }

    // Once per flow: its first OUT packet (before the count; FLOW_FIRST_OUT_TS is 0 until then). The time is
    // placed in two shifts (p4c's limit is 256), with a cast between so that p4c does not join them.
    @hidden action mark_first_out() {
        meta.cell = meta.cell
            | ((flow_cell_t)((bit<512>)standard_metadata.ingress_global_timestamp[31:0] << FLOW_KEYS_LO)
               << FLOW_FIRST_OUT_TS_LO);
    }

    // The packet starts a flow in meta.flow.slot: the sender is its client. Its alert cell starts without an
    // alert, its report marks at the flow's start (no packet, now).
    @hidden action start_flow() {
        ts_t now = standard_metadata.ingress_global_timestamp;
        bit<16> len = hdr.ipv4.total_len;
        bool tcp = hdr.tcp.isValid();
        bool bare_syn = tcp && (hdr.tcp.flags & (TCP_FLAG_SYN | TCP_FLAG_ACK)) == TCP_FLAG_SYN;
        bit<32> source_product = hdr.ipv4.src_addr * ((meta.cfg.flow_hash_seed ^ SOURCE_MIX_VALUE) | 1);
        meta.flow.started = true;
        meta.flow.counted = true;
        meta.keys = meta.cfg.flow_hash_seed                                                 // FLOW_KEY_SEED
                    ++ (hdr.icmp.isValid() ? hdr.icmp.icmp_type ++ hdr.icmp.icmp_code : 16w0)  // FLOW_ICMP
                    ++ 32w0                                                                 // FLOW_FIRST_OUT_TS
                    ++ now                                                                  // FLOW_FIRST_TS
                    ++ source_product[31:16]                                                // FLOW_SOURCE_CELL
                    ++ (INBOUND_STATE | (bare_syn ? FLOW_STATE_HANDSHAKE_PENDING : 8w0))    // FLOW_STATE
                    ++ meta.flow.hash_input;                                                // FLOW_KEY
        meta.traffic = 16w0 ++ (tcp ? hdr.tcp.window : 16w0)                              // WIN_OUT, WIN_IN
                       ++ len ++ len ++ hdr.ipv4.ttl ++ hdr.ipv4.ttl                        // MAX/MIN_LEN, MAX/MIN_TTL
                       ++ 8w0 ++ (tcp ? hdr.tcp.flags : 8w0)                                // SERVER/CLIENT_FLAGS
                       ++ 32w0 ++ now[31:0]                                                 // LAST_OUT_TS, LAST_IN_TS
                       ++ 48w0 ++ 16w0 ++ (bit<32>)len;                                     // OUT_BYTES, IN_BYTES
        // one IN packet, the phase clock started
        meta.tally = LENGTH_BUCKET_ONE_WITH((256w1 << FLOW_IN_PKTS_LO) | 1 | TALLY_PHASE_CLOCK_START, 256w1, 0, len)
                     | ((flow_tally_t)standard_metadata.ingress_port << FLOW_CLIENT_INGRESS_LO);
        flow_alerts.write(meta.flow.slot, (flow_alerts_t)now[31:0] << FLOW_MARK_TS_LO);
    }

    // The new flow's views as its cell (an action of its own: in start_flow, p4c would substitute the views'
    // expressions into the cell's, and the cell's into the register write, about 300 operations more).
    @hidden action write_new_cell() {
        meta.cell = FLOW_CELL_OF(meta.keys, meta.traffic, meta.tally);
        flow_cells.write(meta.flow.slot, meta.cell);
    }

    // A late packet of a closed flow (not a bare SYN): not counted, and nothing after the flow table is for it.
    @hidden action ignore_packet() {
        exit;
    }

    // TCP RST, or FIN seen both ways (after the count): the flow ends; its cell, read again as counted, is closed
    // (the key kept for its late packets).
    @hidden action close_flow() {
        meta.flow.ended = true;
        flow_cells.read(meta.cell, meta.flow.slot);
        meta.cell = (meta.cell & ~CELL_LIVE) | CELL_CLOSED;
        flow_cells.write(meta.flow.slot, meta.cell);
    }

    // Active timeouts (only when configured): timeout_pkts packets or timeout_us since the flow's last report.
    @hidden action check_active_timeout() {
        flow_alerts.read(meta.alerts, meta.flow.slot);
        meta.flow.timeout_due = !meta.flow.ended
            && ((meta.cfg.timeout_pkts != 0
                 && meta.tally[FLOW_PKTS] - meta.alerts[FLOW_MARK_PKTS] >= meta.cfg.timeout_pkts)
                || (meta.cfg.timeout_us != 0
                    && standard_metadata.ingress_global_timestamp[31:0] - meta.alerts[FLOW_MARK_TS]
                       >= meta.cfg.timeout_us));
    }

    // Only for the packets that may have work after the flow table: is there any, and at which phase. Packet
    // phases are the powers of two up to MAX_PHASE_PACKETS; beyond, every LATE_PHASE_PERIOD-th packet is the late
    // phase, so a long flow (a one-flow flood, a bulk transfer) is classified again while it lasts.
    @hidden action take_stock() {
        bit<32> packets = meta.tally[FLOW_PKTS];
        bool early = packets <= MAX_PHASE_PACKETS_VALUE;
        bool phase_packet = !meta.flow.ended
            && (early ? (packets & (packets - 1)) == 0 : (packets & (LATE_PHASE_PERIOD_VALUE - 1)) == 0);
        meta.flow.phase = meta.flow.ended ? PHASE_END
                          : (!phase_packet ? PHASE_NONE : (early ? (phase_t)packets : PHASE_LATE));
        meta.flow.alert_pending = (meta.keys[FLOW_STATE] & FLOW_STATE_ALERT_PENDING) != 0;
        meta.flow.attention = meta.flow.ended || phase_packet || meta.flow.timeout_due || meta.flow.alert_pending
                              || meta.flow.evicted;
    }

    // A phase packet: the phase clock (cells.p4) set for the flow's next phase packet, n + gap after this one at
    // packet n (n a power of two below MAX_PHASE_PACKETS: 2n; beyond: n + LATE_PHASE_PERIOD), and the counted
    // cell written back with it.
    @hidden action set_phase_clock() {
        bit<32> packets = meta.tally[FLOW_PKTS];
        bit<8> gap = packets < MAX_PHASE_PACKETS_VALUE ? packets[7:0] : (bit<8>)LATE_PHASE_PERIOD_VALUE;
        meta.tally = (meta.tally & ~TALLY_PHASE_CLOCK)
                     | ((flow_tally_t)(PHASE_CLOCK_DUE + 1 - gap) << FLOW_PHASE_CLOCK_LO);
        flow_cells.write(meta.flow.slot, FLOW_CELL_OF(meta.keys, meta.traffic, meta.tally));
    }

    // ---- a controller probe: the cell it names, emptied if asked ---------------------------------------------
    // A cell without a live flow reads as all zero (what the PROBE report then carries).
    @hidden action read_probed_cell() {
        meta.flow.slot = hdr.probe.slot & (FLOW_SLOTS - 1);
        flow_cells.read(meta.cell, meta.flow.slot);
        meta.flow.probe_live = (meta.cell & CELL_LIVE) != 0;
        meta.cell = meta.flow.probe_live ? meta.cell : 768w0;
        meta.keys = FLOW_KEYS_OF(meta.cell);
        meta.traffic = FLOW_TRAFFIC_OF(meta.cell);
        meta.tally = FLOW_TALLY_OF(meta.cell);
        meta.flow.phase = PHASE_END;
        meta.flow.attention = true;
    }

    @hidden action free_probed_cell() {
        flow_cells.write(meta.flow.slot, 768w0);
        meta.flow.probe_freed = true;
    }

    // ---- the packet's path from its lookup to its count --------------------------------------------------------
    // A live flow's packet from its client (IN), and one from its server (OUT), from wherever it was found: way 0
    // (either order of the endpoints) or the other paths. (Macros of statements: each place applies its own copy of
    // the actions, so a packet goes from its lookup straight to its count with no flag to test between.) A TCP
    // packet's end test follows its count (FIN seen both ways reads the flags just added).
#define COUNT_IN_PACKET \
            if (EXTREMES_MOVE) { \
                extend_extremes(); \
            } \
            if (hdr.tcp.isValid()) { \
                if ((meta.cell & CELL_HANDSHAKE_PENDING) != 0 \
                        && (hdr.tcp.flags & (TCP_FLAG_ACK | TCP_FLAG_SYN | TCP_FLAG_RST)) == TCP_FLAG_ACK) { \
                    complete_handshake(); \
                } \
                if (hdr.tcp.window > meta.cell[FLOW_WIN_IN]) { \
                    raise_window_in(); \
                } \
                count_inbound_tcp(); \
                if (TCP_IN_ENDS_FLOW) { \
                    close_flow(); \
                } \
            } else { \
                count_inbound(); \
            }

#define COUNT_OUT_PACKET \
            if (EXTREMES_MOVE) { \
                extend_extremes(); \
            } \
            if (CELL_NO_OUT_PACKET) { \
                mark_first_out(); \
            } \
            if (hdr.tcp.isValid()) { \
                if (hdr.tcp.window > meta.cell[FLOW_WIN_OUT]) { \
                    raise_window_out(); \
                } \
                count_outbound_tcp(); \
                if (TCP_OUT_ENDS_FLOW) { \
                    close_flow(); \
                } \
            } else { \
                count_outbound(); \
            }

    apply {
        if (meta.is_probe) {
            read_probed_cell();
            // Freed only if still silent when the probe arrives: a packet that came after the app decided to
            // free the flow keeps it (the app learns its last packet from the report).
            if ((hdr.probe.flags & PROBE_FLAG_FREE) != 0
                    && idle_for(meta.keys, meta.traffic, meta.tally, standard_metadata.ingress_global_timestamp)
                       >= hdr.probe.min_idle_us) {
                free_probed_cell();
            }
        } else {
            // Way 0 holds the packet's live flow, the packet from its client (IN) or from its server (OUT); else
            // the packet's key as one value (meta.flow.expect, non-zero) for the other paths below.
            if (hdr.ipv4.src_addr < hdr.ipv4.dst_addr
                    || (hdr.ipv4.src_addr == hdr.ipv4.dst_addr && meta.l4_src_port <= meta.l4_dst_port)) {
                key_sender_low();
                read_way_0();
                if (WAY_0_HOLDS_FLOW(768w0)) {
                    COUNT_IN_PACKET
                } else if (WAY_0_HOLDS_FLOW(CELL_CLIENT_HIGH)) {
                    COUNT_OUT_PACKET
                } else {
                    expect_sender_low();
                }
            } else {
                key_sender_high();
                read_way_0();
                if (WAY_0_HOLDS_FLOW(CELL_CLIENT_HIGH)) {
                    COUNT_IN_PACKET
                } else if (WAY_0_HOLDS_FLOW(768w0)) {
                    COUNT_OUT_PACKET
                } else {
                    expect_sender_high();
                }
            }
            if (meta.flow.expect != 0) {
                // Way 0 does not hold the packet's live flow: a new flow (counted here), a packet of a flow in
                // way 1, a late packet of a closed flow.
                if (!KEY_IN_CELL) {
                    read_way_b();
                }
                if (meta.flow.new_key) {
                    if ((meta.victim_keys[FLOW_STATE] & FLOW_STATE_LIVE) == 0) {
                        take_way_a();
                    } else if ((meta.cell & CELL_LIVE) != 0) {
                        take_views();
                        evict_one();
                    }
                    start_flow();
                    write_new_cell();
                } else if ((meta.cell & (CELL_LIVE | CELL_CLIENT_HIGH))
                           == (((flow_cell_t)meta.flow.expect << FLOW_KEYS_LO) & (CELL_LIVE | CELL_CLIENT_HIGH))) {
                    // a live flow in way 1, the packet from its client: the IN path below (expect's state bits
                    // sit where the keys view has FLOW_STATE)
                } else if ((meta.cell & CELL_LIVE) != 0) {
                    mark_outbound();        // a live flow in way 1, the packet from its server
                } else if (hdr.tcp.isValid()
                           && (hdr.tcp.flags & (TCP_FLAG_SYN | TCP_FLAG_ACK)) == TCP_FLAG_SYN) {
                    start_flow();
                    write_new_cell();
                } else {
                    ignore_packet();
                }
                if (meta.flow.outbound) {
                    COUNT_OUT_PACKET
                } else if (!meta.flow.counted) {
                    COUNT_IN_PACKET
                } else if (hdr.tcp.isValid()) {
                    // a new flow's first packet ends it (a RST); meta.cell is the new cell, this packet's flags
                    // in the client's already
                    if (TCP_IN_ENDS_FLOW) {
                        close_flow();
                    }
                }
            }
            // Most packets stop here: not the flow's next phase packet (its phase clock, cells.p4), no end, no
            // pending alert, no active timeout configured. meta.cell is the cell before the count; a new flow's
            // (write_new_cell) has its clock due (its first packet is phase 1), a closed one the CLOSED bit
            // (close_flow). The packets that go on take the counted cell's views; a phase packet sets the clock
            // for the next one (a new flow's is set already).
            if ((meta.cell & CELL_NEEDS_STOCK) != 0 || (meta.cfg.timeout_pkts | meta.cfg.timeout_us) != 0) {
                take_counted_views();
                if ((meta.cfg.timeout_pkts | meta.cfg.timeout_us) != 0) {
                    check_active_timeout();
                }
                take_stock();
                // (By the phase take_stock found in the count, not by the clock: a packet that came on for
                // another reason may find the clock due after its count.)
                if (meta.flow.phase != PHASE_NONE && meta.flow.phase != PHASE_END && !meta.flow.started) {
                    set_phase_clock();
                }
            }
        }
    }
}

#endif
