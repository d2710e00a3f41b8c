# Run: .venv/bin/python -m pytest p4src/tests/test_source_context.py   (from the repository root, as root)
"""Per-source context (SRC_* features): flows a client started, distinct server hosts and ports, half-open TCP
flows, over the current and the previous epoch, checked after every packet against reference.py.
Every packet sends a report (timeout_pkts = 1) carrying the features; each test uses its own client addresses,
since source cells outlive the test's flows."""

import time

import pytest

from nidslib import dataplane as h
from nidslib.flowref import SourceReference

S_NET = "10.7.1"


@pytest.fixture
def nids(sw):
    sw.add_edge_link(1, 2)
    return sw


def src_values(rep):
    return {name: rep[name.lower()] for name in ("SRC_FLOWS", "SRC_DST_HOSTS", "SRC_DST_PORTS", "SRC_HALF_OPEN")}


def report_of(sw, frame, port=1):
    sw.send(port, frame)
    got = sw.reports(count=1, timeout=3.0)
    assert got, "no report"
    return got[0]


def test_a_scan_raises_distinct_ports_and_half_open(nids):
    sw = nids
    sw.config(timeout_pkts=1)
    client = "10.7.0.31"
    ref = SourceReference(seed=0, window_log2_us=21)
    for i, dport in enumerate([22, 80, 443, 8080, 3306, 5432, 6379, 25, 110, 143, 993, 995]):
        server = f"{S_NET}.{1 + i % 3}"
        rep = report_of(sw, h.tcp(client, server, 50000 + i, dport, flags=0x02)[0])
        ref.flow_started(client, server, dport, True, rep["first_seen"])
        assert src_values(rep) == ref.features(client, rep["last_seen"]), f"after flow {i + 1}"
    assert rep["src_flows"] == 12 and rep["src_dst_hosts"] <= 3 and rep["src_dst_ports"] >= 9
    assert rep["src_half_open"] == 12


def test_a_completed_handshake_is_not_half_open(nids):
    sw = nids
    sw.config(timeout_pkts=1)
    client, server = "10.7.0.41", f"{S_NET}.9"
    ref = SourceReference()
    rep = report_of(sw, h.tcp(client, server, 41000, 80, flags=0x02)[0])
    ref.flow_started(client, server, 80, True, rep["first_seen"])
    assert rep["src_half_open"] == 1
    report_of(sw, h.tcp(server, client, 80, 41000, flags=0x12)[0], port=2)
    rep = report_of(sw, h.tcp(client, server, 41000, 80, flags=0x10)[0])
    ref.handshake_completed(client, rep["last_seen"])
    assert src_values(rep) == ref.features(client, rep["last_seen"])
    assert rep["src_half_open"] == 0
    # a flow that did not start with a bare SYN never counts as half-open
    rep = report_of(sw, h.tcp(client, server, 41001, 80, flags=0x10)[0])
    ref.flow_started(client, server, 80, False, rep["first_seen"])
    assert src_values(rep) == ref.features(client, rep["last_seen"])


def test_counts_cover_two_epochs_and_then_fade(nids):
    sw = nids
    window = 18                                  # 262 ms epochs
    sw.config(timeout_pkts=1, source_window_log2_us=window)
    client = "10.7.0.51"
    ref = SourceReference(window_log2_us=window)
    epoch_us = 1 << window
    for i in range(3):
        rep = report_of(sw, h.udp(client, f"{S_NET}.{20 + i}", 30000 + i, 53)[0])
        ref.flow_started(client, f"{S_NET}.{20 + i}", 53, False, rep["first_seen"])
        assert src_values(rep) == ref.features(client, rep["last_seen"])
    time.sleep(epoch_us / 1e6)                   # the next epoch: the three flows still count
    rep = report_of(sw, h.udp(client, f"{S_NET}.30", 31000, 123)[0])
    ref.flow_started(client, f"{S_NET}.30", 123, False, rep["first_seen"])
    assert src_values(rep) == ref.features(client, rep["last_seen"])
    time.sleep(2.2 * epoch_us / 1e6)             # two epochs on: only the new packet's flow is left
    rep = report_of(sw, h.udp(client, f"{S_NET}.40", 32000, 161)[0])
    ref.flow_started(client, f"{S_NET}.40", 161, False, rep["first_seen"])
    assert src_values(rep) == ref.features(client, rep["last_seen"])
    assert rep["src_flows"] in (1, 2)


def test_sources_do_not_mix(nids):
    sw = nids
    sw.config(timeout_pkts=1)
    for i in range(5):
        report_of(sw, h.udp("10.7.0.61", f"{S_NET}.{50 + i}", 33000 + i, 53)[0])
    rep = report_of(sw, h.udp("10.7.0.62", f"{S_NET}.50", 34000, 53)[0])
    assert (rep["src_flows"], rep["src_dst_hosts"]) == (1, 1)


def test_a_probe_of_a_flow_silent_for_two_epochs_has_no_source_context(nids):
    # The app's idle sweep probes a flow long after its last packet; its client's record then covers other flows
    # only (here: a burst of three 2.4 s later), so the END classification gets SRC_* = 0. A flow probed within the
    # window keeps its client's record.
    sw = nids
    window = 20                                  # 1.05 s epochs: a record looks back at most 2.1 s
    sw.config(timeout_pkts=1, source_window_log2_us=window)
    client = "10.7.0.71"
    old = report_of(sw, h.udp(client, f"{S_NET}.60", 35000, 53)[0])
    time.sleep(2.3 * (1 << window) / 1e6)
    for i in range(3):
        recent = report_of(sw, h.udp(client, f"{S_NET}.{61 + i}", 35001 + i, 514)[0])
    assert recent["src_flows"] == 3
    sw.config(timeout_pkts=0, source_window_log2_us=window)     # another window would empty every record
    sw.probe(old["slot"])
    rep = sw.reports(count=1, timeout=3.0)[0]
    assert rep["reason"] == sw.reason("PROBE") and rep["client_port"] == 35000
    assert src_values(rep) == {"SRC_FLOWS": 0, "SRC_DST_HOSTS": 0, "SRC_DST_PORTS": 0, "SRC_HALF_OPEN": 0}
    sw.probe(recent["slot"])
    rep = sw.reports(count=1, timeout=3.0)[0]
    assert rep["client_port"] == 35003 and src_values(rep) == src_values(recent)
