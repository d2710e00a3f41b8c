"""Renders the overhead benchmark's results (overhead.py's dict / results.json) as docs/bench/results.md and PNGs.

    .venv/bin/python -m nidslib.bench.report docs/bench/results.json    # re-render from a saved run
"""
import json
import math
import os
import sys
import textwrap

from . import stats
from .. import constants as C
from ..paths import REPO_ROOT

FRAMES = ("64", "1024")
COMMANDS = """```
make bench          # full run, about 35-40 min: writes docs/bench/results.{md,json} and the PNGs; the -O3
                    # no-logging build (/opt/bmv2-perf) when installed, compared briefly with the default build
make bench-quick    # shorter trials and search (smoke run): writes build/bench-quick/
# both run: .venv/bin/python util/bench/overhead.py [--quick] [--out DIR] [--switch PATH] [--ab-switch PATH]  (root)
# where the time goes (CPU per thread and packet at a fixed load, optionally a perf profile; prints only):
#           .venv/bin/python util/bench/overhead.py --profile [--perf] [--rounds N] [--switch PATH]
```"""


INTERLEAVED = (": in each round the four searches take turns trial by trial (every search's k-th trial within one "
               "step of the others', step order alternating), so a machine slowing down during the run slows every "
               "scenario alike")


def votes_phrase(settings):
    """How many trials decide whether an offered rate passes (settings["votes"], 1 before it existed)."""
    votes = settings.get("votes", 1)
    if votes == 1:
        return "one per rate"
    return (f"a rate passing when most of its {votes} trials lose < 1% (trials stop once a majority agrees: a "
            f"single trial near the limit is one sample of how the scheduler treated the switch)")


def _rate(res, frame):
    return res["max_rate"][frame]["pps"]


def summary_rows(results):
    """[(key, title, pps64, gbps64, pps1024, gbps1024, ratio64, tcp, p50, p90, p99, cpu, us/pkt, rss)]"""
    scen = results["scenarios"]
    base = scen.get("S1")
    rows = []
    for key in sorted(scen):
        r = scen[key]
        rtt = r.get("rtt_ms") or {}
        rows.append([
            key, r["title"],
            stats.fmt(_rate(r, "64")), stats.fmt(r["max_rate"]["64"]["gbps"], "{:.3f}"),
            stats.fmt(_rate(r, "1024")), stats.fmt(r["max_rate"]["1024"]["gbps"], "{:.3f}"),
            stats.fmt(ratio(_rate(r, "64"), base and _rate(base, "64")), "{:.0%}"),
            stats.fmt(ratio(_rate(r, "1024"), base and _rate(base, "1024")), "{:.0%}"),
            stats.fmt(r.get("tcp_bps") and r["tcp_bps"] / 1e6),
            stats.fmt(rtt.get("p50"), "{:.3f}"), stats.fmt(rtt.get("p90"), "{:.3f}"),
            stats.fmt(rtt.get("p99"), "{:.3f}"),
            stats.fmt(r.get("cpu_percent")), stats.fmt(r.get("cpu_us_per_pkt"), "{:.1f}"),
            stats.fmt(r.get("rss_kib") and r["rss_kib"] / 1024, "{:.0f}"),
        ])
    return rows


def ratio(value, base):
    if value is None or not base:
        return None
    return value / base


def comparison_rows(results):
    """Ours beside seed 002's ML-on vs ML-off figures: S3/S4 against S1 (features + classifier) and against S2
    (the classifier alone, the step seed 002 measured)."""
    scen = results["scenarios"]
    rows = []
    for key, base_key in (("S3", "S1"), ("S4", "S1"), ("S3", "S2"), ("S4", "S2")):
        if key not in scen or base_key not in scen:
            continue
        r, base = scen[key], scen[base_key]
        change = stats.relative_change
        p50 = change((r.get("rtt_ms") or {}).get("p50"), (base.get("rtt_ms") or {}).get("p50"))
        what = "features + classifier" if base_key == "S1" else "classifier alone"
        rows.append([f"ours, {key} vs {base_key} ({what}{', full-capacity model' if key == 'S4' else ''})",
                     stats.fmt_change(change(_rate(r, "64"), _rate(base, "64"))),
                     stats.fmt_change(change(_rate(r, "1024"), _rate(base, "1024"))),
                     stats.fmt_change(change(r.get("tcp_bps"), base.get("tcp_bps"))),
                     stats.fmt_change(p50),
                     stats.fmt_change(change(r.get("cpu_us_per_pkt"), base.get("cpu_us_per_pkt"))),
                     stats.fmt_change(change(r.get("rss_kib"), base.get("rss_kib")))])
    rows.append(["seed 002 (Silva et al.), ML on vs off, web workload", "—", "—",
                 stats.fmt_change(-0.171), stats.fmt_change(0.704), "+7.3% (CPU)", "+29.6%"])
    return rows


GOALS = (("S3", 0.90), ("S4", 0.85))    # issue 13: max rate vs S1 at both frame sizes, same run and build
RTT_GOAL = 1.3                          # ... and S3's median RTT at most this times S1's


def goal_percent(value, goal):
    """`value` as a whole percent, or with one decimal where the whole percent would read as the goal while the
    value is below it (0.897 against 0.90: "89.7%", not "90%" beside "NOT met")."""
    whole = f"{value:.0%}"
    if value < goal and round(value * 100) >= round(goal * 100):
        return f"{math.floor(value * 1000) / 10:.1f}%"
    return whole


def goal_lines(results):
    """Issue 13's checks, each with its figures: S3 >= 90% and S4 >= 85% of S1's max rate at both frame sizes, S3's
    median RTT <= 1.3 x S1's."""
    scen = results["scenarios"]
    lines = []
    for key, goal in GOALS:
        if key not in scen or "S1" not in scen:
            lines.append(f"- {key} ≥ {goal:.0%} of S1's max rate: not measured.")
            continue
        ratios = {f: ratio(_rate(scen[key], f), _rate(scen["S1"], f)) for f in FRAMES}
        if any(r is None for r in ratios.values()):
            lines.append(f"- {key} ≥ {goal:.0%} of S1's max rate: not measured.")
            continue
        verdict = "met" if all(r >= goal for r in ratios.values()) else "NOT met"
        parts = ", ".join(f"**{goal_percent(ratios[f], goal)}** at {f} B" for f in FRAMES)
        lines.append(f"- {key} ≥ {goal:.0%} of S1's max rate: {parts}: {verdict}.")
    p50 = {k: (scen.get(k, {}).get("rtt_ms") or {}).get("p50") for k in ("S1", "S3")}
    if p50["S1"] and p50["S3"] is not None:
        times = p50["S3"] / p50["S1"]
        lines.append(f"- S3's median RTT ≤ {RTT_GOAL} × S1's: **{times:.2f} ×** ({p50['S3']:.3f} vs {p50['S1']:.3f} ms): "
                     f"{'met' if times <= RTT_GOAL else 'NOT met'}.")
    else:
        lines.append(f"- S3's median RTT ≤ {RTT_GOAL} × S1's: not measured.")
    return "\n".join(lines)


def per_round(results, frame):
    """'S1 a/b/c; S2 ...': each scenario's max rate at the frame size in every round."""
    return "; ".join(f"{k} {'/'.join(stats.fmt(v) for v in r['max_rate'][frame].get('per_round', []))}"
                     for k, r in sorted(results["scenarios"].items()))


def saturation_lines(results):
    """The saturation measure beside the loss threshold: per scenario what arrives when every scenario is offered
    the same overload (twice S1's max rate of the round), the median over the rounds, and its ratio to S1's. None
    when the run did not measure it (runs before session 10)."""
    scen = results["scenarios"]
    if not all("saturation" in r for r in scen.values()) or "S1" not in scen:
        return None
    rows = []
    for key, r in sorted(scen.items()):
        row = [key]
        for f in FRAMES:
            sat = r["saturation"][f]
            base = scen["S1"]["saturation"][f]["pps"]
            row += [stats.fmt(sat["pps"]), stats.fmt(ratio(sat["pps"], base), "{:.0%}"),
                    "/".join(stats.fmt(v) for v in sat["per_round"])]
        rows.append(row)
    return stats.markdown_table(["", "delivered pps 64 B", "vs S1", "per round", "delivered pps 1024 B", "vs S1",
                                 "per round"], rows, align=["l"] + ["r"] * 6)


def _reasons():
    """(code, name) of the pipeline's report reasons, from the generated constants: the report counter's indices."""
    return sorted((value, name[len("REASON_"):].lower().replace("_", " ")) for name, value in vars(C).items()
                  if name.startswith("REASON_") and isinstance(value, int))

def drift_line(results):
    """Is a scenario's switch slower late in the run than early? The switch's CPU per packet in each round's first
    search trial (the same offered rate in every round and scenario), the switch's RSS at the start and the end,
    and what it reported and evicted."""
    scen = results["scenarios"]
    if not all(r.get("rounds") and "trial_log" in r["rounds"][0]["max_rate"]["64"] for r in scen.values()):
        return None
    parts = []
    for key, r in sorted(scen.items()):
        firsts = [rd["max_rate"]["64"]["trial_log"][0] for rd in r["rounds"] if rd["max_rate"]["64"]["trial_log"]]
        parts.append(f"{key} " + "/".join(stats.fmt(t["cpu_us_per_pkt"], "{:.1f}") for t in firsts))
    first_rate = scen["S1"]["rounds"][0]["max_rate"]["64"]["trial_log"][0]["rate"]
    counters = results.get("switch_counters") or {}
    reported = counters.get("report_counter")
    evicted = counters.get("evict_counter")
    tail = ""
    if reported is not None and evicted is not None:
        by_reason = ", ".join(f"{name} {reported[code]}" for code, name in _reasons() if code < len(reported))
        tail = (f"; the switch sent {sum(reported)} reports ({by_reason}), refused "
                f"{sum(counters.get('report_drop_counter') or [])}, evicted {sum(evicted)} flows")
    rss = ""
    if results.get("switch_rss_start_kib") and results.get("switch_rss_end_kib"):
        rss = (f"; switch RSS {results['switch_rss_start_kib'] / 1024:.0f} MiB at the start, "
               f"{results['switch_rss_end_kib'] / 1024:.0f} MiB at the end")
    return (f"- Drift check: the switch's CPU µs per packet in each round's first 64-byte trial ({first_rate:.0f} pps "
            f"offered in every round and scenario), rounds 1..n: " + "; ".join(parts) + rss + tail
            + ". results.json keeps every trial's time, rate, loss, switch CPU per packet, RSS and reports.")


def paired_ratio_line(results):
    """Each round's ratio to S1 of the same round (the searches ran side by side when interleaved), the median
    over the rounds: a second reading of the goals that a round-to-round change of the machine does not move."""
    scen = results["scenarios"]
    if "S1" not in scen or not results.get("settings", {}).get("interleaved"):
        return None
    parts = []
    for key in sorted(k for k in scen if k != "S1"):
        per_frame = []
        for f in FRAMES:
            pairs = zip(scen[key]["max_rate"][f].get("per_round", []), scen["S1"]["max_rate"][f].get("per_round", []))
            ratios = [ratio(a, b) for a, b in pairs if a and b]
            if ratios:
                per_frame.append(f"{stats.median(ratios):.0%} at {f} B ("
                                 + "/".join(f"{r:.0%}" for r in ratios) + ")")
        if per_frame:
            parts.append(f"{key} " + ", ".join(per_frame))
    if not parts:
        return None
    return ("- Per-round ratios to S1 of the same round, median over the rounds (rounds in parentheses): "
            + "; ".join(parts) + ".")


def harness_line(results):
    """What the generator and receiver reach without the switch (a kernel bridge in its place): when a scenario's
    max rate is near it, the harness, not BMv2, caps the search and the ratios say nothing."""
    harness = results.get("harness")
    if not harness:
        return "- Harness ceiling (no switch): not measured in this run."
    parts = []
    for f in FRAMES:
        h = harness["max_rate"][f]
        top = max((_rate(r, f) or 0) for r in results["scenarios"].values())
        parts.append(f"{stats.fmt(h['pps'])} pps at {f} B (generator sent up to {stats.fmt(h.get('sent_max'))} pps; "
                     f"the fastest scenario reached {ratio(top, h['pps']) or 0:.0%} of it)")
    return ("- Harness ceiling: the same generator, receiver and veths with a kernel bridge in place of the switch "
            "reach " + ", ".join(parts) + ". The scenarios' max rates are the switch's, not the harness's, as long "
            "as they stay well below it.")


def cpu_sharing_line(settings):
    if settings.get("switch_cpus"):
        return (f"- The switch's threads ran on CPU {', '.join(map(str, settings['switch_cpus']))}; the generator, "
                f"receiver, ping and the benchmark on {', '.join(map(str, settings['load_cpus']))} (`--switch-cpus`); "
                "the kernel's share of a packet runs where it is sent or received, and (on this machine) other "
                "agents' builds and tests may share any of them; ")
    return "- Generator, receiver, the switch and (on this machine) other agents' builds and tests share the CPUs; "


def render_markdown(results, plots):
    m = results["machine"]
    s = results["settings"]
    lines = [
        "# Overhead benchmark: forwarding vs NetFlow features vs classifier on BMv2",
        "",
        "One `simple_switch_grpc` runs the committed pipeline (`pipeconf/src/main/resources/p4c-out/bmv2/`) between",
        "two network namespaces; the scenarios are the same program configured at run time (config table",
        "`track_mode`, classifier tables empty or holding a model; S2 uses S4's bank without its phases entries, so "
        "its classifier never applies). No ONOS. Generated by `util/bench/overhead.py`",
        f"on {results['started']}.",
        "",
        "Goals (issue 13; this run, one switch build):",
        "",
        goal_lines(results),
        "",
        "## Results",
        "",
        stats.markdown_table(
            ["", "scenario", "max pps 64 B", "Gb/s 64 B", "max pps 1024 B", "Gb/s 1024 B", "64 B vs S1",
             "1024 B vs S1", "TCP Mb/s", "RTT P50 ms", "P90 ms", "P99 ms", "switch CPU %", "CPU µs/pkt", "RSS MiB"],
            summary_rows(results), align=["l", "l"] + ["r"] * 13),
        "",
        f"- Max rate: highest offered UDP rate (iperf3, one flow) with < 1% loss end to end; from "
        f"{s.get('low', 1000):.0f} pps the rate doubles until a trial loses (cap {s['high']:.0f} pps; it halves "
        f"when the first trial loses), then a geometric bisection to {s.get('precision', 0.05):.0%}; at most "
        f"{s['trials']} rates per frame size, trials of {s['trial_seconds']} s, {votes_phrase(s)}; the median "
        f"over {s.get('rounds', 1)} "
        f"round(s){INTERLEAVED if s.get('interleaved') else ' run in alternating scenario order'} (per round: "
        + "; ".join(f"{per_round(results, f)} pps at {f} B" for f in FRAMES) + "). "
        "Gb/s counts layer-2 bits, FCS included.",
        harness_line(results),
    ]
    sat = saturation_lines(results)
    if sat:
        lines += [
            "- Saturation (beside the loss threshold): every scenario is offered the same overload, twice S1's max "
            "rate of the round, for one trial per round; what arrives is what the switch forwards when it is the "
            "bottleneck (median over the rounds):",
            "",
            sat,
            "",
        ]
    for extra in (paired_ratio_line(results), drift_line(results)):
        if extra:
            lines.append(extra)
    lines += [
        f"- RTT: ping at 200/s for {s['rtt_seconds']} s while iperf3 offers a fixed load of "
        f"{results['fixed_load_pps']} pps of 64-byte frames (half the slowest scenario's max rate, so no scenario "
        f"runs above its capacity), {s.get('rounds', 1)} round(s) in alternating scenario order; each percentile is "
        "the median over the rounds (per round P50: "
        + "; ".join(f"{k} " + "/".join(stats.fmt((x.get("rtt_ms") or {}).get("p50"), "{:.3f}")
                                      for x in r.get("rtt_rounds", []))
                    for k, r in sorted(results["scenarios"].items())) + " ms). "
        "CPU % (of one core, all switch threads) and µs/pkt over that window (median over the rounds); RSS after "
        "the last.",
        f"- TCP: one iperf3 TCP stream for {s['tcp_seconds']} s.",
        f"- Reports received by the benchmark's P4Runtime client over the whole run: {results.get('reports', 0)}.",
        "",
        "## Beside seed 002",
        "",
        stats.markdown_table(["", "max pps 64 B", "max pps 1024 B", "TCP throughput", "median RTT / queueing delay",
                                 "CPU per packet", "RSS"], comparison_rows(results)),
        "",
        "Seed 002 measured a client–switch–server BMv2 setup with and without in-network ML (median throughput "
        "−17.1%, median queueing delay +70.4%, CPU +7.3%, memory +29.6% for web traffic). Our S1 → S3 step adds both "
        "the NetFlow feature stage and the classifier, i.e. more than their ML step; S2 → S3 and S2 → S4 isolate the "
        "classifier, the step comparable to theirs. Single-run differences of a few percent are within this "
        "machine's noise (see the per-round rates above).",
        "",
        "## Models",
        "",
        stats.markdown_table(["scenario", "model", "phases", "leaves per phase", "features", "range entries",
                              "decision entries"],
                             [[k, v["name"], v.get("phases", 1), v["leaves"], v["features"], v["range_entries"],
                               v["decision_entries"]]
                              for k, v in (("S3", results["models"]["small"]), ("S4", results["models"]["large"]))],
                             align=["l", "l", "r", "r", "r", "r", "r"]),
        "",
        "The UNSW sample has one row per finished flow, so `nids-model train` makes an END tree; the benchmark writes "
        "that tree at every phase the scenario names (S3: packets 1, 2, 4, 8 and the end; S4: all 16 packet phases "
        "and the end, about one bank's 1,024 decision entries). The switch classifies a flow only at its phase "
        "packets, so what the model costs per packet is that of phase trees of this size, whatever they were "
        "trained on.",
        "",
        "## Plots",
        "",
    ]
    for name, caption in plots:
        lines += [f"![{caption}]({name})", ""]
    if results.get("ab"):
        lines += ["## BMv2 build flags", "",
                  "S1 and S3 on two builds of `simple_switch_grpc` 1.15.5 (same run, same program and traffic; "
                  "CPU per packet at 2000 pps of 64-byte UDP, max rate with a 6-trial search):", "",
                  stats.markdown_table(
                      ["build", "S1 µs/pkt", "S3 µs/pkt", "S1 max pps", "S3 max pps", "S3 vs S1"],
                      [[f"`{a['binary']}`", stats.fmt(a["S1"]["cpu_us_per_pkt"]),
                        stats.fmt(a["S3"]["cpu_us_per_pkt"]), stats.fmt(a["S1"]["max_pps_64"]),
                        stats.fmt(a["S3"]["max_pps_64"]),
                        stats.fmt(ratio(a["S3"]["max_pps_64"], a["S1"]["max_pps_64"]), "{:.0%}")]
                       for a in results["ab"]], align=["l"] + ["r"] * 5), ""]
    lines += [
        "## Machine and caveats",
        "",
        f"- {m.get('cpus')} CPUs ({m.get('cpu_model', '?')}), kernel {m.get('kernel')}; BMv2 `{m.get('bmv2')}` "
        f"(`{m.get('switch_binary')}`); {m.get('iperf3')}.",
        f"- Switch command: `{results.get('switch_command', '?')}`.",
        cpu_sharing_line(s)
        + ("the highest 1-minute load average per scenario (taken at each round's TCP test): "
           if results["settings"].get("interleaved") else "the 1-minute load average before each scenario: ")
        + ", ".join(f"{k} {v.get('loadavg_before', 0):.1f}" for k, v in sorted(results["scenarios"].items())) + ". "
        "Absolute rates move with that load and with the machine's own speed, which changes within minutes on "
        "this shared virtual machine (docs/overhead.md, session 10); compare scenarios within one run.",
        "- One UDP flow per trial: the flow stage updates one slot; many short flows would add evictions and "
        "reports.",
        "",
        "## Reproduce",
        "",
        COMMANDS,
        "",
        "`results.json` beside this file holds every trial (offered rate, loss) of the search.",
    ]
    return "\n".join(lines) + "\n"


def plot(results, out_dir):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    scen = results["scenarios"]
    keys = sorted(scen)
    # titles wrapped to the bar's width: four long ones side by side overlap otherwise
    labels = [k + "\n" + textwrap.fill(scen[k]["title"], 18) for k in keys]
    made = []

    fig, axes = plt.subplots(1, 2, figsize=(10, 4))
    for ax, frame in zip(axes, FRAMES):
        vals = [_rate(scen[k], frame) or 0 for k in keys]
        bars = ax.bar(range(len(keys)), [v / 1000 for v in vals], color=["#888", "#4a90d9", "#2a6", "#d62"])
        ax.set_xticks(range(len(keys)), labels, fontsize=7)
        ax.set_ylabel("kpps (< 1% loss)")
        ax.set_title(f"max forwarding rate, {frame}-byte frames")
        for b, v in zip(bars, vals):
            ax.annotate(f"{v / 1000:.1f}", (b.get_x() + b.get_width() / 2, b.get_height()), ha="center",
                        va="bottom", fontsize=8)
    fig.tight_layout()
    fig.savefig(os.path.join(out_dir, "max_rate.png"), dpi=110)
    plt.close(fig)
    made.append(("max_rate.png", "Max forwarding rate per scenario"))

    fig, ax = plt.subplots(figsize=(7, 4))
    width = 0.25
    for i, p in enumerate(("p50", "p90", "p99")):
        vals = [((scen[k].get("rtt_ms") or {}).get(p) or 0) for k in keys]
        ax.bar([x + (i - 1) * width for x in range(len(keys))], vals, width, label=p.upper())
    ax.set_xticks(range(len(keys)), labels, fontsize=7)
    ax.set_ylabel("RTT (ms)")
    ax.set_title(f"ping RTT under {results['fixed_load_pps']} pps of 64-byte UDP")
    ax.legend()
    fig.tight_layout()
    fig.savefig(os.path.join(out_dir, "rtt.png"), dpi=110)
    plt.close(fig)
    made.append(("rtt.png", "RTT percentiles under a fixed load"))

    fig, axes = plt.subplots(1, 2, figsize=(10, 4))
    vals = [scen[k].get("cpu_us_per_pkt") or 0 for k in keys]
    axes[0].bar(range(len(keys)), vals, color="#777")
    axes[0].set_xticks(range(len(keys)), labels, fontsize=7)
    axes[0].set_ylabel("switch CPU µs per forwarded packet")
    axes[0].set_title("CPU cost per packet (fixed load)")
    vals = [(scen[k].get("rss_kib") or 0) / 1024 for k in keys]
    axes[1].bar(range(len(keys)), vals, color="#a67")
    axes[1].set_xticks(range(len(keys)), labels, fontsize=7)
    axes[1].set_ylabel("RSS (MiB)")
    axes[1].set_title("switch resident memory")
    fig.tight_layout()
    fig.savefig(os.path.join(out_dir, "cpu_rss.png"), dpi=110)
    plt.close(fig)
    made.append(("cpu_rss.png", "Switch CPU per packet and RSS"))
    return made


def write(results, out_dir):
    plots = plot(results, out_dir)
    with open(os.path.join(out_dir, "results.md"), "w") as f:
        f.write(render_markdown(results, plots))


if __name__ == "__main__":
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(REPO_ROOT, "docs", "bench", "results.json")
    with open(path) as f:
        data = json.load(f)
    write(data, os.path.dirname(os.path.abspath(path)))
    print(f"wrote {os.path.dirname(os.path.abspath(path))}/results.md")
