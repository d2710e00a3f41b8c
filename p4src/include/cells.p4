/*
 * cells.p4: the layouts of the wide register cells (flow table and source context).
 *
 * A flow is four register cells at the same index, a source one: BMv2 charges per primitive and per expression
 * operation (each a multi-precision number operation), not per bit, so few wide cells updated by few operations
 * cost least (docs/overhead.md). No cell is wider than 256 bits because p4c's BMv2 back end cannot shift (hence
 * slice) by more than 256. Fields are slices, named below as HI:LO; code reads them as `cell[FLOW_IN_PKTS]`.
 * Grouped by when they change:
 *   flow_keys    read by every packet (the lookup), written when a flow starts and at rare events
 *                (its first OUT packet, a completed handshake, its end, a report);
 *   flow_counts  read and written by every packet of the flow, in one addition for most packets: packet and byte
 *                counters with guard bits above them, the last IN/OUT times, the TCP flags;
 *   flow_shape   read and written by every packet: the length histogram (one addition), the TTL and length
 *                extremes and the TCP windows (written only by a packet that moves one), the client's ingress
 *                port (written when the flow starts);
 *   flow_alerts  only when a verdict may be reported (and per packet while the packet-count active timeout is
 *                on): the alert state, a pending alert, the report mark.
 * Times in flow_counts are the low 32 bits of the switch's microsecond clock: every duration is a 32-bit
 * difference (docs/features.md), and a flow's last packet is its first packet's 48-bit time plus its duration.
 */
#ifndef NIDS_CELLS_P4
#define NIDS_CELLS_P4

#include "defines.p4"
#include "size.p4"

// ---------------------------------------------------------------------------------------------------------
// Flow cells (registers flow_keys, flow_counts, flow_shape, flow_alerts; FLOW_SLOTS cells each)
// ---------------------------------------------------------------------------------------------------------
typedef bit<256> flow_keys_t;
typedef bit<256> flow_counts_t;
typedef bit<256> flow_shape_t;
typedef bit<128> flow_alerts_t;

// flow_keys
#define FLOW_KEY 103:0                 // canonical key (flow_key_t): low addr, high addr, low port, high port, proto
#define FLOW_PROTO 7:0
#define FLOW_HIGH_PORT 23:8
#define FLOW_LOW_PORT 39:24
#define FLOW_HIGH_ADDR 71:40
#define FLOW_LOW_ADDR 103:72
#define FLOW_STATE 111:104             // FLOW_STATE_* bits
#define FLOW_SOURCE_CELL 127:112       // the client's source-context cell
#define FLOW_FIRST_TS 175:128          // first packet (the client's: it sends first), 48-bit clock
#define FLOW_FIRST_OUT_TS 207:176      // first OUT packet, 32-bit clock (0 before it)
#define FLOW_ICMP 223:208              // type ++ code of the first ICMP packet
#define FLOW_MARK_TS 255:224           // time of the last report (the flow's start before any), 32-bit clock

// flow_counts: a packet adds (1, its length) to its direction's counters, and 1 to the flow's, in one 256-bit
// addition. Each counter has guard bits above its 32 (packets 8, bytes 16), so its carry never reaches the next
// field; the features are the low 32 bits, which wrap at 2^32 as docs/features.md says. The cell keeps the flow's
// packets (IN + OUT) rather than OUT_PKTS: every packet tests its flow's packet count for a phase, and at bit 0 it
// is one AND away (a separate IN + OUT sum cost a field write and six operations per packet); OUT_PKTS is the
// 32-bit difference, derived where features are (FLOW_OUT_PKTS_OF), exact after any wrap.
#define FLOW_PKTS 31:0                 // IN + OUT, of a 40-bit field at 0
#define FLOW_IN_BYTES 71:40            // of a 48-bit field at 40
#define FLOW_IN_PKTS 119:88            // of a 40-bit field at 88
#define FLOW_OUT_BYTES 159:128         // of a 48-bit field at 128
#define FLOW_LAST_IN_TS 207:176        // 32-bit clock
#define FLOW_LAST_OUT_TS 239:208       // 32-bit clock (0 before the first OUT packet)
#define FLOW_CLIENT_FLAGS 247:240      // OR of the TCP flags of IN packets
#define FLOW_SERVER_FLAGS 255:248      // ... of OUT packets
#define FLOW_IN_BYTES_LO 40
#define FLOW_IN_PKTS_LO 88
#define FLOW_OUT_BYTES_LO 128
#define FLOW_LAST_IN_TS_LO 176
#define FLOW_LAST_OUT_TS_LO 208
#define FLOW_CLIENT_FLAGS_LO 240
#define FLOW_SERVER_FLAGS_LO 248
// OUT_PKTS of a flow_counts cell, and whether the flow has no OUT packet yet (OUT_PKTS == 0, as a comparison)
#define FLOW_OUT_PKTS_OF(c) ((c)[FLOW_PKTS] - (c)[FLOW_IN_PKTS])
#define NO_OUT_PACKET(c) ((c)[FLOW_PKTS] == (c)[FLOW_IN_PKTS])

// flow_shape
#define FLOW_MIN_TTL 7:0
#define FLOW_MAX_TTL 15:8
#define FLOW_MIN_LEN 31:16
#define FLOW_MAX_LEN 47:32
#define FLOW_WIN_IN 63:48
#define FLOW_WIN_OUT 79:64
#define FLOW_CLIENT_INGRESS 95:80      // ingress port of the flow's first packet (the client's side; reports
                                       // carry it so the app checks the client's location, whoever's packet
                                       // triggered the report)
#define FLOW_LEN_128 127:96            // length histogram: 32-bit counters added to in place (a bucket that
#define FLOW_LEN_256 159:128           // reached 2^32 packets would carry into the next one: never in practice)
#define FLOW_LEN_512 191:160
#define FLOW_LEN_1024 223:192
#define FLOW_LEN_1514 255:224          // the top field: its carry leaves the cell
#define FLOW_LEN_128_LO 96
#define FLOW_LEN_256_LO 128
#define FLOW_LEN_512_LO 160
#define FLOW_LEN_1024_LO 192
#define FLOW_LEN_1514_LO 224

// flow_alerts
#define FLOW_ALERT_BANK 0:0            // (bank, epoch) of the model that alerted the flow (with FLOW_STATE_ALERTED)
#define FLOW_ALERT_EPOCH 32:1
#define FLOW_PENDING_CLASS 40:33       // the verdict of an alert not sent yet (FLOW_STATE_ALERT_PENDING)
#define FLOW_PENDING_LEAF 56:41
#define FLOW_PENDING_PHASE 72:57
#define FLOW_PENDING_CONFIDENCE 88:73
#define FLOW_PENDING_BANK 89:89
#define FLOW_MARK_PKTS 127:96          // flow packets at the last report (the packet-count active timeout)

// Declared here, outside any control, because several stages use them: the flow table reads and writes a
// tracked packet's cells, the report stage writes back what a report changes (alert state, marks).
register<flow_keys_t>(FLOW_SLOTS) flow_keys;
register<flow_counts_t>(FLOW_SLOTS) flow_counts;
register<flow_shape_t>(FLOW_SLOTS) flow_shape;
register<flow_alerts_t>(FLOW_SLOTS) flow_alerts;

// FLOW_STATE bits
const bit<8> FLOW_STATE_LIVE = 0x01;              // holds a live flow
const bit<8> FLOW_STATE_CLOSED = 0x02;            // ended (FLOW_END): key kept for late packets, free for others
const bit<8> FLOW_STATE_CLIENT_HIGH = 0x04;       // the client is the key's high endpoint
const bit<8> FLOW_STATE_HANDSHAKE_PENDING = 0x08; // opened by a bare SYN, the client has not ACKed yet
const bit<8> FLOW_STATE_ALERTED = 0x10;           // alerted under (FLOW_ALERT_BANK, FLOW_ALERT_EPOCH)
const bit<8> FLOW_STATE_ALERT_PENDING = 0x20;     // an alert (FLOW_PENDING_*) waits for a report

// Whole-cell masks of flow_keys for per-packet tests: an AND and a comparison, where a slice costs a shift and two
// masks more on BMv2.
const flow_keys_t FLOW_LIVE_OR_CLOSED_MASK = (bit<256>)(FLOW_STATE_LIVE | FLOW_STATE_CLOSED) << 104;
const flow_keys_t FLOW_HANDSHAKE_PENDING_MASK = (bit<256>)FLOW_STATE_HANDSHAKE_PENDING << 104;
const flow_keys_t FLOW_ALERT_PENDING_MASK = (bit<256>)FLOW_STATE_ALERT_PENDING << 104;
const flow_keys_t FLOW_LIVE_MASK = (bit<256>)FLOW_STATE_LIVE << 104;
const flow_keys_t FLOW_CLIENT_HIGH_MASK = (bit<256>)FLOW_STATE_CLIENT_HIGH << 104;

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
