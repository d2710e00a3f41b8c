# Run: .venv/bin/python -m pytest p4src/tests/test_classifier.py    (from the repository root, as root)
"""The table-driven classifier: classification only at the model's phases, every feature id through the
selectors, a hand-built 3-level tree with boundary values, leaf confidence against the threshold, bank flips under
traffic, and the (bank, class) counters."""

import threading
import time

import pytest

from nidslib import dataplane as h
from nidslib.flowref import FlowReference

C_IP, S_IP = "10.2.0.1", "10.2.0.2"
CLASS_COUNTER = "NidsIngress.classifier.class_counter"
LOW_CONFIDENCE = "NidsIngress.classifier.low_confidence_counter"
U32_MAX = (1 << 32) - 1
END = 0


@pytest.fixture
def nids(sw):
    sw.add_edge_link(1, 2)
    sw.config(timeout_pkts=1)
    return sw


def play(sw, steps):
    """Sends the steps one by one; returns (reference of the flow, last report)."""
    ref = FlowReference()
    rep = None
    for port, (frame, pkt) in steps:
        sw.send(port, frame)
        got = sw.reports(count=1, timeout=3.0)
        assert got, f"no report for {pkt}"
        rep = got[0]
        ref.add(pkt, rep["last_seen"])
    return ref, rep


def classified(rep, sw):
    return bool(rep["flags"] & sw.const["REPORT_FLAG_CLASSIFIED"])


def probe_class(sw, slot):
    sw.probe(slot)
    got = sw.reports(count=1, timeout=3.0, match=lambda r: r["reason"] == sw.reason("PROBE"))
    assert got, "no answer to the probe"
    return got[0]


def test_without_a_model_nothing_is_classified(nids):
    sw = nids
    before = sw.read_counters(CLASS_COUNTER)
    _, rep = play(sw, [(1, h.tcp(C_IP, S_IP, 1000, 2000, flags=0x02))])
    assert (rep["class_id"], rep["leaf_id"], rep["bank"]) == (0, 0, 0) and not classified(rep, sw)
    assert sum(sw.counter_delta(before, CLASS_COUNTER)) == 0


def test_a_phase_without_entries_is_class_0_leaf_0(nids):
    sw = nids
    sw.add_phase(0, 1)
    before = sw.read_counters(CLASS_COUNTER)
    _, rep = play(sw, [(1, h.tcp(C_IP, S_IP, 1001, 2000, flags=0x02))])
    assert (rep["class_id"], rep["leaf_id"], rep["phase"], rep["confidence"]) == (0, 0, 1, 0)
    assert classified(rep, sw)
    delta = sw.counter_delta(before, CLASS_COUNTER)
    assert delta[0] == 1 and sum(delta) == 1


def test_only_the_models_phases_are_classified(nids):
    """A model with trees at packets 1, 2 and 8 and at the end: a 10-packet flow is classified at packets 1, 2, 8
    and at its end, by the tree of that phase, and at no other packet."""
    sw = nids
    for phase, cls in ((1, 1), (2, 2), (8, 3), (END, 4)):
        sw.add_tree_stump(0, phase, "IN_PKTS", 1000, cls, 0)
    before = sw.read_counters(CLASS_COUNTER)
    verdicts = []
    for i in range(10):
        _, rep = play(sw, [(1, h.tcp(C_IP, S_IP, 1002, 2000, flags=0x02 if i == 0 else 0x10))])
        if classified(rep, sw):
            verdicts.append((rep["in_pkts"], rep["phase"], rep["class_id"]))
    _, rep = play(sw, [(1, h.tcp(C_IP, S_IP, 1002, 2000, flags=0x14))])       # RST: the end
    verdicts.append((rep["in_pkts"], rep["phase"], rep["class_id"]))
    assert verdicts == [(1, 1, 1), (2, 2, 2), (8, 8, 3), (11, END, 4)]
    delta = sw.counter_delta(before, CLASS_COUNTER)
    assert [delta[c] for c in range(5)] == [0, 1, 1, 1, 1]


def phase_packets(packets, sw):
    """How many of a flow's first `packets` packets are phase packets: powers of two up to MAX_PHASE_PACKETS, then
    every LATE_PHASE_PERIOD-th packet (the late phase)."""
    last, period = sw.const["MAX_PHASE_PACKETS"], sw.const["LATE_PHASE_PERIOD"]
    return sum(1 for n in range(1, packets + 1)
               if (n <= last and n & (n - 1) == 0) or (n > last and n % period == 0))


def test_a_long_flow_is_classified_every_64th_packet_after_the_128th_by_the_late_tree(nids):
    """Trees at packet 128 and at the late phase: a 330-packet UDP flow is classified at packet 128 by its tree and
    at packets 192, 256 and 320 by the late tree (phase key PHASE_LATE), at no other packet; powers of two beyond
    128 (256) are late-phase packets, not phases of their own."""
    sw = nids
    late, period = sw.const["PHASE_LATE"], sw.const["LATE_PHASE_PERIOD"]
    assert (sw.const["MAX_PHASE_PACKETS"], period, late) == (128, 64, 0xFFFF)
    sw.add_tree_stump(0, 128, "IN_PKTS", 1000, 1, 0)
    sw.add_tree_stump(0, late, "IN_PKTS", 1000, 2, 0)
    sw.add_tree_stump(0, 256, "IN_PKTS", 1000, 3, 0)        # never hit: 256 is a late-phase packet
    before = sw.read_counters(CLASS_COUNTER)
    verdicts = []
    for _ in range(330):
        _, rep = play(sw, [(1, h.udp(C_IP, S_IP, 1010, 2000, total_len=60))])
        if classified(rep, sw):
            verdicts.append((rep["in_pkts"], rep["phase"], rep["class_id"]))
    assert verdicts == [(128, 128, 1), (192, late, 2), (256, late, 2), (320, late, 2)]
    delta = sw.counter_delta(before, CLASS_COUNTER)
    assert [delta[c] for c in range(4)] == [0, 1, 3, 0]


def test_without_active_timeouts_the_phase_clock_finds_every_phase_packet_of_a_two_way_flow(nids):
    """No active timeout (so a packet goes past the flow table only when its cell says a phase is due, cells.p4's
    phase clock), a benign tree at every phase: a 330-packet flow, every third packet from the server, is
    classified at its packets 1, 2, 4 ... 128 (counted both ways) and then at every 64th, each once."""
    sw = nids
    sw.config(timeout_pkts=0)
    last, period, late = sw.const["MAX_PHASE_PACKETS"], sw.const["LATE_PHASE_PERIOD"], sw.const["PHASE_LATE"]
    phases = [1 << k for k in range(last.bit_length())] + [late]
    for phase in phases:
        sw.add_tree_stump(0, phase, "IN_PKTS", 1000, 0, 0)
    classified_at = []
    count = sw.read_counter(CLASS_COUNTER, 0)[0]
    for n in range(1, 331):
        if n % 3 == 0:
            port, out = 2, 1
            frame, _ = h.udp(S_IP, C_IP, 2000, 1011, total_len=60)
        else:
            port, out = 1, 2
            frame, _ = h.udp(C_IP, S_IP, 1011, 2000, total_len=60)
        sw.send(port, frame)
        assert sw.recv(out, timeout=3.0) is not None, f"packet {n} not forwarded"
        now = sw.read_counter(CLASS_COUNTER, 0)[0]
        classified_at += [n] * (now - count)
        count = now
    expected = [n for n in range(1, 331) if (n <= last and n & (n - 1) == 0) or (n > last and n % period == 0)]
    assert classified_at == expected


def test_leaf_confidence_against_the_threshold(nids):
    """An attack leaf below min_confidence is counted per class and never alerted; at or above it alerts."""
    sw = nids
    sw.add_tree_stump(0, 1, "IN_PKTS", 1000, 5, 0, confidence=899)
    sw.config(timeout_pkts=0, min_confidence=900)
    before = sw.read_counters(LOW_CONFIDENCE)
    sw.send(1, h.tcp(C_IP, S_IP, 1003, 2000, flags=0x02)[0])
    assert sw.reports(timeout=0.5) == []
    assert sw.counter_delta(before, LOW_CONFIDENCE)[5] == 1
    sw.config(timeout_pkts=0, min_confidence=899)
    sw.send(1, h.tcp(C_IP, S_IP, 1004, 2000, flags=0x02)[0])
    rep = sw.reports(count=1, timeout=3.0)[0]
    assert (rep["reason"], rep["class_id"], rep["confidence"], rep["phase"]) == (sw.reason("ALERT"), 5, 899, 1)
    assert sw.counter_delta(before, LOW_CONFIDENCE)[5] == 1


def tcp_rep_after_probe(sw, slot):
    return probe_class(sw, slot)


def test_every_feature_id_in_every_slot(nids):
    """Each of the 32 feature ids, selected into slot (id - 1) % K, reaches the END tree's decision table (a
    probe classifies at the end) with the value docs/features.md defines (an exact [v, v] interval -> class 1,
    either side -> classes 2 / 3)."""
    sw = nids
    sw.config(timeout_pkts=1, source_window_log2_us=30)     # SRC_* stay put while the test runs
    k = sw.const["NUM_SLOTS"]
    tcp_steps = [
        (1, h.tcp(C_IP, S_IP, 41000, 8080, flags=0x02, total_len=60, ttl=61, window=1000)),
        (2, h.tcp(S_IP, C_IP, 8080, 41000, flags=0x12, total_len=300, ttl=120, window=2000)),
        (1, h.tcp(C_IP, S_IP, 41000, 8080, flags=0x18, total_len=700, ttl=62, window=3000)),
        (2, h.tcp(S_IP, C_IP, 8080, 41000, flags=0x18, total_len=1200, ttl=119, window=2500)),
        (1, h.tcp(C_IP, S_IP, 41000, 8080, flags=0x10, total_len=200, ttl=63, window=900)),
        (2, h.tcp(S_IP, C_IP, 8080, 41000, flags=0x10, total_len=100, ttl=121, window=100)),
        (1, h.tcp(C_IP, S_IP, 41000, 8080, flags=0x10, total_len=1300, ttl=60, window=10)),
    ]
    icmp_steps = [(1, h.icmp(C_IP, S_IP, icmp_type=13, icmp_code=1, total_len=40))]
    half_open = [(1, h.tcp(C_IP, S_IP, 41001, 8081, flags=0x02))]       # a second, unanswered SYN
    tcp_ref, tcp_rep = play(sw, tcp_steps)
    icmp_ref, icmp_rep = play(sw, icmp_steps)
    play(sw, half_open)
    tcp_values, icmp_values = tcp_ref.features(), icmp_ref.features()
    tcp_values.update({n: tcp_rep_after_probe(sw, tcp_rep["slot"])[n.lower()]
                       for n in ("SRC_FLOWS", "SRC_DST_HOSTS", "SRC_DST_PORTS", "SRC_HALF_OPEN")})

    sw.add_phase(0, END)
    ids = sw.feature_ids
    assert sorted(v for n, v in ids.items() if n != "NONE") == list(range(1, 34))
    for name, fid in sorted(ids.items(), key=lambda kv: kv[1]):
        if fid == 0:
            continue
        icmp_feature = name.startswith("ICMP")
        rep, values = (icmp_rep, icmp_values) if icmp_feature else (tcp_rep, tcp_values)
        v = values[name]
        assert v != 0, f"test flow should make {name} non-zero"
        slot = (fid - 1) % k
        entries = [sw.add_selector(0, END, slot, fid),
                   sw.add_range(0, END, slot, v, v, 1),
                   sw.add_decision(0, END, {slot: (1, 1)}, 1, fid)]
        if v < U32_MAX:
            entries.append(sw.add_range(0, END, slot, v + 1, U32_MAX, 2))
            entries.append(sw.add_decision(0, END, {slot: (2, 2)}, 2, 1000 + fid))
        entries.append(sw.add_range(0, END, slot, 0, v - 1, 3))
        entries.append(sw.add_decision(0, END, {slot: (3, 3)}, 3, 2000 + fid))
        got = probe_class(sw, rep["slot"])
        assert (got["class_id"], got["leaf_id"]) == (1, fid), f"{name} (id {fid}, slot {slot}, value {v})"
        assert got[name.lower()] == v
        for e in reversed(entries):
            sw.delete(e)


# ---- a hand-built 3-level tree ------------------------------------------------------------------------
# (feature, threshold, left, right): left is taken when value <= threshold. Leaves are (class, leaf id).
TREE = ("L4_DST_PORT", 1000,
        ("MAX_TTL", 64,
         ("IN_BYTES", 100, (0, 1), (3, 2)),
         ("TCP_WIN_MAX_IN", 5000, (5, 3), (9, 4))),
        ("L4_SRC_PORT", 40000,
         ("MIN_TTL", 128, (12, 5), (15, 6)),
         ("CLIENT_TCP_FLAGS", 0x12, (20, 7), (31, 8))))


def tree_eval(node, feats):
    if len(node) == 2:
        return node
    f, t, left, right = node
    return tree_eval(left if feats[f] <= t else right, feats)


def tree_entries(tree, max_value=U32_MAX):
    """A tiny independent tree compiler: per feature its thresholds -> intervals -> codes 1..n, and one
    decision entry per leaf with the code range of each feature on its path."""
    thresholds = {}

    def collect(node):
        if len(node) == 4:
            thresholds.setdefault(node[0], set()).add(node[1])
            collect(node[2])
            collect(node[3])
    collect(tree)
    slots = {f: i for i, f in enumerate(sorted(thresholds))}
    intervals = {}
    for f, ts in thresholds.items():
        bounds, lo = [], 0
        for t in sorted(ts):
            bounds.append((lo, t))
            lo = t + 1
        bounds.append((lo, max_value))
        intervals[f] = bounds            # code = index + 1
    leaves = []

    def walk(node, box):
        if len(node) == 2:
            leaves.append((dict(box), node))
            return
        f, t, left, right = node
        lo, hi = box.get(f, (0, max_value))
        walk(left, {**box, f: (lo, min(hi, t))})
        walk(right, {**box, f: (max(lo, t + 1), hi)})
    walk(tree, {})
    decisions = []
    for box, (cls, leaf) in leaves:
        codes = {}
        for f, (lo, hi) in box.items():
            c = [i + 1 for i, (a, b) in enumerate(intervals[f]) if a >= lo and b <= hi]
            codes[slots[f]] = (min(c), max(c))
        decisions.append((codes, cls, leaf))
    return slots, intervals, decisions


def write_tree(sw, bank, phase, tree):
    slots, intervals, decisions = tree_entries(tree)
    batch = [("NidsIngress.classifier.phases", {"bank": bank, "phase": phase}, "NidsIngress.classifier.classify",
              {}, None)]
    key = {"bank": bank, "phase": phase}
    for f, slot in slots.items():
        batch.append((f"NidsIngress.classifier.sel{slot}", key,
                      "NidsIngress.classifier.select_feature", {"feature_id": sw.feature_ids[f]}, None))
        for i, (lo, hi) in enumerate(intervals[f]):
            batch.append((f"NidsIngress.classifier.range{slot}", {**key, "value": h.Range(lo, hi)},
                          "NidsIngress.classifier.set_code", {"code": i + 1}, 1))
    for codes, cls, leaf in decisions:
        match = dict(key)
        match.update({f"code_{s}": h.Range(lo, hi) for s, (lo, hi) in codes.items()})
        batch.append(("NidsIngress.classifier.decision", match, "NidsIngress.classifier.set_class",
                      {"class_id": cls, "leaf_id": leaf, "confidence": 1000}, 1))
    sw.insert_many(batch)


def tree_cases():
    """Single-packet TCP flows putting each threshold's feature at t and t + 1 on a path to it."""
    base = dict(dport=80, ttl=64, total_len=100, window=5000, sport=30000, flags=0x02)
    cases = []
    for dport in (1000, 1001):                              # root
        cases.append({**base, "dport": dport})
    for ttl in (64, 65):                                    # left: MAX_TTL
        cases.append({**base, "ttl": ttl})
    for length in (100, 101):                               # left-left: IN_BYTES
        cases.append({**base, "total_len": length})
    for win in (5000, 5001):                                # left-right: TCP_WIN_MAX_IN
        cases.append({**base, "ttl": 65, "window": win})
    right = {**base, "dport": 2000}
    for sport in (40000, 40001):                            # right: L4_SRC_PORT
        cases.append({**right, "sport": sport})
    for ttl in (128, 129):                                  # right-left: MIN_TTL
        cases.append({**right, "ttl": ttl})
    for flags in (0x12, 0x13):                              # right-right: CLIENT_TCP_FLAGS (no RST)
        cases.append({**right, "sport": 50000, "flags": flags})
    return cases


def test_three_level_tree_boundaries(nids):
    """Single-packet flows, classified at phase 1."""
    sw = nids
    write_tree(sw, 0, 1, TREE)
    seen = set()
    before = sw.read_counters(CLASS_COUNTER)
    for i, case in enumerate(tree_cases()):
        src = f"10.2.{1 + i}.1"
        frame, pkt = h.tcp(src, S_IP, case["sport"], case["dport"], flags=case["flags"],
                           total_len=case["total_len"], ttl=case["ttl"], window=case["window"])
        ref, rep = play(sw, [(1, (frame, pkt))])
        want = tree_eval(TREE, ref.features())
        assert (rep["class_id"], rep["leaf_id"]) == want, f"case {case}"
        seen.add(want)
    all_leaves = set()

    def leaves(node):
        if len(node) == 2:
            all_leaves.add(node)
        else:
            leaves(node[2])
            leaves(node[3])
    leaves(TREE)
    assert seen == all_leaves, "every leaf (class) must be reached"
    delta = sw.counter_delta(before, CLASS_COUNTER)
    for cls, _ in all_leaves:
        assert delta[cls] >= 1


def test_bank_flip_under_traffic(nids):
    """Bank 0: every slot -> code 1, all codes 1 -> class 1; bank 1: code 2 -> class 2, at every packet phase. A
    packet classified with a mix of banks would get mixed codes, match no decision entry and count as class 0."""
    sw = nids
    k = sw.const["NUM_SLOTS"]
    per_bank = sw.const["CLASSES_PER_BANK"]
    phases = [1 << i for i in range(8)] + [sw.const["PHASE_LATE"]]
    batch = []
    for bank, code, cls in ((0, 1, 1), (1, 2, 2)):
        for phase in phases:
            key = {"bank": bank, "phase": phase}
            batch.append(("NidsIngress.classifier.phases", key, "NidsIngress.classifier.classify", {}, None))
            for slot in range(k):
                batch.append((f"NidsIngress.classifier.sel{slot}", key, "NidsIngress.classifier.select_feature",
                              {"feature_id": sw.feature_ids["IN_PKTS"]}, None))
                batch.append((f"NidsIngress.classifier.range{slot}", {**key, "value": h.Range(0, U32_MAX)},
                              "NidsIngress.classifier.set_code", {"code": code}, 1))
            match = {**key, **{f"code_{s}": h.Range(code, code) for s in range(k)}}
            batch.append(("NidsIngress.classifier.decision", match, "NidsIngress.classifier.set_class",
                          {"class_id": cls, "leaf_id": 100 * cls, "confidence": 1000}, 1))
    sw.insert_many(batch)
    sw.config(timeout_pkts=1, bank=0)
    before = sw.read_counters(CLASS_COUNTER)
    stop = threading.Event()
    sent = {}

    def traffic():
        i = 0
        while not stop.is_set() and i < 3000:
            port = 20000 + (i % 50)
            frame, _ = h.udp(C_IP, S_IP, port, 53, total_len=60)
            sw.send(1, frame)
            sent[port] = sent.get(port, 0) + 1
            i += 1
            time.sleep(0.001)

    t = threading.Thread(target=traffic)
    t.start()
    flips = 0
    try:
        for flips in range(1, 41):
            sw.config(timeout_pkts=1, bank=flips % 2, epoch=flips)
            time.sleep(0.02)
    finally:
        stop.set()
        t.join(timeout=30)
    # every flow is classified at its phase packets only
    expected = sum(phase_packets(n, sw) for n in sent.values())
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:                  # until the switch has classified every phase packet
        delta = sw.counter_delta(before, CLASS_COUNTER)
        if sum(delta) >= expected:
            break
        time.sleep(0.2)
    reports = sw.reports(timeout=10.0)
    assert delta[0 * per_bank + 0] == 0 and delta[1 * per_bank + 0] == 0, "a packet saw two banks"
    assert delta[0 * per_bank + 1] > 0 and delta[1 * per_bank + 2] > 0, "both banks classified traffic"
    assert delta[0 * per_bank + 1] + delta[1 * per_bank + 2] == expected == sum(delta)
    pairs = {(r["bank"], r["class_id"], r["leaf_id"]) for r in reports if classified(r, sw)}
    assert pairs <= {(0, 1, 100), (1, 2, 200)}, pairs
    assert flips == 40
