/*
 * source_context.p4: per-source state (the flow's client), so a tree can see what one 5-tuple cannot: how many
 * flows a source starts, to how many hosts and ports, how many TCP handshakes it leaves open (features SRC_* of
 * docs/features.md).
 *
 * One cell per 16-bit multiply-shift hash of the client address (keyed by the flow-hash seed; sources hashing
 * alike share a cell). A cell counts over two epochs, the current and the previous one (epoch = now >>
 * source_window_log2_us, 16 bits): the features cover between one and two epochs. A cell last touched in the previous
 * epoch rolls over when read; older cells read as empty. Distinct hosts and ports are the buckets (of 32) their
 * hash sets in a bitmap per epoch, with the number of buckets set in both epochs together kept up to date.
 *
 * Work happens only when it is needed: a new flow (its client's counters), a completed handshake, and the flows
 * the later stages classify or report (the features). model-tools' SourceContext is the same in Java; the rule for
 * flows silent longer than the window is SwitchReference's.
 */
#ifndef NIDS_SOURCE_CONTEXT_P4
#define NIDS_SOURCE_CONTEXT_P4

#include "../headers.p4"
#include "../size.p4"

// The SRC_* values of a cell already rolled to the current epoch: half_open ++ ports ++ hosts ++ flows.
bit<128> source_features_of(in source_cell_t cell) {
    bit<32> opened = (bit<32>)cell[SOURCE_SYN_CUR] + (bit<32>)cell[SOURCE_SYN_PREV];
    bit<32> completed = (bit<32>)cell[SOURCE_DONE_CUR] + (bit<32>)cell[SOURCE_DONE_PREV];
    bit<32> half_open = opened > completed ? opened - completed : 32w0;
    return half_open ++ (bit<32>)cell[SOURCE_PORTS_UNION] ++ (bit<32>)cell[SOURCE_HOSTS_UNION]
           ++ ((bit<32>)cell[SOURCE_FLOWS_CUR] + (bit<32>)cell[SOURCE_FLOWS_PREV]);
}

control SourceContext(inout local_metadata_t meta,
                      in standard_metadata_t standard_metadata) {

    register<source_cell_t>(SOURCE_TABLE_SIZE) r_sources;

    source_cell_t cell = 0;
    bit<16> epoch = 0;

    @hidden action read_cell(bit<32> index) {
        r_sources.read(cell, index);
        epoch = (bit<16>)(standard_metadata.ingress_global_timestamp >> meta.cfg.source_window_log2_us);
    }

    // The cell as seen in this epoch: last touched in the previous one -> current becomes previous; earlier ->
    // empty.
    @hidden action roll_over() {
        bool previous = cell[SOURCE_EPOCH] + 1 == epoch;
        // fields from the top: done, syn, ports union/count/bitmaps, hosts union/count/bitmaps, flows, epoch
        cell = previous ? cell[SOURCE_DONE_CUR] ++ 16w0 ++ cell[SOURCE_SYN_CUR] ++ 16w0
                          ++ cell[SOURCE_PORTS_CUR_COUNT] ++ 8w0 ++ cell[SOURCE_PORTS_CUR] ++ 32w0
                          ++ cell[SOURCE_HOSTS_CUR_COUNT] ++ 8w0 ++ cell[SOURCE_HOSTS_CUR] ++ 32w0
                          ++ cell[SOURCE_FLOWS_CUR] ++ 16w0 ++ epoch
                        : (source_cell_t)epoch;
    }

    // A flow silent for two epochs or more (a probe of the app's idle sweep, an idle flow a new one replaces) has
    // none of its packets in its client's record, which by then says what the client does now: its SRC_* are 0.
    @hidden action read_victim_features() {
        bit<32> span = 32w2 << meta.cfg.source_window_log2_us;
        bool stale = idle_for(meta.victim_keys, meta.victim_traffic, meta.victim_tally,
                              standard_metadata.ingress_global_timestamp) >= span;
        meta.victim_source_features = stale ? 128w0 : source_features_of(cell);
    }

    @hidden action read_features() {
        bit<32> span = 32w2 << meta.cfg.source_window_log2_us;
        bool stale = meta.is_probe && idle_for(meta.keys, meta.traffic, meta.tally,
                                               standard_metadata.ingress_global_timestamp) >= span;
        meta.source_features = stale ? 128w0 : source_features_of(cell);
    }

    // The flow's client started it: one more flow, its server's host and port buckets, a bare SYN.
    @hidden action count_new_flow() {
        bool client_low = (meta.flow.expect[KEY_INBOUND_STATE] & FLOW_STATE_CLIENT_HIGH) == 0;
        bit<32> server = client_low ? meta.flow.expect[KEY_HIGH_ADDR] : meta.flow.expect[KEY_LOW_ADDR];
        // 0 for ICMP (the key's ports hold an ICMP query's identifier, not a service: docs/features.md)
        bit<16> server_port = meta.flow.expect[KEY_PROTO] == IP_PROTO_ICMP ? 16w0
                              : (client_low ? meta.flow.expect[KEY_HIGH_PORT] : meta.flow.expect[KEY_LOW_PORT]);
        bit<32> host_product = server * ((meta.cfg.flow_hash_seed ^ HOST_MIX_VALUE) | 1);
        bit<16> port_product = server_port * (((bit<16>)(meta.cfg.flow_hash_seed ^ PORT_MIX_VALUE)) | 1);
        bit<32> host_bit = 32w1 << host_product[31:27];
        bit<32> port_bit = 32w1 << port_product[15:11];
        bool new_host = (cell[SOURCE_HOSTS_CUR] & host_bit) == 0;
        bool new_port = (cell[SOURCE_PORTS_CUR] & port_bit) == 0;
        cell[SOURCE_FLOWS_CUR] = cell[SOURCE_FLOWS_CUR] == 0xFFFF ? 16w0xFFFF : cell[SOURCE_FLOWS_CUR] + 1;
        cell[SOURCE_HOSTS_CUR] = cell[SOURCE_HOSTS_CUR] | host_bit;
        cell[SOURCE_HOSTS_CUR_COUNT] = new_host ? cell[SOURCE_HOSTS_CUR_COUNT] + 1 : cell[SOURCE_HOSTS_CUR_COUNT];
        cell[SOURCE_HOSTS_UNION] = new_host && (cell[SOURCE_HOSTS_PREV] & host_bit) == 0
                                   ? cell[SOURCE_HOSTS_UNION] + 1 : cell[SOURCE_HOSTS_UNION];
        cell[SOURCE_PORTS_CUR] = cell[SOURCE_PORTS_CUR] | port_bit;
        cell[SOURCE_PORTS_CUR_COUNT] = new_port ? cell[SOURCE_PORTS_CUR_COUNT] + 1 : cell[SOURCE_PORTS_CUR_COUNT];
        cell[SOURCE_PORTS_UNION] = new_port && (cell[SOURCE_PORTS_PREV] & port_bit) == 0
                                   ? cell[SOURCE_PORTS_UNION] + 1 : cell[SOURCE_PORTS_UNION];
        bool bare_syn = (meta.keys[FLOW_STATE] & FLOW_STATE_HANDSHAKE_PENDING) != 0;
        cell[SOURCE_SYN_CUR] = bare_syn && cell[SOURCE_SYN_CUR] != 0xFFFF ? cell[SOURCE_SYN_CUR] + 1
                                                                          : cell[SOURCE_SYN_CUR];
    }

    @hidden action count_handshake() {
        cell[SOURCE_DONE_CUR] = cell[SOURCE_DONE_CUR] == 0xFFFF ? 16w0xFFFF : cell[SOURCE_DONE_CUR] + 1;
    }

    @hidden action write_cell(bit<32> index) {
        r_sources.write(index, cell);
    }

    apply {
        // The flow a new one replaced: its client's features as they were before the new flow counted.
        if (meta.flow.evicted) {
            read_cell((bit<32>)meta.victim_keys[FLOW_SOURCE_CELL]);
            if (cell[SOURCE_EPOCH] != epoch) {
                roll_over();
            }
            read_victim_features();
        }
        bit<32> index = (bit<32>)meta.keys[FLOW_SOURCE_CELL];
        bool counts = meta.flow.started || meta.flow.handshake_done;
        if (counts || meta.flow.attention) {
            read_cell(index);
            if (cell[SOURCE_EPOCH] != epoch) {
                roll_over();
            }
            if (meta.flow.started) {
                count_new_flow();
            }
            if (meta.flow.handshake_done) {
                count_handshake();
            }
            if (counts) {
                write_cell(index);
            }
            read_features();
        }
    }
}

#endif
