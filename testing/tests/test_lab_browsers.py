"""Unit tests of nidslib.lab.browsers: seeded benign browser page loads written as a lab run (pcap, labels, manifest)."""
import collections
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
    for bad in (["--pages", "0"], ["--spread", "0"], ["--remote-pages", "-1"]):
        with pytest.raises(SystemExit) as exit_info:
            browsers.main(["--seed", "1", "--out", str(out)] + bad)
        assert exit_info.value.code == 2
        assert "--pages must be >= 1, --spread > 0 and --remote-pages >= 0" in capsys.readouterr().err
    assert not out.exists()


def _udp(path):
    """(time, src, dst, sport, dport) of every UDP datagram."""
    return [(t, frame[29], frame[33], *struct.unpack("!HH", frame[34:38]))
            for t, kept, length, frame in read_pcap(path) if frame[23] == 17]


def test_lookups_add_answered_dns_bursts_and_leave_the_tcp_part_as_it_was(tmp_path):
    browsers.generate(11, str(tmp_path / "plain"), pages=40)
    browsers.generate(11, str(tmp_path / "dns"), pages=40, dns=True)
    plain, dns = (read_pcap(str(tmp_path / d / "lab.pcap")) for d in ("plain", "dns"))
    assert not _udp(str(tmp_path / "plain" / "lab.pcap"))
    assert [p for p in dns if p[3][23] == 6] == plain
    datagrams = _udp(str(tmp_path / "dns" / "lab.pcap"))
    queries = [d for d in datagrams if d[4] == browsers.DNS_PORT]
    answers = collections.Counter((d[2], d[1], d[4]) for d in datagrams if d[3] == browsers.DNS_PORT)
    assert queries and len(queries) + sum(answers.values()) == len(datagrams)
    # every socket's queries answered by the one resolver its client asks, from port 53 to that socket
    resolver = {}
    for t, client, server, sport, _ in queries:
        assert resolver.setdefault(client, server) == server != client
        assert answers[(client, server, sport)] >= 1
    manifest = json.loads((tmp_path / "dns" / "manifest.json").read_text())
    assert all(0 <= page["lookups"] <= browsers.ASSET_NAMES[1] + 1 for page in manifest["flows"])
    # the point of it: some page loads open dozens of flows to port 53 within one source epoch (2.1 s)
    flows = sorted({(client, sport): t for t, client, _, sport, _ in reversed(queries)}.items(), key=lambda f: f[1])
    busiest = max(sum(1 for (c, _), t in flows if c == client and start <= t < start + 2.1)
                  for (client, _), start in flows)
    assert busiest >= 40, busiest


def test_remote_pages_keep_dozens_of_handshakes_open_to_as_many_hosts_and_add_to_the_lab_pages(tmp_path):
    browsers.generate(13, str(tmp_path / "plain"), pages=20)
    browsers.generate(13, str(tmp_path / "remote"), pages=20, remote_pages=30)
    plain = read_pcap(str(tmp_path / "plain" / "lab.pcap"))
    remote = read_pcap(str(tmp_path / "remote" / "lab.pcap"))
    lab_hosts = {bytes([10, 0, 0, h]) for h in browsers.HOSTS}
    assert [p for p in remote if p[3][26:30] in lab_hosts and p[3][30:34] in lab_hosts] == plain
    pages = [f for f in json.loads((tmp_path / "remote" / "manifest.json").read_text())["flows"]
             if f["kind"] == "remote-page"]
    assert len(pages) == 30
    for page in pages:
        assert 1 <= len(page["servers"]) <= browsers.REMOTE_SERVERS[1]
        assert all(s["server"] in browsers.REMOTE_HOSTS and 5 <= s["rtt_ms"] <= 150 for s in page["servers"])
    # open handshakes of one client at once: bare SYNs sent, their SYN-ACKs not yet back
    most, open_now = 0, {}
    for t, kept, length, frame in remote:
        if frame[23] != 6:
            continue
        flags, ends = frame[47], (frame[26:30], frame[34:36], frame[30:34], frame[36:38])
        if flags & 0x12 == 0x02:
            open_now.setdefault(ends[0], set()).add(ends)
            most = max(most, len({e[2] for e in open_now[ends[0]]}))
        elif flags & 0x12 == 0x12:
            open_now.get(ends[2], set()).discard((ends[2], ends[3], ends[0], ends[1]))
    assert most >= 15, most
