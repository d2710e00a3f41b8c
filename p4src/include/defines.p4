/*
 * defines.p4: every value shared with the control plane, defined once.
 *
 * Two mechanisms make them machine-readable from the compiler outputs (see docs/pipeline.md, "Constants"):
 *   - enumerations are P4 serializable enums used as a P4Runtime-visible type, so p4c writes them into
 *     P4Info `type_info.serializable_enums` (FeatureId_t: the action parameter of select_feature);
 *   - scalar constants are macros listed in the @nids_constants structured annotation on `main`
 *     (main.p4), which p4c writes into P4Info `pkg_info.structured_annotations`.
 * The report header layout is the bmv2.json `header_types` entry "report_t".
 * The macro is the only place a value is written; the P4 code and the annotation both use it.
 */
#ifndef NIDS_DEFINES_P4
#define NIDS_DEFINES_P4

// ---------------------------------------------------------------------------------------------------------
// Controller interface
// ---------------------------------------------------------------------------------------------------------
#define CPU_PORT_VALUE 255            // simple_switch_grpc ... -- --cpu-port 255
#define REPORT_CLONE_SESSION_VALUE 99 // clone session the controller points at the CPU port
#define ETHERTYPE_REPORT_VALUE 0x88B5 // report packet-in: Ethernet(type) + report_t (IEEE local experimental 1)
#define ETHERTYPE_PROBE_VALUE 0x88B6  // probe packet-out: Ethernet(type) + probe_t (IEEE local experimental 2)
#define REPORT_VERSION_VALUE 5        // report_t.version; changes whenever report_t changes
#define CATALOG_VERSION_VALUE 3       // docs/features.md catalog version the registers follow
#define NUM_SLOTS_VALUE 8             // K: classifier feature slots
#define NUM_BANKS_VALUE 2             // model banks (bank is bit<1>)
#define CLASSES_PER_BANK_VALUE 32     // class counters: index = bank * 32 + class_id; class ids 0..31
#define FEATURE_SCALE_VALUE 1000      // durations: data-plane value in us, feature value in ms
#define PHASE_END_VALUE 0             // the phase key of the end-of-flow tree (packet phases: the packet count)
#define MAX_PHASE_PACKETS_VALUE 128   // packet phases are powers of two up to this
#define LATE_PHASE_PERIOD_VALUE 64    // beyond MAX_PHASE_PACKETS, every this-many-th packet (a power of two) ...
#define PHASE_LATE_VALUE 0xFFFF       // ... is the late phase, keyed by this (no packet phase has it)
#define PHASE_NONE_VALUE 0xFFFE       // the key of a packet at no phase (a due timeout, a pending alert): no tree
#define CONFIDENCE_FULL_VALUE 1000    // leaf confidence and min_confidence are per mille

// Report reasons (report_t.reason; bit (1 << reason) in report_t.events and in the config's report_mask)
#define REASON_ALERT_VALUE 1
#define REASON_FLOW_END_VALUE 2
#define REASON_EVICT_VALUE 3
#define REASON_ACTIVE_TIMEOUT_VALUE 4
#define REASON_PROBE_VALUE 5
#define REASON_FLOW_START_VALUE 6

// Report budgets (token buckets; key of the report_budget table): a flood of one kind never starves another
#define BUDGET_ALERT_VALUE 0          // reports carrying an alert
#define BUDGET_RECORD_VALUE 1         // FLOW_END and ACTIVE_TIMEOUT flow records
#define BUDGET_EVICT_VALUE 2          // EVICT reports (a flood of new flows evicts)
#define BUDGET_PROBE_VALUE 3          // answers to controller probes
#define BUDGET_START_VALUE 4          // FLOW_START notices (a flood of new UDP/ICMP flows)

// report_t.flags
#define REPORT_FLAG_OCCUPIED_VALUE 0x01 // the slot held a live flow (0: empty/closed slot, zero features)
#define REPORT_FLAG_FREED_VALUE 0x02    // the slot no longer holds this flow after this report
#define REPORT_FLAG_IDLE_VALUE 0x04     // EVICT of a flow idle for idle_timeout_us (not a live flow displaced)
#define REPORT_FLAG_CLASSIFIED_VALUE 0x08 // bank, class, leaf, phase, confidence hold a verdict of this flow

// probe_t.flags
#define PROBE_FLAG_FREE_VALUE 0x01      // free the slot after reporting it, if silent for probe_t.min_idle_us

// evict_counter indices
#define EVICT_IDLE_VALUE 0              // an idle flow replaced by a new one
#define EVICT_BUSY_VALUE 1              // a live flow displaced (both ways busy: the table is overloaded)

// config: track_mode
#define TRACK_OFF_VALUE 0               // NIDS stages off (forwarding only)
#define TRACK_INGRESS_EDGE_VALUE 1      // track packets entering on an edge port
#define TRACK_EDGE_VALUE 2              // track packets entering or leaving on an edge port (default)
#define TRACK_ALL_VALUE 3               // track on every port (per-device switch)

// Defaults of the config table's default action (what a switch does before the controller writes it)
#define DEFAULT_TRACK_MODE TRACK_EDGE_VALUE
#define DEFAULT_REPORT_MASK 0xFF
#define DEFAULT_MIN_CONFIDENCE 900      // per mille
#define DEFAULT_SOURCE_WINDOW_LOG2_US 21
#define DEFAULT_SOURCE_ALERT_CAP 32     // alerts per source and epoch
#define DEFAULT_REPORT_RATE_PPS 1000    // every budget without a report_budget entry
#define DEFAULT_REPORT_BURST 100

// Hash multipliers mixed with the flow-hash seed (model-tools FlowHash: the same numbers)
#define SOURCE_MIX_VALUE 0x9E3779B9
#define HOST_MIX_VALUE 0x85EBCA6B
#define PORT_MIX_VALUE 0xC2B2AE35

// ---------------------------------------------------------------------------------------------------------
// P4 constants derived from the macros above
// ---------------------------------------------------------------------------------------------------------
typedef bit<9> port_num_t;
typedef bit<48> mac_addr_t;
typedef bit<32> ipv4_addr_t;
typedef bit<32> slot_value_t;   // classifier slot value
typedef bit<16> code_t;         // interval code
typedef bit<8> class_id_t;
// Class 0 is benign in every model (model-tools ModelCompiler); every other class is an attack family.
const class_id_t CLASS_BENIGN = 0;
typedef bit<16> leaf_id_t;
typedef bit<16> phase_t;        // packet count of a phase, PHASE_LATE for the late phase, PHASE_END for the end
typedef bit<16> confidence_t;   // per mille
typedef bit<1> bank_t;
typedef bit<32> flow_slot_t;    // flow table cell index
typedef bit<48> ts_t;           // ingress_global_timestamp, us
typedef bit<104> flow_key_t;    // canonical key: low addr ++ high addr ++ low port ++ high port ++ proto

const port_num_t CPU_PORT = CPU_PORT_VALUE;
const bit<32> REPORT_CLONE_SESSION = REPORT_CLONE_SESSION_VALUE;
const bit<16> ETHERTYPE_REPORT = ETHERTYPE_REPORT_VALUE;
const bit<16> ETHERTYPE_PROBE = ETHERTYPE_PROBE_VALUE;
const bit<8> REPORT_VERSION = REPORT_VERSION_VALUE;
const phase_t PHASE_END = PHASE_END_VALUE;
const phase_t PHASE_LATE = PHASE_LATE_VALUE;
const phase_t PHASE_NONE = PHASE_NONE_VALUE;

const bit<16> ETHERTYPE_IPV4 = 0x0800;
const bit<8> IP_PROTO_ICMP = 1;
const bit<8> IP_PROTO_TCP = 6;
const bit<8> IP_PROTO_UDP = 17;

const bit<8> TCP_FLAG_FIN = 0x01;
const bit<8> TCP_FLAG_SYN = 0x02;
const bit<8> TCP_FLAG_RST = 0x04;
const bit<8> TCP_FLAG_ACK = 0x10;

const bit<8> REASON_NONE = 0;
const bit<8> REASON_ALERT = REASON_ALERT_VALUE;
const bit<8> REASON_FLOW_END = REASON_FLOW_END_VALUE;
const bit<8> REASON_EVICT = REASON_EVICT_VALUE;
const bit<8> REASON_ACTIVE_TIMEOUT = REASON_ACTIVE_TIMEOUT_VALUE;
const bit<8> REASON_PROBE = REASON_PROBE_VALUE;
const bit<8> REASON_FLOW_START = REASON_FLOW_START_VALUE;

const bit<8> EVENT_ALERT = 1 << REASON_ALERT_VALUE;
const bit<8> EVENT_FLOW_END = 1 << REASON_FLOW_END_VALUE;
const bit<8> EVENT_EVICT = 1 << REASON_EVICT_VALUE;
const bit<8> EVENT_ACTIVE_TIMEOUT = 1 << REASON_ACTIVE_TIMEOUT_VALUE;
const bit<8> EVENT_PROBE = 1 << REASON_PROBE_VALUE;
const bit<8> EVENT_FLOW_START = 1 << REASON_FLOW_START_VALUE;

const bit<8> BUDGET_ALERT = BUDGET_ALERT_VALUE;
const bit<8> BUDGET_RECORD = BUDGET_RECORD_VALUE;
const bit<8> BUDGET_EVICT = BUDGET_EVICT_VALUE;
const bit<8> BUDGET_PROBE = BUDGET_PROBE_VALUE;
const bit<8> BUDGET_START = BUDGET_START_VALUE;

const bit<8> REPORT_FLAG_OCCUPIED = REPORT_FLAG_OCCUPIED_VALUE;
const bit<8> REPORT_FLAG_FREED = REPORT_FLAG_FREED_VALUE;
const bit<8> REPORT_FLAG_IDLE = REPORT_FLAG_IDLE_VALUE;
const bit<8> REPORT_FLAG_CLASSIFIED = REPORT_FLAG_CLASSIFIED_VALUE;
const bit<8> PROBE_FLAG_FREE = PROBE_FLAG_FREE_VALUE;

const bit<8> TRACK_OFF = TRACK_OFF_VALUE;
const bit<8> TRACK_INGRESS_EDGE = TRACK_INGRESS_EDGE_VALUE;
const bit<8> TRACK_EDGE = TRACK_EDGE_VALUE;
const bit<8> TRACK_ALL = TRACK_ALL_VALUE;

// v1model standard_metadata.instance_type of an ingress-to-egress clone
const bit<32> PKT_INSTANCE_TYPE_INGRESS_CLONE = 1;

// Field list preserved with report clones (user metadata fields tagged @field_list(FL_REPORT))
#define FL_REPORT 1

// Rate limiter: one report costs this much credit; credit accrues at rate_pps per elapsed us.
const bit<64> REPORT_CREDIT_COST = 1000000;

// ---------------------------------------------------------------------------------------------------------
// Feature ids: the catalog of docs/features.md (catalog version CATALOG_VERSION_VALUE). 0 = no feature.
// ---------------------------------------------------------------------------------------------------------
enum bit<8> FeatureId_t {
    NONE = 0,
    L4_SRC_PORT = 1,
    L4_DST_PORT = 2,
    PROTOCOL = 3,
    IN_BYTES = 4,
    IN_PKTS = 5,
    OUT_BYTES = 6,
    OUT_PKTS = 7,
    TCP_FLAGS = 8,
    CLIENT_TCP_FLAGS = 9,
    SERVER_TCP_FLAGS = 10,
    FLOW_DURATION_MILLISECONDS = 11,
    DURATION_IN = 12,
    DURATION_OUT = 13,
    MIN_TTL = 14,
    MAX_TTL = 15,
    LONGEST_FLOW_PKT = 16,
    SHORTEST_FLOW_PKT = 17,
    MIN_IP_PKT_LEN = 18,
    MAX_IP_PKT_LEN = 19,
    NUM_PKTS_UP_TO_128_BYTES = 20,
    NUM_PKTS_128_TO_256_BYTES = 21,
    NUM_PKTS_256_TO_512_BYTES = 22,
    NUM_PKTS_512_TO_1024_BYTES = 23,
    NUM_PKTS_1024_TO_1514_BYTES = 24,
    TCP_WIN_MAX_IN = 25,
    TCP_WIN_MAX_OUT = 26,
    ICMP_TYPE = 27,
    ICMP_IPV4_TYPE = 28,
    SRC_FLOWS = 29,
    SRC_DST_HOSTS = 30,
    SRC_DST_PORTS = 31,
    SRC_HALF_OPEN = 32,
    IN_PKT_INTERVAL = 33
}

#endif
