# Run: .venv/bin/python -m pytest p4src/tests/test_features.py      (from the repository root, as root)
"""The flow features on crafted packet sequences, checked after every packet against nidslib/flowref.py.

With timeout_pkts = 1 every packet of a tracked flow sends a report carrying the flow state after that
packet; its last_seen is the packet's switch timestamp, which the reference uses for the durations.
"""

import time

import pytest

from nidslib import dataplane as h
from nidslib.flowref import FlowReference

C_IP, S_IP = "10.1.0.20", "10.1.0.10"   # the client's address is the higher one: canonical order != client order
C_PORT, S_PORT = 50000, 80


def run_flow(sw, steps, expect_reports=True):
    """steps: [(port, (frame, Pkt))]; returns (reference, reports), checking every report on the way."""
    ref = FlowReference()
    reports = []
    for port, (frame, pkt) in steps:
        sw.send(port, frame)
        got = sw.reports(count=1, timeout=3.0)
        assert len(got) == 1, f"no report for packet {len(reports) + 1} ({pkt})"
        rep = got[0]
        ref.add(pkt, rep["last_seen"])
        check_report(sw, rep, ref, pkt)
        reports.append(rep)
    return ref, reports


def check_report(sw, rep, ref, pkt):
    expected = ref.features()
    got = {name: rep[name.lower()] for name in expected}
    assert got == expected, "\n".join(f"{n}: switch {got[n]} reference {expected[n]}"
                                      for n in expected if got[n] != expected[n])
    client, server = ref.client, ref.server
    assert rep["client_ip"] == h.ip2int(client[0]) and rep["client_port"] == client[1]
    assert rep["server_ip"] == h.ip2int(server[0]) and rep["server_port"] == server[1]
    assert rep["proto"] == ref.proto
    assert rep["first_seen"] == ref.pkts[0][1]
    assert rep["slot"] == h.flow_slot(pkt.src, pkt.dst, pkt.sport, pkt.dport, pkt.proto, sw.slots_per_way)
    assert rep["version"] == sw.const["REPORT_VERSION"]


@pytest.fixture
def nids(sw):
    sw.add_edge_link(1, 2)
    sw.config(timeout_pkts=1)
    return sw


def c2s(**kw):
    return 1, h.tcp(C_IP, S_IP, C_PORT, S_PORT, **kw)


def s2c(**kw):
    return 2, h.tcp(S_IP, C_IP, S_PORT, C_PORT, smac=h.MAC_B, dmac=h.MAC_A, **kw)


def test_tcp_both_directions_extremes_and_flags(nids):
    sw = nids
    steps = [
        c2s(flags=0x02, total_len=60, ttl=64, window=65535),     # SYN
        s2c(flags=0x12, total_len=60, ttl=128, window=0),        # SYN-ACK, window 0
        c2s(flags=0x10, total_len=40, ttl=1, window=29200),      # ACK, TTL 1, shortest TCP packet
        c2s(flags=0x18, total_len=128, ttl=255, window=100),     # TTL 255; bucket edge 128
        s2c(flags=0x10, total_len=129, ttl=1),                   # 129: second bucket
        s2c(flags=0x18, total_len=256, window=65535),            # bucket edge 256
        c2s(flags=0x10, total_len=257),
        s2c(flags=0x10, total_len=512),
        c2s(flags=0x10, total_len=513),
        s2c(flags=0x10, total_len=1024),
        c2s(flags=0x10, total_len=1025),
        s2c(flags=0x10, total_len=1514),                          # bucket edge 1514
        c2s(flags=0x10, total_len=1515),                          # longer than 1514: no bucket
        s2c(flags=0x10, total_len=4000),
        c2s(flags=0xF0, total_len=41),                            # CWR ECE URG ACK
        s2c(flags=0x28, total_len=64),                            # URG PSH (no ACK)
        c2s(flags=0x11, total_len=40),                            # FIN-ACK from the client
        s2c(flags=0x11, total_len=40),                            # FIN-ACK from the server: flow end
    ]
    ref, reports = run_flow(sw, steps)
    last = reports[-1]
    assert last["reason"] == sw.reason("FLOW_END")
    assert last["flags"] & sw.const["REPORT_FLAG_FREED"]
    for rep in reports[:-1]:
        assert rep["reason"] == sw.reason("ACTIVE_TIMEOUT")
    # a late ACK of the ended flow is not tracked: no report, and no new flow
    port, (frame, _) = c2s(flags=0x10, total_len=40)
    sw.send(port, frame)
    assert sw.reports(timeout=0.6) == []


def test_tcp_rst_ends_flow(nids):
    sw = nids
    ref, reports = run_flow(sw, [c2s(flags=0x02, total_len=44), s2c(flags=0x14, total_len=40)])
    assert reports[-1]["reason"] == sw.reason("FLOW_END")
    # a new SYN on the same 5-tuple starts a new flow
    _, again = run_flow(sw, [c2s(flags=0x02, total_len=48)])
    assert again[0]["in_pkts"] == 1 and again[0]["out_pkts"] == 0


def test_all_flags_single_packet(nids):
    sw = nids
    ref, reports = run_flow(sw, [c2s(flags=0xFF, total_len=40, window=1)])
    assert reports[0]["reason"] == sw.reason("FLOW_END")      # RST among the flags
    assert reports[0]["tcp_flags"] == 0xFF and reports[0]["server_tcp_flags"] == 0


def test_server_first_packet_makes_it_the_client(nids):
    """The client is whoever sends first, whatever the ports: here the side on port 80."""
    sw = nids
    steps = [s2c(flags=0x02, total_len=52), c2s(flags=0x12, total_len=52), s2c(flags=0x10, total_len=40)]
    ref, reports = run_flow(sw, steps)
    assert reports[-1]["l4_src_port"] == S_PORT and reports[-1]["in_pkts"] == 2


def test_udp_both_directions(nids):
    sw = nids
    steps = [
        (1, h.udp(C_IP, S_IP, 5353, 53, total_len=28, ttl=0)),          # shortest UDP packet, TTL 0
        (2, h.udp(S_IP, C_IP, 53, 5353, total_len=1500, ttl=255)),
        (2, h.udp(S_IP, C_IP, 53, 5353, total_len=300, ttl=100)),
        (1, h.udp(C_IP, S_IP, 5353, 53, total_len=9000 - 14, ttl=2)),   # jumbo: no bucket
    ]
    ref, reports = run_flow(sw, steps)
    assert reports[-1]["tcp_flags"] == 0 and reports[-1]["tcp_win_max_in"] == 0


def test_icmp_echo(nids):
    sw = nids
    steps = [
        (1, h.icmp(C_IP, S_IP, icmp_type=8, icmp_code=0, total_len=84)),
        (2, h.icmp(S_IP, C_IP, icmp_type=0, icmp_code=0, total_len=84, ttl=63)),
        (1, h.icmp(C_IP, S_IP, icmp_type=8, icmp_code=0, total_len=1000)),
    ]
    ref, reports = run_flow(sw, steps)
    assert reports[-1]["icmp_type"] == 8 * 256 and reports[-1]["icmp_ipv4_type"] == 8
    assert reports[-1]["out_pkts"] == 1


def test_icmp_type_and_code(nids):
    sw = nids
    ref, reports = run_flow(sw, [(2, h.icmp(S_IP, C_IP, icmp_type=3, icmp_code=3, total_len=56))])
    assert reports[0]["icmp_type"] == 3 * 256 + 3


def test_in_pkt_interval_is_the_client_duration_shifted_by_its_packet_count_log2(nids):
    # 300 IN packets about 1 ms apart cross the priority encoding's steps (2, 4, 8, 16, 256); the server's packets
    # in between change neither DURATION_IN nor IN_PKTS.
    sw = nids
    steps = []
    for i in range(300):
        steps.append((1, h.udp(C_IP, S_IP, 5004, 5004, total_len=200)))
        if i % 50 == 7:
            steps.append((2, h.udp(S_IP, C_IP, 5004, 5004, total_len=60)))
    ref = FlowReference()
    checked_powers = []
    for port, (frame, pkt) in steps:
        time.sleep(0.001)
        sw.send(port, frame)
        got = sw.reports(count=1, timeout=3.0)
        assert len(got) == 1
        rep = got[0]
        ref.add(pkt, rep["last_seen"])
        check_report(sw, rep, ref, pkt)
        n, duration_in = rep["in_pkts"], rep["duration_in"]
        k = n.bit_length() - 1
        assert rep["in_pkt_interval"] == duration_in >> k
        if n >= 2:   # within a factor 2 of the mean spacing duration_in / (n - 1), floored
            assert duration_in // (2 * (n - 1)) <= rep["in_pkt_interval"] <= 2 * duration_in / (n - 1)
        if n == 1 << k and port == 1:
            checked_powers.append(n)
    assert checked_powers == [1, 2, 4, 8, 16, 32, 64, 128, 256]
    assert rep["in_pkts"] == 300 and rep["in_pkt_interval"] == rep["duration_in"] >> 8 > 0


def test_ipv4_options_do_not_hide_the_ports(nids):
    sw = nids
    steps = [
        (1, h.tcp(C_IP, S_IP, 40001, 443, flags=0x02, total_len=64, ip_options=b"\x01\x01\x01\x00")),
        (2, h.tcp(S_IP, C_IP, 443, 40001, flags=0x12, total_len=80,
                  ip_options=b"\x01" * 11 + b"\x00")),
    ]
    ref, reports = run_flow(sw, steps)
    assert reports[-1]["l4_dst_port"] == 443


def test_non_first_fragment_is_not_tracked(nids):
    sw = nids
    frame, _ = h.udp(C_IP, S_IP, 7000, 7001, total_len=200, frag=100)
    sw.send(1, frame)
    assert sw.reports(timeout=0.6) == []
    assert sw.recv(2, timeout=2.0) is not None     # but forwarded
