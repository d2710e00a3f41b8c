/*
 * packet_io_egress.p4: controller packet-in (P4Runtime): every packet leaving on CPU_PORT carries the port it
 * came in on.
 */
#ifndef NIDS_PACKET_IO_EGRESS_P4
#define NIDS_PACKET_IO_EGRESS_P4

#include "../headers.p4"

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
