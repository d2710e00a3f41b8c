"""Packet capture at chosen points (a namespace, an interface, a direction), one tcpdump each, merged into one
classic pcap ordered by time. The offline lab captures where packets enter its bridge; on the BMv2 fabric each host's
interface is captured outbound (every packet a host sends, once, before any switch may drop it).
"""
import os
import time

from . import netns


class CaptureError(Exception):
    pass


class Capture:
    def __init__(self, processes, log_dir):
        self.processes = processes
        self.log_dir = log_dir
        self.captures = []

    def start(self, name, points):
        """points: (namespace, interface, direction "in" or "out", label) per tcpdump."""
        os.makedirs(self.log_dir, exist_ok=True)
        self.captures = []
        for ns, interface, direction, label in points:
            path = os.path.join(self.log_dir, f"{name}-{label}.pcap")
            if os.path.exists(path):
                os.remove(path)
            process = self.processes.popen(
                netns.exec_args(ns, "tcpdump", "-i", interface, "-Q", direction, "-n", "-s", "256", "-U", "-w", path,
                                "ip"), log=os.path.join(self.log_dir, "tcpdump.log"))
            self.captures.append((process, path))
        _wait_for_files([p for _, p in self.captures])

    def stop(self, out):
        for process, _ in self.captures:
            # SIGTERM lets tcpdump flush its buffer into the file.
            self.processes.stop(process, grace=10)
        paths = [p for _, p in self.captures if os.path.exists(p)]
        if not paths:
            raise CaptureError(f"tcpdump wrote no capture (see {os.path.join(self.log_dir, 'tcpdump.log')})")
        merge(out, *paths)
        for path in paths:
            os.remove(path)
        self.captures = []
        return out


def merge(out, *pcaps):
    """One classic pcap (nids-model reads pcap, not pcapng) of the captures' packets in time order."""
    netns.run("mergecap", "-F", "pcap", "-w", out, *pcaps)
    return out


def _wait_for_files(paths, timeout=10):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if all(os.path.exists(p) for p in paths):
            time.sleep(0.3)
            return
        time.sleep(0.1)
    raise CaptureError("tcpdump did not start (see its tcpdump.log)")
