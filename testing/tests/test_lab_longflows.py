"""Unit tests of nidslib.lab.longflows: seeded benign long flows written as a lab run (pcap, labels, manifest)."""
import json

from nidslib.lab import labels as labels_mod
from nidslib.lab import longflows
from nidslib.lab.longflows import read_pcap


def test_the_same_seed_gives_the_same_capture_and_another_seed_another(tmp_path):
    longflows.generate(7, str(tmp_path / "a"), flows=12)
    longflows.generate(7, str(tmp_path / "b"), flows=12)
    longflows.generate(8, str(tmp_path / "c"), flows=12)
    a, b, c = ((tmp_path / d / "lab.pcap").read_bytes() for d in "abc")
    assert a == b and a != c


def test_a_run_is_benign_long_and_low_rate(tmp_path):
    longflows.generate(3, str(tmp_path), flows=40)
    assert labels_mod.read(str(tmp_path / "labels.csv")) == []
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert len(manifest["flows"]) == 40
    for flow in manifest["flows"]:
        assert 150 <= flow["packets"] <= 2000
        assert 0.09 <= flow["rate"] <= 50
    packets = read_pcap(str(tmp_path / "lab.pcap"))
    assert len(packets) == manifest["packets"]
    times = [p[0] for p in packets]
    assert times == sorted(times)
    assert all(kept <= longflows.SNAPLEN and kept <= length for _, kept, length, _ in packets)
    protocols = {frame[23] for _, _, _, frame in packets}
    assert protocols == {1, 6, 17}


def test_no_flow_pauses_as_long_as_the_idle_sweep(tmp_path):
    longflows.generate(5, str(tmp_path), flows=30)
    last = {}
    for t, _, _, frame in read_pcap(str(tmp_path / "lab.pcap")):
        proto, src, dst = frame[23], frame[26:30], frame[30:34]
        ports = frame[34:38] if proto != 1 else b""
        key = (proto,) + tuple(sorted([(src, ports[:2]), (dst, ports[2:])]))
        if key in last:
            # ICMP flows are keyed by addresses only: a pair's next ping starts 40 s or more after its last one.
            assert t - last[key] < 30.0 or (proto == 1 and t - last[key] >= 40.0), key
        last[key] = t
