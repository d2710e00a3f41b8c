# Run: .venv/bin/python -m pytest p4src/tests/test_reports.py       (from the repository root, as root)
"""Flow reports: every reason (ALERT, FLOW_END, EVICT on a forced hash collision, ACTIVE_TIMEOUT by packets
and by time, PROBE), the report format, the report mask, the rate limit under a SYN flood, and tracking only
where the port roles say so."""

import time

import pytest

from nidslib import dataplane as h

C_IP, S_IP = "10.3.0.1", "10.3.0.2"
REPORTS = "NidsIngress.reports.report_counter"
DROPS = "NidsIngress.reports.report_drop_counter"
EVICTS = "NidsIngress.flows.evict_counter"


@pytest.fixture
def nids(sw):
    for p in (1, 2):
        sw.add_edge_port(p)
    sw.add_forward(1, 2)
    sw.add_forward(2, 1)
    sw.config()
    return sw


def everything_is(sw, bank, cls, leaf):
    """A one-leaf model: every flow is class `cls`."""
    return sw.add_decision(bank, {}, cls, leaf)


def send(sw, port, frame_pkt):
    sw.send(port, frame_pkt[0])


def one_report(sw, timeout=3.0):
    got = sw.reports(count=1, timeout=timeout)
    assert got, "expected a report"
    return got[0]


def no_report(sw, wait=0.5):
    got = sw.reports(timeout=wait)
    assert got == [], [(r["reason"], r["slot"]) for r in got]


def c2s(sport=33000, dport=80, **kw):
    return h.tcp(C_IP, S_IP, sport, dport, **kw)


def s2c(sport=33000, dport=80, **kw):
    return h.tcp(S_IP, C_IP, dport, sport, smac=h.MAC_B, dmac=h.MAC_A, **kw)


def colliding_flow(sw, src, dst, sport, dport, proto, net="10.3.100"):
    """(new_src, new_sport) of a TCP flow to (dst, dport) whose slot equals the slot of the given flow."""
    target = h.flow_slot(src, dst, sport, dport, proto, sw.nslots)
    for host in range(1, 255):
        new_src = f"{net}.{host}"
        for port in range(1024, 65536):
            if h.flow_slot(new_src, dst, port, dport, proto, sw.nslots) == target:
                return new_src, port, target
    raise AssertionError("no colliding flow found")


# ---- format -------------------------------------------------------------------------------------------

def test_report_format(nids):
    sw = nids
    sw.config(timeout_pkts=1)
    send(sw, 1, c2s(flags=0x02, total_len=1400))
    pin = sw.next_packet_in(timeout=3.0)
    assert pin is not None
    rep = sw.decode_report(pin)
    assert rep is not None, "packet-in is not a report (EtherType)"
    report_bytes = sum(w for _, w in sw.report_layout) // 8
    assert all(w % 8 == 0 for _, w in sw.report_layout)
    assert len(pin.payload) == 14 + report_bytes, "original packet must be truncated away"
    assert rep["_packet_in_port"] == 1 and rep["ingress_port"] == 1
    assert rep["version"] == sw.const["REPORT_VERSION"]
    assert rep["reason"] == sw.reason("ACTIVE_TIMEOUT")
    assert rep["events"] == 1 << sw.reason("ACTIVE_TIMEOUT")
    assert rep["flags"] == sw.const["REPORT_FLAG_OCCUPIED"]
    assert rep["slot"] == h.flow_slot(C_IP, S_IP, 33000, 80, 6, sw.nslots)
    assert sw.recv(2, timeout=2.0) is not None, "the reported packet is still forwarded"


# ---- ALERT --------------------------------------------------------------------------------------------

def test_alert_once_per_flow_rearmed_by_epoch_and_bank(nids):
    sw = nids
    everything_is(sw, 0, 4, 44)
    everything_is(sw, 1, 6, 66)
    before = sw.read_counters(REPORTS)
    send(sw, 1, c2s(flags=0x02))
    rep = one_report(sw)
    assert (rep["reason"], rep["class_id"], rep["leaf_id"], rep["bank"]) == (sw.reason("ALERT"), 4, 44, 0)
    assert rep["events"] == 1 << sw.reason("ALERT") and rep["model_epoch"] == 0
    send(sw, 2, s2c(flags=0x12))
    send(sw, 1, c2s(flags=0x10))
    no_report(sw)                                               # once per flow and model

    sw.config(epoch=7)                                          # a model change re-arms
    send(sw, 1, c2s(flags=0x10))
    rep = one_report(sw)
    assert rep["reason"] == sw.reason("ALERT") and rep["model_epoch"] == 7 and rep["in_pkts"] == 3
    send(sw, 1, c2s(flags=0x10))
    no_report(sw)

    sw.config(epoch=7, bank=1)                                  # a bank flip re-arms
    send(sw, 2, s2c(flags=0x10))
    rep = one_report(sw)
    assert (rep["reason"], rep["class_id"], rep["leaf_id"], rep["bank"]) == (sw.reason("ALERT"), 6, 66, 1)
    no_report(sw)
    assert sw.counter_delta(before, REPORTS)[sw.reason("ALERT")] == 3


def test_benign_flow_never_alerts(nids):
    sw = nids
    for i in range(3):
        send(sw, 1, c2s(flags=0x10))
    no_report(sw)


# ---- FLOW_END -----------------------------------------------------------------------------------------

def test_flow_end_on_fin_both_ways_frees_the_slot(nids):
    sw = nids
    send(sw, 1, c2s(flags=0x02))
    send(sw, 2, s2c(flags=0x12))
    send(sw, 1, c2s(flags=0x11))             # FIN one way: not the end
    no_report(sw)
    send(sw, 2, s2c(flags=0x11))
    rep = one_report(sw)
    assert rep["reason"] == sw.reason("FLOW_END")
    assert rep["flags"] == sw.const["REPORT_FLAG_OCCUPIED"] | sw.const["REPORT_FLAG_FREED"]
    assert (rep["in_pkts"], rep["out_pkts"]) == (2, 2)
    # the slot is free: another flow landing on it evicts nothing
    other_ip, other_port, slot = colliding_flow(sw, C_IP, S_IP, 33000, 80, 6)
    assert rep["slot"] == slot
    before = sw.read_counters(EVICTS)
    sw.send(1, h.tcp(other_ip, S_IP, other_port, 80, flags=0x02)[0])
    no_report(sw)
    assert sw.counter_delta(before, EVICTS) == [0]


def test_flow_end_on_rst_with_pending_alert(nids):
    """FLOW_END wins over ALERT; the report carries both events."""
    sw = nids
    everything_is(sw, 0, 2, 22)
    send(sw, 1, c2s(flags=0x04))              # a lone RST: ends the flow on its first packet
    rep = one_report(sw)
    assert rep["reason"] == sw.reason("FLOW_END")
    assert rep["events"] == (1 << sw.reason("FLOW_END")) | (1 << sw.reason("ALERT"))
    assert rep["class_id"] == 2


# ---- EVICT --------------------------------------------------------------------------------------------

def test_evict_on_forced_hash_collision(nids):
    sw = nids
    ip_b, sport_b, slot = colliding_flow(sw, C_IP, S_IP, 33000, 80, 6)
    everything_is(sw, 0, 3, 33)
    before_ev, before_rep = sw.read_counters(EVICTS), sw.read_counters(REPORTS)
    send(sw, 1, c2s(flags=0x02, total_len=60))
    a_alert = one_report(sw)                              # flow A alerts (its slot is the target slot)
    assert a_alert["slot"] == slot
    send(sw, 2, s2c(flags=0x12, total_len=60))
    no_report(sw)
    sw.send(1, h.tcp(ip_b, S_IP, sport_b, 80, flags=0x02, total_len=44)[0])
    rep = one_report(sw)                                  # B evicts A: A is reported
    assert rep["reason"] == sw.reason("EVICT") and rep["slot"] == slot
    assert rep["flags"] == sw.const["REPORT_FLAG_OCCUPIED"] | sw.const["REPORT_FLAG_FREED"]
    assert (rep["client_ip"], rep["client_port"]) == (h.ip2int(C_IP), 33000)
    assert (rep["in_pkts"], rep["out_pkts"], rep["in_bytes"], rep["out_bytes"]) == (1, 1, 60, 60)
    assert (rep["class_id"], rep["leaf_id"]) == (3, 33)   # A's last verdict
    assert rep["ingress_port"] == 1
    # B's own ALERT waits for its next packet
    sw.send(1, h.tcp(ip_b, S_IP, sport_b, 80, flags=0x10, total_len=40)[0])
    rep_b = one_report(sw)
    assert rep_b["reason"] == sw.reason("ALERT") and rep_b["client_ip"] == h.ip2int(ip_b)
    assert rep_b["in_pkts"] == 2
    assert sw.counter_delta(before_ev, EVICTS) == [1]
    assert sw.counter_delta(before_rep, REPORTS)[sw.reason("EVICT")] == 1


# ---- ACTIVE_TIMEOUT -----------------------------------------------------------------------------------

def test_active_timeout_every_n_packets(nids):
    sw = nids
    sw.config(timeout_pkts=3)
    got = []
    for i in range(8):
        send(sw, 1 if i % 2 == 0 else 2, c2s(flags=0x10) if i % 2 == 0 else s2c(flags=0x10))
        got += sw.reports(timeout=0.4)
    assert [(r["reason"], r["in_pkts"] + r["out_pkts"]) for r in got] == \
        [(sw.reason("ACTIVE_TIMEOUT"), 3), (sw.reason("ACTIVE_TIMEOUT"), 6)]


def test_active_timeout_by_time(nids):
    sw = nids
    sw.config(timeout_us=300_000)
    send(sw, 1, c2s(flags=0x02))
    no_report(sw, wait=0.1)
    time.sleep(0.4)
    send(sw, 2, s2c(flags=0x12))
    rep = one_report(sw)
    assert rep["reason"] == sw.reason("ACTIVE_TIMEOUT")
    assert rep["last_seen"] - rep["first_seen"] >= 300_000
    send(sw, 1, c2s(flags=0x10))
    no_report(sw, wait=0.2)


# ---- PROBE --------------------------------------------------------------------------------------------

def test_probe_reports_and_frees_a_slot(nids):
    sw = nids
    sw.config(timeout_pkts=1)
    send(sw, 1, c2s(flags=0x02, total_len=52))
    send(sw, 2, s2c(flags=0x12, total_len=52))
    last = sw.reports(count=2, timeout=3.0)[-1]
    slot = last["slot"]
    sw.probe(slot)
    rep = one_report(sw)
    assert rep["reason"] == sw.reason("PROBE") and rep["flags"] == sw.const["REPORT_FLAG_OCCUPIED"]
    assert rep["ingress_port"] == sw.cpu_port
    features = [n for n, _ in sw.report_layout if n not in ("reason", "events", "flags", "ingress_port",
                                                            "model_epoch")]
    assert {n: rep[n] for n in features} == {n: last[n] for n in features}
    sw.probe(slot, free=True)
    rep = one_report(sw)
    assert rep["flags"] == sw.const["REPORT_FLAG_OCCUPIED"] | sw.const["REPORT_FLAG_FREED"]
    assert rep["in_pkts"] == 1
    sw.probe(slot)
    rep = one_report(sw)
    assert rep["flags"] == 0 and rep["client_ip"] == 0 and rep["in_pkts"] == 0
    send(sw, 1, c2s(flags=0x10))              # the flow starts again in the freed slot
    rep = one_report(sw)
    assert rep["in_pkts"] == 1 and rep["out_pkts"] == 0 and rep["first_seen"] > last["first_seen"]


def test_probe_is_not_rate_limited_and_masks_slot(nids):
    sw = nids
    sw.config(report_rate_pps=1, report_burst=1)
    for _ in range(5):
        sw.probe(sw.nslots + 5)              # out of range: masked to slot 5
    got = sw.reports(count=5, timeout=3.0)
    assert [r["slot"] for r in got] == [5] * 5


# ---- report mask --------------------------------------------------------------------------------------

def test_report_mask_disables_reasons(nids):
    sw = nids
    everything_is(sw, 0, 1, 11)
    sw.config(report_mask=0xFF & ~(1 << sw.reason("ALERT")), timeout_pkts=2)
    send(sw, 1, c2s(flags=0x02))
    no_report(sw)
    send(sw, 1, c2s(flags=0x10))
    rep = one_report(sw)                      # the timeout still reports, without the ALERT event
    assert rep["reason"] == sw.reason("ACTIVE_TIMEOUT") and rep["class_id"] == 1
    assert rep["events"] == 1 << sw.reason("ACTIVE_TIMEOUT")


# ---- rate limit ---------------------------------------------------------------------------------------

def test_rate_limit_under_syn_flood(nids):
    sw = nids
    everything_is(sw, 0, 1, 11)
    sw.add_to_cpu(priority=30, eth_type=h.Ternary(0x0806, 0xFFFF))
    rate, burst, flood = 50, 20, 400
    sw.config(report_rate_pps=rate, report_burst=burst)
    time.sleep(burst / rate + 0.2)            # the bucket is full
    before_rep, before_drop = sw.read_counters(REPORTS), sw.read_counters(DROPS)
    t0 = time.monotonic()
    for i in range(flood):
        src = f"10.4.{i // 250}.{i % 250 + 1}"
        sw.send(1, h.tcp(src, S_IP, 1024 + i, 80, flags=0x02)[0])
        if i == flood // 2:
            from scapy.layers.l2 import ARP, Ether
            sw.send(1, bytes(Ether(src=h.MAC_A, dst="ff:ff:ff:ff:ff:ff") / ARP(psrc=C_IP, pdst=S_IP)))
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        # every SYN starts a flow and tries one report: an ALERT, or an EVICT where two of them collide
        sent = sum(sw.counter_delta(before_rep, REPORTS))
        dropped = sum(sw.counter_delta(before_drop, DROPS))
        if sent + dropped >= flood:
            break
        time.sleep(0.1)
    elapsed = time.monotonic() - t0
    assert sent + dropped == flood
    assert burst <= sent <= burst + rate * elapsed + 1, (sent, elapsed)
    assert dropped >= flood - burst - rate * elapsed - 1
    n_reports, n_arps = 0, 0
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and (n_reports < sent or n_arps < 1):
        pin = sw.next_packet_in(timeout=0.5)
        if pin is None:
            continue
        if sw.decode_report(pin) is not None:
            n_reports += 1
        elif pin.payload[12:14] == b"\x08\x06":
            n_arps += 1
    n_reports += len(sw.reports(timeout=1.0))          # nothing more may come
    assert n_reports == sent, "one packet-in per report sent"
    assert n_arps == 1, "controller packet-ins still get through during the flood"


# ---- where flows are tracked --------------------------------------------------------------------------

def test_tracking_follows_port_roles_and_track_mode(sw):
    sw.add_edge_port(1)
    sw.add_edge_port(2)                       # ports 3 and 4: transit
    sw.add_forward(3, 1, priority=20, ipv4_dst=h.Ternary(h.ip2int(C_IP), 0xFFFFFFFF))
    sw.add_forward(3, 4, priority=10)
    sw.add_forward(1, 3)
    c = sw.const

    def tracked(port, frame):
        sw.send(port, frame[0])
        return bool(sw.reports(timeout=0.4))

    from_transit_to_edge = h.tcp(S_IP, C_IP, 80, 40000, flags=0x02)
    from_transit_to_transit = h.tcp(S_IP, "10.3.5.5", 80, 40001, flags=0x02)
    from_edge = h.tcp(C_IP, "10.3.5.6", 40002, 80, flags=0x02)
    expect = {
        c["TRACK_OFF"]: (False, False, False),
        c["TRACK_INGRESS_EDGE"]: (True, False, False),
        c["TRACK_EDGE"]: (True, True, False),
        c["TRACK_ALL"]: (True, True, True),
    }
    for i, (mode, want) in enumerate(expect.items()):
        sw.config(track_mode=mode, timeout_pkts=1, epoch=i)
        got = (tracked(1, from_edge), tracked(3, from_transit_to_edge), tracked(3, from_transit_to_transit))
        assert got == want, f"track_mode {mode}"
        for frame in (from_edge, from_transit_to_edge, from_transit_to_transit):   # forget those flows
            p = frame[1]
            sw.probe(h.flow_slot(p.src, p.dst, p.sport, p.dport, p.proto, sw.nslots), free=True)
        sw.reports(count=3, timeout=3.0)
