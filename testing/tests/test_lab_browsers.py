"""Unit tests of nidslib.lab.browsers: seeded benign browser page loads written as a lab run (pcap, labels, manifest)."""
import json
import struct

import pytest

from nidslib.lab import browsers
from nidslib.lab import labels as labels_mod
from nidslib.lab.longflows import SNAPLEN, read_pcap


def test_the_same_seed_gives_the_same_capture_and_another_seed_another(tmp_path):
    browsers.generate(7, str(tmp_path / "a"), pages=5)
    browsers.generate(7, str(tmp_path / "b"), pages=5)
    browsers.generate(8, str(tmp_path / "c"), pages=5)
    a, b, c = ((tmp_path / d / "lab.pcap").read_bytes() for d in "abc")
    assert a == b and a != c


def _segments(path):
    """(time, src, sport, flags, tcp header length, payload length) of every TCP segment."""
    out = []
    for t, kept, length, frame in read_pcap(path):
        assert frame[23] == 6 and kept <= SNAPLEN and kept <= length
        ip_total = struct.unpack("!H", frame[16:18])[0]
        offset = (frame[46] >> 4) * 4
        out.append((t, frame[29], struct.unpack("!H", frame[34:36])[0], frame[47], offset, ip_total - 20 - offset))
    return out


def test_pages_are_benign_tcp_with_browser_sized_requests_and_real_stack_options(tmp_path):
    browsers.generate(3, str(tmp_path), pages=30)
    assert labels_mod.read(str(tmp_path / "labels.csv")) == []
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert len(manifest["flows"]) == 30
    for page in manifest["flows"]:
        assert 1 <= len(page["servers"]) <= 3
        assert all(1 <= s["connections"] <= 6 for s in page["servers"])
    segments = _segments(str(tmp_path / "lab.pcap"))
    assert len(segments) == manifest["packets"]
    assert [s[0] for s in segments] == sorted(s[0] for s in segments)
    syn = [s for s in segments if s[3] & 0x02]
    assert syn and all(s[4] == 40 for s in syn)                  # MSS, SACK, timestamps, window scale
    assert all(s[4] == 32 for s in segments if not s[3] & 0x02)  # a timestamp on every later segment
    assert max(s[5] for s in segments) <= browsers.MSS           # no segment past the MTU
    clients = {(s[1], s[2]) for s in syn if not s[3] & 0x10}       # who sent the bare SYN
    requests = [s[5] for s in segments if s[5] > 0 and (s[1], s[2]) in clients]
    assert requests and min(requests) >= 1 and sum(r >= 350 for r in requests) >= len(requests) // 2


def test_no_connection_pauses_as_long_as_the_idle_sweep(tmp_path):
    browsers.generate(5, str(tmp_path), pages=20)
    last = {}
    for t, kept, length, frame in read_pcap(str(tmp_path / "lab.pcap")):
        key = tuple(sorted([(frame[26:30], frame[34:36]), (frame[30:34], frame[36:38])]))
        if key in last:
            assert t - last[key] < 30.0, key
        last[key] = t


def test_bad_counts_are_refused_with_one_line_and_nothing_written(tmp_path, capsys):
    out = tmp_path / "run"
    for bad in (["--pages", "0"], ["--spread", "0"]):
        with pytest.raises(SystemExit) as exit_info:
            browsers.main(["--seed", "1", "--out", str(out)] + bad)
        assert exit_info.value.code == 2
        assert "--pages must be >= 1 and --spread > 0" in capsys.readouterr().err
    assert not out.exists()
