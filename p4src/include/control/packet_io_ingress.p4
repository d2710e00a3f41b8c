/*
 * packet_io_ingress.p4: controller packet-out (P4Runtime), as in ONOS's basic pipeline.
 *
 * The controller header names the egress port; the packet leaves there untouched, skipping every other ingress
 * stage. A packet-out to CPU_PORT whose Ethernet type is ETHERTYPE_PROBE is a probe: it is turned into a PROBE
 * report of the slot it names (see reports.p4) and dropped.
 */
#ifndef NIDS_PACKET_IO_INGRESS_P4
#define NIDS_PACKET_IO_INGRESS_P4

#include "../headers.p4"

control PacketIoIngress(inout headers_t hdr,
                        inout local_metadata_t meta,
                        inout standard_metadata_t standard_metadata) {
    apply {
        if (hdr.packet_out.egress_port == CPU_PORT) {
            if (hdr.probe.isValid()) {
                meta.is_probe = true;
            }
            mark_to_drop(standard_metadata);
        } else {
            standard_metadata.egress_spec = hdr.packet_out.egress_port;
        }
        hdr.packet_out.setInvalid();
    }
}

#endif
