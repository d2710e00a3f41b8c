# Run: .venv/bin/python -m pytest p4src/tests/test_flow_table.py    (from the repository root, as root)
"""The flow table: two ways per key, the eviction rule (an idle flow first, else the one with fewer packets, else
the one seen less recently), EVICT reports carrying the evicted flow, the counters, and the keyed hash (flows that
collide for seed 0 do not for another seed). Colliding flows are computed from CRC-32's linearity."""

import time

import pytest

from nidslib import dataplane as h

C_IP, S_IP = "10.6.0.9", "10.6.0.1"
EVICTS = "NidsIngress.flows.evict_counter"


@pytest.fixture
def nids(sw):
    sw.add_edge_link(1, 2)
    sw.config()
    return sw


def flows(sw, count=3):
    """count TCP flows C_IP -> S_IP whose two cells are the same (seed 0): [(sport, dport)]."""
    pairs = [(40000, 80)] + h.colliding_ports(C_IP, S_IP, 40000, 80, 6, sw.slots_per_way, count - 1)
    assert len(pairs) == count
    return pairs


def send(sw, ports, flags=0x10, total_len=60):
    sw.send(1, h.tcp(C_IP, S_IP, ports[0], ports[1], flags=flags, total_len=total_len)[0])


def probe(sw, slot):
    sw.probe(slot)
    got = sw.reports(count=1, timeout=3.0, match=lambda r: r["reason"] == sw.reason("PROBE"))
    assert got
    return got[0]


def test_a_new_flow_takes_way_0_then_way_1_then_evicts_the_less_busy_flow(nids):
    sw = nids
    busy, light, new = flows(sw)
    way0, way1 = h.flow_cells(C_IP, S_IP, busy[0], busy[1], 6, sw.slots_per_way)
    for _ in range(5):
        send(sw, busy)
    send(sw, light)
    assert sw.reports(timeout=0.5) == []
    assert probe(sw, way0)["client_port"] == busy[0] and probe(sw, way1)["client_port"] == light[0]
    before = sw.read_counters(EVICTS)
    send(sw, new, total_len=44)
    rep = sw.reports(count=1, timeout=3.0)[0]
    assert rep["reason"] == sw.reason("EVICT") and rep["slot"] == way1
    assert rep["flags"] == sw.const["REPORT_FLAG_OCCUPIED"] | sw.const["REPORT_FLAG_FREED"]
    assert (rep["client_port"], rep["in_pkts"]) == (light[0], 1)
    assert rep["flags"] & sw.const["REPORT_FLAG_CLASSIFIED"] == 0, "the app classifies evicted flows"
    assert rep["src_flows"] >= 2, "the evicted flow's client context comes with it"
    assert sw.counter_delta(before, EVICTS) == [0, 1]
    # the busy flow kept its state; the new flow lives in way 1
    assert probe(sw, way0)["in_pkts"] == 5
    taken = probe(sw, way1)
    assert (taken["client_port"], taken["in_pkts"], taken["in_bytes"]) == (new[0], 1, 44)


def test_on_a_tie_the_flow_seen_less_recently_goes(nids):
    sw = nids
    first, second, new = flows(sw)
    way0, way1 = h.flow_cells(C_IP, S_IP, first[0], first[1], 6, sw.slots_per_way)
    send(sw, first)
    send(sw, second)
    send(sw, new)
    rep = sw.reports(count=1, timeout=3.0)[0]
    assert (rep["reason"], rep["slot"], rep["client_port"]) == (sw.reason("EVICT"), way0, first[0])


def test_an_idle_flow_goes_before_a_less_busy_live_one(nids):
    sw = nids
    sw.config(idle_timeout_us=200_000)
    idle, light, new = flows(sw)
    way0, _ = h.flow_cells(C_IP, S_IP, idle[0], idle[1], 6, sw.slots_per_way)
    for _ in range(5):
        send(sw, idle)
    time.sleep(0.3)
    send(sw, light)
    before = sw.read_counters(EVICTS)
    send(sw, new)
    rep = sw.reports(count=1, timeout=3.0)[0]
    assert (rep["reason"], rep["slot"], rep["client_port"]) == (sw.reason("EVICT"), way0, idle[0])
    assert rep["flags"] & sw.const["REPORT_FLAG_IDLE"]
    assert sw.counter_delta(before, EVICTS) == [1, 0]


def test_colliding_flows_interleaved_never_reset_a_busier_flow(nids):
    """The evasion of issue 14: an attacker interleaves colliding one-packet flows with an attack flow. They
    evict each other; the attack flow keeps counting."""
    sw = nids
    attack, junk_a, junk_b = flows(sw)
    way0, _ = h.flow_cells(C_IP, S_IP, attack[0], attack[1], 6, sw.slots_per_way)
    send(sw, attack)
    send(sw, attack)
    for i in range(10):
        send(sw, junk_a if i % 2 == 0 else junk_b)
        send(sw, attack)
    evicted = [r for r in sw.reports(timeout=0.5) if r["reason"] == sw.reason("EVICT")]
    assert len(evicted) == 9 and all(r["client_port"] in (junk_a[0], junk_b[0]) for r in evicted)
    assert probe(sw, way0)["in_pkts"] == 12


def test_the_seed_decides_which_flows_collide(nids):
    sw = nids
    pairs = flows(sw)
    seed = 0x5EED1234
    sw.config(flow_hash_seed=seed)
    cells = [h.flow_cells(C_IP, S_IP, sp, dp, 6, sw.slots_per_way, seed) for sp, dp in pairs]
    assert len({c[0] for c in cells}) == 3, "seed 0's collisions do not collide under this seed"
    for p in pairs:
        send(sw, p, flags=0x02)
    assert [r for r in sw.reports(timeout=0.5) if r["reason"] == sw.reason("EVICT")] == []
    for (sp, dp), (way0, _) in zip(pairs, cells):
        assert probe(sw, way0)["client_port"] == sp, "each flow sits in way 0 of its seeded hash"


def test_icmp_queries_are_keyed_by_their_identifier_with_ports_0_in_reports(nids):
    """Two pings between the same hosts (two processes: identifiers 7 and 9) are two flows, each with its replies,
    as Linux conntrack keys them; reports and the L4 port features say 0 for both, as the datasets do."""
    sw = nids
    for _ in range(3):
        sw.send(1, h.icmp(C_IP, S_IP, icmp_type=8, icmp_id=7, total_len=84)[0])
    sw.send(2, h.icmp(S_IP, C_IP, icmp_type=0, icmp_id=7, total_len=84, smac=h.MAC_B, dmac=h.MAC_A)[0])
    sw.send(1, h.icmp(C_IP, S_IP, icmp_type=8, icmp_id=9, total_len=1000)[0])
    # an error message's bytes 4-5 are no identifier: ports 0 in its key
    sw.send(2, h.icmp(S_IP, C_IP, icmp_type=3, icmp_code=3, icmp_id=7, total_len=56, smac=h.MAC_B,
                      dmac=h.MAC_A)[0])
    sw.reports(timeout=0.5)
    first = probe(sw, h.flow_cells(C_IP, S_IP, 7, 7, 1, sw.slots_per_way)[0])
    second = probe(sw, h.flow_cells(C_IP, S_IP, 9, 9, 1, sw.slots_per_way)[0])
    error = probe(sw, h.flow_cells(C_IP, S_IP, 0, 0, 1, sw.slots_per_way)[0])
    assert (first["in_pkts"], first["out_pkts"], first["longest_flow_pkt"]) == (3, 1, 84)
    assert (second["in_pkts"], second["out_pkts"], second["longest_flow_pkt"]) == (1, 0, 1000)
    assert (error["in_pkts"], error["client_ip"], error["icmp_type"]) == (1, h.ip2int(S_IP), 3 * 256 + 3)
    for rep in (first, second, error):
        assert (rep["client_port"], rep["server_port"], rep["l4_src_port"], rep["l4_dst_port"]) == (0, 0, 0, 0)
