/*
 * NIDS pipeline: ONOS-basic-style forwarding + per-flow NetFlow features in registers + a run-time
 * table-driven decision tree + flow reports to the controller.  P4_16, v1model, BMv2 simple_switch_grpc.
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
#include "include/headers.p4"
#include "include/parser.p4"
#include "include/checksum.p4"
#include "include/control/packet_io.p4"
#include "include/control/forwarding.p4"
#include "include/control/port_roles.p4"
#include "include/control/flow_features.p4"
#include "include/control/classifier.p4"
#include "include/control/reports.p4"

control NidsIngress(inout headers_t hdr,
                    inout local_metadata_t meta,
                    inout standard_metadata_t standard_metadata) {

    counter(PORT_COUNTER_SIZE, CounterType.packets_and_bytes) ingress_port_counter;

    PacketIoIngress() pkt_io;
    Forwarding() fwd;
    NidsConfig() cfg;
    FlowFeatures() flows;
    Classifier() classifier;
    Reports() reports;

    apply {
        ingress_port_counter.count((bit<32>)standard_metadata.ingress_port);
        meta.acl_blocked = false;
        meta.is_probe = false;
        meta.track = false;
        meta.ig_edge = false;
        meta.eg_edge = false;
        meta.flow_active = false;
        meta.class_id = 0;
        meta.leaf_id = 0;

        if (hdr.packet_out.isValid()) {
            pkt_io.apply(hdr, meta, standard_metadata);
            if (!meta.is_probe) {
                exit;   // a controller packet-out: leave on the port it names, untouched
            }
        } else {
            fwd.apply(hdr, meta, standard_metadata);
        }

        cfg.apply(hdr, meta, standard_metadata);

        if (meta.track || meta.is_probe) {
            flows.apply(hdr, meta, standard_metadata);
            if (meta.flow_active) {
                classifier.apply(meta);
                reports.apply(hdr, meta, standard_metadata);
            }
        }
    }
}

control NidsEgress(inout headers_t hdr,
                   inout local_metadata_t meta,
                   inout standard_metadata_t standard_metadata) {

    counter(PORT_COUNTER_SIZE, CounterType.packets_and_bytes) egress_port_counter;

    ReportsEgress() report_out;
    PacketIoEgress() pkt_io;

    apply {
        if (standard_metadata.instance_type == PKT_INSTANCE_TYPE_INGRESS_CLONE) {
            report_out.apply(hdr, meta, standard_metadata);
        } else {
            egress_port_counter.count((bit<32>)standard_metadata.egress_port);
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
    FLOW_TABLE_SIZE = FLOW_SLOTS,
    REASON_ALERT = REASON_ALERT_VALUE,
    REASON_FLOW_END = REASON_FLOW_END_VALUE,
    REASON_EVICT = REASON_EVICT_VALUE,
    REASON_ACTIVE_TIMEOUT = REASON_ACTIVE_TIMEOUT_VALUE,
    REASON_PROBE = REASON_PROBE_VALUE,
    REPORT_FLAG_OCCUPIED = REPORT_FLAG_OCCUPIED_VALUE,
    REPORT_FLAG_FREED = REPORT_FLAG_FREED_VALUE,
    PROBE_FLAG_FREE = PROBE_FLAG_FREE_VALUE,
    TRACK_OFF = TRACK_OFF_VALUE,
    TRACK_INGRESS_EDGE = TRACK_INGRESS_EDGE_VALUE,
    TRACK_EDGE = TRACK_EDGE_VALUE,
    TRACK_ALL = TRACK_ALL_VALUE
]
@pkginfo(name = "nids.p4", version = "1")
V1Switch(NidsParser(),
         NidsVerifyChecksum(),
         NidsIngress(),
         NidsEgress(),
         NidsComputeChecksum(),
         NidsDeparser()) main;
