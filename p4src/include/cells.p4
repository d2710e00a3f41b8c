/*
 * cells.p4: the layouts of the wide register cells (flow table and source context).
 *
 * Each flow lives in ONE register cell and each source in one: a tracked packet costs one read and one write of
 * its flow cell (two reads when its flow sits in way 1), and BMv2 charges per primitive, not per bit. Fields are
 * slices of the cell, named below as HI:LO; code reads and writes them as `cell[FLOW_IN_PKTS]`.
 *
 * Counters that the packet update adds to in place (bytes, packets, length buckets) have guard bits above their
 * 32 feature bits, so a carry never reaches the next field; the feature is the low 32 bits (it wraps at 2^32,
 * as docs/features.md says).
 */
#ifndef NIDS_CELLS_P4
#define NIDS_CELLS_P4

#include "defines.p4"
#include "size.p4"

// ---------------------------------------------------------------------------------------------------------
// Flow cell (register flow_cells, FLOW_SLOTS cells)
// ---------------------------------------------------------------------------------------------------------
#define FLOW_CELL_BITS 1024
typedef bit<FLOW_CELL_BITS> flow_cell_t;

#define FLOW_KEY 103:0                 // canonical key (flow_key_t): low addr, high addr, low port, high port, proto
#define FLOW_PROTO 7:0
#define FLOW_HIGH_PORT 23:8
#define FLOW_LOW_PORT 39:24
#define FLOW_HIGH_ADDR 71:40
#define FLOW_LOW_ADDR 103:72
#define FLOW_STATE 111:104             // FLOW_STATE_* bits
#define FLOW_SOURCE_CELL 127:112       // the client's source-context cell
#define FLOW_FIRST_TS 175:128          // first packet (the client's: it sends first)
#define FLOW_LAST_IN_TS 223:176
#define FLOW_FIRST_OUT_TS 271:224      // 0 until the first OUT packet
#define FLOW_LAST_OUT_TS 319:272       // 0 until the first OUT packet
#define FLOW_IN_BYTES 351:320          // 48-bit field at 320: 32 feature bits + 16 guard bits
#define FLOW_IN_PKTS 399:368           // 48-bit field at 368
#define FLOW_OUT_BYTES 447:416         // 48-bit field at 416
#define FLOW_OUT_PKTS 495:464          // 48-bit field at 464
#define FLOW_CLIENT_FLAGS 519:512      // OR of the TCP flags of IN packets
#define FLOW_SERVER_FLAGS 527:520
#define FLOW_MIN_TTL 535:528
#define FLOW_MAX_TTL 543:536
#define FLOW_MIN_LEN 559:544
#define FLOW_MAX_LEN 575:560
#define FLOW_WIN_IN 591:576
#define FLOW_WIN_OUT 607:592
#define FLOW_ICMP 623:608              // type ++ code of the first ICMP packet
#define FLOW_LEN_128 655:624           // 40-bit fields from 624: length buckets, 32 feature bits + 8 guard bits
#define FLOW_LEN_256 695:664
#define FLOW_LEN_512 735:704
#define FLOW_LEN_1024 775:744
#define FLOW_LEN_1514 815:784
#define FLOW_MARK_PKTS 855:824         // flow packets at the last report (active timeout)
#define FLOW_MARK_TS 903:856           // time of the last report (flow start before any)
#define FLOW_ALERT_BANK 904:904        // (bank, epoch) of the model that alerted the flow (with FLOW_STATE_ALERTED)
#define FLOW_ALERT_EPOCH 936:905
#define FLOW_PENDING_CLASS 944:937     // verdict of an alert not sent yet (FLOW_STATE_ALERT_PENDING)
#define FLOW_PENDING_LEAF 960:945
#define FLOW_PENDING_PHASE 976:961
#define FLOW_PENDING_CONFIDENCE 992:977
#define FLOW_PENDING_BANK 993:993

// Where the in-place counters start (shift amounts of their "+1")
#define FLOW_IN_BYTES_LO 320
#define FLOW_IN_PKTS_LO 368
#define FLOW_OUT_BYTES_LO 416
#define FLOW_OUT_PKTS_LO 464
#define FLOW_LEN_128_LO 624
#define FLOW_LEN_256_LO 664
#define FLOW_LEN_512_LO 704
#define FLOW_LEN_1024_LO 744
#define FLOW_LEN_1514_LO 784

// The flow cells. Declared here, outside any control, because three stages use them: the flow table reads and
// writes every tracked packet's cell, the report stage writes back what a report changes (alert state, marks).
register<flow_cell_t>(FLOW_SLOTS) flow_cells;

// FLOW_STATE bits
const bit<8> FLOW_STATE_LIVE = 0x01;              // holds a live flow
const bit<8> FLOW_STATE_CLOSED = 0x02;            // ended (FLOW_END): key kept for late packets, free for others
const bit<8> FLOW_STATE_CLIENT_HIGH = 0x04;       // the client is the key's high endpoint
const bit<8> FLOW_STATE_HANDSHAKE_PENDING = 0x08; // opened by a bare SYN, the client has not ACKed yet
const bit<8> FLOW_STATE_ALERTED = 0x10;           // alerted under (FLOW_ALERT_BANK, FLOW_ALERT_EPOCH)
const bit<8> FLOW_STATE_ALERT_PENDING = 0x20;     // an alert (FLOW_PENDING_*) waits for a report

// ---------------------------------------------------------------------------------------------------------
// Source cell (register NidsIngress.sources.r_sources, SOURCE_CELLS cells): two epochs of counters.
// (Alerts per source and epoch, for the per-source alert cap, are a separate register of the report stage.)
// ---------------------------------------------------------------------------------------------------------
#define SOURCE_CELL_BITS 288
typedef bit<SOURCE_CELL_BITS> source_cell_t;

#define SOURCE_EPOCH 31:0              // epoch the "current" fields belong to: now >> source_window_log2_us
#define SOURCE_FLOWS_CUR 47:32         // flows the source started (saturating)
#define SOURCE_FLOWS_PREV 63:48
#define SOURCE_HOSTS_CUR 95:64         // bitmap of server-address buckets
#define SOURCE_HOSTS_PREV 127:96
#define SOURCE_HOSTS_CUR_COUNT 135:128 // bits set in SOURCE_HOSTS_CUR
#define SOURCE_HOSTS_UNION 143:136     // bits set in SOURCE_HOSTS_CUR | SOURCE_HOSTS_PREV
#define SOURCE_PORTS_CUR 175:144       // bitmap of server-port buckets
#define SOURCE_PORTS_PREV 207:176
#define SOURCE_PORTS_CUR_COUNT 215:208
#define SOURCE_PORTS_UNION 223:216
#define SOURCE_SYN_CUR 239:224         // TCP flows opened with a bare SYN (saturating)
#define SOURCE_SYN_PREV 255:240
#define SOURCE_DONE_CUR 271:256        // ... whose handshake the source completed
#define SOURCE_DONE_PREV 287:272

// ---------------------------------------------------------------------------------------------------------
// Feature vector: every catalog feature once, as a 32-bit data-plane value at bits [32*id+31 : 32*id]
// (id 0 = "no feature" = 0). Derived once per classified or reported flow; the classifier picks a slot's
// value by shifting it, a report copies its fields out of it.
// ---------------------------------------------------------------------------------------------------------
#define FEATURE_VECTOR_BITS 1056       // 33 x 32
typedef bit<FEATURE_VECTOR_BITS> feature_vector_t;

#endif
