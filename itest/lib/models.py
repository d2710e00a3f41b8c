"""Models for the integration suites, trained by model-tools on labelled flows this module writes itself.

The rule each model learns is known in advance (an attack is a flow to one TCP port), so the class a switch must
give a crafted flow is known without reading the tree.
"""
import csv
import gzip
import json
import os
import random
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NIDS_MODEL = os.path.join(ROOT, "model-tools", "bin", "nids-model")
FEATURES = ["L4_SRC_PORT", "L4_DST_PORT", "PROTOCOL", "IN_BYTES", "IN_PKTS", "OUT_BYTES", "OUT_PKTS",
            "TCP_FLAGS", "CLIENT_TCP_FLAGS", "SERVER_TCP_FLAGS", "FLOW_DURATION_MILLISECONDS", "DURATION_IN",
            "DURATION_OUT", "MIN_TTL", "MAX_TTL", "LONGEST_FLOW_PKT", "SHORTEST_FLOW_PKT", "MIN_IP_PKT_LEN",
            "MAX_IP_PKT_LEN", "NUM_PKTS_UP_TO_128_BYTES", "NUM_PKTS_128_TO_256_BYTES",
            "NUM_PKTS_256_TO_512_BYTES", "NUM_PKTS_512_TO_1024_BYTES", "NUM_PKTS_1024_TO_1514_BYTES",
            "TCP_WIN_MAX_IN", "TCP_WIN_MAX_OUT", "ICMP_TYPE", "ICMP_IPV4_TYPE"]


def write_port_rule_dataset(path, attack_port, rows=600, seed=7):
    """Benign TCP flows to a few service ports; attack flows to attack_port, otherwise alike."""
    rng = random.Random(seed)
    benign_ports = [22, 80, 443, 5001, 8080]
    with gzip.open(path, "wt", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(FEATURES + ["Label", "Attack"])
        for i in range(rows):
            attack = i % 3 == 0
            port = attack_port if attack else rng.choice(benign_ports)
            pkts = rng.randint(1, 40)
            row = {name: 0 for name in FEATURES}
            row.update(L4_SRC_PORT=rng.randint(32768, 60999), L4_DST_PORT=port, PROTOCOL=6,
                       IN_PKTS=pkts, IN_BYTES=pkts * rng.randint(40, 1500), OUT_PKTS=pkts,
                       OUT_BYTES=pkts * rng.randint(40, 1500), TCP_FLAGS=rng.choice([2, 18, 22, 27]),
                       MIN_TTL=64, MAX_TTL=64, LONGEST_FLOW_PKT=rng.randint(60, 1500),
                       SHORTEST_FLOW_PKT=40, MIN_IP_PKT_LEN=40, MAX_IP_PKT_LEN=rng.randint(60, 1500),
                       TCP_WIN_MAX_IN=rng.randint(1000, 65535))
            writer.writerow([row[n] for n in FEATURES] + [1 if attack else 0, "Attack" if attack else "Benign"])


def train(data, out, *extra):
    result = subprocess.run([NIDS_MODEL, "train", "--data", data, "--out", out, "--binary", "--min-leaf", "1",
                             "--seed", "1", *extra], capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        raise RuntimeError(f"nids-model train failed: {result.stderr.strip()}")
    with open(out) as f:
        return json.load(f)
