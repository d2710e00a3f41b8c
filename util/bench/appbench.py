#!/usr/bin/env python3
"""The app's report path measured inside a running ONOS (`make bench-app`).

ONOS 2.7 from the reference stack, started clean with the freshly built app, connects through its real P4Runtime
southbound to fake P4Runtime switches (util/p4rt-replay, one gRPC server per switch: it takes the pipeline, the
model's table entries and the app's writes, and streams report packet-ins at a set rate). A port-rule model is
active, so 1 report in 20 is an ALERT of an attack class (alerts and incidents); NetFlow export goes to a UDP
collector on loopback. Two phases, each at 1, 4 and 16 switches with the total report rate stepped up:

  southbound  the fake switches send packet-ins: ONOS's P4Runtime client, packet service and the app's processor
              in front of the report path (a step ends the phase once ONOS takes less than 90 % of what was sent)
  in ONOS     the `nids-replay-reports` command hands the same frames to the app's packet processor entry as ONOS's
              packet thread does (a copy and a queue offer), so the figures are the app's own capacity: decoding,
              records, windows, alerts and NetFlow, with its bounded queues (a step past the first drops ends it)

The app's idle sweep is off (the fake switches never answer its probes, which would be sent again and again).
Each step's figures come from the app's own counters (GET /onos/nids/stats, `pipeline`) before and after it, ONOS's
CPU from /proc and its heap from `jstat -gc`. Prints the tables and writes them with the raw figures to --out.
Holds the machine-wide stack lock.

    .venv/bin/python util/bench/appbench.py [--switches 1,4,16] [--seconds 10] [--phases southbound,in-onos]
                                            [--out DIR]
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
SETTLE_S = 90
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


def settle(rest, before_received, sent, timeout):
    """The counters once the app has taken what was sent and emptied its queues, or has stopped taking more
    (bounded)."""
    deadline = time.monotonic() + timeout
    last, same = None, 0
    while True:
        stats = pipeline_stats(rest)
        got = stats["reportsReceived"] - before_received
        queued = sum(q["length"] for q in stats["queues"].values())
        if (got >= sent and queued == 0) or time.monotonic() > deadline:
            return stats
        same = same + 1 if got == last else 0
        if same >= 8 and queued == 0:
            return stats
        last = got
        time.sleep(0.25)


def measured(rest, onos, pid, run):
    """Runs one step (run() -> (offered, seconds)) and returns its figures, with the rate the app took during it."""
    before = pipeline_stats(rest)
    ticks = cpu_ticks(pid)
    start = time.monotonic()
    offered, seconds = run()
    elapsed = time.monotonic() - start
    cpu = cpu_percent(ticks, cpu_ticks(pid), elapsed, os.sysconf("SC_CLK_TCK"))
    during = pipeline_stats(rest)["reportsReceived"] - before["reportsReceived"]
    after = settle(rest, before["reportsReceived"], offered, SETTLE_S)
    figures = bench.step_figures(before, after, seconds, offered, cpu, onos.heap_mib())
    figures["takenDuring"] = during / seconds
    return figures


def southbound_phase(rest, onos, pid, replay, switch_counts, rates, seconds):
    results = {}
    for switches in switch_counts:
        steps = []
        for rate in rates:
            def run():
                answer = replay.command(f"run {switches} {rate / switches:.1f} {seconds}")
                return answer["total"], answer["seconds"]
            figures = measured(rest, onos, pid, run)
            figures["target"] = rate
            steps.append(figures)
            report("southbound", switches, rate, figures)
            if figures["takenDuring"] < 0.9 * figures["offered"]:
                break                    # ONOS falls behind: higher rates only grow its backlog
        results[switches] = steps
    return results


def in_onos_phase(rest, onos, pid, frames_path, switch_counts, rates, seconds):
    results = {}
    for switches in switch_counts:
        devices = ",".join(device_id(i) for i in range(switches))
        steps = []
        for rate in rates:
            def run():
                out = onos.shell(f"nids-replay-reports -d {devices} -r {rate} -s {seconds} {frames_path}",
                                 timeout=seconds + 120)
                answer = json.loads(next(line for line in out.splitlines() if line.startswith("{")))
                return answer["offered"], answer["seconds"]
            figures = measured(rest, onos, pid, run)
            figures["target"] = rate
            steps.append(figures)
            report("in ONOS", switches, rate, figures)
            if figures["dropped"] > 0.05 * figures["sent"] or figures["offered"] < 0.8 * rate:
                break                    # past the point where drops start, or the replay thread is the limit
        results[switches] = steps
    return results


def report(phase, switches, rate, f):
    log(f"{phase}: {switches:>2} switch(es) {rate:>7,}/s: offered {f['offered']:>9,.0f}/s, taken during the step "
        f"{f['takenDuring']:>9,.0f}/s, records {f['records']:>9,.0f}/s, NetFlow {f['exported']:>9,.0f}/s, dropped "
        f"{f['dropped']:,} {dict((k, v) for k, v in f['drops'].items() if v)}, never taken {f['notReceived']:,}, "
        f"p99 so far {f['p99Micros']:,} µs, CPU {f['cpuPercent']:.0f} %, heap {f['heapMiB']:.0f} MiB")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--switches", default="1,4,16")
    parser.add_argument("--southbound-rates", default="1000,2000,4000,8000,16000",
                        help="total packet-ins/s the fake switches send, per step")
    parser.add_argument("--rates", default="10000,25000,50000,100000,200000,400000",
                        help="total reports/s replayed inside ONOS, per step")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--phases", default="southbound,in-onos",
                        help="which phases to run: southbound, in-onos or both (comma-separated)")
    parser.add_argument("--out", default=os.path.join(ROOT, "build", "bench-app"))
    args = parser.parse_args()
    switch_counts = [int(n) for n in args.switches.split(",")]
    rates = [int(r) for r in args.rates.split(",")]
    southbound_rates = [int(r) for r in args.southbound_rates.split(",")]
    phases = {p.strip() for p in args.phases.split(",")}
    if not phases or not phases <= {"southbound", "in-onos"}:
        log(f"--phases: southbound and/or in-onos, not {args.phases!r}")
        return 2
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
        # The fake switches never answer a probe, so the idle sweep would probe every tracked slot again at each
        # inactive timeout, without end (a real switch answers and frees them): its packet-outs took a third of ONOS's
        # CPU samples in a profile of the southbound phase. Off here, so the figures are the report path's.
        rest.post(f"/onos/v1/configuration/{FLOW_NAME}", {"netflowCollectors": collector.address,
                                                           "inactiveTimeoutSeconds": "0"})
        pid = onos.jvm_pid()
        log(f"ONOS JVM {pid}; heap after a full GC before the run: {onos.heap_mib(full_gc=True):.0f} MiB")
        replay.command(f"run {most} 200 3")      # warm-up: every switch's path, the JIT
        if "southbound" in phases:
            results["southbound"] = southbound_phase(rest, onos, pid, replay, switch_counts, southbound_rates,
                                                     args.seconds)
        if "in-onos" in phases:
            results["in ONOS"] = in_onos_phase(rest, onos, pid, frames_path, switch_counts, rates, args.seconds)
        final = pipeline_stats(rest)
        retained = onos.heap_mib(full_gc=True)
    finally:
        if collector is not None:
            collector.close()
        if replay is not None:
            replay.close()
        onos.stop()
        lock.close()
    summary = {phase: {"sustainedRecordsPerSecond": {n: bench.sustained(st) for n, st in steps.items()},
                       "dropsStartAtOffered": {n: bench.drops_start(st) for n, st in steps.items()},
                       "fallsBehindAtOffered": {n: bench.falls_behind(st) for n, st in steps.items()}}
               for phase, steps in results.items()}
    summary.update(dropsCounted=final["drops"], heapAfterFullGcMiB=retained, collectorDatagrams=collector.datagrams,
                   netflowRecordsExported=final["netflow"]["recordsExported"])
    text = "\n\n".join(f"{phase}:\n\n{bench.table(steps)}" for phase, steps in results.items())
    print(text)
    for phase, steps in results.items():
        for n in sorted(steps):
            start = summary[phase]["dropsStartAtOffered"][n]
            behind = summary[phase]["fallsBehindAtOffered"][n]
            log(f"{phase}: {n:>2} switch(es): sustained {summary[phase]['sustainedRecordsPerSecond'][n]:,.0f} "
                f"records/s with nothing dropped or lost; drops start at "
                f"{'none reached' if start is None else f'{start:,.0f} offered/s'}; falls behind at "
                f"{'none reached' if behind is None else f'{behind:,.0f} offered/s'}")
    log(f"drops counted in /stats: {final['drops']}; heap after a full GC at the end: {retained:.0f} MiB; "
        f"collector got {collector.datagrams:,} NetFlow datagrams")
    with open(os.path.join(args.out, "results.md"), "w") as f:
        f.write(text + "\n")
    with open(os.path.join(args.out, "results.json"), "w") as f:
        json.dump({"steps": results, "summary": summary, "seconds": args.seconds}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
