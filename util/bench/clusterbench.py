#!/usr/bin/env python3
"""The app in a 3-instance ONOS cluster at scale (`make bench-cluster`): model rollout time to 4, 8, 16 and more
BMv2 switches in one fabric, report → incident latency at 16 switches, ONOS heap per instance.

Three Atomix 3.1 storage nodes and three ONOS 2.7 instances with the freshly built app (nidslib.cluster), and one
leaf-spine fabric of BMv2 switches (one host per leaf, one spine) that all run from the start; ONOS is given them
step by step (the first 3 leaves and the spine, then more leaves), the masters spread over the instances by switch
number. At each size:

  rollout  the full-capacity model (nidslib.bench.models 'large': a multi-class tree at all 10 phases, about one
           bank's 1024 decision entries) and a second of a few leaves less, activated in turn through onos-1's REST API;
           the time from the request to its answer (every switch written and flipped) and the app's own count
  heap     each instance's live heap after a full GC (`jmap -histo:live`) and the resident memory of each JVM

At 16 switches also the latency: a port-rule model active, one attacker per leaf opening TCP flows to a host on the
next leaf (through the spine), onos-1's incident list polled; a flow's latency runs from its first packet to the
first answer whose incident of its source counts it. A size whose switches do not all come up ends the growth
("as many as fit"). Prints the figures, writes docs/bench/cluster.{md,json,png} (--out). Holds the stack lock.

    .venv/bin/python util/bench/clusterbench.py [--sizes 4,8,16,24,32] [--rollouts 3] [--latency-at 16]
                                                [--flows 20] [--out docs/bench]
"""
import argparse
import datetime
import os
import platform
import re
import subprocess
import sys
import tempfile
import time
import types

from nidslib import cluster as cluster_mod
from nidslib import datasets
from nidslib import netns
from nidslib import onos as onos_mod
from nidslib import processes
from nidslib import session as session_mod
from nidslib import stack as reference_stack
from nidslib import topology as topo
from nidslib.bench import cluster as bench
from nidslib.bench import models as bench_models
from nidslib.bench import stats
from nidslib.paths import REPO_ROOT as ROOT

BOOT_APPS = ["drivers.bmv2"]
ATTACK_PORT = 4444
MODELS = "/onos/nids/models"
IN_PLACE_TIMEOUT = 180
ROLLOUT_TIMEOUT_S = 900
MODEL_MANAGER = "/onos/v1/configuration/org.onosproject.nids.impl.NidsModelManager"
ROLLOUT_STEP_TIMEOUT_MS = 300_000
# The second model a rollout alternates with: J48 gives 100 leaves for at most 100, 97 for at most 97 (a distinct tree
# of about the same size). (With 60 and 17 phases before the late phase: 58 and 56 leaves; at most 59 gave 58 again.)
SECOND_MAX_LEAVES = bench_models.LARGE_LEAVES - 3
# The app's INFO lines of a rollout (FabricRollout): its step times, and the old banks' removal after the answer.
ROLLOUT_STEPS = re.compile(r"Rollout of (\S+) to \d+ switch\(es\): written in (\d+) ms, flipped in (\d+) ms")
OLD_BANKS_REMOVED = re.compile(r"Rollout of (\S+): old banks removed in (\d+) ms")


def group_jiffies(groups, proc="/proc"):
    """CPU time (clock ticks, user + system) of the live processes of the process groups `groups`."""
    total = 0
    for pid in os.listdir(proc):
        if not pid.isdigit():
            continue
        try:
            with open(os.path.join(proc, pid, "stat")) as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[2]) in groups:                   # pgrp
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total


class CpuAccount:
    """What the rest of the machine took while the benchmark ran: the machine's busy CPU time less that of the
    benchmark's own process groups (the ONOS and Atomix JVMs, the switches, the benchmark), in cores."""

    def __init__(self, groups):
        self.groups = set(groups)
        self.ticks = os.sysconf("SC_CLK_TCK")
        self.start = self.sample()

    def sample(self):
        with open("/proc/stat") as f:
            busy = bench.busy_jiffies(f.read())
        return time.monotonic(), busy, group_jiffies(self.groups)

    def cores(self):
        """{"ours", "others"}: cores used on average since this account was opened."""
        t1, busy1, ours1 = self.sample()
        t0, busy0, ours0 = self.start
        seconds = max(t1 - t0, 1e-3)
        ours = (ours1 - ours0) / self.ticks / seconds
        return {"ours": ours, "others": max(0.0, (busy1 - busy0) / self.ticks / seconds - ours)}


def bench_groups(session):
    """The process groups of the benchmark: the ONOS and Atomix JVMs, the switches (each started in its own
    group) and the benchmark's own."""
    members = [m.process for m in list(session.cluster.instances) + list(session.cluster.atomix)]
    members += list(session.fabric.processes.values())
    return {p.pid for p in members if p is not None and p.poll() is None} | {os.getpgid(0)}


class BenchError(Exception):
    pass


def log(message):
    print(f"bench-cluster: {message}", flush=True)


def store(rest, bundle):
    try:
        rest.post(MODELS, bundle)
    except onos_mod.RestError as e:
        if e.status != 409:
            raise


def app_log(instance):
    """The instance's console log (the app's INFO lines among them)."""
    try:
        with open(os.path.join(instance.log_dir, "onos.out"), errors="replace") as f:
            return f.read()
    except OSError:
        return ""


def activate(instance, bundle, switches):
    """One rollout through `instance`: its figures; fails unless every one of `switches` switches took it. One
    request, never retried (a retry after a client timeout would queue a second rollout behind the first). Returns
    once the old banks' removal, which the app confirms after its answer, is confirmed too (the next rollout would
    wait for it), with the app's logged step times."""
    client = onos_mod.Rest(instance.rest.base_url, timeout=ROLLOUT_TIMEOUT_S)
    removals = len(OLD_BANKS_REMOVED.findall(app_log(instance)))
    started = time.monotonic()
    status, result = client.post(f"{MODELS}/{bundle['model_id']}/activate", retry=False)
    elapsed = time.monotonic() - started
    if status != 200 or not result.get("succeeded") or len(result.get("devices", [])) != switches:
        raise BenchError(f"rollout of {bundle['model_id']} to {switches} switches: HTTP {status}: {str(result)[:300]}")
    figures = {"model": bundle["model_id"], "rest_s": elapsed, "app_ms": result["elapsedMillis"],
               "entries": sum(d["entries"] for d in result["devices"]), "switches": len(result["devices"])}
    onos_mod.wait_until(lambda: len(OLD_BANKS_REMOVED.findall(app_log(instance))) > removals, ROLLOUT_TIMEOUT_S,
                        0.5, "the old banks' removal")
    text = app_log(instance)
    steps = [m for m in ROLLOUT_STEPS.finditer(text) if m.group(1) == bundle["model_id"]]
    removed = [m for m in OLD_BANKS_REMOVED.finditer(text) if m.group(1) == bundle["model_id"]]
    if steps:
        figures.update(write_ms=int(steps[-1].group(2)), flip_ms=int(steps[-1].group(3)))
    if removed:
        figures["cleanup_ms"] = int(removed[-1].group(2))
    return figures


def wait_in_place(rest, part):
    """Until every switch of `part` holds the active model (a switch given to ONOS gets it from its master's
    reconciliation): a rollout timed before that would race with it."""
    def in_place():
        active = rest.get(f"{MODELS}/active", retry=False).get("id")
        held = {d["deviceId"] for d in rest.get("/onos/nids/devices", retry=False)["devices"]
                if d.get("modelId") == active}
        return active and {s.device_id for s in part.switches} <= held
    onos_mod.wait_until(in_place, IN_PLACE_TIMEOUT, 2, f"the active model on the {len(part.switches)} switches")


def heap(cluster):
    live, rss = {}, cluster.memory()
    for inst in cluster.instances:
        live[inst.member.node_id] = inst.live_heap_mib()
    return live, {n: rss[n] for n in live}


def incident_flows(rest):
    """{source: attack flows its incidents count}."""
    out = {}
    for incident in rest.get("/onos/nids/incidents?limit=1000", retry=False)["incidents"]:
        out[incident["source"]] = out.get(incident["source"], 0) + incident["flows"]
    return out


def measure_latency(session, part, args, work):
    """args.latency_rounds attack rounds one after the other (the first after the port-rule model's rollout); returns
    the figures of the last round, with every round's in "rounds"."""
    rest = session.cluster.instances[0].rest
    datasets.activate_port_model(rest, work, ATTACK_PORT)
    session_mod.install_routes(types.SimpleNamespace(rest=rest, topology=part))
    if incident_flows(rest):
        raise BenchError("incidents exist before the latency run")
    rounds = []
    for number in range(1, args.latency_rounds + 1):
        figures = latency_round(session, part, args, number)
        s = figures["summary"]
        log(f"latency round {number} of {args.latency_rounds}: {s['n']} flows, median {stats.fmt(s['median'])} ms, "
            f"p90 {stats.fmt(s['p90'])} ms, {figures['uncounted']} never counted")
        rounds.append(figures)
    return dict(rounds[-1], rounds=[bench.round_row(r) for r in rounds])


def latency_round(session, part, args, number):
    """One attacker per leaf of `part`, all at once, from source ports no earlier round used; a source's incidents
    count its flows of this round on top of the earlier rounds' (the incident window is longer than a round)."""
    rest = session.cluster.instances[0].rest
    hosts = part.hosts
    pairs = [(h, hosts[(i + 1) % len(hosts)]) for i, h in enumerate(hosts)]
    first_port = bench.FIRST_PORT + (number - 1) * args.flows
    before = incident_flows(rest)
    script = {server.ip: bench.sender_script(server.ip, ATTACK_PORT, args.flows, args.pace, first_port)
              for _, server in pairs}
    senders = {client.ip: netns.host_popen(client.name, "python3", "-c", script[server.ip], stdout=subprocess.PIPE,
                                           text=True) for client, server in pairs}
    polls = []
    poll_ms = []   # each poll's REST round trip: a slow answer delays every flow it is the first to count
    deadline = time.monotonic() + args.flows * args.pace + 60
    try:
        while time.monotonic() < deadline:
            try:
                asked = time.monotonic()
                counts = incident_flows(rest)
                poll_ms.append((time.monotonic() - asked) * 1000)
            except onos_mod.OnosError as e:   # one failed poll only widens the next flows' bound
                log(f"incident poll failed: {e}")
                time.sleep(args.poll)
                continue
            counts = {ip: n - before.get(ip, 0) for ip, n in counts.items()}   # this round's flows
            polls.append((time.time(), counts))
            if all(p.poll() is not None for p in senders.values()) and \
                    all(counts.get(ip, 0) >= args.flows for ip in senders):
                break
            time.sleep(args.poll)
    finally:
        outputs = {}
        for ip, process in senders.items():
            if process.poll() is None:
                processes.terminate(process, 5)
            outputs[ip] = bench.sent_times(process.communicate(timeout=10)[0] or "")
    latencies, uncounted = bench.incident_latencies_ms(outputs, polls)
    pipeline = [inst.rest.get("/onos/nids/stats", retry=False)["pipeline"] for inst in session.cluster.instances]
    # Where the time goes: each flow's alert report as the switch's master decoded it (its records), and each
    # instance's own timing of the attack records (packet-in → verdict placed, of which the incident service).
    decoded = {}
    for inst in session.cluster.instances:
        try:
            flows = inst.rest.get("/onos/nids/flows?limit=10000", retry=False)["flows"]
        except onos_mod.OnosError as e:   # the parts of that instance's flows are left out; the latency stands
            log(f"{inst.member.node_id}'s flow records not read: {e}")
            continue
        for key, millis in bench.first_alerts_ms(flows).items():
            decoded[key] = min(decoded.get(key, millis), millis)
    parts = bench.latency_parts_ms(outputs, polls, decoded, first_port)
    return {"round": number, "switches": len(part.switches), "sources": len(senders), "flows_per_source": args.flows,
            "pace_s": args.pace, "poll_s": args.poll, "sent": sum(len(v) for v in outputs.values()),
            "uncounted": uncounted, "latencies_ms": latencies, "summary": bench.summary(latencies),
            "parts_ms": parts, "parts": {name: bench.summary(values) for name, values in parts.items()},
            "poll_ms": bench.summary(poll_ms),
            "app_timing": {inst.member.node_id: {k: p.get(k) for k in ("handlingMicros", "detectionWorkers",
                                                                       "detectionMicros", "detectionServiceMicros")}
                           for inst, p in zip(session.cluster.instances, pipeline)},
            "reports_decoded": {inst.member.node_id: p["reportsDecoded"]
                                for inst, p in zip(session.cluster.instances, pipeline)}}


def run(args, results):
    """Fills `results` as it goes (an interrupted run keeps the sizes measured so far)."""
    sizes = sorted(int(s) for s in args.sizes.split(","))
    if sizes[0] < 2:
        raise BenchError("a size counts the spine and at least one leaf")
    cache = os.path.join(ROOT, "build", "bench")
    try:
        full = bench_models.trained("large", cache)
        other = bench_models.trained("large", cache, large_leaves=SECOND_MAX_LEAVES)
    except bench_models.ModelsError as e:
        raise BenchError(str(e)) from None
    if full["model_id"] == other["model_id"]:
        raise BenchError("the two full-capacity models are the same tree")
    facts = bench_models.model_facts(full)
    log(f"full-capacity model: {facts['leaves']} leaves at {facts['phases']} phases, {facts['decision_entries']} "
        f"decision and {facts['range_entries']} range entries; the second has {len(other['phases'][0]['leaves'])} "
        "leaves")
    fabric = topo.leaf_spine(leaves=sizes[-1] - 1, spines=1, hosts_per_leaf=1)
    missing = [r for r in (reference_stack.need_root(), reference_stack.need_bmv2(), reference_stack.need_onos(),
                           reference_stack.need_java11(), reference_stack.need_atomix()) if r]
    if args.switch_binary == reference_stack.BMV2_PERF and reference_stack.need_bmv2_perf():
        missing.append(reference_stack.need_bmv2_perf())
    if missing:
        raise BenchError("; ".join(missing))
    results.update({"started": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
                    "host": f"{platform.node()} ({os.cpu_count()} cores)", "model": facts, "rollout": [],
                    "rollouts": [], "heap": [], "latency": None, "not_fitted": None})
    log("waiting for the stack lock /tmp/nids-itest.lock ...")
    lock = session_mod.exclusive_stack_lock()
    session = cluster_mod.ClusterSession(reference_stack.onos_home(), reference_stack.atomix_home(),
                                         reference_stack.java11_home(), fabric, os.path.join(ROOT, args.log_dir),
                                         boot_apps=BOOT_APPS, progress=log, switch_binary=args.switch_binary)
    results["switch_binary"] = args.switch_binary
    try:
        started = time.monotonic()
        session.start(leaves=sizes[0] - 1)
        log(f"cluster and {sizes[0]} switches up in {time.monotonic() - started:.0f} s: "
            f"{session.cluster.timings}")
        results["instances"] = [inst.member.node_id for inst in session.cluster.instances]
        results["storage_nodes"] = len(session.cluster.atomix)
        rest = session.cluster.instances[0].rest
        # The app gives up a rollout step whose writes are not confirmed within rolloutTimeoutMillis (10 s by
        # default; a full model to 8 switches took longer here): raised so that each size is measured, not refused.
        rest.post(MODEL_MANAGER, {"rolloutTimeoutMillis": str(ROLLOUT_STEP_TIMEOUT_MS)})
        results["rollout_step_timeout_ms"] = ROLLOUT_STEP_TIMEOUT_MS
        for bundle in (full, other):
            store(rest, bundle)
        activate(session.cluster.instances[0], full, sizes[0])
        with tempfile.TemporaryDirectory() as work:
            for size in sizes:
                results["growing_to"] = size
                part = topo.first_leaves(fabric, size - 1)
                try:
                    grown = time.monotonic()
                    session.connect(part)
                    wait_in_place(rest, part)
                    log(f"{size} switches connected, mastered and holding the active model in "
                        f"{time.monotonic() - grown:.0f} s")
                except (onos_mod.OnosError, cluster_mod.SwitchDied) as e:
                    results["not_fitted"] = {"switches": size, "why": str(e)[:500]}
                    log(f"{size} switches did not come up, the growth ends: {e}")
                    break
                active = rest.get(f"{MODELS}/active", retry=False)["id"]
                turn = [other, full] if active == full["model_id"] else [full, other]
                cpu = CpuAccount(bench_groups(session))
                try:
                    runs = [activate(session.cluster.instances[0], turn[i % 2], size)
                            for i in range(args.rollouts)]
                except (BenchError, onos_mod.OnosError) as e:
                    # Written like a size that did not come up: the sizes before it keep their figures.
                    results["not_fitted"] = {"switches": size, "why": f"a rollout failed: {str(e)[:500]}"}
                    log(f"a rollout to {size} switches failed, the growth ends: {e}")
                    break
                results["rollouts"].extend(dict(r, size=size) for r in runs)
                row = bench.rollout_row(size, runs, cpu.cores())
                results["rollout"].append(row)
                log(f"rollout to {size} switches: median {row['median_s']:.2f} s, max {row['max_s']:.2f} s "
                    f"(app's count {row['app_median_ms']:.0f} ms; {row['entries_per_switch']} entries per switch; "
                    f"cores: benchmark {row['cores_ours']:.2f}, everything else {row['cores_others']:.2f})")
                live, rss = heap(session.cluster)
                results["heap"].append({"switches": size, "live_heap_mib": live, "rss_mib": rss})
                log(f"heap at {size} switches: live MiB {live}, RSS MiB {rss}")
                if size == args.latency_at:
                    cpu = CpuAccount(bench_groups(session))
                    results["latency"] = measure_latency(session, part, args, work)
                    results["latency"]["cores"] = cpu.cores()
                    s = results["latency"]["summary"]
                    log(f"report → incident at {size} switches: {s['n']} flows, median {s['median']:.0f} ms, p90 "
                        f"{s['p90']:.0f} ms, max {s['max']:.0f} ms, {results['latency']['uncounted']} never counted")
                    for line in bench.latency_part_lines(results["latency"]):
                        log(line)
    finally:
        session.stop()
        lock.close()
    return results


def main():
    processes.stop_on_sigterm()     # the cluster and fabric are stopped on the way out
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="4,8,16,24,32", help="switch counts (spine included), ascending")
    parser.add_argument("--rollouts", type=int, default=3, help="rollouts timed at each size")
    parser.add_argument("--latency-at", type=int, default=bench.TARGET_SWITCHES, help="size of the latency run")
    parser.add_argument("--flows", type=int, default=20, help="attack flows per attacker in the latency run")
    parser.add_argument("--latency-rounds", type=bench.positive_int, default=3,
                        help="attack rounds of the latency run, one after the other (the figures are the last's; "
                             "the first runs on instances that have not yet run the report path)")
    parser.add_argument("--pace", type=float, default=0.25, help="seconds between an attacker's flows")
    parser.add_argument("--poll", type=float, default=0.05, help="seconds between incident polls")
    parser.add_argument("--switch-binary", default=reference_stack.BMV2_PERF,
                        help="the BMv2 build of the fabric (default: the benchmarks' -O3 no-logging one; "
                             "simple_switch_grpc: the one on PATH, which logs every table write and packet)")
    parser.add_argument("--out", default=os.path.join(ROOT, "docs", "bench"))
    parser.add_argument("--log-dir", default=os.path.join("build", "bench-cluster"))
    args = parser.parse_args()
    results = {}
    try:
        run(args, results)
    except BenchError as e:
        print(f"bench-cluster: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt as e:   # SIGTERM or ^C: the cluster is stopped; the sizes measured so far are written
        if not results.get("rollout"):
            raise
        results["not_fitted"] = {"switches": results.get("growing_to"), "why": f"the run was interrupted ({e})"}
        log(f"interrupted at {results.get('growing_to')} switches: writing the sizes measured so far")
    bench.write(results, args.out)
    print()
    print("\n".join(bench.goal_lines(results)))
    print(f"bench-cluster: wrote {os.path.join(args.out, 'cluster.md')}, cluster.json, cluster.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
