#!/usr/bin/env python3
"""The app's report path measured inside a running ONOS (`make bench-app`).

ONOS 2.7 from the reference stack, started clean with the freshly built app, connects through its real P4Runtime
southbound to fake P4Runtime switches (util/p4rt-replay, one gRPC server per switch: it takes the pipeline, the
model's table entries and the app's writes, and streams report packet-ins at a set rate). A port-rule model is
active, so 1 report in 20 is an ALERT of an attack class (alerts and incidents); NetFlow export goes to a UDP
collector on loopback. For 1, 4 and 16 switches the total report rate steps up; each step's figures come from the
app's own counters (GET /onos/nids/stats, `pipeline`) before and after it, ONOS's CPU from /proc and its heap from
`jstat -gc`. Prints one table and writes it with the raw figures to --out. Holds the machine-wide stack lock.

    .venv/bin/python util/bench/appbench.py [--switches 1,4,16] [--rates 5000,...] [--seconds 10] [--out DIR]
"""
import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time

from nidslib import datasets
from nidslib import onos as onos_mod
from nidslib import processes
from nidslib import session as session_mod
from nidslib import stack
from nidslib.bench import app as bench
from nidslib.bench.stats import cpu_percent, parse_proc_stat
from nidslib.p4info import Bmv2Json, P4Info
from nidslib.paths import REPO_ROOT as ROOT

BASE_PORT = 50300
BOOT_APPS = ["drivers.bmv2"]
DEVICES_TIMEOUT = 240
DRAIN_S = 10
GO_PLACES = ("/usr/local/go/bin/go", "/usr/lib/go/bin/go")
FLOW_NAME = "org.onosproject.nids.impl.flow.NidsFlowManager"


def log(message):
    print(f"bench-app: {message}", flush=True)


def device_id(i):
    return f"device:bmv2:bench{i + 1}"


def netcfg(switches, pipeconf_id):
    return {"devices": {device_id(i): {
        "basic": {"managementAddress": f"grpc://127.0.0.1:{BASE_PORT + i}?device_id=1", "driver": "bmv2",
                  "pipeconf": pipeconf_id, "name": f"bench{i + 1}"},
        "ports": {"1": {"number": 1, "name": "bench-eth1", "enabled": True, "type": "copper", "speed": 10000}},
        "nids": {"edgePorts": [1]}} for i in range(switches)}}


class Collector:
    """A NetFlow collector on loopback that counts the datagrams it gets (the app counts the records)."""

    def __init__(self):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 8 << 20)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.settimeout(0.5)
        self.datagrams = 0
        self.running = True
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    @property
    def address(self):
        return "%s:%d" % self.sock.getsockname()

    def _run(self):
        while self.running:
            try:
                self.sock.recv(65535)
                self.datagrams += 1
            except socket.timeout:
                pass

    def close(self):
        self.running = False
        self.thread.join(2)
        self.sock.close()


class Replay:
    """The fake switches: util/p4rt-replay, driven one command a line."""

    def __init__(self, binary, switches, frames_path, metadata, log_path):
        self.log = open(log_path, "ab")
        self.process = subprocess.Popen([binary, "--base-port", str(BASE_PORT), "--switches", str(switches),
                                         "--frames", frames_path, "--metadata", metadata],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log, text=True,
                                        start_new_session=True)

    def command(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        if not answer:
            raise RuntimeError(f"p4rt-replay ended (see {self.log.name})")
        return json.loads(answer)

    def close(self):
        try:
            self.process.stdin.close()
        except OSError:
            pass
        processes.terminate(self.process, 5)
        self.log.close()


def cpu_ticks(pid):
    with open(f"/proc/{pid}/stat") as f:
        utime, stime, _ = parse_proc_stat(f.read())
    return utime + stime


def pipeline_stats(rest):
    return rest.get("/onos/nids/stats?drift=1", retry=False)["pipeline"]


def settle(rest, before_received, sent, timeout=DRAIN_S):
    """The counters once the app has taken what was sent (or has stopped taking more), bounded."""
    deadline = time.monotonic() + timeout
    last, same = None, 0
    while True:
        stats = pipeline_stats(rest)
        got = stats["reportsReceived"] - before_received
        queued = sum(q["length"] for q in stats["queues"].values())
        if (got >= sent and queued == 0) or time.monotonic() > deadline:
            return stats
        same = same + 1 if got == last else 0
        if same >= 4 and queued == 0:
            return stats
        last = got
        time.sleep(0.25)


def step(rest, replay, onos, pid, switches, rate, seconds):
    per_switch = rate / switches
    before = pipeline_stats(rest)
    ticks = cpu_ticks(pid)
    start = time.monotonic()
    run = replay.command(f"run {switches} {per_switch:.1f} {seconds}")
    elapsed = time.monotonic() - start
    cpu = cpu_percent(ticks, cpu_ticks(pid), elapsed, os.sysconf("SC_CLK_TCK"))
    after = settle(rest, before["reportsReceived"], run["total"])
    figures = bench.step_figures(before, after, run["seconds"], run["total"], cpu, onos.heap_mib())
    figures["target"] = rate
    return figures


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--switches", default="1,4,16")
    parser.add_argument("--rates", default="5000,10000,20000,40000,60000,80000,120000",
                        help="total report packet-ins/s of each step")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--out", default=os.path.join(ROOT, "build", "bench-app"))
    args = parser.parse_args()
    switch_counts = [int(n) for n in args.switches.split(",")]
    rates = [int(r) for r in args.rates.split(",")]
    missing = [m for m in (stack.need_onos(), stack.need_java11()) if m]
    go = shutil.which("go") or next((g for g in GO_PLACES if os.access(g, os.X_OK)), None)
    if go is None:
        missing.append("go (to build util/p4rt-replay) not found")
    if missing:
        log("cannot run: " + "; ".join(missing))
        return 2
    os.makedirs(args.out, exist_ok=True)
    binary = os.path.join(args.out, "p4rt-replay")
    log("building util/p4rt-replay")
    subprocess.run([go, "build", "-o", binary, "."], cwd=os.path.join(ROOT, "util", "p4rt-replay"), check=True)
    frames_path = os.path.join(args.out, "frames.bin")
    with open(frames_path, "wb") as f:
        f.write(bench.frames_file(bench.report_frames(Bmv2Json().layout("report_t"), epoch=1)))
    metadata = f"{P4Info().packet_metadata('packet_in', 'ingress_port').id}:1"
    oar = session_mod.built_oar()
    app_name = session_mod.oar_app_name(oar)
    java_home = stack.java11_home()
    lock = session_mod.exclusive_stack_lock(on_wait=lambda: log("waiting for the stack lock (another session)"))
    onos = onos_mod.OnosProcess(stack.onos_home(), java_home, BOOT_APPS, os.path.join(args.out, "onos"),
                                remove_apps=[app_name])
    replay = collector = None
    results = {}
    try:
        rest = onos_mod.Rest()
        if rest.alive():
            raise onos_mod.OnosError("something already answers on 8181")
        log("starting ONOS")
        onos.start()
        onos_mod.wait_until(lambda: onos.running() and rest.alive(), session_mod.REST_TIMEOUT, 3, "ONOS REST")
        onos_mod.wait_settled(rest, [f"org.onosproject.{a}" for a in BOOT_APPS], session_mod.REST_TIMEOUT)
        onos_mod.install_app(rest, oar, app_name)
        health = onos_mod.wait_until(lambda: session_mod.pipeconf_registered(rest), session_mod.PIPECONF_TIMEOUT, 2,
                                     "NIDS pipeconf registered")
        most = max(switch_counts)
        replay = Replay(binary, most, frames_path, metadata, os.path.join(args.out, "p4rt-replay.log"))
        rest.post("/onos/v1/network/configuration", netcfg(most, health["pipeconfId"]))

        def available():
            devices = rest.get("/onos/v1/devices", retry=False).get("devices", [])
            up = [d for d in devices if d["id"].startswith("device:bmv2:bench") and d.get("available")]
            streams = sum(1 for d in replay.command("status")["devices"] if d["stream"])
            return len(up) == most and streams == most
        log(f"waiting for {most} fake switches to be available in ONOS")
        onos_mod.wait_until(available, DEVICES_TIMEOUT, 3, f"{most} fake switches available")
        model = datasets.activate_port_model(rest, args.out, bench.ATTACK_PORT)["model_id"]
        log(f"model {model} active on {most} switches")
        collector = Collector()
        rest.post(f"/onos/v1/configuration/{FLOW_NAME}", {"netflowCollectors": collector.address})
        pid = onos.jvm_pid()
        log(f"ONOS JVM {pid}; heap after a full GC before the run: {onos.heap_mib(full_gc=True):.0f} MiB")
        replay.command(f"run {most} 200 3")      # warm-up: every switch's path, the JIT
        for switches in switch_counts:
            steps = []
            for rate in rates:
                figures = step(rest, replay, onos, pid, switches, rate, args.seconds)
                steps.append(figures)
                log(f"{switches:>2} switch(es) {rate:>7,}/s: sent {figures['offered']:>9,.0f}/s, records "
                    f"{figures['records']:>9,.0f}/s, NetFlow {figures['exported']:>9,.0f}/s, dropped "
                    f"{figures['dropped']:,}, lost {figures['notReceived']:,}, p99 so far {figures['p99Micros']:,} "
                    f"µs, CPU {figures['cpuPercent']:.0f} %, heap {figures['heapMiB']:.0f} MiB")
                if figures["offered"] < 0.5 * rate:
                    break                        # ONOS takes no more: higher targets would show the same
            results[switches] = steps
        final = pipeline_stats(rest)
        retained = onos.heap_mib(full_gc=True)
    finally:
        if collector is not None:
            collector.close()
        if replay is not None:
            replay.close()
        onos.stop()
        lock.close()
    summary = {
        "sustainedRecordsPerSecond": {n: bench.sustained(s) for n, s in results.items()},
        "dropsStartAtOffered": {n: bench.drops_start(s) for n, s in results.items()},
        "dropsCounted": final["drops"], "heapAfterFullGcMiB": retained, "collectorDatagrams": collector.datagrams,
        "netflowRecordsExported": final["netflow"]["recordsExported"],
    }
    text = bench.table(results)
    print(text)
    for n in sorted(results):
        start = summary["dropsStartAtOffered"][n]
        log(f"{n:>2} switch(es): sustained {summary['sustainedRecordsPerSecond'][n]:,.0f} records/s without a "
            f"drop; drops start at {'—' if start is None else f'{start:,.0f} offered/s'}")
    log(f"drops counted in /stats: {final['drops']}; heap after a full GC at the end: {retained:.0f} MiB; "
        f"collector got {collector.datagrams:,} NetFlow datagrams")
    with open(os.path.join(args.out, "results.md"), "w") as f:
        f.write(text + "\n")
    with open(os.path.join(args.out, "results.json"), "w") as f:
        json.dump({"steps": results, "summary": summary, "seconds": args.seconds}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
