/*
 * NIDS pipeline: ONOS-basic-style forwarding + per-flow NetFlow features and per-source context in registers +
 * run-time table-driven decision trees, one per phase of a flow + flow reports to the controller.
 * P4_16, v1model, BMv2 simple_switch_grpc.
 *
 * Build (from the repository root):
 *   p4c-bm2-ss --arch v1model --std p4-16 -I p4src/include -o p4src/build/bmv2.json \
 *       --p4runtime-files p4src/build/p4info.txtpb p4src/main.p4
 *   cp p4src/build/p4info.txtpb p4src/build/p4info.txt
 * Stages, tables and what a controller must write: docs/pipeline.md.
 */
#include <core.p4>
#include <v1model.p4>

#include "include/defines.p4"
#include "include/size.p4"
#include "include/cells.p4"
#include "include/headers.p4"
#include "include/features.p4"
#include "include/parser.p4"
#include "include/checksum.p4"
#include "include/control/packet_io_ingress.p4"
#include "include/control/packet_io_egress.p4"
#include "include/control/forwarding.p4"
#include "include/control/nids_config.p4"
#include "include/control/flow_table.p4"
#include "include/control/source_context.p4"
#include "include/control/classifier.p4"
#include "include/control/reports.p4"
#include "include/control/report_egress.p4"

control NidsIngress(inout headers_t hdr,
                    inout local_metadata_t meta,
                    inout standard_metadata_t standard_metadata) {

    counter(PORT_COUNTER_SIZE, CounterType.packets_and_bytes) ingress_port_counter;

    PacketIoIngress() pkt_io;
    Forwarding() fwd;
    NidsConfig() cfg;
    FlowTable() flows;
    SourceContext() sources;
    Classifier() classifier;
    Reports() reports;

    @hidden action count_ingress_port() {
        ingress_port_counter.count((bit<32>)standard_metadata.ingress_port);
    }

    apply {
        count_ingress_port();
        if (hdr.packet_out.isValid()) {
            pkt_io.apply(hdr, meta, standard_metadata);
            if (!meta.is_probe) {
                exit;   // a controller packet-out: leave on the port it names, untouched
            }
        } else {
            fwd.apply(hdr, meta, standard_metadata);
        }

        cfg.apply(hdr, meta, standard_metadata);      // exits unless the packet is tracked or a probe

        flows.apply(hdr, meta, standard_metadata);
        // Most packets stop here: only phase packets, flow ends, evictions, due timeouts, pending alerts, probes
        // and completed handshakes go on.
        if (meta.flow.attention || meta.flow.handshake_done) {
            bool live = !meta.is_probe || meta.flow.probe_live;
            if (live) {
                sources.apply(meta, standard_metadata);
            }
            if (meta.flow.attention) {
                if (live) {
                    classifier.apply(meta);     // derives the flow's features when the model has a tree
                }
                // A phase packet without a tree at its phase, or with a benign verdict (class 0: it raises no
                // alert), and nothing else due has nothing to report: the report stage would only find that. A
                // new UDP/ICMP flow does (FLOW_START): nothing ends it, so the app's idle sweep must know its slot.
                if ((meta.verdict.classified && meta.verdict.class_id != CLASS_BENIGN) || meta.flow.ended
                        || meta.flow.timeout_due || meta.flow.alert_pending || meta.flow.evicted || meta.is_probe
                        || (meta.flow.started && !hdr.tcp.isValid())) {
                    reports.apply(hdr, meta, standard_metadata);
                }
            }
        }
    }
}

control NidsEgress(inout headers_t hdr,
                   inout local_metadata_t meta,
                   inout standard_metadata_t standard_metadata) {

    counter(PORT_COUNTER_SIZE, CounterType.packets_and_bytes) egress_port_counter;

    ReportEgress() report_out;
    PacketIoEgress() pkt_io;

    @hidden action count_egress_port() {
        egress_port_counter.count((bit<32>)standard_metadata.egress_port);
    }

    apply {
        if (standard_metadata.instance_type == PKT_INSTANCE_TYPE_INGRESS_CLONE) {
            report_out.apply(hdr, meta, standard_metadata);
        } else {
            count_egress_port();
            pkt_io.apply(hdr, standard_metadata);
        }
    }
}

// Shared scalar constants for the control plane: p4c copies this annotation into P4Info
// pkg_info.structured_annotations (name "nids_constants", a kv_pair_list of int64 values).
@nids_constants[
    CPU_PORT = CPU_PORT_VALUE,
    REPORT_CLONE_SESSION = REPORT_CLONE_SESSION_VALUE,
    ETHERTYPE_REPORT = ETHERTYPE_REPORT_VALUE,
    ETHERTYPE_PROBE = ETHERTYPE_PROBE_VALUE,
    REPORT_VERSION = REPORT_VERSION_VALUE,
    CATALOG_VERSION = CATALOG_VERSION_VALUE,
    NUM_SLOTS = NUM_SLOTS_VALUE,
    NUM_BANKS = NUM_BANKS_VALUE,
    CLASSES_PER_BANK = CLASSES_PER_BANK_VALUE,
    FEATURE_SCALE = FEATURE_SCALE_VALUE,
    PHASE_END = PHASE_END_VALUE,
    MAX_PHASE_PACKETS = MAX_PHASE_PACKETS_VALUE,
    LATE_PHASE_PERIOD = LATE_PHASE_PERIOD_VALUE,
    PHASE_LATE = PHASE_LATE_VALUE,
    PHASE_NONE = PHASE_NONE_VALUE,
    CONFIDENCE_FULL = CONFIDENCE_FULL_VALUE,
    FLOW_TABLE_SIZE = FLOW_SLOTS,
    FLOW_SLOTS_PER_WAY = FLOW_WAY_SIZE,
    SOURCE_CELLS = SOURCE_TABLE_SIZE,
    REASON_ALERT = REASON_ALERT_VALUE,
    REASON_FLOW_END = REASON_FLOW_END_VALUE,
    REASON_EVICT = REASON_EVICT_VALUE,
    REASON_ACTIVE_TIMEOUT = REASON_ACTIVE_TIMEOUT_VALUE,
    REASON_PROBE = REASON_PROBE_VALUE,
    REASON_FLOW_START = REASON_FLOW_START_VALUE,
    BUDGET_ALERT = BUDGET_ALERT_VALUE,
    BUDGET_RECORD = BUDGET_RECORD_VALUE,
    BUDGET_EVICT = BUDGET_EVICT_VALUE,
    BUDGET_PROBE = BUDGET_PROBE_VALUE,
    BUDGET_START = BUDGET_START_VALUE,
    REPORT_FLAG_OCCUPIED = REPORT_FLAG_OCCUPIED_VALUE,
    REPORT_FLAG_FREED = REPORT_FLAG_FREED_VALUE,
    REPORT_FLAG_IDLE = REPORT_FLAG_IDLE_VALUE,
    REPORT_FLAG_CLASSIFIED = REPORT_FLAG_CLASSIFIED_VALUE,
    PROBE_FLAG_FREE = PROBE_FLAG_FREE_VALUE,
    EVICT_IDLE = EVICT_IDLE_VALUE,
    EVICT_BUSY = EVICT_BUSY_VALUE,
    TRACK_OFF = TRACK_OFF_VALUE,
    TRACK_INGRESS_EDGE = TRACK_INGRESS_EDGE_VALUE,
    TRACK_EDGE = TRACK_EDGE_VALUE,
    TRACK_ALL = TRACK_ALL_VALUE,
    SOURCE_MIX = SOURCE_MIX_VALUE,
    HOST_MIX = HOST_MIX_VALUE,
    PORT_MIX = PORT_MIX_VALUE
]
@pkginfo(name = "nids.p4", version = "2")
V1Switch(NidsParser(),
         NidsVerifyChecksum(),
         NidsIngress(),
         NidsEgress(),
         NidsComputeChecksum(),
         NidsDeparser()) main;
