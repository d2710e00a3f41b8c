/*
 * report_egress.p4: turns a report clone into the report packet-in: packet_in + Ethernet(ETHERTYPE_REPORT) +
 * report_t, the original packet truncated away. Feature id f is bits [32f+31 : 32f] of the report's feature
 * vector (features.p4); each report field takes its catalog width from there.
 */
#ifndef NIDS_REPORT_EGRESS_P4
#define NIDS_REPORT_EGRESS_P4

#include "../headers.p4"

control ReportEgress(inout headers_t hdr,
                     in local_metadata_t meta,
                     inout standard_metadata_t standard_metadata) {

    action build_report() {
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
        hdr.report.model_epoch = meta.rpt.model_epoch;
        hdr.report.client_ip = meta.rpt.client_ip;
        hdr.report.server_ip = meta.rpt.server_ip;
        hdr.report.client_port = meta.rpt.client_port;
        hdr.report.server_port = meta.rpt.server_port;
        hdr.report.proto = meta.rpt.proto;
        hdr.report.l4_src_port = meta.rpt.features[47:32];
        hdr.report.l4_dst_port = meta.rpt.features[79:64];
        hdr.report.protocol = meta.rpt.features[103:96];
        hdr.report.in_bytes = meta.rpt.features[159:128];
        hdr.report.in_pkts = meta.rpt.features[191:160];
        hdr.report.out_bytes = meta.rpt.features[223:192];
        hdr.report.out_pkts = meta.rpt.features[255:224];
        hdr.report.tcp_flags = meta.rpt.features[263:256];
        hdr.report.client_tcp_flags = meta.rpt.features[295:288];
        hdr.report.server_tcp_flags = meta.rpt.features[327:320];
        hdr.report.flow_duration_milliseconds = meta.rpt.features[383:352];
        hdr.report.duration_in = meta.rpt.features[415:384];
        hdr.report.duration_out = meta.rpt.features[447:416];
        hdr.report.min_ttl = meta.rpt.features[455:448];
        hdr.report.max_ttl = meta.rpt.features[487:480];
        hdr.report.longest_flow_pkt = meta.rpt.features[527:512];
        hdr.report.shortest_flow_pkt = meta.rpt.features[559:544];
        hdr.report.min_ip_pkt_len = meta.rpt.features[591:576];
        hdr.report.max_ip_pkt_len = meta.rpt.features[623:608];
        hdr.report.num_pkts_up_to_128_bytes = meta.rpt.features[671:640];
        hdr.report.num_pkts_128_to_256_bytes = meta.rpt.features[703:672];
        hdr.report.num_pkts_256_to_512_bytes = meta.rpt.features[735:704];
        hdr.report.num_pkts_512_to_1024_bytes = meta.rpt.features[767:736];
        hdr.report.num_pkts_1024_to_1514_bytes = meta.rpt.features[799:768];
        hdr.report.tcp_win_max_in = meta.rpt.features[815:800];
        hdr.report.tcp_win_max_out = meta.rpt.features[847:832];
        hdr.report.icmp_type = meta.rpt.features[879:864];
        hdr.report.icmp_ipv4_type = meta.rpt.features[903:896];
        hdr.report.src_flows = meta.rpt.features[959:928];
        hdr.report.src_dst_hosts = meta.rpt.features[967:960];
        hdr.report.src_dst_ports = meta.rpt.features[999:992];
        hdr.report.src_half_open = meta.rpt.features[1055:1024];
        hdr.report.first_seen = meta.rpt.first_seen;
        hdr.report.last_seen = meta.rpt.last_seen;

        // Keep only packet_in + Ethernet + report_t: the rest of the original packet is cut off.
        truncate((bit<32>)(hdr.packet_in.minSizeInBytes() + hdr.ethernet.minSizeInBytes()
                           + hdr.report.minSizeInBytes()));
    }

    apply {
        build_report();
    }
}

#endif
