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
