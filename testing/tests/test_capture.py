# Run: .venv/bin/python -m pytest testing/tests/test_capture.py
"""Capture points to one merged pcap (nidslib.capture), with the processes and mergecap stood in for: which
tcpdump runs where, that each is stopped with time to flush, that the files are merged in order and removed."""
import os

import pytest

from nidslib import capture as capture_mod


class FakeProcesses:
    def __init__(self):
        self.started = []
        self.stopped = []

    def popen(self, args, log=None):
        path = args[args.index("-w") + 1]
        with open(path, "wb") as f:      # tcpdump creates its file at once
            f.write(b"pcap")
        self.started.append(args)
        return len(self.started)

    def stop(self, process, grace=5):
        self.stopped.append((process, grace))


def test_one_tcpdump_per_point_then_one_merged_pcap(tmp_path, monkeypatch):
    merged = []
    monkeypatch.setattr(capture_mod.netns, "run", lambda *cmd, **kw: merged.append(cmd))
    processes = FakeProcesses()
    capture = capture_mod.Capture(processes, str(tmp_path))
    capture.start("round1", [("nids-h1", "h1-eth0", "out", "h1"), ("nids-lab", "p-h2", "in", "h2")])
    assert [a[:4] for a in processes.started] == [["ip", "netns", "exec", "nids-h1"],
                                                  ["ip", "netns", "exec", "nids-lab"]]
    first = processes.started[0]
    assert first[first.index("-i") + 1] == "h1-eth0" and first[first.index("-Q") + 1] == "out"
    assert processes.started[1][processes.started[1].index("-Q") + 1] == "in"

    out = capture.stop(str(tmp_path / "round1.pcap"))
    assert out == str(tmp_path / "round1.pcap")
    assert processes.stopped == [(1, 10), (2, 10)]       # SIGTERM with time to flush
    parts = [str(tmp_path / "round1-h1.pcap"), str(tmp_path / "round1-h2.pcap")]
    assert merged == [("mergecap", "-F", "pcap", "-w", out, *parts)]
    assert not any(os.path.exists(p) for p in parts)


def test_no_file_written_is_an_error(tmp_path, monkeypatch):
    monkeypatch.setattr(capture_mod.netns, "run", lambda *cmd, **kw: None)
    processes = FakeProcesses()
    capture = capture_mod.Capture(processes, str(tmp_path))
    capture.start("r", [("nids-h1", "h1-eth0", "out", "h1")])
    os.remove(str(tmp_path / "r-h1.pcap"))
    with pytest.raises(capture_mod.CaptureError, match="tcpdump wrote no capture"):
        capture.stop(str(tmp_path / "r.pcap"))
