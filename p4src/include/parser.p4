/*
 * parser.p4: parser and deparser.
 *
 * packet_out (from the CPU port) -> Ethernet -> { IPv4 [options] -> TCP | UDP | ICMP (first fragments only),
 * probe (ETHERTYPE_PROBE) }. Everything else is parsed up to Ethernet and forwarded untouched.
 */
#ifndef NIDS_PARSER_P4
#define NIDS_PARSER_P4

#include "headers.p4"

parser NidsParser(packet_in packet,
                  out headers_t hdr,
                  inout local_metadata_t meta,
                  inout standard_metadata_t standard_metadata) {

    state start {
        meta.l4_src_port = 0;
        meta.l4_dst_port = 0;
        transition select(standard_metadata.ingress_port) {
            CPU_PORT: parse_packet_out;
            default: parse_ethernet;
        }
    }

    state parse_packet_out {
        packet.extract(hdr.packet_out);
        transition parse_ethernet;
    }

    state parse_ethernet {
        packet.extract(hdr.ethernet);
        transition select(hdr.ethernet.ether_type) {
            ETHERTYPE_IPV4: parse_ipv4;
            ETHERTYPE_PROBE: parse_probe;
            default: accept;
        }
    }

    state parse_probe {
        packet.extract(hdr.probe);
        transition accept;
    }

    state parse_ipv4 {
        packet.extract(hdr.ipv4);
        transition select(hdr.ipv4.version, hdr.ipv4.ihl) {
            (4, 5): parse_l4;
            (4, 6 &&& 0xE): parse_ipv4_options;      // 6, 7
            (4, 8 &&& 0x8): parse_ipv4_options;      // 8..15
            default: accept;                         // not IPv4 or malformed: no L4, never tracked
        }
    }

    state parse_ipv4_options {
        packet.extract(hdr.ipv4_options, (bit<32>)(((bit<16>)hdr.ipv4.ihl - 5) * 32));
        transition parse_l4;
    }

    state parse_l4 {
        // Non-first fragments carry no L4 header: they are forwarded but not tracked.
        transition select(hdr.ipv4.frag_offset, hdr.ipv4.protocol) {
            (0, IP_PROTO_TCP): parse_tcp;
            (0, IP_PROTO_UDP): parse_udp;
            (0, IP_PROTO_ICMP): parse_icmp;
            default: accept;
        }
    }

    state parse_tcp {
        packet.extract(hdr.tcp);
        meta.l4_src_port = hdr.tcp.src_port;
        meta.l4_dst_port = hdr.tcp.dst_port;
        meta.trackable = true;
        transition accept;
    }

    state parse_udp {
        packet.extract(hdr.udp);
        meta.l4_src_port = hdr.udp.src_port;
        meta.l4_dst_port = hdr.udp.dst_port;
        meta.trackable = true;
        transition accept;
    }

    state parse_icmp {
        packet.extract(hdr.icmp);
        meta.trackable = true;
        transition select(hdr.icmp.icmp_type) {
            0: parse_icmp_query;        // echo reply
            8: parse_icmp_query;        // echo request
            13: parse_icmp_query;       // timestamp, and its reply
            14: parse_icmp_query;
            15: parse_icmp_query;       // information request, and its reply
            16: parse_icmp_query;
            17: parse_icmp_query;       // address mask request, and its reply
            18: parse_icmp_query;
            default: accept;            // errors (unreachable, time exceeded, ...) and the rest: ports 0
        }
    }

    // An ICMP query or its reply (echo, timestamp, information, address mask): its identifier goes into both
    // ports of the flow key, as Linux conntrack keys them, so two pings between the same hosts (one per process:
    // ping, hping3, nping each pick their own identifier) are two flows, and an ICMP flood that follows another
    // one is a flow of its own, classified from its first packet. The features keep ports 0 for ICMP (features.p4).
    // Read ahead, not extracted: the header stays 4 bytes for every other ICMP message.
    state parse_icmp_query {
        meta.l4_src_port = packet.lookahead<bit<16>>();
        meta.l4_dst_port = meta.l4_src_port;
        transition accept;
    }
}

control NidsDeparser(packet_out packet, in headers_t hdr) {
    apply {
        packet.emit(hdr.packet_in);
        packet.emit(hdr.ethernet);
        packet.emit(hdr.report);
        packet.emit(hdr.probe);
        packet.emit(hdr.ipv4);
        packet.emit(hdr.ipv4_options);
        packet.emit(hdr.tcp);
        packet.emit(hdr.udp);
        packet.emit(hdr.icmp);
    }
}

#endif
