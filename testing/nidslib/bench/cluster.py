"""Pure parts of the cluster benchmark (`make bench-cluster`, util/bench/clusterbench.py): the attack senders'
script, report → incident latencies from the senders' times and the polled incidents, the summary, the results
page and its plot. No process, socket or file access but `write`: testing/tests/test_bench_cluster.py tests it.
"""
import argparse
import os

from . import stats

ROLLOUT_TARGET_S = 5.0
LATENCY_TARGET_MS = 500
TARGET_SWITCHES = 16

# One attack flow per source port from FIRST_PORT: a reused port would be the same flow, counted once.
FIRST_PORT = 42000


def sender_script(server_ip, port, flows, pace_s, first_port=FIRST_PORT):
    """A host's attack: `flows` TCP connection attempts to server_ip:port, each from its own source port (from
    first_port on), one every pace_s; prints the send time (epoch seconds) of each, in order (bounded by `flows`)."""
    return (
        "import socket, time\n"
        f"for i in range({flows}):\n"
        "    s = socket.socket(); s.setblocking(False)\n"
        "    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)\n"
        f"    s.bind(('0.0.0.0', {first_port} + i))\n"
        "    sent = time.time()\n"
        f"    try: s.connect(('{server_ip}', {port}))\n"
        "    except BlockingIOError: pass\n"
        "    print(sent, flush=True)\n"
        f"    time.sleep({pace_s})\n"
        "    s.close()\n")


def sent_times(output):
    """The send times a sender printed, in order."""
    return [float(line) for line in output.split() if line.strip()]


def incident_latencies_ms(sent, polls):
    """Latency of each attack flow from its first packet to its source's incident counting it, in ms.

    sent: {source: [send time of flow 1, flow 2, ...]}; polls: [(time the answer arrived, {source: flows counted by
    its incidents})], in poll order. The k-th flow of a source is counted once a poll shows k flows (an upper bound
    of when the incident had it: it includes up to one poll interval and one REST round trip). Flows never counted
    are left out; `uncounted` says how many."""
    latencies = []
    uncounted = 0
    for source, times in sent.items():
        seen = [(t, counts.get(source, 0)) for t, counts in polls]
        for k, sent_at in enumerate(times, start=1):
            arrival = next((t for t, count in seen if count >= k and t >= sent_at), None)
            if arrival is None:
                uncounted += 1
            else:
                latencies.append((arrival - sent_at) * 1000)
    return sorted(latencies), uncounted


def first_alerts_ms(flows):
    """{(client ip, client port): when the app first decoded an alert report of the flow (ms)} from the records
    `GET /onos/nids/flows` lists (each instance lists the records of the switches it masters)."""
    out = {}
    for f in flows:
        if f.get("alert"):
            key = (f["flow"]["clientIp"], f["flow"]["clientPort"])
            out[key] = min(out.get(key, f["receivedMillis"]), f["receivedMillis"])
    return out


def latency_parts_ms(sent, polls, decoded, first_port=FIRST_PORT):
    """Where a flow's report → incident latency goes: {"to_app": first packet (the sender's clock) → its alert report
    decoded by the switch's master (the switch, the packet-in, the report queue), "in_app": decoded → the first poll
    whose incident counts the flow (detection queue, incident store, REST, up to one poll interval)}, each a sorted list
    of ms over the flows both are known of. sent and polls as for incident_latencies_ms; decoded as first_alerts_ms
    gives; a source's k-th flow (from 1) came from port first_port + k - 1."""
    to_app, in_app = [], []
    for source, times in sent.items():
        seen = [(t, counts.get(source, 0)) for t, counts in polls]
        for k, sent_at in enumerate(times, start=1):
            at_app = decoded.get((source, first_port + k - 1))
            arrival = next((t for t, count in seen if count >= k and t >= sent_at), None)
            if at_app is None or arrival is None:
                continue
            to_app.append(at_app - sent_at * 1000)
            in_app.append(arrival * 1000 - at_app)
    return {"to_app": sorted(to_app), "in_app": sorted(in_app)}


def latency_part_lines(latency):
    """The latency's parts, a line each: first packet → alert report decoded, decoded → incident seen, and each
    instance's own timing (µs figures in ms)."""
    def ms(micros):
        return "—" if micros is None else f"{micros / 1000:.0f}"
    lines = []
    for name, what in (("to_app", "first packet → alert report decoded by the switch's master"),
                       ("in_app", "alert report decoded → incident counting the flow seen over REST")):
        s = (latency.get("parts") or {}).get(name)
        if s and s["n"]:
            lines.append(f"{what}: {s['n']} flows, median {s['median']:.0f} ms, p90 {s['p90']:.0f} ms, "
                         f"max {s['max']:.0f} ms")
    for node, t in sorted((latency.get("app_timing") or {}).items()):
        d, svc = t.get("detectionMicros") or {}, t.get("detectionServiceMicros") or {}
        lines.append(f"{node}: {d.get('count', 0)} attack records on {t.get('detectionWorkers', '—')} detection "
                     f"thread(s): packet-in → verdict placed median {ms(d.get('p50'))} ms (p99 {ms(d.get('p99'))}), "
                     f"of which the incident service median {ms(svc.get('p50'))} ms (p99 {ms(svc.get('p99'))})")
    return lines


def positive_int(text):
    """argparse type of a count that must be at least 1 (the latency rounds): a clear error otherwise."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def round_row(latency):
    """One latency round's figures without its per-flow lists: round, summary, never counted, parts' summaries,
    the polls' round trip and each instance's own timing (cumulative over the rounds so far)."""
    return {k: latency.get(k) for k in ("round", "summary", "uncounted", "parts", "poll_ms", "app_timing",
                                        "reports_decoded")}


def summary(values):
    """{n, median, p90, p99, max} of a list (None figures when it is empty)."""
    if not values:
        return {"n": 0, "median": None, "p90": None, "p99": None, "max": None}
    return {"n": len(values), "median": stats.median(values), "p90": stats.percentile(values, 90),
            "p99": stats.percentile(values, 99), "max": max(values)}


def busy_jiffies(stat_text):
    """The machine's busy CPU time (clock ticks) from /proc/stat's first line: all but idle and iowait."""
    fields = [int(v) for v in stat_text.split("\n", 1)[0].split()[1:]]
    return sum(fields) - fields[3] - (fields[4] if len(fields) > 4 else 0)


def rollout_row(size, runs, cpu=None):
    """The figures of one fabric size from its rollouts: [{"rest_s", "app_ms", "entries", "switches"}]."""
    rest = [r["rest_s"] for r in runs]

    def step_median(key):   # the app's logged step times, where it logged them
        values = [r[key] for r in runs if r.get(key) is not None]
        return stats.median(values) if values else None

    return {"switches": size, "rollouts": len(runs), "median_s": stats.median(rest), "max_s": max(rest),
            "app_median_ms": stats.median([r["app_ms"] for r in runs]),
            "write_median_ms": step_median("write_ms"), "flip_median_ms": step_median("flip_ms"),
            "cleanup_median_ms": step_median("cleanup_ms"),
            "entries_per_switch": runs[0]["entries"] // max(1, runs[0]["switches"]),
            "cores_ours": (cpu or {}).get("ours"), "cores_others": (cpu or {}).get("others")}


def goal_lines(results):
    """The issue's two targets, met or not, with the figures."""
    lines = []
    row = next((r for r in results["rollout"] if r["switches"] == TARGET_SWITCHES), None)
    if row is None:
        lines.append(f"- rollout to {TARGET_SWITCHES} switches: not measured")
    else:
        met = row["median_s"] < ROLLOUT_TARGET_S
        lines.append(f"- rollout of the full-capacity model to {TARGET_SWITCHES} switches: median "
                     f"{row['median_s']:.2f} s (target < {ROLLOUT_TARGET_S:.0f} s): "
                     + ("met" if met else f"NOT met, {row['median_s'] - ROLLOUT_TARGET_S:.2f} s over"))
    latency = results.get("latency") or {}
    median = (latency.get("summary") or {}).get("median")
    if median is None:
        lines.append(f"- report → incident at {TARGET_SWITCHES} switches: not measured")
    else:
        met = median < LATENCY_TARGET_MS
        rounds = latency.get("rounds") or []
        which = f" in the last of {len(rounds)} attack rounds" if len(rounds) > 1 else ""
        earlier = "; ".join(f"round {r['round']}: median {stats.fmt(r['summary']['median'])} ms"
                            for r in rounds[:-1])
        lines.append(f"- report → incident at {latency['switches']} switches{which}: median {median:.0f} ms "
                     f"(target < {LATENCY_TARGET_MS} ms): "
                     + ("met" if met else f"NOT met, {median - LATENCY_TARGET_MS:.0f} ms over")
                     + (f" ({earlier})" if earlier else ""))
    return lines


def render_markdown(results, plot_name):
    fmt = stats.fmt
    rollout = stats.markdown_table(
        ["switches", "rollouts", "median (s)", "max (s)", "app's own count, median (ms)", "of which written (ms)",
         "flipped (ms)", "old banks removed after the answer (ms)", "entries per switch",
         "cores: benchmark / everything else"],
        [[r["switches"], r["rollouts"], fmt(r["median_s"], "{:.2f}"), fmt(r["max_s"], "{:.2f}"),
          fmt(r["app_median_ms"]), fmt(r.get("write_median_ms")), fmt(r.get("flip_median_ms")),
          fmt(r.get("cleanup_median_ms")), r["entries_per_switch"],
          f"{fmt(r.get('cores_ours'), '{:.2f}')} / {fmt(r.get('cores_others'), '{:.2f}')}"]
         for r in results["rollout"]])
    heap = stats.markdown_table(
        ["switches"] + [f"{n} live heap (MiB)" for n in results["instances"]]
        + [f"{n} RSS (MiB)" for n in results["instances"]],
        [[h["switches"]] + [fmt(h["live_heap_mib"].get(n)) for n in results["instances"]]
         + [fmt(h["rss_mib"].get(n)) for n in results["instances"]] for h in results["heap"]])
    latency = results.get("latency") or {}
    s = latency.get("summary") or summary([])
    lines = [
        "# Cluster benchmark (`make bench-cluster`)",
        "",
        f"Run {results['started']} on {results['host']}: {len(results['instances'])} ONOS 2.7 instances and "
        f"{results['storage_nodes']} Atomix 3.1 nodes on one machine, one leaf-spine BMv2 fabric grown step by step "
        "(the switches' masters spread over the instances by switch number). Figures of a shared 2-core machine.",
        "",
        f"BMv2 build: `{results.get('switch_binary') or 'simple_switch_grpc'}`; the app's rollout step timeout "
        f"(`rolloutTimeoutMillis`): {results.get('rollout_step_timeout_ms', '—')} ms."
        + (f" The growth ended at {results['not_fitted']['switches']} switches: {results['not_fitted']['why']}"
           if results.get("not_fitted") else ""),
        "",
        "## Targets (issue 16)",
        "",
        *goal_lines(results),
        "",
        "## Model rollout",
        "",
        f"The full-capacity model ({results['model']['leaves']} leaves at {results['model']['phases']} phases: "
        f"{results['model']['decision_entries']} decision and {results['model']['range_entries']} range entries) "
        "and a second one of a few leaves less, activated in turn through onos-1's REST API: the time from the "
        "request to its answer, which comes once every switch has the model in its inactive bank and has flipped "
        "to it (each switch's writes made by its master). The app's own count runs from "
        "its first write (after reading every switch back) to the last flip; the old banks are removed after the "
        "answer, and each rollout is timed once the previous one's removal is confirmed (steps from the app's log). "
        "Cores: the average CPU use over the size's timed rollouts of the benchmark's own processes (JVMs, "
        "switches, the benchmark) and of everything else on the machine (other sessions).",
        "",
        rollout,
        "",
        "## ONOS heap per instance",
        "",
        "Live heap after a full GC (`jmap -histo:live`) and resident memory, after the rollouts at each size.",
        "",
        heap,
        "",
        f"## Report → incident at {latency.get('switches', TARGET_SWITCHES)} switches",
        "",
        (f"{latency.get('sources')} attackers (one host on each leaf, each mastered by the instance of its leaf) "
         f"each open {latency.get('flows_per_source')} TCP flows to the attack port of a port-rule model, one every "
         f"{latency.get('pace_s')} s; onos-1's `GET /onos/nids/incidents` is polled every "
         f"{latency.get('poll_s', 0) * 1000:.0f} ms. A flow's latency runs from its first packet (the sender's "
         "clock) to the first answer whose incident of its source counts it: switch, report packet-in to the "
         "leaf's master, decoding, alert, the cluster-wide incident store, REST." if latency else "Not measured."),
        "",
        *([f"The attack runs {len(latency['rounds'])} times, one round after the other from new source ports "
           "(each round's flows counted on top of the earlier rounds' in the same incidents); the first round is "
           "the first attack the instances see since they started, so its report path runs on JVMs that have not "
           "compiled it yet; the figures below the table are the last round's (the instances' own timing is "
           "cumulative over the rounds).", ""] if len(latency.get("rounds") or []) > 1 else []),
        stats.markdown_table(["round", "flows", "median (ms)", "p90 (ms)", "p99 (ms)", "max (ms)", "never counted"],
                             [[r.get("round", 1), r["summary"]["n"], fmt(r["summary"]["median"]),
                               fmt(r["summary"]["p90"]), fmt(r["summary"]["p99"]), fmt(r["summary"]["max"]),
                               r.get("uncounted", "—")]
                              for r in (latency.get("rounds") or [dict(latency, summary=s)])]),
        "",
        *(["Where the time goes: each flow's alert report as the master of its switch decoded it (the flow records "
           "each instance lists), and each instance's own timing of its attack records (`GET /onos/nids/stats`: "
           "packet-in → the verdict placed in its incident and the evidence alert raised, of which the incident "
           "service's round trips to the cluster-wide stores; histogram bucket bounds, within 25 %).", "",
           *[f"- {line}" for line in latency_part_lines(latency)], ""] if latency.get("parts") else []),
        *([f"Each poll's round trip (`GET /onos/nids/incidents` on onos-1, request to parsed answer): "
           f"{latency['poll_ms']['n']} polls, median {fmt(latency['poll_ms']['median'])} ms, "
           f"p90 {fmt(latency['poll_ms']['p90'])} ms, max {fmt(latency['poll_ms']['max'])} ms; a flow is counted "
           f"when the first answer showing it arrives.", ""] if latency.get("poll_ms", {}).get("n") else []),
        *([f"CPU during the latency run: the benchmark {latency['cores']['ours']:.2f} cores, everything else on the "
           f"machine {latency['cores']['others']:.2f}.", ""] if latency.get("cores") else []),
        f"![rollout time, heap and latency]({plot_name})",
        "",
        "`cluster.json` beside this file holds every rollout and latency.",
    ]
    return "\n".join(lines) + "\n"


def plot(results, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 3, figsize=(14, 4))
    sizes = [r["switches"] for r in results["rollout"]]
    ax = axes[0]
    ax.plot(sizes, [r["median_s"] for r in results["rollout"]], "o-", label="median")
    ax.plot(sizes, [r["max_s"] for r in results["rollout"]], "x--", label="max")
    ax.axhline(ROLLOUT_TARGET_S, color="#d62", linestyle=":", label=f"target at {TARGET_SWITCHES}")
    ax.set_xlabel("BMv2 switches")
    ax.set_ylabel("s, REST request to answer")
    ax.set_title("full-capacity model rollout")
    ax.set_xticks(sizes)
    ax.legend()
    ax = axes[1]
    for name in results["instances"]:
        ax.plot([h["switches"] for h in results["heap"]], [h["live_heap_mib"].get(name) for h in results["heap"]],
                "o-", label=name)
    ax.set_xlabel("BMv2 switches")
    ax.set_ylabel("MiB")
    ax.set_title("ONOS live heap after full GC")
    ax.set_xticks(sizes)
    ax.legend()
    ax = axes[2]
    latency = results.get("latency") or {}
    values = latency.get("latencies_ms") or []
    if values:
        ax.hist(values, bins=30, color="#4a90d9")
        ax.axvline(LATENCY_TARGET_MS, color="#d62", linestyle=":", label="target (median)")
        ax.axvline(stats.median(values), color="#2a6", label="median")
        ax.legend()
    ax.set_xlabel("ms")
    ax.set_ylabel("flows")
    ax.set_title(f"report → incident, {latency.get('switches', TARGET_SWITCHES)} switches")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def write(results, out_dir, plot_name="cluster.png"):
    import json
    os.makedirs(out_dir, exist_ok=True)
    plot(results, os.path.join(out_dir, plot_name))
    with open(os.path.join(out_dir, "cluster.md"), "w") as f:
        f.write(render_markdown(results, plot_name))
    with open(os.path.join(out_dir, "cluster.json"), "w") as f:
        json.dump(results, f, indent=1)
