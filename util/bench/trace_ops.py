#!/usr/bin/env python3
"""Where a tracked packet's time goes on BMv2, counted: tables applied, conditions, action primitives, register
reads and writes per packet, from the switch's own trace log (docs/overhead.md).

One simple_switch_grpc (a build WITH logging macros, e.g. /usr/local/bin/simple_switch_grpc; the -O3 no-logging
build writes no trace) runs p4src/build/ on two veths; a short UDP flow crosses it under each configuration:

  S1  forwarding only (TRACK_OFF)
  S2  tracking, no model
  S3  tracking, a model with trees at packets 1, 2, 4, 8 ... and at the end

and the trace lines of each packet are counted by kind. Root; holds the stack lock while its switch runs.

    .venv/bin/python util/bench/trace_ops.py [--switch PATH] [--packets N]
"""
import argparse
import collections
import re
import shutil
import sys
import time
from pathlib import Path

from nidslib import dataplane
from nidslib.session import exclusive_stack_lock

KINDS = {
    "tables": re.compile(r"Applying table '"),
    "conditions": re.compile(r"Condition .* is (true|false)"),
    "actions": re.compile(r"\] Action "),
    "primitives": re.compile(r" Primitive "),
    "register reads": re.compile(r"Read register '"),
    "register writes": re.compile(r"Wrote register '"),
}
PACKET = re.compile(r"\[(\d+)\.(\d+)\] \[cxt \d+\] ")


def count(log_text):
    """{packet id: Counter(kind -> lines)} of a BMv2 trace log (clones, copy id > 0, count with their packet)."""
    per_packet = collections.defaultdict(collections.Counter)
    for line in log_text.splitlines():
        m = PACKET.search(line)
        if not m:
            continue
        for kind, pattern in KINDS.items():
            if pattern.search(line):
                per_packet[int(m.group(1))][kind] += 1
    return per_packet


def one_flow(sw, packets, sport):
    for _ in range(packets):
        frame, _ = dataplane.udp("10.9.0.1", "10.9.0.2", sport, 53, total_len=60)
        sw.send(1, frame)
        time.sleep(0.05)
    time.sleep(0.5)
    sw.drain_packet_ins(quiet=0.2)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--switch", default=shutil.which("simple_switch_grpc") or "simple_switch_grpc")
    parser.add_argument("--packets", type=int, default=9)
    args = parser.parse_args()
    reason = dataplane.ensure_build() or dataplane.missing_requirements()
    if reason:
        print(f"trace_ops: {reason}", file=sys.stderr)
        return 1
    log = Path(dataplane.BUILD) / "trace-ops.log"
    lock = exclusive_stack_lock()
    sw = dataplane.Switch(ports=(1, 2), log_dir=dataplane.BUILD)
    sw.binary = args.switch
    sw.options = ["--log-console", "--log-level", "trace"]   # the trace goes to stdout, i.e. log_path
    sw.log_path = log
    sw.start()
    try:
        sw.add_edge_link(1, 2)
        results = {}
        marks = []
        for name, setup in (("S1", lambda: sw.config(track_mode=sw.const["TRACK_OFF"])),
                            ("S2", lambda: sw.config()),
                            ("S3", lambda: (sw.config(), model(sw)))):
            setup()
            time.sleep(0.3)
            start = log.stat().st_size
            one_flow(sw, args.packets, 20000 + len(marks))
            marks.append((name, start, log.stat().st_size))
        text = log.read_bytes()
        for name, start, end in marks:
            per_packet = count(text[start:end].decode(errors="replace"))
            ids = sorted(per_packet)[-args.packets:]
            results[name] = [per_packet[i] for i in ids]
    finally:
        sw.close()
        lock.close()
    print(f"{'scenario':8} {'packet':>6}  " + "  ".join(f"{k:>15}" for k in KINDS))
    for name, rows in results.items():
        for number, counts in enumerate(rows, start=1):
            print(f"{name:8} {number:6d}  " + "  ".join(f"{counts[k]:15d}" for k in KINDS))
    return 0


def model(sw):
    """Trees at every packet phase and the end: IN_PKTS <= 1000 -> class 0."""
    for phase in [1 << i for i in range(16)] + [0]:
        sw.add_tree_stump(0, phase, "IN_PKTS", 1000, 0, 1)


if __name__ == "__main__":
    sys.exit(main())
