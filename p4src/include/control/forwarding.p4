/*
 * forwarding.p4: the controller's block ACL and the ONOS-basic-style forwarding table (table0).
 *
 * acl: block rules (drop) written by the NIDS block policy; a blocked packet is neither forwarded nor
 *      tracked; its direct counter is the block counter.
 * table0: ternary ACL/forwarding table with ONOS basic's keys and actions, so ONOS's standard apps
 *      (LLDP/ARP/host discovery to the CPU, reactive or REST-installed forwarding) work unchanged.
 */
#ifndef NIDS_FORWARDING_P4
#define NIDS_FORWARDING_P4

#include "../headers.p4"
#include "../size.p4"

control Forwarding(inout headers_t hdr,
                   inout local_metadata_t meta,
                   inout standard_metadata_t standard_metadata) {

    direct_counter(CounterType.packets_and_bytes) acl_counter;
    direct_counter(CounterType.packets_and_bytes) table0_counter;

    action block() {
        meta.trackable = false;
        mark_to_drop(standard_metadata);
    }

    action set_egress_port(port_num_t port) {
        standard_metadata.egress_spec = port;
    }

    action send_to_cpu() {
        standard_metadata.egress_spec = CPU_PORT;
    }

    action drop() {
        mark_to_drop(standard_metadata);
    }

    table acl {
        key = {
            standard_metadata.ingress_port: ternary @name("ig_port");
            hdr.ethernet.src_addr: ternary @name("eth_src");
            hdr.ethernet.dst_addr: ternary @name("eth_dst");
            hdr.ethernet.ether_type: ternary @name("eth_type");
            hdr.ipv4.src_addr: ternary @name("ipv4_src");
            hdr.ipv4.dst_addr: ternary @name("ipv4_dst");
            hdr.ipv4.protocol: ternary @name("ip_proto");
            meta.l4_src_port: ternary @name("l4_sport");
            meta.l4_dst_port: ternary @name("l4_dport");
        }
        actions = {
            block;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        counters = acl_counter;
        size = ACL_SIZE;
    }

    table table0 {
        key = {
            standard_metadata.ingress_port: ternary @name("ig_port");
            hdr.ethernet.src_addr: ternary @name("eth_src");
            hdr.ethernet.dst_addr: ternary @name("eth_dst");
            hdr.ethernet.ether_type: ternary @name("eth_type");
            hdr.ipv4.src_addr: ternary @name("ipv4_src");
            hdr.ipv4.dst_addr: ternary @name("ipv4_dst");
            hdr.ipv4.protocol: ternary @name("ip_proto");
            meta.l4_src_port: ternary @name("l4_sport");
            meta.l4_dst_port: ternary @name("l4_dport");
        }
        actions = {
            set_egress_port;
            send_to_cpu;
            drop;
            NoAction;
        }
        default_action = drop();
        counters = table0_counter;
        size = TABLE0_SIZE;
    }

    apply {
        switch (acl.apply().action_run) {
            block: {}
            default: {
                table0.apply();
            }
        }
    }
}

#endif
