#!/usr/bin/env python3
"""`make run`: the whole system with live traffic and real attacks, online (ONOS + BMv2) or offline.

    util/demo/run.py [--once | --duration SECONDS] [--offline | --cluster] [--model FILE | --dataset FILE.csv[.gz]]
                     [--retrain] [--report FILE.json] [--screenshot FILE.png | --no-screenshot]
                     [--block-min-severity NONE|LOW|MEDIUM|HIGH] [--block-ttl SECONDS]
                     [--block-allowlist A,B/24] [--max-blocks N] [--verbose]

Online when ONOS ($ONOS_HOME), a Java 11 runtime and simple_switch_grpc are found (nidslib.stack): starts ONOS and
the BMv2 fabric through the integration session (nidslib.session), installs the app, activates the model, plays benign
traffic and attacks between the fabric's hosts and prints the app's alerts and blocks as they happen. Otherwise (or
with --offline) the same story runs between network namespaces on a Linux bridge, is captured and classified with
`nids-model simulate`, and the alerts and blocks the fabric would have produced are printed. With --cluster ONOS
runs as three instances on three Atomix nodes (nidslib.cluster; docs/cluster.md). Without --once or
--duration it plays rounds until Ctrl-C; Ctrl-C (SIGINT) or SIGTERM tears everything down.
"""
import argparse
import json
import math
import os
import signal
import subprocess
import sys
import time

from nidslib import bridgelab
from nidslib import browser
from nidslib import modelcli
from nidslib import netns
from nidslib import onos as onos_mod
from nidslib import processes as procs
from nidslib import session as session_mod
from nidslib import stack as reference_stack
from nidslib import topology as topo
from nidslib.demo import models, offline as offline_mod, online as online_mod
from nidslib.demo import blockconfig
from nidslib.demo import scenario as scenario_mod
from nidslib.demo import story as story_mod
from nidslib.paths import REPO_ROOT as ROOT

DEFAULT_SCREENSHOT = os.path.join(ROOT, "build", "demo", "nids-demo-alerts.png")
# A model trained on a few minutes of lab traffic misjudges the odd benign flow on the fabric (an SSH key exchange
# whose size matches hydra's): a source is blocked on its 5th alert, not its first.
DEFAULT_MIN_ALERTS = 5


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="make run", description=__doc__.splitlines()[0])
    length = parser.add_mutually_exclusive_group()
    length.add_argument("--once", action="store_true", help="one round of traffic, then tear down")
    length.add_argument("--duration", type=float, metavar="SECONDS",
                        help="play rounds for about this long, then tear down")
    parser.add_argument("--offline", action="store_true", help="the offline story even where ONOS and BMv2 exist")
    parser.add_argument("--cluster", action="store_true",
                        help="online on a 3-instance ONOS cluster with 3 Atomix nodes (docs/cluster.md)")
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--model", metavar="FILE", help="serve this model bundle (nids-model train output)")
    source.add_argument("--dataset", metavar="FILE", help="train on this labelled NetFlow CSV instead")
    parser.add_argument("--retrain", action="store_true", help="capture the self-generated training traffic again and retrain")
    parser.add_argument("--report", metavar="FILE", help="write what happened as JSON (for tests)")
    shot = parser.add_mutually_exclusive_group()
    shot.add_argument("--screenshot", metavar="FILE", default=DEFAULT_SCREENSHOT,
                      help="GUI screenshot of the alerts view after the first round (online)")
    shot.add_argument("--no-screenshot", action="store_true")
    parser.add_argument("--block-min-severity", default="MEDIUM", help="autoBlockMinSeverity (NONE turns it off)")
    parser.add_argument("--block-ttl", type=int, default=300, metavar="SECONDS", help="blockTtlSeconds")
    parser.add_argument("--block-allowlist", default="", metavar="LIST", help="blockAllowlist")
    parser.add_argument("--max-blocks", type=int, default=100, metavar="N", help="maxBlocks")
    parser.add_argument("--block-min-alerts", type=int, default=DEFAULT_MIN_ALERTS, metavar="N",
                        help="autoBlockMinAlerts: alerts a source needs before it is blocked")
    parser.add_argument("--verbose", action="store_true", help="a line per benign download and session too")
    args = parser.parse_args(argv)
    try:
        block_properties = blockconfig.properties(args.block_min_severity, args.block_ttl, args.block_allowlist,
                                                  args.max_blocks, args.block_min_alerts)
    except ValueError as e:
        parser.error(str(e))
    if args.duration is not None and not (0 < args.duration <= 24 * 3600):
        parser.error("--duration must be between 0 and 86400 seconds")
    if args.model and not os.path.isfile(args.model):
        parser.error(f"--model: no such file: {args.model}")
    if args.dataset and not os.path.isfile(args.dataset):
        parser.error(f"--dataset: no such file: {args.dataset}")
    return args, block_properties


def stack_missing(cluster=False):
    needs = (reference_stack.need_onos, reference_stack.need_java11, reference_stack.need_bmv2) + \
        ((reference_stack.need_atomix,) if cluster else ())
    return [r for r in (need() for need in needs) if r]


def ensure_built(online, story):
    """The CLI jar (both paths) and the .oar (online): built once with Maven if absent."""
    jar_missing = not any(f.startswith("nids-model-cli-") and f.endswith("-all.jar")
                          for f in _listdir(os.path.join(ROOT, "model-tools", "cli", "target")))
    oar_missing = online and not any(f.endswith(".oar") for f in _listdir(os.path.join(ROOT, "oar", "target")))
    if jar_missing or oar_missing:
        story.say("building the project once (mvn -B -q -DskipTests package)")
        result = subprocess.run(["mvn", "-B", "-q", "-DskipTests", "package"], cwd=ROOT, timeout=1800)
        if result.returncode != 0:
            raise RuntimeError("the Maven build failed; run `make build` to see why")


def _listdir(path):
    return os.listdir(path) if os.path.isdir(path) else []


class Stop(BaseException):
    """Raised in the main thread by SIGINT/SIGTERM. Not an Exception: no `except Exception` on the way (the
    screenshot's, a teardown step's) may swallow it."""


def main(argv):
    args, block_properties = parse_args(argv)
    missing = [] if args.offline else stack_missing(args.cluster)
    online = not args.offline and not missing
    if args.cluster and not online:
        print(f"make run: --cluster needs the reference stack with Atomix: {'; '.join(missing) or '--offline'}",
              file=sys.stderr)
        return 2
    if online:
        print(f"make run: ONLINE -- ONOS at {reference_stack.onos_home()}, BMv2 simple_switch_grpc, Java 11 at "
              f"{reference_stack.java11_home()}", flush=True)
    else:
        why = "--offline" if args.offline else "; ".join(missing)
        print(f"make run: OFFLINE ({why}) -- the same story between network namespaces, captured and classified "
              f"with nids-model simulate; alerts and blocks are what the fabric would have produced", flush=True)
    problems = [r for r in (reference_stack.need_root(),) if r]
    tools = scenario_mod.missing_tools()
    if tools:
        problems.append("missing tools: " + ", ".join(tools) + " (make setup installs them)")
    if problems:
        print("make run: " + "; ".join(problems), file=sys.stderr)
        return 2
    story = story_mod.Story()
    java_home = reference_stack.java11_home()
    state = {"mode": "online" if online else "offline", "alerts": [], "blocks": [], "flows": {}, "dropped": {},
             "blocking": "policy (offline)" if not online else None, "model": {}, "rounds": 0,
             "interrupted": False, "screenshot": None, "processGroups": [], "pids": []}
    if online:
        story.say(f"GUI: {online_mod.gui_url()} -- NIDS Alerts and NIDS Models are in the Network menu")

    processes = procs.Processes()
    interrupted = {"signal": None}

    def on_signal(signum, frame):
        interrupted["signal"] = signum
        # Worker threads see this and stop their tools; the main thread unwinds through Stop.
        processes.stopping.set()
        raise Stop()

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    lock = None
    run = None
    exit_status = 0
    try:
        ensure_built(online, story)
        lock = session_mod.exclusive_stack_lock(
            on_wait=lambda: story.say(f"waiting for another ONOS/BMv2 session to finish ({session_mod.LOCK_FILE})"))
        model_path = choose_model(args, processes, story, java_home)
        state["model"] = {"path": os.path.relpath(model_path, ROOT), **summary_of(model_path)}
        story.say(f"model: {state['model']['id']} -- {state['model']['name']}")
        if online:
            run = online_mod.OnlineRun(processes, story, model_path, block_properties, state,
                                       reference_stack.onos_home(), java_home, verbose=args.verbose,
                                       atomix_home=reference_stack.atomix_home() if args.cluster else None)
        else:
            run = offline_mod.OfflineRun(processes, story, model_path, java_home, block_properties, state)
            story.say(f"block policy (the app's, through nids-model simulate --policy): "
                      f"{blockconfig.describe(block_properties)}")
        run.start()
        started = time.monotonic()
        rounds = 1 if args.once else math.inf
        number = 0
        while number < rounds:
            if args.duration is not None and number > 0 and time.monotonic() - started >= args.duration:
                break
            number += 1
            run.play_round(number)
            state["rounds"] = number
            if online:
                if number == 1 and not args.no_screenshot:
                    take_screenshot(args.screenshot, story, state)
    except Stop:
        state["interrupted"] = True
        print(file=sys.stderr)
        story.say(f"{signal.Signals(interrupted['signal']).name}: tearing everything down")
    except (onos_mod.OnosError, bridgelab.LabError, netns.CommandError, modelcli.ModelError, RuntimeError, OSError,
            subprocess.SubprocessError) as e:
        story.say(f"make run: {e}")
        exit_status = 1
    finally:
        # A second Ctrl-C must not cut the teardown short: it would leave ONOS or switches behind.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        processes.stop_all()
        if run is not None:
            try:
                run.stop()
            except Exception as e:  # teardown goes on whatever failed
                story.say(f"teardown: {e}")
        if lock is not None:
            # Whatever a crash between the steps above left: the lock is ours, so every nids-* namespace is ours.
            netns.remove_all()
            lock.close()
        story.say("torn down: no ONOS, switch, tool or nids-* namespace of this run is left")
    state["pids"] = list(processes.started)
    finish(story, state, args)
    return exit_status


def choose_model(args, processes, story, java_home):
    if args.model:
        return os.path.abspath(args.model)
    if args.dataset:
        return models.train_on_dataset(args.dataset, story.say, java_home)
    cached = None if args.retrain else models.cached_selfgen_model()
    if cached:
        story.say(f"model: the self-generated one, cached in {os.path.relpath(cached, ROOT)} (--retrain remakes it)")
        return cached
    return models.build_selfgen_model(processes, story.say, java_home, recapture=args.retrain)


def summary_of(model_path):
    with open(model_path) as f:
        bundle = json.load(f)
    return {"id": bundle.get("model_id"), "name": bundle.get("name"), "classes": bundle.get("classes")}


def take_screenshot(path, story, state):
    missing = browser.missing()
    if missing:
        story.say(f"no GUI screenshot: {missing}")
        return
    try:
        rows = online_mod.screenshot_alerts(path)
    except Exception as e:  # a screenshot is a nicety; the demo goes on without it
        story.say(f"no GUI screenshot: {(str(e).splitlines() or [type(e).__name__])[0]}")
        return
    state["screenshot"] = path
    story.say(f"GUI screenshot of the NIDS Alerts view ({rows} rows shown): {os.path.relpath(path, ROOT)}")


def finish(story, state, args):
    topology = topo.leaf_spine(leaves=2, spines=1, hosts_per_leaf=2)
    roles = {h: "benign" for h in scenario_mod.BENIGN}
    roles[scenario_mod.SERVER] = "server"
    roles[scenario_mod.ATTACKER] = "attacker"
    by_source = {}
    for alert in state["alerts"]:
        by_source[alert["src"]] = by_source.get(alert["src"], 0) + 1
    attackers = {topology.host(scenario_mod.ATTACKER).ip}
    benign = {h.ip for h in topology.hosts if h.name != scenario_mod.ATTACKER}
    state["alertsBySource"] = by_source
    state["attackSourcesAlerted"] = sorted(a for a in attackers if by_source.get(a))
    state["benignSourcesAlerted"] = sorted(b for b in benign if by_source.get(b))
    extra = [f"blocking: {state['blocking']}" if state["blocking"] else "blocking: -",
             f"attack sources alerted: {', '.join(state['attackSourcesAlerted']) or 'none'}; "
             f"benign sources alerted: {', '.join(state['benignSourcesAlerted']) or 'none'}"]
    for number, figures in sorted(state.get("figures", {}).items()):
        benign = figures["benign"]
        extra.append(f"round {number}: benign flows alerted {100 * benign['alerted_share']:.2f}%, hosts blocked "
                     f"{', '.join(b['source'] for b in benign['hosts_blocked']) or 'none'}; attacks "
                     + ", ".join(f"{a['attack']} {100 * a['with_blocks_share']:.0f}% in "
                                 f"{a['seconds_to_incident'] if a['seconds_to_incident'] >= 0 else 'never'} s"
                                 for a in figures["attacks"])
                     + ("; targets met" if figures["met"] else "; targets NOT met"))
    if state["dropped"]:
        extra.append("flows that blocks would have dropped: "
                     + ", ".join(f"{k} {v}" for k, v in sorted(state["dropped"].items())))
    story_mod.summary(story, topology.hosts, by_source, state["blocks"], roles, extra)
    if args.report:
        os.makedirs(os.path.dirname(os.path.abspath(args.report)), exist_ok=True)
        with open(args.report, "w") as f:
            json.dump(state, f, indent=1, default=str)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
