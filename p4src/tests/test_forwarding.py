# Run: .venv/bin/python -m pytest p4src/tests/test_forwarding.py    (from the repository root, as root)
"""ONOS-basic-style forwarding with the NIDS stages off and on: table0 actions, default drop, packet-in
(LLDP/ARP to the CPU) and packet-out, the block ACL and its counter, the port counters, and non-IPv4 /
non-first-fragment / IPv4-options traffic passing untouched."""

import pytest
from scapy.layers.l2 import ARP, Ether

from nidslib import dataplane as h

A_IP, B_IP = "10.5.0.1", "10.5.0.2"


@pytest.fixture(params=["nids_off", "nids_on"])
def fwd(sw, request):
    """Both ways: NIDS off (track_mode OFF) and on (every port tracked, a report per packet)."""
    if request.param == "nids_on":
        sw.add_edge_port(1)
        sw.add_edge_port(2)
        sw.config(track_mode=sw.const["TRACK_ALL"], timeout_pkts=1)
    else:
        sw.config(track_mode=sw.const["TRACK_OFF"])
    sw.nids_on = request.param == "nids_on"
    return sw


def test_set_egress_port_forwards_unchanged(fwd):
    sw = fwd
    sw.add_forward(1, 2)
    frame, _ = h.tcp(A_IP, B_IP, 1111, 80, flags=0x02, total_len=120)
    sw.send(1, frame)
    got = sw.recv(2, timeout=2.0)
    assert got is not None and got[:len(frame)] == frame
    reports = sw.reports(timeout=0.5)
    assert len(reports) == (1 if sw.nids_on else 0)


def test_no_entry_drops(fwd):
    sw = fwd
    frame, _ = h.udp(A_IP, B_IP, 1, 2, total_len=60)
    sw.send(1, frame)
    assert sw.recv(2, timeout=0.5) is None and sw.recv(3, timeout=0.1) is None


def test_match_on_l4_ports(fwd):
    sw = fwd
    sw.add_forward(1, 3, priority=20, l4_dport=h.Ternary(53, 0xFFFF), ip_proto=h.Ternary(17, 0xFF))
    sw.add_forward(1, 2, priority=10)
    sw.send(1, h.udp(A_IP, B_IP, 5000, 53, total_len=60)[0])
    assert sw.recv(3, timeout=2.0) is not None
    sw.send(1, h.udp(A_IP, B_IP, 5000, 54, total_len=60)[0])
    assert sw.recv(2, timeout=2.0) is not None


def test_lldp_and_arp_to_cpu(fwd):
    sw = fwd
    sw.add_to_cpu(eth_type=h.Ternary(0x88CC, 0xFFFF))
    sw.add_to_cpu(eth_type=h.Ternary(0x0806, 0xFFFF))
    lldp = bytes(Ether(src=h.MAC_A, dst="01:80:c2:00:00:0e", type=0x88CC) / (b"\x02\x07\x04" + b"\x00" * 40))
    arp = bytes(Ether(src=h.MAC_A, dst="ff:ff:ff:ff:ff:ff") / ARP(psrc=A_IP, pdst=B_IP))
    for port, frame in ((2, lldp), (1, arp)):
        sw.send(port, frame)
        pin = sw.next_packet_in(timeout=2.0)
        assert pin is not None
        assert sw.packet_in_port(pin) == port
        assert pin.payload[:len(frame)] == frame
        assert sw.decode_report(pin) is None


def test_packet_out_leaves_on_the_named_port(fwd):
    sw = fwd
    frame, _ = h.tcp(A_IP, B_IP, 2222, 80, flags=0x10, total_len=64)
    sw.packet_out(frame, 3)
    got = sw.recv(3, timeout=2.0)
    assert got is not None and got[:len(frame)] == frame
    assert sw.reports(timeout=0.4) == []          # packet-outs are not tracked


def test_block_acl_drops_counts_and_skips_tracking(fwd):
    sw = fwd
    sw.add_forward(1, 2)
    rule = sw.add_block(ipv4_src=h.Ternary(h.ip2int(A_IP), 0xFFFFFFFF), l4_dport=h.Ternary(22, 0xFFFF))
    blocked, _ = h.tcp(A_IP, B_IP, 3333, 22, flags=0x02)
    allowed, _ = h.tcp(A_IP, B_IP, 3333, 23, flags=0x02)
    for _ in range(3):
        sw.send(1, blocked)
    sw.send(1, allowed)
    got = sw.recv(2, timeout=2.0)
    assert got is not None and got[:len(allowed)] == allowed
    assert sw.recv(2, timeout=0.3) is None
    assert sw.read_direct_counter(rule) == 3
    reports = sw.reports(timeout=0.5)
    assert len(reports) == (1 if sw.nids_on else 0)
    if reports:
        assert reports[0]["server_port"] == 23


def test_port_counters(fwd):
    sw = fwd
    sw.add_forward(1, 2)
    before_in = sw.read_counter("NidsIngress.ingress_port_counter", 1)
    before_out = sw.read_counter("NidsEgress.egress_port_counter", 2)
    for _ in range(4):
        sw.send(1, h.udp(A_IP, B_IP, 7, 7, total_len=100)[0])
    for _ in range(4):
        assert sw.recv(2, timeout=2.0) is not None
    after_in = sw.read_counter("NidsIngress.ingress_port_counter", 1)
    after_out = sw.read_counter("NidsEgress.egress_port_counter", 2)
    assert after_in[0] - before_in[0] == 4 and after_out[0] - before_out[0] == 4


def test_non_ipv4_and_odd_ipv4_pass_untouched(fwd):
    sw = fwd
    sw.add_forward(1, 2)
    frames = [
        bytes(Ether(src=h.MAC_A, dst=h.MAC_B) / ARP(psrc=A_IP, pdst=B_IP)),
        bytes(Ether(src=h.MAC_A, dst=h.MAC_B, type=0x86DD) / (b"\x60" + b"\x00" * 60)),
        h.udp(A_IP, B_IP, 9, 9, total_len=300, frag=50)[0],
        h.tcp(A_IP, B_IP, 4444, 80, flags=0x02, total_len=80, ip_options=b"\x01\x01\x01\x00")[0],
    ]
    for frame in frames:
        sw.send(1, frame)
        got = sw.recv(2, timeout=2.0)
        assert got is not None and got[:len(frame)] == frame
    reports = sw.reports(timeout=0.5)
    assert len(reports) == (1 if sw.nids_on else 0)      # only the TCP packet with IPv4 options is tracked
