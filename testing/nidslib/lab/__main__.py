"""python -m nidslib.lab --seed N --out DIR [--duration S] [--attack-rounds N] [--kinds a,b]

Plays one seeded lab run in network namespaces (root; the tools `make setup` installs) and writes DIR/lab.pcap,
DIR/labels.csv and DIR/manifest.json. Holds the machine-wide stack lock while it runs; Ctrl-C tears it down.
"""
import argparse
import os
import signal
import sys

from .. import netns
from .. import session as session_mod
from ..processes import Interrupted, Processes

from . import plan as plan_mod
from . import run as run_mod


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="python -m nidslib.lab", description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--out", required=True, help="directory for lab.pcap, labels.csv, manifest.json, logs")
    parser.add_argument("--duration", type=float, default=150.0,
                        help="seconds of benign traffic at least (a run lasts until its last attack ends)")
    parser.add_argument("--attack-rounds", type=int, default=1, help="how often each attack kind occurs")
    parser.add_argument("--kinds", default=",".join(plan_mod.ATTACK_KINDS), help="attack kinds to play")
    parser.add_argument("--hosts-per-leaf", type=int, default=4)
    args = parser.parse_args(argv)
    if not 10 <= args.duration <= 1800:
        parser.error("--duration must be between 10 and 1800 seconds")
    if not 0 <= args.attack_rounds <= 5:
        parser.error("--attack-rounds must be between 0 and 5")
    args.kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
    unknown = [k for k in args.kinds if k not in plan_mod.FAMILIES]
    if unknown:
        parser.error(f"unknown --kinds {', '.join(unknown)} (known: {', '.join(plan_mod.ATTACK_KINDS)})")
    return args


def main(argv):
    args = parse_args(argv)
    if os.geteuid() != 0:
        print("nidslib.lab: needs root (network namespaces)", file=sys.stderr)
        return 2
    missing = run_mod.missing_tools()
    if missing:
        print(f"nidslib.lab: missing tools: {', '.join(missing)} (make setup installs them)", file=sys.stderr)
        return 2
    processes = Processes()

    def on_signal(signum, frame):
        processes.stopping.set()

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    lock = session_mod.exclusive_stack_lock(on_wait=lambda: print(f"waiting for {session_mod.LOCK_FILE}",
                                                                   flush=True))
    try:
        pcap, labels = run_mod.run(args.seed, args.out, duration=args.duration, attack_rounds=args.attack_rounds,
                                   hosts_per_leaf=args.hosts_per_leaf, kinds=args.kinds, processes=processes,
                                   say=lambda text: print(text, flush=True))
        print(f"wrote {pcap} and {labels}")
        return 0
    except Interrupted:
        print("interrupted: torn down", file=sys.stderr)
        return 130
    finally:
        netns.remove_all()
        lock.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
