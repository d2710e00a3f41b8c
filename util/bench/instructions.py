#!/usr/bin/env python3
"""Instructions BMv2 executes per packet, counted (docs/overhead.md): the work of a pipeline, independent of the
machine's load, so candidate programs can be compared while other work runs (`make bench`'s rates cannot).

One simple_switch_grpc (the -O3 build by default) runs under valgrind's callgrind, reading its packets from a pcap
file (--use-files: no interfaces, no namespaces) after being configured over P4Runtime as a scenario of
util/bench/overhead.py (S1 forwarding, S2 features, S3 small model, S4 full model; the benchmark models). The
pcap holds one UDP flow of N frames from port 1 to port 2, so the flow's phase packets (1, 2, 4 .. 128, every
64th after) weigh as they do in the benchmark's flows. Printed per scenario: instructions per packet of the
ingress thread's parser and ingress pipeline, and of the egress pipeline. One scenario under valgrind takes about a
minute. The -O3 build needs no stack lock: it has no Thrift server and no nanomsg notification socket, its gRPC
port is a free one and its pcap files are in its own directory; a build with Thrift (port 9090 by default) or
notifications (/tmp/bmv2-<device id>-notifications.ipc) would collide with another session's switch, so for such a
build it holds the stack lock while its switch runs.

    .venv/bin/python util/bench/instructions.py [--json F --p4info F] [--scenarios S1,S2,S4] [--packets N] [--keep DIR]
        [--prior-flows N [--prior-packets K] [--prior-only]]

With --prior-flows N the pcap starts with N earlier flows (a UDP flow of K frames and a short TCP connection each):
what a benchmark run leaves in the switch. The measured flow's cost is then the run's totals minus those of the same
run with --prior-only (docs/overhead.md, session 10).

With --keep DIR, each scenario's callgrind output stays as DIR/callgrind.<scenario>.out, for
`callgrind_annotate --inclusive=yes` (where the instructions go by BMv2 function).

With --threads, the whole switch's work per packet instead, by thread (callgrind toggled on each thread's packet
function, one output per thread): receive (the packet object built, its metadata reset, standard metadata set;
without the construction of new PHVs, which a switch does only while its PHV pool grows), ingress (parser,
ingress pipeline, queues), egress (egress pipeline, deparser), transmit; the kernel's share (sockets, veths) is
not in it (no ports here) and is the same for every scenario's forwarded packet.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

import grpc
from scapy.all import IP, TCP, UDP, Ether, Raw, wrpcap

from nidslib import paths, pipeline
from nidslib.bench import callgrind
from nidslib.bench import models as bench_models
from nidslib.p4runtime import Bmv2Switch
from nidslib.session import exclusive_stack_lock

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PERF_SWITCH = "/opt/bmv2-perf/bin/simple_switch_grpc"
COLLECT = ("bm::Pipeline::apply(bm::Packet*)", "bm::Parser::parse(bm::Packet*) const")
THREAD_COLLECT = tuple(function + "*" for _, function in callgrind.THREAD_ROLES)
EMPTY_PCAP = bytes.fromhex("d4c3b2a1020004000000000000000000ffff000001000000")   # header only, Ethernet


def frames(count, frame_bytes):
    f = Ether(src="00:00:00:00:00:01", dst="00:00:00:00:00:02") / IP(src="10.0.0.1", dst="10.0.0.2") \
        / UDP(sport=40000, dport=5201)
    return [f / Raw(b"x" * (frame_bytes - 4 - len(f))) for _ in range(count)]


def prior_flows(count, packets, frame_bytes):
    """What a benchmark run leaves in the switch before its last trial: `count` earlier UDP flows of `packets`
    frames (other client ports, as iperf3's trials) and as many short TCP connections (iperf3's control
    connection: a SYN, an ACK, a RST that ends it, so each is a new flow, a source-context event and a FLOW_END
    report)."""
    out = []
    for i in range(count):
        udp = Ether(src="00:00:00:00:00:01", dst="00:00:00:00:00:02") / IP(src="10.0.0.1", dst="10.0.0.2") \
            / UDP(sport=20000 + i, dport=5201)
        out += [udp / Raw(b"x" * (frame_bytes - 4 - len(udp)))] * packets
        tcp = Ether(src="00:00:00:00:00:01", dst="00:00:00:00:00:02") / IP(src="10.0.0.1", dst="10.0.0.2")
        out += [tcp / TCP(sport=30000 + i, dport=5201, flags=f) for f in ("S", "A", "R")]
    return out


def configure(sw, scenario, models_dir):
    entries = [pipeline.forward(1, 2), pipeline.forward(2, 1)]
    track = scenario != "S1"
    if track:
        entries += [pipeline.edge_port(p, egress=e) for p in (1, 2) for e in (False, True)]
    sw.insert_many(entries)
    mode = sw.const["TRACK_EDGE"] if track else sw.const["TRACK_OFF"]
    sw.config(**pipeline.config(bank=1, epoch=7, track_mode=mode))
    sw.set_default(pipeline.BUDGET_TABLE, pipeline.BUDGET_ACTION, {"rate_pps": 1000, "burst": 100})
    if scenario in ("S3", "S4"):
        model = bench_models.trained("small" if scenario == "S3" else "large", models_dir)
        sw.insert_many(pipeline.model_entries(model, 1))


def count_scenario(scenario, args, workdir):
    prior = prior_flows(args.prior_flows, args.prior_packets, args.frame_bytes)
    measured = [] if args.prior_only else frames(args.packets, args.frame_bytes)
    wrpcap(os.path.join(workdir, "p1_in.pcap"), prior + measured)
    expected = len(prior) + len(measured)
    with open(os.path.join(workdir, "p2_in.pcap"), "wb") as f:
        f.write(EMPTY_PCAP)
    out = os.path.join(workdir, "callgrind.out")
    wrapper = os.path.join(workdir, "switch.sh")
    toggles = " ".join(f"--toggle-collect='{name}'" for name in (THREAD_COLLECT if args.threads else COLLECT))
    separate = "--separate-threads=yes " if args.threads else ""
    with open(wrapper, "w") as f:
        f.write(f"#!/bin/sh\ncd {workdir}\nexec valgrind --tool=callgrind --callgrind-out-file={out} {separate}"
                f"{toggles} {args.switch} \"$@\"\n")
    os.chmod(wrapper, 0o755)
    sw = Bmv2Switch({1: "p1", 2: "p2"}, p4info_path=args.p4info, bmv2_json=args.json, binary=wrapper,
                    log_path=os.path.join(workdir, "switch.log"),
                    options=("--log-level", "warn", "--use-files", str(args.wait)))
    started = time.monotonic()
    try:
        sw.start(timeout=args.wait)
        configure(sw, scenario, args.models)
        if time.monotonic() - started > args.wait - 5:
            raise RuntimeError(f"{scenario}: configured too late for --use-files {args.wait}: raise --wait")
        # until the ingress pipeline saw every packet (under valgrind the egress thread lags far behind)
        deadline = time.monotonic() + args.wait + 900
        while time.monotonic() < deadline:
            time.sleep(3)
            try:
                if sw.client.read_counter("NidsIngress.ingress_port_counter", 1)[0] >= expected:
                    break
            except grpc.RpcError:
                pass        # a switch under valgrind answers slowly while it forwards: ask again
        time.sleep(5)
    finally:
        sw.close()
    threads = {}
    if args.threads:
        edges = {}
        for name in sorted(os.listdir(workdir)):
            if name.startswith("callgrind.out-"):
                with open(os.path.join(workdir, name), errors="replace") as f:
                    lines = f.read().splitlines()
                role, total = callgrind.thread_total(lines)
                if role:
                    threads[role] = threads.get(role, 0) + total
                for edge, (n, ir) in callgrind.call_edges(lines).items():
                    calls, cost = edges.get(edge, (0, 0))
                    edges[edge] = (calls + n, cost + ir)
    else:
        with open(out, errors="replace") as f:
            edges = callgrind.call_edges(f)
    if threads:
        # The PHV pool grows while packets queue up (here the pcap reader outruns the pipeline); a switch at its
        # max rate builds its PHVs once and reuses them, so their construction is not a packet's cost.
        built, build_ir = callgrind.per_call(edges, "PHVSourceIface::get", "PHVFactory::create")
        threads["receive"] -= built * build_ir
    parsed, parser_ir = callgrind.per_call(edges, "ingress_thread", "Parser::parse")
    ingress, ingress_ir = callgrind.per_call(edges, "ingress_thread", "Pipeline::apply")
    egress, egress_ir = callgrind.per_call(edges, "egress_thread", "Pipeline::apply")
    if parsed < expected:
        # (more is fine: a report stage's packet-out or probe from the client adds one)
        raise RuntimeError(f"{scenario}: the switch parsed {parsed} of {expected} packets")
    return {"parser": parser_ir, "ingress": ingress_ir, "egress": egress_ir, "egress_packets": egress,
            "packets": parsed, "ingress_total": ingress_ir * parsed, "parser_total": parser_ir * parsed,
            "threads": {role: threads.get(role, 0) / parsed for role, _ in callgrind.THREAD_ROLES} if threads else {}}


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--json", default=paths.BMV2_JSON, help="bmv2.json (default: the committed pipeline)")
    p.add_argument("--p4info", default=paths.P4INFO)
    p.add_argument("--switch", default=PERF_SWITCH if os.path.exists(PERF_SWITCH) else "simple_switch_grpc")
    p.add_argument("--scenarios", default="S1,S2,S3,S4")
    p.add_argument("--packets", type=int, default=2048)
    p.add_argument("--frame-bytes", type=int, default=64)
    p.add_argument("--wait", type=int, default=60, help="seconds the switch waits before reading its pcap")
    p.add_argument("--models", default=os.path.join(ROOT, "build", "bench"), help="benchmark models' cache")
    p.add_argument("--keep", help="directory to keep each scenario's callgrind output in")
    p.add_argument("--prior-flows", type=int, default=0,
                   help="earlier flows in the switch before the measured one (UDP + a short TCP connection each)")
    p.add_argument("--prior-packets", type=int, default=64, help="packets of each earlier UDP flow")
    p.add_argument("--threads", action="store_true",
                   help="the whole switch's instructions per packet, by thread (receive, ingress, egress, transmit)")
    p.add_argument("--prior-only", action="store_true",
                   help="only the earlier flows (their totals, to subtract from a run with the measured flow)")
    args = p.parse_args()
    if shutil.which("valgrind") is None:
        print("instructions: valgrind not on PATH", file=sys.stderr)
        return 1
    usage = subprocess.run([args.switch, "--help"], capture_output=True, text=True).stdout
    lock = exclusive_stack_lock() if callgrind.shares_machine_ports(usage) else None
    try:
        print(f"{'scenario':8} {'parser':>9} {'ingress':>9} {'egress':>9}   instructions per packet "
              f"({args.packets} x {args.frame_bytes} B, one UDP flow)")
        for scenario in args.scenarios.split(","):
            with tempfile.TemporaryDirectory(prefix=f"nids-instr-{scenario}-") as workdir:
                r = count_scenario(scenario, args, workdir)
                if args.keep:
                    os.makedirs(args.keep, exist_ok=True)
                    for name in os.listdir(workdir):
                        if name.startswith("callgrind.out"):
                            kept = name.replace("callgrind.out", f"callgrind.{scenario}.out")
                            shutil.copy(os.path.join(workdir, name), os.path.join(args.keep, kept))
            print(f"{scenario:8} {r['parser']:9.0f} {r['ingress']:9.0f} {r['egress']:9.0f}   packets {r['packets']}, "
                  f"totals parser {r['parser_total']:.0f} ingress {r['ingress_total']:.0f}", flush=True)
            if r["threads"]:
                per_thread = ", ".join(f"{role} {ir:.0f}" for role, ir in r["threads"].items())
                print(f"{'':8} whole switch {sum(r['threads'].values()):.0f} per packet: {per_thread}", flush=True)
    finally:
        if lock is not None:
            lock.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
