"""The model tools' command line (model-tools/bin/nids-model: train, dataset, simulate, ...), run as a bounded
subprocess; a failure is a ModelError holding the tool's last line."""
import json
import os
import subprocess

from .paths import NIDS_MODEL


class ModelError(Exception):
    pass


def run(*args, java_home=None, timeout=600):
    """Runs `nids-model ARGS`; returns its standard output."""
    env = dict(os.environ, JAVA_HOME=java_home) if java_home else None
    result = subprocess.run([NIDS_MODEL, *args], capture_output=True, text=True, timeout=timeout, env=env)
    if result.returncode != 0:
        lines = (result.stderr.strip() or result.stdout.strip()).splitlines()
        raise ModelError(f"nids-model {args[0]}: {lines[-1] if lines else 'exit ' + str(result.returncode)}")
    return result.stdout


def train(data, out, *args, java_home=None, timeout=600):
    """`nids-model train --data DATA --out OUT ARGS`; returns the model bundle."""
    run("train", "--data", data, "--out", out, *args, java_home=java_home, timeout=timeout)
    with open(out) as f:
        return json.load(f)


def simulate(model, pcap, policy=None, java_home=None, timeout=600):
    """`nids-model simulate --json`: the software reference of the switch's verdicts on a capture; with `policy` (a
    JSON file of the app's detection properties) also the alerts, blocks and dropped flows the app's policy makes of
    them."""
    return json.loads(run("simulate", "--model", model, "--pcap", pcap, "--json",
                          *(["--policy", policy] if policy else []), java_home=java_home, timeout=timeout))
