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


def evaluate(model, pcap, labels, policy=None, online=None, as_json=False, json_out=None, java_home=None,
             timeout=900):
    """`nids-model eval --pcap --labels`: the figures of a model on labelled live traffic, decided by the app's
    detection module (POLICY: a JSON file of the app's properties, else its defaults with auto-blocking), or those
    of the app's own alerts and blocks (ONLINE: {"alerts": [...], "blocks": [...]} as its REST API answered); the
    report's text, or its JSON (JSON_OUT: the JSON written there as well)."""
    out = run("eval", "--model", model, "--pcap", pcap, "--labels", labels, *(["--json"] if as_json else []),
              *(["--policy", policy] if policy else []), *(["--online", online] if online else []),
              *(["--json-out", json_out] if json_out else []), java_home=java_home, timeout=timeout)
    return json.loads(out) if as_json else out
