# Run: .venv/bin/python -m pytest p4src/tests/test_reports.py       (from the repository root, as root)
"""Flow reports: every reason (ALERT, FLOW_END, EVICT on a forced hash collision, ACTIVE_TIMEOUT by packets
and by time, PROBE, FLOW_START), the report format and numbering, the report mask, the budgets (a flood of one kind of report never starves
another, probes included), the per-source alert cap, and tracking only where the port roles say so."""

import time

import pytest

from nidslib import dataplane as h

C_IP, S_IP = "10.3.0.1", "10.3.0.2"
REPORTS = "NidsIngress.reports.report_counter"
DROPS = "NidsIngress.reports.report_drop_counter"
EVICTS = "NidsIngress.flows.evict_counter"
CAPPED = "NidsIngress.reports.alert_capped_counter"
END = 0
PACKET_PHASES = [1 << i for i in range(16)]
LOSS_FRAMES = 60_000       # reports sent with the stream unread: more than gRPC's and the socket's buffers hold


@pytest.fixture
def nids(sw):
    sw.add_edge_link(1, 2)
    sw.config()
    return sw


def everything_is(sw, bank, cls, leaf, phases=PACKET_PHASES + [END], confidence=1000):
    """A one-leaf model: every flow is class `cls`, at every phase."""
    for phase in phases:
        sw.add_phase(bank, phase)
        sw.add_decision(bank, phase, {}, cls, leaf, confidence)


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


def colliding(sw, sport=33000, dport=80, count=2):
    """count TCP flows C_IP -> S_IP landing in the same two cells as (sport, dport) (seed 0): [(sport, dport)]."""
    return h.colliding_ports(C_IP, S_IP, sport, dport, 6, sw.slots_per_way, count)


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
    assert rep["_packet_in_port"] == 1 and rep["ingress_port"] == 1 and rep["client_ingress_port"] == 1
    assert rep["version"] == sw.const["REPORT_VERSION"]
    assert rep["reason"] == sw.reason("ACTIVE_TIMEOUT")
    assert rep["events"] == 1 << sw.reason("ACTIVE_TIMEOUT")
    assert rep["flags"] == sw.const["REPORT_FLAG_OCCUPIED"]
    assert rep["slot"] == h.flow_slot(C_IP, S_IP, 33000, 80, 6, sw.slots_per_way)
    assert rep["flags"] & sw.const["REPORT_FLAG_CLASSIFIED"] == 0 and rep["phase"] == 1
    assert sw.recv(2, timeout=2.0) is not None, "the reported packet is still forwarded"


def test_reports_are_numbered_one_by_one_so_a_lost_one_shows_as_a_gap(nids):
    """The switch numbers every report it sends (from 1 at its pipeline's start, across flows and reasons): the
    controller sees a report lost on the way (a full CPU-port queue drops it uncounted) as a skipped number."""
    sw = nids
    sw.config(timeout_pkts=1)
    for sport in (33000, 33001, 33002):
        for _ in range(2):
            send(sw, 1, c2s(sport=sport, flags=0x10))
    got = sw.reports(count=6, timeout=5.0)
    numbers = [r["sequence"] for r in got]
    assert len(numbers) == 6 and numbers[0] >= 1, numbers
    assert numbers == list(range(numbers[0], numbers[0] + 6)), numbers


def test_reports_the_switch_drops_behind_a_slow_controller_are_the_gaps_in_their_numbers(nids):
    """While the controller does not read the stream, the packet-in writes back up and BMv2 drops report clones at
    its CPU port's full queue without counting them; report_counter counted each one when it was cloned. The numbers
    of the reports that arrive skip exactly the lost ones."""
    sw = nids
    sw.config(timeout_pkts=1)                       # every packet of a tracked flow is a report
    before = sum(sw.read_counters(REPORTS))
    frames = [bytes(c2s(sport=40000 + i % 64, flags=0x10)[0]) for i in range(64)]
    with sw.client.stream_paused():
        for i in range(LOSS_FRAMES):
            sw.pktio.send(1, frames[i % 64])
            if i % 200 == 199:
                time.sleep(0.06)                    # about BMv2's pace: the reports, not the input, overflow
        time.sleep(1)
    got = sw.reports(timeout=60, quiet=1.0)
    send(sw, 1, c2s(sport=40000, flags=0x10))       # a last report: its number closes any gap at the end
    got += sw.reports(count=1, timeout=5.0)
    sent = sum(sw.read_counters(REPORTS)) - before
    numbers = [r["sequence"] for r in got]
    gaps = sum(b - a - 1 for a, b in zip(numbers, numbers[1:]))
    print(f"{sent} reports sent, {len(numbers)} arrived, {gaps} skipped in their numbers")
    assert all(b > a for a, b in zip(numbers, numbers[1:])), "numbers in the order sent"
    assert gaps > 0, f"no report was lost with the stream unread for {LOSS_FRAMES} reports: the test proves nothing"
    assert numbers[-1] - numbers[0] + 1 == sent and len(numbers) + gaps == sent, (sent, len(numbers), gaps)


# ---- ALERT --------------------------------------------------------------------------------------------

def test_alert_once_per_flow_rearmed_by_epoch_and_bank(nids):
    """Alerts come at phase packets (1, 2, 4, 8 ...): once per flow and model; a new epoch or bank re-arms it
    for the flow's next phase packet."""
    sw = nids
    everything_is(sw, 0, 4, 44)
    everything_is(sw, 1, 6, 66)
    before = sw.read_counters(REPORTS)
    send(sw, 1, c2s(flags=0x02))                                # packet 1
    rep = one_report(sw)
    assert (rep["reason"], rep["class_id"], rep["leaf_id"], rep["bank"]) == (sw.reason("ALERT"), 4, 44, 0)
    assert rep["events"] == 1 << sw.reason("ALERT") and rep["model_epoch"] == 0
    assert (rep["phase"], rep["confidence"]) == (1, 1000)
    assert rep["flags"] == sw.const["REPORT_FLAG_OCCUPIED"] | sw.const["REPORT_FLAG_CLASSIFIED"]
    send(sw, 2, s2c(flags=0x12))                                # packet 2: classified, already alerted
    no_report(sw)

    sw.config(epoch=7)                                          # a model change re-arms
    send(sw, 1, c2s(flags=0x10))                                # packet 3: not a phase
    no_report(sw)
    send(sw, 1, c2s(flags=0x10))                                # packet 4
    rep = one_report(sw)
    assert rep["reason"] == sw.reason("ALERT") and rep["model_epoch"] == 7 and rep["in_pkts"] == 3
    assert rep["phase"] == 4

    sw.config(epoch=7, bank=1)                                  # a bank flip re-arms
    for _ in range(3):
        send(sw, 2, s2c(flags=0x10))                            # packets 5..7
    no_report(sw)
    send(sw, 2, s2c(flags=0x10))                                # packet 8
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
    # the cell is free: two other flows of the same cells evict nothing
    assert rep["slot"] == h.flow_slot(C_IP, S_IP, 33000, 80, 6, sw.slots_per_way)
    before = sw.read_counters(EVICTS)
    for sport, dport in colliding(sw):
        send(sw, 1, c2s(sport, dport, flags=0x02))
    no_report(sw)
    assert sw.counter_delta(before, EVICTS) == [0, 0]


def test_flow_end_on_rst_with_pending_alert(nids):
    """FLOW_END wins over ALERT; the report carries both events."""
    sw = nids
    everything_is(sw, 0, 2, 22, phases=[END])
    send(sw, 1, c2s(flags=0x04))              # a lone RST: ends the flow on its first packet
    rep = one_report(sw)
    assert rep["reason"] == sw.reason("FLOW_END")
    assert rep["events"] == (1 << sw.reason("FLOW_END")) | (1 << sw.reason("ALERT"))
    assert (rep["class_id"], rep["phase"]) == (2, END)


# ---- EVICT --------------------------------------------------------------------------------------------

def test_evict_reports_the_replaced_flow_and_the_new_flows_alert_waits(nids):
    sw = nids
    second, third = colliding(sw)
    way0, way1 = h.flow_cells(C_IP, S_IP, 33000, 80, 6, sw.slots_per_way)
    everything_is(sw, 0, 3, 33, phases=[1])
    before_ev, before_rep = sw.read_counters(EVICTS), sw.read_counters(REPORTS)
    send(sw, 1, c2s(flags=0x02, total_len=60))
    a_alert = one_report(sw)                              # flow A alerts from way 0
    assert a_alert["slot"] == way0
    send(sw, 2, s2c(flags=0x12, total_len=60))
    send(sw, 1, c2s(*second, flags=0x02))                 # B: way 1, alerts
    assert one_report(sw)["slot"] == way1
    send(sw, 1, c2s(*third, flags=0x02, total_len=44))    # C: both ways live; B has fewer packets: B goes
    rep = one_report(sw)
    assert rep["reason"] == sw.reason("EVICT") and rep["slot"] == way1
    assert rep["flags"] == sw.const["REPORT_FLAG_OCCUPIED"] | sw.const["REPORT_FLAG_FREED"]
    assert (rep["client_ip"], rep["client_port"]) == (h.ip2int(C_IP), second[0])
    assert (rep["in_pkts"], rep["out_pkts"]) == (1, 0)
    assert rep["ingress_port"] == 1 and rep["client_ingress_port"] == 1
    # C's own ALERT (phase 1) waits for its next packet
    send(sw, 1, c2s(*third, flags=0x10, total_len=40))
    rep_c = one_report(sw)
    assert rep_c["reason"] == sw.reason("ALERT") and rep_c["client_port"] == third[0]
    assert (rep_c["in_pkts"], rep_c["phase"], rep_c["class_id"], rep_c["leaf_id"]) == (2, 1, 3, 33)
    assert sw.counter_delta(before_ev, EVICTS) == [0, 1]
    assert sw.counter_delta(before_rep, REPORTS)[sw.reason("EVICT")] == 1


# ---- the client's ingress port -----------------------------------------------------------------------

def test_every_report_carries_the_port_the_flows_first_packet_came_in_on(nids):
    """The client's side, whichever packet triggered the report: the server's RST (FLOW_END), a colliding new
    flow from another port (EVICT), a probe. The app checks the client's location at that port (docs/blocking.md)."""
    sw = nids
    everything_is(sw, 0, 5, 55, phases=[END])
    send(sw, 1, c2s(flags=0x02))                                # the client, on port 1, opens
    send(sw, 2, s2c(flags=0x14))                                # the server's RST (port 2) ends it
    rep = one_report(sw)
    assert rep["reason"] == sw.reason("FLOW_END") and rep["class_id"] == 5
    assert (rep["ingress_port"], rep["client_ingress_port"]) == (2, 1)
    assert rep["client_ip"] == h.ip2int(C_IP)

    # A flow whose first packet came in on port 2 is evicted by one from port 1: the report names port 2.
    second, third = colliding(sw, sport=34000)
    send(sw, 1, c2s(34000, 80, flags=0x02))                     # way 0, from port 1
    send(sw, 1, c2s(34000, 80, flags=0x10))
    send(sw, 2, c2s(*second, flags=0x02))                       # way 1, first packet on port 2
    send(sw, 1, c2s(*third, flags=0x02))                        # both ways live: the one-packet flow goes
    rep = one_report(sw)
    assert rep["reason"] == sw.reason("EVICT") and rep["client_port"] == second[0]
    assert (rep["ingress_port"], rep["client_ingress_port"]) == (1, 2)

    # A probe of a live flow: its client's port, not the CPU port the probe came in on.
    sw.probe(rep["slot"])
    rep = one_report(sw)
    assert rep["reason"] == sw.reason("PROBE") and rep["client_port"] == third[0]
    assert (rep["ingress_port"], rep["client_ingress_port"]) == (sw.cpu_port, 1)


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
    everything_is(sw, 0, 7, 77, phases=[END], confidence=10)      # a probe classifies at the end
    sw.config(timeout_pkts=1)
    send(sw, 1, c2s(flags=0x02, total_len=52))
    send(sw, 2, s2c(flags=0x12, total_len=52))
    last = sw.reports(count=2, timeout=3.0)[-1]
    slot = last["slot"]
    sw.config(timeout_pkts=0)
    sw.probe(slot)
    rep = one_report(sw)
    assert rep["reason"] == sw.reason("PROBE")
    assert rep["flags"] == sw.const["REPORT_FLAG_OCCUPIED"] | sw.const["REPORT_FLAG_CLASSIFIED"]
    assert (rep["class_id"], rep["leaf_id"], rep["phase"], rep["confidence"]) == (7, 77, END, 10)
    assert rep["ingress_port"] == sw.cpu_port
    features = [n for n, _ in sw.report_layout if n not in ("reason", "events", "flags", "ingress_port",
                                                            "model_epoch", "class_id", "leaf_id", "phase",
                                                            "confidence", "sequence")]
    assert {n: rep[n] for n in features} == {n: last[n] for n in features}
    sw.probe(slot, free=True)
    rep = one_report(sw)
    assert rep["flags"] == (sw.const["REPORT_FLAG_OCCUPIED"] | sw.const["REPORT_FLAG_FREED"]
                            | sw.const["REPORT_FLAG_CLASSIFIED"])
    assert rep["in_pkts"] == 1
    sw.probe(slot)
    rep = one_report(sw)
    assert rep["flags"] == 0 and rep["client_ip"] == 0 and rep["in_pkts"] == 0 and rep["src_flows"] == 0
    assert rep["client_ingress_port"] == 0
    sw.config(timeout_pkts=1)
    send(sw, 1, c2s(flags=0x10))              # the flow starts again in the freed slot
    rep = one_report(sw)
    assert rep["in_pkts"] == 1 and rep["out_pkts"] == 0 and rep["first_seen"] > last["first_seen"]


def test_a_free_probe_keeps_a_flow_that_was_not_silent_long_enough(nids):
    sw = nids
    sw.config(timeout_pkts=1)
    send(sw, 1, c2s(flags=0x02, total_len=52))
    slot = one_report(sw)["slot"]
    sw.config(timeout_pkts=0)
    freed = sw.const["REPORT_FLAG_FREED"]
    sw.probe(slot, free=True, min_idle_us=60_000_000)     # silent for well under a minute: kept
    rep = one_report(sw)
    assert rep["flags"] & sw.const["REPORT_FLAG_OCCUPIED"] and not rep["flags"] & freed
    time.sleep(0.3)
    sw.probe(slot, free=True, min_idle_us=200_000)        # silent for 0.3 s: freed
    rep = one_report(sw)
    assert rep["flags"] & freed and rep["in_pkts"] == 1
    sw.probe(slot)
    assert one_report(sw)["flags"] == 0, "the freed slot is empty"


def test_probes_have_their_own_budget_and_mask_the_slot(nids):
    sw = nids
    sw.config(budgets=False)
    sw.set_budget("PROBE", 1, 3)
    sw.set_budget("ALERT", 1000, 100)
    everything_is(sw, 0, 1, 11, phases=[1])
    time.sleep(0.1)
    before = sw.read_counters(DROPS)
    for _ in range(6):
        sw.probe(sw.nslots + 5)              # out of range: masked to slot 5
    got = sw.reports(timeout=1.0)
    assert [r["slot"] for r in got] == [5] * 3, "a burst of 3, then the probe budget refuses"
    assert sw.counter_delta(before, DROPS)[sw.reason("PROBE")] == 3
    send(sw, 1, c2s(flags=0x02))             # alerts have their own budget
    assert one_report(sw)["reason"] == sw.reason("ALERT")


# ---- FLOW_START ---------------------------------------------------------------------------------------

def test_a_new_udp_or_icmp_flow_is_announced_once_and_a_tcp_flow_is_not(nids):
    """Nothing ends a UDP or ICMP flow: its first packet tells the controller its slot (for the idle sweep), even
    when its verdict is benign; its later packets send nothing, and neither does a TCP flow (its end is reported)."""
    sw = nids
    everything_is(sw, 0, 0, 3, phases=[1, 2])      # benign at packets 1 and 2: no alert
    send(sw, 1, h.udp(C_IP, S_IP, 5353, 53, total_len=60))
    rep = one_report(sw)
    assert rep["reason"] == sw.reason("FLOW_START") and rep["events"] == 1 << sw.reason("FLOW_START")
    assert rep["flags"] & sw.const["REPORT_FLAG_OCCUPIED"] and not rep["flags"] & sw.const["REPORT_FLAG_FREED"]
    assert (rep["client_port"], rep["server_port"], rep["in_pkts"]) == (5353, 53, 1)
    send(sw, 1, h.udp(C_IP, S_IP, 5353, 53, total_len=60))
    no_report(sw)
    send(sw, 1, h.icmp(C_IP, S_IP, icmp_type=8, total_len=84))
    assert one_report(sw)["reason"] == sw.reason("FLOW_START")
    send(sw, 1, c2s(flags=0x02))
    no_report(sw)
    # A notice that coincides with an active timeout: one report, the record's reason, both events.
    sw.config(timeout_pkts=1)
    send(sw, 1, h.udp(C_IP, S_IP, 5354, 53, total_len=60))
    rep = one_report(sw)
    assert rep["reason"] == sw.reason("ACTIVE_TIMEOUT")
    assert rep["events"] == (1 << sw.reason("ACTIVE_TIMEOUT")) | (1 << sw.reason("FLOW_START"))


def test_flow_starts_have_their_own_budget_and_a_mask_bit(nids):
    sw = nids
    sw.config(budgets=False)
    sw.set_budget("START", 1, 3)
    sw.set_budget("RECORD", 1000, 100)
    time.sleep(0.1)
    before = sw.read_counters(DROPS)
    for i in range(6):
        sw.send(1, h.udp(C_IP, S_IP, 6000 + i, 53, total_len=60)[0])
    got = sw.reports(timeout=1.0)
    assert [r["client_port"] for r in got] == [6000, 6001, 6002], "a burst of 3, then the start budget refuses"
    assert sw.counter_delta(before, DROPS)[sw.reason("FLOW_START")] == 3
    send(sw, 1, c2s(flags=0x04))             # flow records have their own budget
    assert one_report(sw)["reason"] == sw.reason("FLOW_END")
    sw.config(report_mask=0xFF & ~(1 << sw.reason("FLOW_START")))
    sw.send(1, h.udp(C_IP, S_IP, 7000, 53, total_len=60)[0])
    no_report(sw)


# ---- report mask --------------------------------------------------------------------------------------

def test_report_mask_disables_reasons(nids):
    sw = nids
    everything_is(sw, 0, 1, 11, phases=[1, 2])
    sw.config(report_mask=0xFF & ~(1 << sw.reason("ALERT")), timeout_pkts=2)
    send(sw, 1, c2s(flags=0x02))
    no_report(sw)
    send(sw, 1, c2s(flags=0x10))
    rep = one_report(sw)                      # the timeout still reports, without the ALERT event
    assert rep["reason"] == sw.reason("ACTIVE_TIMEOUT") and rep["class_id"] == 1
    assert rep["events"] == 1 << sw.reason("ACTIVE_TIMEOUT")


# ---- rate limit ---------------------------------------------------------------------------------------

def test_a_flood_of_new_flows_leaves_room_for_others_alerts(nids):
    """One source opens 400 flows, each alerted at its first packet: the per-source cap reports its first few
    and counts the rest; the alert budget is not drained, so another source's alert goes out at once; controller
    packet-ins still get through."""
    sw = nids
    everything_is(sw, 0, 1, 11, phases=[1])
    sw.add_to_cpu(priority=30, eth_type=h.Ternary(0x0806, 0xFFFF))
    cap, flood = 5, 400
    sw.config(source_alert_cap=cap, source_window_log2_us=30, budgets=False)   # no epoch change meanwhile
    sw.set_budget("ALERT", 50, 20)
    time.sleep(0.5)                           # the bucket is full
    before_rep, before_drop, before_cap = (sw.read_counters(REPORTS), sw.read_counters(DROPS),
                                           sw.read_counters(CAPPED))
    flooder = "10.4.0.1"
    for i in range(flood):
        sw.send(1, h.tcp(flooder, S_IP, 1024 + i, 80 + i % 7, flags=0x02)[0])
        if i == flood // 2:
            from scapy.layers.l2 import ARP, Ether
            sw.send(1, bytes(Ether(src=h.MAC_A, dst="ff:ff:ff:ff:ff:ff") / ARP(psrc=C_IP, pdst=S_IP)))
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        sent = sum(sw.counter_delta(before_rep, REPORTS))
        capped = sum(sw.counter_delta(before_cap, CAPPED))
        if sent + capped >= flood:
            break
        time.sleep(0.1)
    assert (sent, capped) == (cap, flood - cap)
    assert sum(sw.counter_delta(before_drop, DROPS)) == 0
    send(sw, 1, c2s(flags=0x02))              # another source
    n_reports, n_arps, others = 0, 0, 0
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and (n_reports < cap + 1 or n_arps < 1):
        pin = sw.next_packet_in(timeout=0.5)
        if pin is None:
            continue
        rep = sw.decode_report(pin)
        if rep is not None:
            n_reports += 1
            others += rep["client_ip"] == h.ip2int(C_IP)
        elif pin.payload[12:14] == b"\x08\x06":
            n_arps += 1
    assert (n_reports, others, n_arps) == (cap + 1, 1, 1)


def test_a_flood_of_flow_ends_does_not_drain_the_alert_budget(nids):
    sw = nids
    everything_is(sw, 0, 1, 11, phases=[2])
    sw.config(budgets=False)
    sw.set_budget("RECORD", 10, 5)
    sw.set_budget("ALERT", 1000, 100)
    time.sleep(0.2)
    before_rep, before_drop = sw.read_counters(REPORTS), sw.read_counters(DROPS)
    for i in range(100):                      # one-packet flows ended by RST: FLOW_END records
        sw.send(1, h.tcp(f"10.4.1.{1 + i}", S_IP, 2000 + i, 80, flags=0x04)[0])
    time.sleep(1.0)
    ends = sw.counter_delta(before_rep, REPORTS)[sw.reason("FLOW_END")]
    assert 5 <= ends <= 25 and sw.counter_delta(before_drop, DROPS)[sw.reason("FLOW_END")] == 100 - ends
    send(sw, 1, c2s(flags=0x02))
    send(sw, 1, c2s(flags=0x10))              # phase 2: the alert
    got = sw.reports(timeout=2.0, match=lambda r: r["reason"] == sw.reason("ALERT"))
    assert len(got) == 1 and got[0]["client_ip"] == h.ip2int(C_IP)


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
            sw.probe(h.flow_slot(p.src, p.dst, p.sport, p.dport, p.proto, sw.slots_per_way), free=True)
        sw.reports(count=3, timeout=3.0)
