/*
 * report_egress.p4: turns a report clone into the report packet-in: packet_in + Ethernet(ETHERTYPE_REPORT) +
 * report_t, the original packet truncated away. Each report feature takes its catalog width from the feature
 * vector's 32-bit value (features.p4: id f is part (f - 1) / 8, bits 32 * ((f - 1) % 8) and up).
 */
#ifndef NIDS_REPORT_EGRESS_P4
#define NIDS_REPORT_EGRESS_P4

#include "../headers.p4"

control ReportEgress(inout headers_t hdr,
                     in local_metadata_t meta,
                     inout standard_metadata_t standard_metadata) {

    @hidden action build_report() {
        hdr.packet_out.setInvalid();
        hdr.probe.setInvalid();
        hdr.ipv4.setInvalid();
        hdr.ipv4_options.setInvalid();
        hdr.tcp.setInvalid();
        hdr.udp.setInvalid();
        hdr.icmp.setInvalid();

        hdr.packet_in.setValid();
        hdr.packet_in.ingress_port = (port_num_t)meta.rpt.ingress_port;
        hdr.packet_in._pad = 0;

        hdr.ethernet.setValid();
        hdr.ethernet.dst_addr = 0;
        hdr.ethernet.src_addr = 0;
        hdr.ethernet.ether_type = ETHERTYPE_REPORT;

        hdr.report.setValid();
        hdr.report.version = REPORT_VERSION;
        hdr.report.reason = meta.rpt.reason;
        hdr.report.events = meta.rpt.events;
        hdr.report.flags = meta.rpt.flags;
        hdr.report.bank = meta.rpt.bank;
        hdr.report.class_id = meta.rpt.class_id;
        hdr.report.leaf_id = meta.rpt.leaf_id;
        hdr.report.phase = meta.rpt.phase;
        hdr.report.confidence = meta.rpt.confidence;
        hdr.report.slot = meta.rpt.slot;
        hdr.report.ingress_port = meta.rpt.ingress_port;
        hdr.report.client_ingress_port = meta.rpt.client_ingress_port;
        hdr.report.model_epoch = meta.rpt.model_epoch;
        hdr.report.client_ip = meta.rpt.client_ip;
        hdr.report.server_ip = meta.rpt.server_ip;
        hdr.report.client_port = meta.rpt.client_port;
        hdr.report.server_port = meta.rpt.server_port;
        hdr.report.proto = meta.rpt.proto;
        hdr.report.l4_src_port = meta.rpt.features.ids_1_to_8[15:0];
        hdr.report.l4_dst_port = meta.rpt.features.ids_1_to_8[47:32];
        hdr.report.protocol = meta.rpt.features.ids_1_to_8[71:64];
        hdr.report.in_bytes = meta.rpt.features.ids_1_to_8[127:96];
        hdr.report.in_pkts = meta.rpt.features.ids_1_to_8[159:128];
        hdr.report.out_bytes = meta.rpt.features.ids_1_to_8[191:160];
        hdr.report.out_pkts = meta.rpt.features.ids_1_to_8[223:192];
        hdr.report.tcp_flags = meta.rpt.features.ids_1_to_8[231:224];
        hdr.report.client_tcp_flags = meta.rpt.features.ids_9_to_16[7:0];
        hdr.report.server_tcp_flags = meta.rpt.features.ids_9_to_16[39:32];
        hdr.report.flow_duration_milliseconds = meta.rpt.features.ids_9_to_16[95:64];
        hdr.report.duration_in = meta.rpt.features.ids_9_to_16[127:96];
        hdr.report.duration_out = meta.rpt.features.ids_9_to_16[159:128];
        hdr.report.min_ttl = meta.rpt.features.ids_9_to_16[167:160];
        hdr.report.max_ttl = meta.rpt.features.ids_9_to_16[199:192];
        hdr.report.longest_flow_pkt = meta.rpt.features.ids_9_to_16[239:224];
        hdr.report.shortest_flow_pkt = meta.rpt.features.ids_17_to_24[15:0];
        hdr.report.min_ip_pkt_len = meta.rpt.features.ids_17_to_24[47:32];
        hdr.report.max_ip_pkt_len = meta.rpt.features.ids_17_to_24[79:64];
        hdr.report.num_pkts_up_to_128_bytes = meta.rpt.features.ids_17_to_24[127:96];
        hdr.report.num_pkts_128_to_256_bytes = meta.rpt.features.ids_17_to_24[159:128];
        hdr.report.num_pkts_256_to_512_bytes = meta.rpt.features.ids_17_to_24[191:160];
        hdr.report.num_pkts_512_to_1024_bytes = meta.rpt.features.ids_17_to_24[223:192];
        hdr.report.num_pkts_1024_to_1514_bytes = meta.rpt.features.ids_17_to_24[255:224];
        hdr.report.tcp_win_max_in = meta.rpt.features.ids_25_to_32[15:0];
        hdr.report.tcp_win_max_out = meta.rpt.features.ids_25_to_32[47:32];
        hdr.report.icmp_type = meta.rpt.features.ids_25_to_32[79:64];
        hdr.report.icmp_ipv4_type = meta.rpt.features.ids_25_to_32[103:96];
        hdr.report.src_flows = meta.rpt.features.ids_25_to_32[159:128];
        hdr.report.src_dst_hosts = meta.rpt.features.ids_25_to_32[167:160];
        hdr.report.src_dst_ports = meta.rpt.features.ids_25_to_32[199:192];
        hdr.report.src_half_open = meta.rpt.features.ids_25_to_32[255:224];
        hdr.report.in_pkt_interval = meta.rpt.features.id_33;
        hdr.report.first_seen = meta.rpt.first_seen;
        hdr.report.last_seen = meta.rpt.last_seen;
        hdr.report.sequence = meta.rpt.sequence;

        // Keep only packet_in + Ethernet + report_t: the rest of the original packet is cut off.
        truncate((bit<32>)(hdr.packet_in.minSizeInBytes() + hdr.ethernet.minSizeInBytes()
                           + hdr.report.minSizeInBytes()));
    }

    apply {
        build_report();
    }
}

#endif
