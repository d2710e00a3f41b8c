"""Unit tests of nidslib.lab.floods: seeded single-flow floods and benign high-rate flows written as a lab run."""
import json

from nidslib.lab import floods
from nidslib.lab import labels as labels_mod
from nidslib.lab.longflows import read_pcap


def flow_key(frame):
    proto, src, dst = frame[23], frame[26:30], frame[30:34]
    ports = frame[34:38] if proto != 1 else b"\0\0\0\0"
    return (proto,) + tuple(sorted([(src, ports[:2]), (dst, ports[2:])]))


def test_the_same_seed_gives_the_same_capture_and_another_seed_another(tmp_path):
    for name, seed in (("a", 7), ("b", 7), ("c", 8)):
        floods.generate(seed, str(tmp_path / name), floods=6, benign=6)
    a, b, c = ((tmp_path / d / "lab.pcap").read_bytes() for d in "abc")
    assert a == b and a != c
    assert (tmp_path / "a" / "labels.csv").read_text() == (tmp_path / "b" / "labels.csv").read_text()


def test_each_flood_is_labelled_and_no_other_flow_of_its_source_starts_or_runs_in_its_window(tmp_path):
    floods.generate(3, str(tmp_path), floods=30, benign=30)
    windows = labels_mod.read(str(tmp_path / "labels.csv"))
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert len(windows) == 30 and {w.family for w in windows} == {"Flood"}
    assert {w.attack for w in windows} <= {"udp-flood", "icmp-flood", "tcp-syn-flood", "tcp-ack-flood"}
    assert all(100 <= f["rate"] <= 30000 for f in manifest["flows"] if f["kind"].endswith("-flood"))
    packets = read_pcap(str(tmp_path / "lab.pcap"))
    assert len(packets) == manifest["packets"]
    assert [p[0] for p in packets] == sorted(p[0] for p in packets)
    # In a flood's window (and 6 s after it) every packet its source sends is the flood's: one 5-tuple, or for a
    # TCP flood answered by RSTs the same 5-tuple again; the hosts 10.0.0.9-16 never flood.
    for w in windows:
        assert int(w.src.split(".")[3]) <= 8
        keys = {flow_key(frame) for t, _, _, frame in packets
                if w.start <= t <= w.end + floods.AFTER_FLOOD and ".".join(map(str, frame[26:30])) == w.src
                and not (frame[23] == 1 and frame[34] == 3)}
        assert len(keys) == 1, (w, keys)
    # Benign flows: none runs while one of its hosts floods.
    for t, _, _, frame in packets:
        src, dst = ".".join(map(str, frame[26:30])), ".".join(map(str, frame[30:34]))
        flood = next((w for w in windows if w.start <= t <= w.end and w.src in (src, dst)), None)
        if flood is not None:
            assert {src, dst} == {flood.src, flood.target}, (t, src, dst, flood)


def test_icmp_flows_of_one_pair_keep_40_s_apart(tmp_path):
    floods.generate(5, str(tmp_path), floods=40, benign=60)
    spans = {}
    for t, _, _, frame in read_pcap(str(tmp_path / "lab.pcap")):
        if frame[23] == 1:
            spans.setdefault(flow_key(frame), []).append(t)
    for times in spans.values():
        gaps = [b - a for a, b in zip(times, times[1:])]
        # within one flow the packets come faster than the idle sweep's 30 s; between two flows 40 s or more
        assert all(g < 30.0 or g >= floods.ICMP_PAIR_GAP for g in gaps)
