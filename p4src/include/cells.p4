/*
 * cells.p4: the layouts of the wide register cells (flow table and source context).
 *
 * A flow is one 768-bit register cell (flow_cells) and a 160-bit one (flow_alerts) at the same index, a source one
 * cell: BMv2 charges per primitive and per expression operation (each a multi-precision number operation), not per
 * bit, so few wide cells updated by few operations cost least (docs/overhead.md). A packet of a known flow reads
 * its flow cell once and writes it once.
 *
 * p4c's BMv2 back end cannot shift by more than 256 bits, so a field can be sliced, or a packet's value placed into
 * it, only when it starts at bit 256 or below. The flow cell is laid out for that: its low 256 bits and bit 256
 * hold every field a packet compares with or places a value of its own into (bytes, last times, TCP flags, TTL and
 * length extremes, TCP windows, and the key, at 256); its top third holds what a packet only adds a constant to
 * (packet counters, the length histogram), reached with constant masks. Code that needs any other field (a flow's
 * start, features, reports: a few packets of a flow) works on three 256-bit views of the cell, keys, traffic and
 * tally (FLOW_CELL_VIEWS), with the field names below, and writes the views back as one cell.
 *   traffic (bits 0..255)    bytes, last IN/OUT times, TCP flags, TTL and length extremes, TCP windows;
 *   keys (bits 256..511)     key (as the hash input), state bits, the client's source cell, first times, ICMP
 *                            type/code, the key's seed;
 *   tally (bits 512..767)    packets (IN + OUT) and IN packets, the client's ingress port, the length histogram;
 *   flow_alerts              only when a verdict may be reported (and per packet while an active timeout is on):
 *                            the alert state, a pending alert, the report marks (packets and time).
 * Times in traffic are the low 32 bits of the switch's microsecond clock: every duration is a 32-bit difference
 * (docs/features.md), and a flow's last packet is its first packet's 48-bit time plus its duration.
 */
#ifndef NIDS_CELLS_P4
#define NIDS_CELLS_P4

#include "defines.p4"
#include "size.p4"

// ---------------------------------------------------------------------------------------------------------
// Flow cells (registers flow_cells, flow_alerts; FLOW_SLOTS cells each)
// ---------------------------------------------------------------------------------------------------------
typedef bit<768> flow_cell_t;
typedef bit<256> flow_keys_t;          // views of a flow cell (above)
typedef bit<256> flow_traffic_t;
typedef bit<256> flow_tally_t;
typedef bit<160> flow_alerts_t;

#define FLOW_KEYS_LO 256               // where the views sit in the flow cell
#define FLOW_TALLY_LO 512

// keys. The key is stored as the flow's hash input: the canonical key with the seed (config flow_hash_seed when the
// flow started, FLOW_KEY_SEED) added to each 32-bit word, then the protocol. So a packet's test for its flow is one
// comparison of the cell with the hash input it has just computed (a few operations; field by field, the canonical
// key cost 25 per packet); the key itself is derived (the seed subtracted) only where a report or the features need
// it (FLOW_*_OF).
#define FLOW_KEY 103:0                 // the hash input: seeded low addr, seeded high addr, seeded ports, proto
#define FLOW_PROTO 7:0
#define FLOW_SEEDED_PORTS 39:8         // (low port ++ high port) + seed
#define FLOW_SEEDED_HIGH_ADDR 71:40    // high addr + seed
#define FLOW_SEEDED_LOW_ADDR 103:72    // low addr + seed
#define FLOW_STATE 111:104             // FLOW_STATE_* bits
#define FLOW_SOURCE_CELL 127:112       // the client's source-context cell
#define FLOW_FIRST_TS 175:128          // first packet (the client's: it sends first), 48-bit clock
#define FLOW_FIRST_OUT_TS 207:176      // first OUT packet, 32-bit clock (0 before it)
#define FLOW_ICMP 223:208              // type ++ code of the first ICMP packet
#define FLOW_KEY_SEED 255:224          // the seed the key was stored with (an empty cell: 0, its key 0)
#define FLOW_FIRST_OUT_TS_LO 176
// The canonical key of a keys view (modulo 2^32 per word, as it was added)
#define FLOW_LOW_ADDR_OF(k) ((k)[FLOW_SEEDED_LOW_ADDR] - (k)[FLOW_KEY_SEED])
#define FLOW_HIGH_ADDR_OF(k) ((k)[FLOW_SEEDED_HIGH_ADDR] - (k)[FLOW_KEY_SEED])
#define FLOW_PORTS_OF(k) ((k)[FLOW_SEEDED_PORTS] - (k)[FLOW_KEY_SEED])      // low port ++ high port

// The packet's canonical key with the state bits of a live flow it is an IN packet of (meta.flow.expect, built only
// for a packet way 0 does not hold: new flows, way 1, late packets): what the source context counts a new flow by
#define KEY_PROTO 7:0
#define KEY_HIGH_PORT 23:8
#define KEY_LOW_PORT 39:24
#define KEY_HIGH_ADDR 71:40
#define KEY_LOW_ADDR 103:72
#define KEY_INBOUND_STATE 111:104      // LIVE, and CLIENT_HIGH when the sender is the key's high endpoint

// traffic (the flow cell's low 256 bits: the same offsets in the cell). A packet adds its length to its
// direction's byte counter in the same addition that adds 1 to the tally's packet counters. Each counter has guard
// bits above its 32 (bytes 16, packets 8), so its carry never reaches the next field; the features are the low 32
// bits, which wrap at 2^32 as docs/features.md says.
#define FLOW_IN_BYTES 31:0             // of a 48-bit field at 0
#define FLOW_OUT_BYTES 79:48           // of a 48-bit field at 48
#define FLOW_LAST_IN_TS 127:96         // 32-bit clock
#define FLOW_LAST_OUT_TS 159:128       // 32-bit clock (0 before the first OUT packet)
#define FLOW_CLIENT_FLAGS 167:160      // OR of the TCP flags of IN packets
#define FLOW_SERVER_FLAGS 175:168      // ... of OUT packets
#define FLOW_MIN_TTL 183:176
#define FLOW_MAX_TTL 191:184
#define FLOW_MIN_LEN 207:192
#define FLOW_MAX_LEN 223:208
#define FLOW_WIN_IN 239:224
#define FLOW_WIN_OUT 255:240
#define FLOW_OUT_BYTES_LO 48
#define FLOW_LAST_IN_TS_LO 96
#define FLOW_LAST_OUT_TS_LO 128
#define FLOW_CLIENT_FLAGS_LO 160
#define FLOW_SERVER_FLAGS_LO 168
#define FLOW_MIN_TTL_LO 176
#define FLOW_MAX_TTL_LO 184
#define FLOW_MIN_LEN_LO 192
#define FLOW_MAX_LEN_LO 208
#define FLOW_WIN_IN_LO 224

// tally. The flow's packets (IN + OUT) rather than OUT_PKTS: every packet tests its flow's packet count for a
// phase, and at the view's bit 0 it is one constant mask away in the cell (a separate IN + OUT sum cost a field
// write and six operations per packet); OUT_PKTS is the 32-bit difference, derived where features are
// (FLOW_OUT_PKTS_OF), exact after any wrap.
#define FLOW_PKTS 31:0                 // IN + OUT, of a 40-bit field at 0
#define FLOW_IN_PKTS 71:40             // of a 40-bit field at 40
#define FLOW_CLIENT_INGRESS 88:80      // ingress port of the flow's first packet (the client's side; reports
                                       // carry it so the app checks the client's location, whoever's packet
                                       // triggered the report); a v1model port: 9 bits
#define FLOW_PHASE_CLOCK 95:89         // the phase clock: counts the packets up to the flow's next phase packet,
                                       // which finds its top bit set (below)
#define FLOW_LEN_128 127:96            // length histogram: 32-bit counters added to in place (a bucket that
#define FLOW_LEN_256 159:128           // reached 2^32 packets would carry into the next one: never in practice)
#define FLOW_LEN_512 191:160
#define FLOW_LEN_1024 223:192
#define FLOW_LEN_1514 255:224          // the top field: its carry leaves the cell
#define FLOW_IN_PKTS_LO 40
#define FLOW_CLIENT_INGRESS_LO 80
#define FLOW_PHASE_CLOCK_LO 89
#define FLOW_LEN_128_LO 96
#define FLOW_LEN_256_LO 128
#define FLOW_LEN_512_LO 160
#define FLOW_LEN_1024_LO 192
#define FLOW_LEN_1514_LO 224
// OUT_PKTS of a tally view, and whether the flow has no OUT packet yet (OUT_PKTS == 0, as a comparison)
#define FLOW_OUT_PKTS_OF(t) ((t)[FLOW_PKTS] - (t)[FLOW_IN_PKTS])
#define NO_OUT_PACKET(t) ((t)[FLOW_PKTS] == (t)[FLOW_IN_PKTS])

// flow_alerts
#define FLOW_ALERT_BANK 0:0            // (bank, epoch) of the model that alerted the flow (with FLOW_STATE_ALERTED)
#define FLOW_ALERT_EPOCH 32:1
#define FLOW_PENDING_CLASS 40:33       // the verdict of an alert not sent yet (FLOW_STATE_ALERT_PENDING)
#define FLOW_PENDING_LEAF 56:41
#define FLOW_PENDING_PHASE 72:57
#define FLOW_PENDING_CONFIDENCE 88:73
#define FLOW_PENDING_BANK 89:89
#define FLOW_MARK_PKTS 127:96          // flow packets at the last report (the packet-count active timeout)
#define FLOW_MARK_TS 159:128           // time of the last report (the flow's start before any), 32-bit clock
#define FLOW_MARK_TS_LO 128

// Declared here, outside any control, because several stages use them: the flow table reads and writes a
// tracked packet's cells, the report stage writes back what a report changes (alert state, marks).
register<flow_cell_t>(FLOW_SLOTS) flow_cells;
register<flow_alerts_t>(FLOW_SLOTS) flow_alerts;

// The views of a flow cell, and a cell of its views (concatenation: each shift is by 256 at most).
#define FLOW_KEYS_OF(c) ((flow_keys_t)((c) >> FLOW_KEYS_LO))
#define FLOW_TRAFFIC_OF(c) ((flow_traffic_t)(c))
#define FLOW_TALLY_OF(c) ((flow_tally_t)((bit<512>)((c) >> FLOW_KEYS_LO) >> FLOW_KEYS_LO))
#define FLOW_CELL_OF(keys, traffic, tally) ((tally) ++ (keys) ++ (traffic))

// FLOW_STATE bits
const bit<8> FLOW_STATE_LIVE = 0x01;              // holds a live flow
const bit<8> FLOW_STATE_CLOSED = 0x02;            // ended (FLOW_END): key kept for late packets, free for others
const bit<8> FLOW_STATE_CLIENT_HIGH = 0x04;       // the client is the key's high endpoint
const bit<8> FLOW_STATE_HANDSHAKE_PENDING = 0x08; // opened by a bare SYN, the client has not ACKed yet
const bit<8> FLOW_STATE_ALERTED = 0x10;           // alerted under (FLOW_ALERT_BANK, FLOW_ALERT_EPOCH)
const bit<8> FLOW_STATE_ALERT_PENDING = 0x20;     // an alert (FLOW_PENDING_*) waits for a report

// Whole-cell masks for per-packet tests and changes: an AND and a comparison, where a slice costs a shift and two
// masks more on BMv2 (and cannot reach above bit 256 of the flow cell).
#define CELL_STATE(bits) ((bit<768>)(bits) << (FLOW_KEYS_LO + 104))    // (p4c folds no cast to a typedef)
const flow_cell_t CELL_LIVE = CELL_STATE(FLOW_STATE_LIVE);
const flow_cell_t CELL_CLOSED = CELL_STATE(FLOW_STATE_CLOSED);
const flow_cell_t CELL_LIVE_OR_CLOSED = CELL_STATE(FLOW_STATE_LIVE | FLOW_STATE_CLOSED);
const flow_cell_t CELL_CLIENT_HIGH = CELL_STATE(FLOW_STATE_CLIENT_HIGH);
const flow_cell_t CELL_HANDSHAKE_PENDING = CELL_STATE(FLOW_STATE_HANDSHAKE_PENDING);
const flow_cell_t CELL_ALERT_PENDING_OR_CLOSED = CELL_STATE(FLOW_STATE_ALERT_PENDING | FLOW_STATE_CLOSED);
const flow_cell_t CELL_KEY = ((768w1 << 104) - 1) << FLOW_KEYS_LO;
// What a packet's test for its flow compares: the key (hash input) and LIVE, CLOSED, CLIENT_HIGH.
const flow_cell_t CELL_MATCH = CELL_KEY | CELL_STATE(FLOW_STATE_LIVE | FLOW_STATE_CLOSED | FLOW_STATE_CLIENT_HIGH);
// The flow's packet count (tally FLOW_PKTS)
const flow_cell_t CELL_PKTS = 768w0xFFFFFFFF << FLOW_TALLY_LO;

// The phase clock (tally FLOW_PHASE_CLOCK). Which packets of a flow are phase packets follows from its packet count
// (take_stock: 1, 2, 4 ... MAX_PHASE_PACKETS, then every LATE_PHASE_PERIOD-th); telling that from the count costs
// every tracked packet seven operations. Instead every packet adds one to the clock with its count (the same
// constant addition), and the clock is set, on a new flow and on each phase packet, so that the next phase packet
// is the first to find its top bit set: after a phase packet at count n whose next phase packet is n + gap, the
// clock is PHASE_CLOCK_DUE + 1 - gap (gap <= LATE_PHASE_PERIOD <= PHASE_CLOCK_DUE: never negative; the clock reaches
// PHASE_CLOCK_DUE + 1 before it is set again, within its 7 bits). So the common packet's phase test is one bit of the
// cell, in the same AND as the pending-alert and closed bits. take_stock still decides the phase from the count.
#define PHASE_CLOCK_DUE 64
const flow_cell_t CELL_PHASE_DUE = (bit<768>)PHASE_CLOCK_DUE << (FLOW_TALLY_LO + FLOW_PHASE_CLOCK_LO);
const flow_tally_t TALLY_PHASE_CLOCK = (bit<256>)0x7F << FLOW_PHASE_CLOCK_LO;
// A new flow's clock: its first packet is a phase packet and so is its second (gap 1).
const flow_tally_t TALLY_PHASE_CLOCK_START = (bit<256>)PHASE_CLOCK_DUE << FLOW_PHASE_CLOCK_LO;
// What a packet's tests before the count look at: the next phase is due, an alert is pending, the flow has ended.
const flow_cell_t CELL_NEEDS_STOCK = CELL_PHASE_DUE | CELL_ALERT_PENDING_OR_CLOSED;

// A packet's additions to the tally: one packet (IN + OUT), one IN packet, one tick of the phase clock
const flow_cell_t CELL_PACKET_ONE = (768w1 << FLOW_TALLY_LO) | (768w1 << (FLOW_TALLY_LO + FLOW_PHASE_CLOCK_LO));
const flow_cell_t CELL_IN_PACKET_ONE = CELL_PACKET_ONE | (768w1 << (FLOW_TALLY_LO + FLOW_IN_PKTS_LO));

// ---------------------------------------------------------------------------------------------------------
// Source cell (register NidsIngress.sources.r_sources, SOURCE_TABLE_SIZE cells): two epochs of counters.
// (Alerts per source and epoch, for the per-source alert cap, are a separate register of the report stage.)
// ---------------------------------------------------------------------------------------------------------
// 272 bits: the top field starts at bit 256, the highest a slice may start at on BMv2 (see above).
typedef bit<272> source_cell_t;

#define SOURCE_EPOCH 15:0              // epoch the "current" fields belong to: (now >> source_window_log2_us), 16 bits
#define SOURCE_FLOWS_CUR 31:16         // flows the source started (saturating)
#define SOURCE_FLOWS_PREV 47:32
#define SOURCE_HOSTS_CUR 79:48         // bitmap of server-address buckets
#define SOURCE_HOSTS_PREV 111:80
#define SOURCE_HOSTS_CUR_COUNT 119:112 // bits set in SOURCE_HOSTS_CUR
#define SOURCE_HOSTS_UNION 127:120     // bits set in SOURCE_HOSTS_CUR | SOURCE_HOSTS_PREV
#define SOURCE_PORTS_CUR 159:128       // bitmap of server-port buckets
#define SOURCE_PORTS_PREV 191:160
#define SOURCE_PORTS_CUR_COUNT 199:192
#define SOURCE_PORTS_UNION 207:200
#define SOURCE_SYN_CUR 223:208         // TCP flows opened with a bare SYN (saturating)
#define SOURCE_SYN_PREV 239:224
#define SOURCE_DONE_CUR 255:240        // ... whose handshake the source completed
#define SOURCE_DONE_PREV 271:256

// ---------------------------------------------------------------------------------------------------------
// Feature vector: every catalog feature once, as a 32-bit data-plane value, in 256-bit parts: feature id f (1..32)
// is part (f - 1) / 8, bits [32 * ((f - 1) % 8) + 31 : 32 * ((f - 1) % 8)]; ids from 33 on (catalog version 3)
// have a 32-bit part each. Derived once per classified or reported flow; the classifier shifts a slot's value out
// of its part, a report copies its fields out.
// ---------------------------------------------------------------------------------------------------------
struct feature_vector_t {
    bit<256> ids_1_to_8;
    bit<256> ids_9_to_16;
    bit<256> ids_17_to_24;
    bit<256> ids_25_to_32;
    bit<32> id_33;
}

#endif
