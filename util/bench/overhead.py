#!/usr/bin/env python3
"""Overhead benchmark of the NIDS pipeline on BMv2 (`make bench`, `make bench-quick`).

One simple_switch_grpc runs the committed pipeline (pipeconf/src/main/resources/p4c-out/bmv2/) between two
network namespaces this script creates (nids-bench-h1, nids-bench-h2); no ONOS. Table entries are written over
P4Runtime with the package's client (nidslib.p4runtime.Bmv2Switch, nidslib.pipeline). Four scenarios of the same program,
switched at run time through the config table and the classifier's tables:

  S1 forwarding     track_mode TRACK_OFF
  S2 netflow        TRACK_EDGE (both ports edge): flow features and source context on, classifier tables empty
  S3 classifier     S2 + a small phase model: a binary J48 tree (UNSW sample) at packets 1, 2, 4, 8 and the end
  S4 full model     S2 + a full-capacity model: a multi-class tree at all 10 phases (one bank's decision entries)

Per scenario: the highest offered UDP rate with < 1% loss at 64-byte and 1024-byte frames (iperf3, bounded
geometric bisection, each rate decided by two trials of three; the four scenarios' searches take turns trial by
trial), the rate delivered under the same overload (twice S1's max rate), RTT percentiles of ping under a fixed
UDP load, TCP goodput, and the switch's CPU and RSS from /proc (per trial too). The switch's threads run on a
CPU of their own (the last one; --switch-cpus), the generator, receiver and ping on the others, so a scenario's
max rate is what its switch does with one CPU, not what it wins from the load. The whole run holds the
integration lock (/tmp/nids-itest.lock), so no ONOS fabric runs meanwhile.

    .venv/bin/python util/bench/overhead.py [--quick] [--out DIR] [--switch PATH] [--switch-cpus LIST|none]
"""
import argparse
import datetime
import json
import os
import platform
import queue
import shutil
import signal
import subprocess
import sys
import threading
import time

from nidslib import netns, pipeline, processes, veth
from nidslib.bench import models as bench_models
from nidslib.bench.models import model_facts
from nidslib.bench import report, stats
from nidslib.p4runtime import Bmv2Switch
from p4.v1 import p4runtime_pb2
from nidslib.paths import REPO_ROOT as ROOT
from nidslib.session import exclusive_stack_lock


HOSTS = {"h1": ("10.77.0.1", "02:00:00:77:00:01", 1, "nbench1"),
         "h2": ("10.77.0.2", "02:00:00:77:00:02", 2, "nbench2")}
NETNS = "nids-bench-{}"
HOST_IF = "bench0"
BRIDGE = "nbenchbr"
IPERF_PORT = 5201

SCENARIOS = [
    ("S1", "forwarding only", None),
    ("S2", "NetFlow features + source context", "none"),
    ("S3", "S2 + small phase model", "small"),
    ("S4", "S2 + full-capacity model, all phases", "large"),
]

# Seed 002 (Silva et al., BMv2, ML on vs off, web workload): median throughput -17.1%, median queueing delay +70.4%.
SEED_002 = {"throughput": -0.171, "delay": 0.704}
GOAL_RATIO = 0.90


class BenchError(Exception):
    pass


def run(*cmd, check=True, timeout=60):
    try:
        return netns.run(*cmd, check=check, timeout=timeout)
    except netns.CommandError as e:
        raise BenchError(str(e)) from None


def in_ns(host, *cmd):
    return netns.exec_args(NETNS.format(host), *cmd)


# ---- namespaces and veths ----------------------------------------------------------------------------------

def cleanup_env():
    """Removes what this benchmark creates (also what a killed run left behind)."""
    run("ip", "link", "del", BRIDGE, check=False)
    for host, (_, _, _, sw_if) in HOSTS.items():
        veth.delete(sw_if)
        netns.remove(NETNS.format(host))


def create_env():
    cleanup_env()
    try:
        for host, (ip, mac, _, sw_if) in HOSTS.items():
            veth.add_host(NETNS.format(host), HOST_IF, mac, f"{ip}/24", sw_if)
        for host in HOSTS:
            veth.static_arp(NETNS.format(host), HOST_IF,
                            [(ip, mac) for other, (ip, mac, _, _) in HOSTS.items() if other != host])
    except netns.CommandError as e:
        raise BenchError(str(e)) from None


def bridge_ports(bridged):
    """Joins (or parts) the two switch-side veths with a kernel bridge: the harness without BMv2, to measure
    what the generator and receiver themselves reach on this machine."""
    sw_ifs = [sw_if for _, _, _, sw_if in HOSTS.values()]
    if bridged:
        run("ip", "link", "add", BRIDGE, "type", "bridge")
        for sw_if in sw_ifs:
            run("ip", "link", "set", sw_if, "master", BRIDGE)
        run("ip", "link", "set", BRIDGE, "up")
    else:
        for sw_if in sw_ifs:
            run("ip", "link", "set", sw_if, "nomaster", check=False)
        run("ip", "link", "del", BRIDGE, check=False)


# ---- the switch --------------------------------------------------------------------------------------------

class BenchSwitch:
    """The committed pipeline (what the pipeconf ships) on one BMv2 between the two namespaces, written over
    P4Runtime; packet-ins (reports) are counted and dropped."""

    def __init__(self, binary, cpus=None):
        ports = {number: sw_if for _, _, number, sw_if in HOSTS.values()}
        self.cpus = cpus
        # No log file, and level warn: at BMv2's default level (trace) a build with logging macros formats
        # every trace message even with no sink to write it to, which costs more than the pipeline itself.
        self.switch = Bmv2Switch(ports, binary=binary, options=("--log-level", "warn"))
        self.const = self.switch.const
        self.reports = 0
        self._drain_stop = threading.Event()
        self._drain_thread = None

    @property
    def proc(self):
        return self.switch.proc

    @property
    def command(self):
        return self.switch.command

    def start(self, log_path, timeout=30):
        self.switch.log_path = log_path
        self.switch.start(timeout)
        if self.cpus and not processes.pin_threads(self.proc.pid, self.cpus):
            raise BenchError(f"the switch's threads could not all be moved to CPUs {sorted(self.cpus)}")
        self._drain_thread = threading.Thread(target=self._drain, name="packet-in-drain", daemon=True)
        self._drain_thread.start()
        return self

    def _drain(self):
        # Reports (packet-ins) must be consumed, or the stream backs up into the switch.
        while not self._drain_stop.is_set():
            try:
                self.switch.client.packet_ins.get(timeout=0.2)
                self.reports += 1
            except queue.Empty:
                pass

    def close(self):
        self._drain_stop.set()
        if self._drain_thread is not None:
            self._drain_thread.join(timeout=2)
        self.switch.close()

    # ---- what the benchmark writes
    def forward_between_ports(self):
        # table0 keeps ONOS basic's ternary keys: one entry per direction, keyed by ingress port only.
        ports = [number for _, _, number, _ in HOSTS.values()]
        entries = [pipeline.forward(a, next(p for p in ports if p != a)) for a in ports]
        for p in ports:
            entries += [pipeline.edge_port(p), pipeline.edge_port(p, egress=True)]
        self.switch.insert_many(entries)

    def configure(self, track, bank):
        mode = self.const["TRACK_EDGE"] if track else self.const["TRACK_OFF"]
        # No active timeout (reports only on flow events); the app's default report budget.
        self.switch.config(**pipeline.config(bank=bank, epoch=int(time.time()) & 0xFFFFFFFF, track_mode=mode))
        self.switch.set_default(pipeline.BUDGET_TABLE, pipeline.BUDGET_ACTION, {"rate_pps": 1000, "burst": 100})

    def write_model(self, model, bank):
        """The model bundle's entries (docs/model-format.md) into one bank, as the app writes them."""
        return self.switch.insert_many(pipeline.model_entries(model, bank))

    def write_model_parts(self, model, bank):
        """The model's entries with its phases entries apart: (entities of the phases entries, of the rest). With
        the phases entries deleted the bank classifies nothing (the classifier applies its other tables only after
        a phases hit), so a scenario switches between S2 and S4 by writing a few entries, not a bank's 2,000."""
        entries = pipeline.model_entries(model, bank)
        phases = [e for e in entries if e[0] == pipeline.PHASES_TABLE]
        rest = [e for e in entries if e[0] != pipeline.PHASES_TABLE]
        return self.switch.insert_many(phases), self.switch.insert_many(rest)

    def insert_entities(self, entities):
        self.switch.client.write_batched([(p4runtime_pb2.Update.INSERT, e) for e in entities])

    def counters(self):
        """The report and eviction counters: what the switch did besides forwarding over the run."""
        out = {}
        for name in ("NidsIngress.reports.report_counter", "NidsIngress.reports.report_drop_counter",
                     "NidsIngress.flows.evict_counter"):
            out[name.rsplit(".", 1)[1]] = self.switch.client.read_counters(name)
        return out

    def delete_entities(self, entities):
        self.switch.delete_many(entities)


# ---- /proc sampling ----------------------------------------------------------------------------------------

class ProcSampler:
    CLK_TCK = os.sysconf("SC_CLK_TCK")

    def __init__(self, pid):
        self.pid = pid

    def ticks(self):
        with open(f"/proc/{self.pid}/stat") as f:
            utime, stime, _ = stats.parse_proc_stat(f.read())
        return utime + stime

    def rss_kib(self):
        with open(f"/proc/{self.pid}/status") as f:
            text = f.read()
        return stats.parse_status_kib(text, "VmRSS"), stats.parse_status_kib(text, "VmHWM")


def thread_ticks(pid):
    """{thread id: utime + stime ticks} of every thread of the process."""
    out = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/stat") as f:
                utime, stime, _ = stats.parse_proc_stat(f.read())
        except (OSError, ValueError):
            continue
        out[int(tid)] = utime + stime
    return out


def loadavg():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


# ---- traffic -----------------------------------------------------------------------------------------------

class Traffic:
    def __init__(self, trial_seconds):
        self.trial_seconds = trial_seconds
        self.server = None

    def start_server(self):
        dst = HOSTS["h2"][0]
        self.server = subprocess.Popen(in_ns("h2", "iperf3", "-s", "-B", dst, "-p", str(IPERF_PORT)),
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                       start_new_session=True)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            r = run(*in_ns("h2", "ss", "-ltn", f"sport = :{IPERF_PORT}"), check=False)
            if str(IPERF_PORT) in r.stdout:
                return
            time.sleep(0.2)
        raise BenchError("iperf3 server did not listen")

    def stop_server(self):
        if self.server is not None:
            processes.terminate(self.server)
        self.server = None

    def udp_cmd(self, pps, frame_bytes, seconds):
        payload = stats.udp_payload_for_frame(frame_bytes)
        bps = int(pps * payload * 8)
        return in_ns("h1", "iperf3", "-c", HOSTS["h2"][0], "-p", str(IPERF_PORT), "-u", "-b", str(bps),
                     "-l", str(payload), "-t", str(seconds), "--pacing-timer", "200", "-J")

    def udp(self, pps, frame_bytes, seconds=None):
        """(sent pps, loss fraction) of one iperf3 UDP run."""
        seconds = seconds or self.trial_seconds
        r = run(*self.udp_cmd(pps, frame_bytes, seconds), check=False, timeout=seconds + 30)
        try:
            sent, lost, secs = stats.parse_iperf3_udp(json.loads(r.stdout))
        except (ValueError, KeyError) as e:
            raise BenchError(f"iperf3 UDP at {pps:.0f} pps: {e}; {r.stderr.strip()[:200]}")
        time.sleep(0.5)   # let the server get ready for the next test
        return sent / secs if secs else 0.0, (lost / sent if sent else 1.0)

    def tcp(self, seconds):
        r = run(*in_ns("h1", "iperf3", "-c", HOSTS["h2"][0], "-p", str(IPERF_PORT), "-t", str(seconds), "-J"),
                check=False, timeout=seconds + 30)
        try:
            return stats.parse_iperf3_tcp(json.loads(r.stdout))
        except (ValueError, KeyError) as e:
            raise BenchError(f"iperf3 TCP: {e}")
        finally:
            time.sleep(0.5)

    def rtt_under_load(self, load_pps, seconds, sampler):
        """RTTs (ms) of ping at 200/s while iperf3 offers load_pps of 64-byte UDP frames; CPU % of the switch."""
        count = int(seconds * 200)
        load = subprocess.Popen(self.udp_cmd(load_pps, 64, seconds + 2), stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, text=True, start_new_session=True)
        try:
            time.sleep(1.0)
            t0, c0 = time.monotonic(), sampler.ticks()
            r = run(*in_ns("h1", "ping", "-n", "-i", "0.005", "-c", str(count), "-W", "1", HOSTS["h2"][0]),
                    check=False, timeout=seconds + 30)
            t1, c1 = time.monotonic(), sampler.ticks()
            out, _ = load.communicate(timeout=seconds + 30)
        finally:
            processes.terminate(load, sig=signal.SIGKILL)
        time.sleep(0.5)
        sent, lost, secs = stats.parse_iperf3_udp(json.loads(out))
        rtts = stats.parse_ping_rtts(r.stdout)
        cpu = stats.cpu_percent(c0, c1, t1 - t0, sampler.CLK_TCK)
        return rtts, cpu, (lost / sent if sent else 1.0), count


# ---- models ------------------------------------------------------------------------------------------------

def train_models(cache_dir):
    """{kind: model bundle} for 'small' and 'large' (nidslib.bench.models); trained once, cached."""
    try:
        return {kind: bench_models.trained(kind, cache_dir) for kind in ("small", "large")}
    except bench_models.ModelsError as e:
        raise BenchError(f"scenarios S3/S4: {e}") from None


# ---- scenarios ---------------------------------------------------------------------------------------------

class ScenarioSwitch:
    """Switches the one switch between S1..S4 in a few writes, so that scenarios can take turns trial by trial.
    Both models stay written: the small one in bank 1 (S3), the large one in bank 0 (S4); S2 is bank 0 with the
    large model's phases entries deleted (no phase hits, so the classifier's other tables are never applied: the
    per-packet work of empty tables)."""

    BANK = {None: 0, "none": 0, "small": 1, "large": 0}

    def __init__(self, sw, models):
        self.sw = sw
        self.model_of = {key: model for key, _, model in SCENARIOS}
        sw.write_model(models["small"], 1)
        self.large_phases, _ = sw.write_model_parts(models["large"], 0)
        self.large_on = True
        self.current = None

    def enter(self, key):
        if key == self.current:
            return
        model = self.model_of[key]
        if model == "large" and not self.large_on:
            self.sw.insert_entities(self.large_phases)
            self.large_on = True
        elif model == "none" and self.large_on:
            self.sw.delete_entities(self.large_phases)
            self.large_on = False
        self.sw.configure(track=model is not None, bank=self.BANK[model])
        self.current = key


# ---- the run -----------------------------------------------------------------------------------------------

def measure_scenario(traffic, frames, search, log):
    """Max rate per frame size; each frame's entry also keeps every trial and the highest rate the generator
    actually sent (a harness that cannot offer more than the switch takes would cap every scenario alike)."""
    result = {"max_rate": {}}
    for frame in frames:
        sent_rates = []

        def trial(rate, frame=frame):
            sent, loss = traffic.udp(rate, frame)
            sent_rates.append(sent)
            log(f"    {frame:4d} B  offered {rate:9.0f} pps  sent {sent:9.0f} pps  loss {loss * 100:6.2f}%")
            if sent < 0.9 * rate:
                log("      (generator fell short of the offered rate)")
            return loss
        best, history = stats.max_rate_search(trial, search["low"], search["high"], search["trials"],
                                              precision=search["precision"])
        result["max_rate"][str(frame)] = {"pps": best, "gbps": stats.gbps(best, frame) if best else None,
                                     "trials": history, "sent_max": max(sent_rates, default=None)}
        log(f"  max rate at {frame} B: {stats.fmt(best)} pps (generator sent up to "
            f"{stats.fmt(max(sent_rates, default=None))} pps)")
    return result


def ab_measure(binary, models, args, log):
    """S1 and S3 on another simple_switch_grpc build (same program, same traffic): CPU per packet at a fixed
    2000 pps and the 64-byte max rate with a short search. Shows what BMv2's build flags are worth."""
    sw = BenchSwitch(binary, args.switch_cpus)
    traffic = Traffic(2)
    out = {"binary": binary, "version": run(binary, "--version", check=False).stdout.strip()}
    try:
        create_env()
        sw.start(os.path.join(ROOT, "build", "bench", "simple_switch_grpc.ab.log"))
        sampler = ProcSampler(sw.proc.pid)
        sw.forward_between_ports()
        traffic.start_server()
        sw.write_model(models["small"], 1)
        for key, track, bank in (("S1", False, 0), ("S3", True, 1)):
            sw.configure(track=track, bank=bank)
            traffic.udp(2000, 64, 2)
            t0, c0 = time.monotonic(), sampler.ticks()
            sent, loss = traffic.udp(2000, 64, 5)
            t1, c1 = time.monotonic(), sampler.ticks()
            cpu = stats.cpu_percent(c0, c1, t1 - t0, sampler.CLK_TCK)
            best, _ = stats.max_rate_search(lambda r: traffic.udp(r, 64)[1], args.low, args.high, 6,
                                            precision=0.05)
            out[key] = {"cpu_us_per_pkt": cpu / 100.0 * 1e6 / max(sent, 1), "max_pps_64": best}
            log(f"  A/B {os.path.basename(os.path.dirname(os.path.dirname(binary))) or binary} {key}: "
                f"{out[key]['cpu_us_per_pkt']:.0f} us/pkt at 2000 pps, max {stats.fmt(best)} pps")
    finally:
        traffic.stop_server()
        sw.close()
        cleanup_env()
    return out


def run_bench(args, log):
    frames = [64, 1024]
    search = dict(low=args.low, high=args.high, trials=args.trials, precision=args.precision, votes=args.votes)
    out_dir = os.path.abspath(args.out)
    os.makedirs(out_dir, exist_ok=True)
    build_dir = os.path.join(ROOT, "build", "bench")
    os.makedirs(build_dir, exist_ok=True)

    models = train_models(build_dir)
    for kind, m in models.items():
        f = model_facts(m)
        log(f"model {kind}: {f['phases']} phases of {f['leaves']} leaves, {f['range_entries']} range entries, "
            f"{f['decision_entries']} decision entries ({m['name']})")

    log("waiting for the integration lock /tmp/nids-itest.lock ...")
    lock = exclusive_stack_lock()
    log("lock held")
    sw = BenchSwitch(args.switch, args.switch_cpus)
    traffic = Traffic(args.trial_seconds)
    results = {"scenarios": {}, "started": datetime.datetime.utcnow().strftime("%Y-%m-%d %H:%M UTC")}
    try:
        if args.ab_switch:
            log(f"A/B: {args.ab_switch} against {args.switch}")
            results["ab"] = [ab_measure(shutil.which(b) or b, models, args, log)
                             for b in (args.ab_switch, args.switch)]
        create_env()
        # The harness alone: the same namespaces, generator and receiver, a kernel bridge instead of BMv2.
        log("harness ceiling: kernel bridge, no switch")
        bridge_ports(True)
        traffic.start_server()
        results["harness"] = measure_scenario(traffic, frames, search, log)
        traffic.stop_server()
        bridge_ports(False)
        sw.start(os.path.join(build_dir, "simple_switch_grpc.log"))
        sampler = ProcSampler(sw.proc.pid)
        sw.forward_between_ports()
        traffic.start_server()
        scenarios = ScenarioSwitch(sw, models)
        by_key = {key: title for key, title, _ in SCENARIOS}
        run_t0 = time.monotonic()
        results["switch_rss_start_kib"] = sampler.rss_kib()[0]
        traffic.udp(2000, 64, 2)   # warm-up: the switch's first packets

        def trial_of(key, frame, log_rows):
            """One trial of `key` at `frame` bytes; per trial the switch's CPU per packet, RSS and the reports
            so far are kept (is a scenario's switch getting slower over the run?)."""
            def trial(rate):
                scenarios.enter(key)
                t0, c0, reports0 = time.monotonic(), sampler.ticks(), sw.reports
                sent, loss = traffic.udp(rate, frame)
                cpu_s = (sampler.ticks() - c0) / sampler.CLK_TCK
                packets = sent * args.trial_seconds
                log_rows.append({"t": round(t0 - run_t0, 1), "rate": rate, "sent": sent, "loss": loss,
                                 "cpu_us_per_pkt": cpu_s * 1e6 / packets if packets else None,
                                 "rss_kib": sampler.rss_kib()[0], "reports": sw.reports - reports0,
                                 "load": loadavg()})
                log(f"    {key} {frame:4d} B  offered {rate:9.0f} pps  sent {sent:9.0f} pps  loss {loss * 100:6.2f}%"
                    f"  switch {log_rows[-1]['cpu_us_per_pkt'] or 0:5.1f} us/pkt")
                return loss
            return trial

        # Rounds: per frame size the four scenarios' searches take turns trial by trial (stats.interleaved_searches),
        # so a machine that slows down during the run slows every scenario alike; then the saturation trials and
        # TCP, in alternating scenario order.
        per_round = {key: [] for key in by_key}
        for rnd in range(args.rounds):
            order = list(by_key) if rnd % 2 == 0 else list(reversed(list(by_key)))
            log(f"round {rnd + 1}/{args.rounds}: {', '.join(order)}")
            round_res = {key: {"max_rate": {}, "saturation": {}} for key in order}
            for frame in frames:
                logs = {key: [] for key in order}
                found = stats.interleaved_searches({key: trial_of(key, frame, logs[key]) for key in order},
                                                   low=args.low, high=args.high, max_trials=args.trials,
                                                   precision=args.precision, votes=args.votes)
                for key, (best, history) in found.items():
                    round_res[key]["max_rate"][str(frame)] = {
                        "pps": best, "gbps": stats.gbps(best, frame) if best else None, "trials": history,
                        "trial_log": logs[key], "sent_max": max((r["sent"] for r in logs[key]), default=None)}
                    log(f"  round {rnd + 1} {key}: max rate at {frame} B {stats.fmt(best)} pps")
            for frame in frames:
                # Saturation: every scenario offered the same overload (twice S1's max rate of this round), what
                # arrives is what the switch forwards when it is the bottleneck; one trial, no search.
                s1_best = round_res["S1"]["max_rate"][str(frame)]["pps"] or args.low
                offered = 2 * s1_best
                for key in order:
                    scenarios.enter(key)
                    sent, loss = traffic.udp(offered, frame)
                    round_res[key]["saturation"][str(frame)] = {"offered": offered, "sent": sent, "loss": loss,
                                                                "delivered": sent * (1 - loss)}
                    log(f"  round {rnd + 1} {key}: saturation at {frame} B: offered {offered:.0f} pps, sent "
                        f"{sent:.0f}, delivered {sent * (1 - loss):.0f} pps")
            for key in order:
                scenarios.enter(key)
                round_res[key]["tcp_bps"] = traffic.tcp(args.tcp_seconds)
                round_res[key]["loadavg_before"] = loadavg()
                log(f"  round {rnd + 1} {key}: TCP {round_res[key]['tcp_bps'] / 1e6:.0f} Mb/s")
                per_round[key].append(round_res[key])
        for key, rounds in per_round.items():
            res = {"title": by_key[key], "rounds": rounds, "max_rate": {}, "saturation": {},
                   "tcp_bps": stats.median([r["tcp_bps"] for r in rounds]),
                   "loadavg_before": max(r["loadavg_before"] for r in rounds)}
            for frame in map(str, frames):
                best = stats.median([r["max_rate"][frame]["pps"] for r in rounds])
                res["max_rate"][frame] = {"pps": best, "gbps": stats.gbps(best, int(frame)) if best else None,
                                          "per_round": [r["max_rate"][frame]["pps"] for r in rounds]}
                delivered = [r["saturation"][frame]["delivered"] for r in rounds]
                res["saturation"][frame] = {"pps": stats.median(delivered), "per_round": delivered}
            results["scenarios"][key] = res
            log(f"{key}: max {stats.fmt(res['max_rate']['64']['pps'])} pps at 64 B, "
                f"{stats.fmt(res['max_rate']['1024']['pps'])} pps at 1024 B (median of {len(rounds)}); saturation "
                f"{stats.fmt(res['saturation']['64']['pps'])} / {stats.fmt(res['saturation']['1024']['pps'])} pps")
        # RTT and CPU at one fixed load for every scenario: half of the slowest scenario's 64-byte max rate,
        # so that no scenario runs above its capacity; rounds in alternating order as above, the median per
        # percentile over the rounds.
        rates = [r["max_rate"]["64"]["pps"] for r in results["scenarios"].values() if r["max_rate"]["64"]["pps"]]
        fixed = int(0.5 * min(rates)) if rates else 1000
        results["fixed_load_pps"] = fixed
        rtt_rounds = {key: [] for key in by_key}
        for rnd in range(args.rounds):
            order = list(by_key) if rnd % 2 == 0 else list(reversed(list(by_key)))
            for key in order:
                scenarios.enter(key)
                rtts, cpu, loss, count = traffic.rtt_under_load(fixed, args.rtt_seconds, sampler)
                rtt = {f"p{p}": stats.percentile(rtts, p) for p in (50, 90, 99)} if rtts else None
                rtt_rounds[key].append({"rtt_ms": rtt, "replies": [len(rtts), count], "cpu_percent": cpu,
                                        "load_loss": loss})
                rtt = rtt or {}
                log(f"RTT round {rnd + 1}/{args.rounds}: {key} P50/P90/P99 {stats.fmt(rtt.get('p50'), '{:.3f}')}/"
                    f"{stats.fmt(rtt.get('p90'), '{:.3f}')}/{stats.fmt(rtt.get('p99'), '{:.3f}')} ms "
                    f"at {fixed} pps; CPU {cpu:.0f}%")
        for key, rounds in rtt_rounds.items():
            res = results["scenarios"][key]
            measured = [r["rtt_ms"] for r in rounds if r["rtt_ms"]]
            res["rtt_ms"] = ({p: stats.median([m[p] for m in measured]) for p in ("p50", "p90", "p99")}
                             if measured else None)
            res["rtt_rounds"] = rounds
            res["cpu_percent"] = stats.median([r["cpu_percent"] for r in rounds])
            res["cpu_us_per_pkt"] = res["cpu_percent"] / 100.0 * 1e6 / fixed
            res["load_loss"] = max(r["load_loss"] for r in rounds)
            res["rss_kib"], res["hwm_kib"] = sampler.rss_kib()
        results["reports"] = sw.reports
        results["switch_counters"] = sw.counters()
        results["switch_rss_end_kib"] = sampler.rss_kib()[0]
        results["switch_command"] = " ".join(sw.command)
    finally:
        traffic.stop_server()
        sw.close()
        cleanup_env()
        lock.close()
    results["machine"] = machine_facts(args.switch)
    results["models"] = {k: model_facts(m) for k, m in models.items()}
    results["settings"] = {"trial_seconds": args.trial_seconds, "trials": args.trials, "high": args.high,
                           "low": args.low, "precision": args.precision, "votes": args.votes,
                           "nice": args.nice, "rounds": args.rounds,
                           "rtt_seconds": args.rtt_seconds, "tcp_seconds": args.tcp_seconds,
                           "quick": args.quick, "interleaved": True,
                           "switch_cpus": sorted(args.switch_cpus or []), "load_cpus": sorted(args.load_cpus or [])}
    return results


def run_profile(args, log):
    """Where the switch's CPU goes per packet: S1..S4 at one fixed load of 64-byte UDP, rounds in alternating
    order; per round the whole process's and each busy thread's CPU µs per packet (BMv2 runs receive, ingress,
    egress and transmit in threads of their own: the ingress thread is the pipeline), optionally a `perf` profile
    of the busiest thread (--perf)."""
    models = train_models(os.path.join(ROOT, "build", "bench"))
    log("waiting for the integration lock /tmp/nids-itest.lock ...")
    lock = exclusive_stack_lock()
    log("lock held")
    sw = BenchSwitch(args.switch, args.switch_cpus)
    traffic = Traffic(args.trial_seconds)
    rows = {key: [] for key, _, _ in SCENARIOS}
    try:
        create_env()
        sw.start(os.path.join(ROOT, "build", "bench", "simple_switch_grpc.profile.log"))
        sw.forward_between_ports()
        traffic.start_server()
        sw.write_model(models["small"], 1)
        large = None
        for rnd in range(args.rounds):
            order = [s[0] for s in SCENARIOS]
            for key in (order if rnd % 2 == 0 else order[::-1]):
                model = next(m for k, _, m in SCENARIOS if k == key)
                if model == "large" and large is None:
                    large = sw.write_model(models["large"], 0)
                elif model == "none" and large is not None:
                    sw.delete_entities(large)
                    large = None
                sw.configure(track=model is not None, bank=1 if model == "small" else 0)
                load = subprocess.Popen(traffic.udp_cmd(args.profile_pps, 64, args.profile_seconds + 2),
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                        start_new_session=True)
                try:
                    time.sleep(1.0)
                    t0, before = time.monotonic(), thread_ticks(sw.proc.pid)
                    time.sleep(args.profile_seconds)
                    t1, after = time.monotonic(), thread_ticks(sw.proc.pid)
                    out, _ = load.communicate(timeout=args.profile_seconds + 30)
                finally:
                    processes.terminate(load, sig=signal.SIGKILL)
                sent, lost, secs = stats.parse_iperf3_udp(json.loads(out))
                pps = sent / secs if secs else 0
                us = {tid: (after[tid] - before.get(tid, 0)) / ProcSampler.CLK_TCK / (t1 - t0) * 1e6 / max(pps, 1)
                      for tid in after}
                busy = sorted(((v, tid) for tid, v in us.items() if v >= 1.0), reverse=True)
                rows[key].append({"total": sum(us.values()), "threads": [v for v, _ in busy], "pps": pps,
                                  "loss": lost / sent if sent else 1.0, "load": loadavg()})
                log(f"round {rnd + 1} {key}: {sum(us.values()):6.1f} us/pkt at {pps:.0f} pps "
                    f"(loss {rows[key][-1]['loss'] * 100:.1f}%); threads " + " ".join(f"{v:.1f}" for v, _ in busy)
                    + f"; load {rows[key][-1]['load']:.1f}")
                if args.perf and rnd == 0 and busy:
                    perf_out = os.path.join(ROOT, "build", "bench", f"perf-{key}.txt")
                    load = subprocess.Popen(traffic.udp_cmd(args.profile_pps, 64, 8), stdout=subprocess.DEVNULL,
                                            stderr=subprocess.DEVNULL, start_new_session=True)
                    try:
                        time.sleep(1.0)
                        data = os.path.join(ROOT, "build", "bench", f"perf-{key}.data")
                        run("perf", "record", "-q", "-o", data, "-p", str(sw.proc.pid), "--", "sleep", "5",
                            timeout=60)
                        with open(perf_out, "w") as f:
                            # perf's "pid" key is the thread (pid:comm per task).
                            for sort in ("pid", "pid,sym"):
                                done = subprocess.run(["perf", "report", "-i", data, "--no-children", "--stdio",
                                                       "--percent-limit", "0.5", "--sort", sort], stdout=f,
                                                      stderr=subprocess.PIPE, text=True, timeout=120)
                                if done.returncode != 0:
                                    raise BenchError(f"perf report --sort {sort}: "
                                                     f"{(done.stderr.strip() or '?').splitlines()[0]}")
                        log(f"  perf profile (threads, symbols): {perf_out}")
                    finally:
                        processes.terminate(load, sig=signal.SIGKILL)
                    time.sleep(0.5)
    finally:
        traffic.stop_server()
        sw.close()
        cleanup_env()
        lock.close()
    log(f"median over {args.rounds} rounds, {args.profile_pps} pps of 64-byte UDP, {args.switch}:")
    for key, rs in rows.items():
        top = stats.median([r["threads"][0] for r in rs if r["threads"]]) if rs else None
        log(f"  {key}: {stats.median([r['total'] for r in rs]):6.1f} us/pkt, busiest thread {stats.fmt(top, '{:.1f}')}")
    return rows


def machine_facts(switch):
    facts = {"cpus": os.cpu_count(), "kernel": platform.release(), "python": platform.python_version()}
    try:
        with open("/proc/cpuinfo") as f:
            facts["cpu_model"] = next((ln.split(":", 1)[1].strip() for ln in f if ln.startswith("model name")), "?")
    except OSError:
        pass
    r = run(switch, "--version", check=False)
    facts["bmv2"] = r.stdout.strip() or r.stderr.strip()
    r = run("iperf3", "--version", check=False)
    facts["iperf3"] = r.stdout.splitlines()[0] if r.stdout else "?"
    facts["switch_binary"] = os.path.realpath(shutil.which(switch) or switch)
    return facts


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true", help="short trials, fewer search steps (a smoke run)")
    p.add_argument("--out", default=os.path.join(ROOT, "docs", "bench"), help="where results.md and the PNGs go")
    p.add_argument("--switch", default=os.environ.get("NIDS_BENCH_SWITCH", "simple_switch_grpc"))
    p.add_argument("--high", type=float, default=120000, help="highest offered rate of the search (pps)")
    p.add_argument("--low", type=float, default=16000,
                   help="first offered rate of the search (pps), near the expected max rates: every doubling or "
                        "halving costs a trial the bisection lacks (from 4000 pps, 8 trials ended S1 on a 9%% "
                        "grid and S2-S4 on a 4%% one; from 16000 both end within 2%%)")
    p.add_argument("--ab-switch", help="also measure S1/S3 briefly on this other simple_switch_grpc build")
    p.add_argument("--nice", type=int, default=-10, help="niceness of the benchmark and its children (0: as is)")
    p.add_argument("--profile", action="store_true",
                   help="only the CPU per packet and thread at a fixed load (no max rate search; prints, writes nothing)")
    p.add_argument("--profile-pps", type=int, default=4000)
    p.add_argument("--profile-seconds", type=int, default=8)
    p.add_argument("--perf", action="store_true", help="with --profile: a perf profile of the busiest thread")
    p.add_argument("--rounds", type=int, help="rounds in alternating order (default 3, --quick 1)")
    p.add_argument("--votes", type=int,
                   help="trials per offered rate of the max-rate search; a rate passes when most of them do "
                        "(default 3: a third trial only when two disagree; --quick 1)")
    p.add_argument("--switch-cpus", default=os.environ.get("NIDS_BENCH_SWITCH_CPUS", "auto"),
                   help="CPUs for the switch's threads (e.g. 1, 2-3); the benchmark, generator, receiver and ping "
                        "run on the other usable CPUs, so the switch does not share a CPU with the load it measures. "
                        "auto (default): the last usable CPU when there are two or more; none: not pinned")
    args = p.parse_args(argv)
    processes.stop_on_sigterm()     # the switch, iperf3 and the namespaces are removed on the way out
    args.trial_seconds = 2 if args.quick else 3
    args.trials = 6 if args.quick else 8
    args.precision = 0.05 if args.quick else 0.02
    args.rounds = args.rounds or (1 if args.quick else 3)
    args.votes = args.votes or (1 if args.quick else 3)
    if args.votes % 2 == 0:
        print("bench: --votes must be odd (a majority decides)", file=sys.stderr)
        return 2
    args.load_cpus = None
    usable = os.sched_getaffinity(0)
    if args.switch_cpus == "auto":
        args.switch_cpus = {max(usable)} if len(usable) >= 2 else None
    elif args.switch_cpus == "none":
        args.switch_cpus = None
    else:
        try:
            args.switch_cpus = processes.parse_cpu_list(args.switch_cpus)
        except ValueError as e:
            print(f"bench: --switch-cpus: {e}", file=sys.stderr)
            return 2
        if not args.switch_cpus < usable:
            print(f"bench: --switch-cpus must name some but not all of the usable CPUs {sorted(usable)} "
                  f"(the others run the generator and receiver)", file=sys.stderr)
            return 2
    if args.switch_cpus:
        args.load_cpus = usable - args.switch_cpus
    args.rtt_seconds = 4 if args.quick else 6
    args.tcp_seconds = 3 if args.quick else 5
    if os.geteuid() != 0:
        print("bench: needs root (network namespaces, veths)", file=sys.stderr)
        return 2
    for tool in (args.switch, "iperf3", "ping", "ip"):
        if shutil.which(tool) is None:
            print(f"bench: {tool} not found (see `make stack` / `make setup`)", file=sys.stderr)
            return 2

    def log(msg):
        print(msg, flush=True)

    if args.load_cpus is not None:
        # Set before any thread or child exists: iperf3, ping and the P4Runtime client inherit it.
        os.sched_setaffinity(0, args.load_cpus)
        log(f"bench: switch on CPUs {sorted(args.switch_cpus)}, generator, receiver and benchmark on "
            f"{sorted(args.load_cpus)}")

    if args.nice:
        # The switch, generator, receiver and ping inherit this: on a small machine shared with builds, the
        # benchmark otherwise measures who got the CPU, not the pipeline (loss at 2 kpps on a starved switch).
        os.setpriority(os.PRIO_PROCESS, 0, args.nice)
        log(f"bench: running at nice {args.nice}")

    try:
        if args.profile:
            run_profile(args, log)
            return 0
        results = run_bench(args, log)
    except BenchError as e:
        print(f"bench: {e}", file=sys.stderr)
        return 1
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "results.json"), "w") as f:
        json.dump(results, f, indent=1, sort_keys=True)
    report.write(results, args.out)
    log(f"bench: wrote {args.out}/results.md, results.json and the plots")
    return 0


if __name__ == "__main__":
    sys.exit(main())
