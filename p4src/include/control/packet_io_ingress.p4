/*
 * packet_io.p4: controller packet I/O (P4Runtime packet-out / packet-in), as in ONOS's basic pipeline.
 *
 * Packet-out: the controller header names the egress port; the packet leaves there untouched, skipping every
 * other ingress stage. A packet-out to CPU_PORT whose Ethernet type is ETHERTYPE_PROBE is a probe: it is
 * turned into a PROBE report of the slot it names (see reports.p4) and dropped.
 * Packet-in: every packet leaving on CPU_PORT carries the port it came in on.
 */
#ifndef NIDS_PACKET_IO_P4
#define NIDS_PACKET_IO_P4

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

control PacketIoEgress(inout headers_t hdr, in standard_metadata_t standard_metadata) {
    apply {
        if (standard_metadata.egress_port == CPU_PORT) {
            hdr.packet_in.setValid();
            hdr.packet_in.ingress_port = standard_metadata.ingress_port;
            hdr.packet_in._pad = 0;
        }
    }
}

#endif
