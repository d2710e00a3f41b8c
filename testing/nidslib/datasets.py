"""Datasets and models for the integration suites, trained by model-tools on labelled flows this module writes itself.

The rule each model learns is known in advance (an attack is a flow to one TCP port), so the class a switch must
give a crafted flow is known without reading the tree.
"""
import csv
import gzip
import os
import random

from . import modelcli
from .features import FEATURES
from .onos import RestError

# A dataset's columns: the catalog's features, then the labels nids-model train reads (binary, class name).
COLUMNS = [*FEATURES, "Label", "Attack"]


def write_port_rule_dataset(path, attack_port, rows=600, seed=7):
    """Benign TCP flows to a few service ports; attack flows to attack_port, otherwise alike."""
    rng = random.Random(seed)
    benign_ports = [22, 80, 443, 5001, 8080]
    with gzip.open(path, "wt", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(COLUMNS)
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


def write_port_classes_dataset(path, classes_by_port, rows=900, seed=5):
    """Multi-class: flows to each port of classes_by_port get that class (column Attack), other ports are Benign."""
    rng = random.Random(seed)
    attack_ports = sorted(classes_by_port)
    benign_ports = [22, 80, 443, 5001, 8080]
    with gzip.open(path, "wt", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(COLUMNS)
        for i in range(rows):
            port = attack_ports[(i // 2) % len(attack_ports)] if i % 2 == 0 else rng.choice(benign_ports)
            name = classes_by_port.get(port, "Benign")
            row = {n: 0 for n in FEATURES}
            pkts = rng.randint(1, 40)
            row.update(L4_SRC_PORT=rng.randint(32768, 60999), L4_DST_PORT=port, PROTOCOL=6, IN_PKTS=pkts,
                       IN_BYTES=pkts * rng.randint(40, 1500), TCP_FLAGS=rng.choice([2, 18, 22, 27]), MIN_TTL=64,
                       MAX_TTL=64)
            writer.writerow([row[n] for n in FEATURES] + [0 if name == "Benign" else 1, name])


def train(data, out, *extra, binary=True):
    return modelcli.train(data, out, *(["--binary"] if binary else []), "--min-leaf", "1", "--seed", "1", *extra,
                          timeout=300)


def store_port_model(rest, work_dir, attack_port):
    """Trains the port-rule model (attack = TCP to attack_port) into work_dir and stores it in ONOS (already stored
    is fine). Returns the bundle."""
    data = os.path.join(work_dir, f"port{attack_port}.csv.gz")
    write_port_rule_dataset(data, attack_port, seed=attack_port)
    bundle = train(data, os.path.join(work_dir, f"port{attack_port}.json"))
    try:
        rest.post("/onos/nids/models", bundle)
    except RestError as e:
        if e.status != 409:
            raise
    return bundle


def activate_port_model(rest, work_dir, attack_port):
    """Stores the port-rule model (store_port_model) and rolls it out; fails unless every switch took it. Returns the
    bundle."""
    bundle = store_port_model(rest, work_dir, attack_port)
    status, result = rest.post(f"/onos/nids/models/{bundle['model_id']}/activate")
    if status != 200 or not result.get("succeeded"):
        raise RestError("POST", f"/onos/nids/models/{bundle['model_id']}/activate", status, result)
    return bundle


# --- A scan/flood model: per-packet snapshots of TCP conversations as the switch sees them ----------------------
#
# The switch classifies a flow on every packet with the features accumulated so far, so a model for it must be
# trained on those snapshots, not only on finished flows: the first SYN of a port scan looks exactly like the first
# SYN of a benign connection and must be left benign; what gives a scan away is how it ends (an RST after one or two
# packets, no payload). Labels below follow that: every snapshot of a benign conversation is benign, and so are the
# snapshots of an attack that a benign conversation could also produce.
SCAN_FEATURES = ["IN_PKTS", "OUT_PKTS", "IN_BYTES", "OUT_BYTES", "TCP_FLAGS", "CLIENT_TCP_FLAGS",
                 "SERVER_TCP_FLAGS"]
FIN, SYN, RST, PSH, ACK = 0x01, 0x02, 0x04, 0x08, 0x10


def flow_snapshots(packets, start_us=0):
    """Features after each packet of one flow. packets: (from_client, ip_total_len, tcp_flags, gap_us) tuples."""
    f = {name: 0 for name in FEATURES}
    f.update(PROTOCOL=6, MIN_TTL=64, MAX_TTL=64)
    now, first, first_in, first_out, last_in, last_out = start_us, None, None, None, None, None
    snapshots = []
    for from_client, length, flags, gap in packets:
        now += gap
        first = now if first is None else first
        side = "IN" if from_client else "OUT"
        f[f"{side}_PKTS"] += 1
        f[f"{side}_BYTES"] += length
        f["TCP_FLAGS"] |= flags
        f["CLIENT_TCP_FLAGS" if from_client else "SERVER_TCP_FLAGS"] |= flags
        if from_client:
            first_in = now if first_in is None else first_in
            last_in = now
        else:
            first_out = now if first_out is None else first_out
            last_out = now
        f["FLOW_DURATION_MILLISECONDS"] = (now - first) // 1000
        f["DURATION_IN"] = (last_in - first_in) // 1000 if first_in is not None else 0
        f["DURATION_OUT"] = (last_out - first_out) // 1000 if first_out is not None else 0
        f["LONGEST_FLOW_PKT"] = f["MAX_IP_PKT_LEN"] = max(f["MAX_IP_PKT_LEN"], length)
        shortest = length if f["MIN_IP_PKT_LEN"] == 0 else min(f["MIN_IP_PKT_LEN"], length)
        f["SHORTEST_FLOW_PKT"] = f["MIN_IP_PKT_LEN"] = shortest
        bucket = ("NUM_PKTS_UP_TO_128_BYTES" if length <= 128 else "NUM_PKTS_128_TO_256_BYTES" if length <= 256
                  else "NUM_PKTS_256_TO_512_BYTES" if length <= 512 else "NUM_PKTS_512_TO_1024_BYTES"
                  if length <= 1024 else "NUM_PKTS_1024_TO_1514_BYTES")
        f[bucket] += 1
        snapshots.append(dict(f))
    return snapshots


def _benign_conversation(rng):
    """A TCP connection with a handshake, request/response payload and a FIN (sometimes RST) close."""
    syn = rng.choice([60, 52])
    packets = [(True, syn, SYN, 0), (False, syn, SYN | ACK, rng.randint(50, 2000)), (True, 52, ACK, 100)]
    for _ in range(rng.randint(1, 12)):
        packets.append((True, rng.randint(60, 600), PSH | ACK, rng.randint(100, 50_000)))
        for _ in range(rng.randint(1, 6)):
            packets.append((False, rng.randint(100, 1500), ACK | rng.choice([0, PSH]), rng.randint(20, 3000)))
        packets.append((True, 52, ACK, 50))
    if rng.random() < 0.8:
        packets += [(True, 52, FIN | ACK, 1000), (False, 52, FIN | ACK, 200), (True, 52, ACK, 100)]
    else:
        packets.append((True, 40, RST | ACK, 1000))
    return packets


def _scan_probe(rng):
    """One SYN-scan or SYN-flood probe: SYN, then RST/ACK from a closed port or SYN/ACK + the prober's RST."""
    syn = rng.choice([40, 44])              # hping3 and nmap SYNs carry no or one option
    if rng.random() < 0.5:
        return [(True, syn, SYN, 0), (False, 40, RST | ACK, rng.randint(50, 2000))], 2
    return [(True, syn, SYN, 0), (False, 44, SYN | ACK, rng.randint(50, 2000)), (True, 40, RST, 100)], 3


def write_scan_rule_dataset(path, conversations=300, probes=600, seed=11):
    """Snapshots of benign conversations (label 0) and of scan/flood probes (label 1 once the probe has ended)."""
    rng = random.Random(seed)
    with gzip.open(path, "wt", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(COLUMNS)

        def write(snapshot, attack, sport, dport):
            snapshot.update(L4_SRC_PORT=sport, L4_DST_PORT=dport)
            writer.writerow([snapshot[n] for n in FEATURES] + [1 if attack else 0, "Attack" if attack else "Benign"])

        for _ in range(conversations):
            sport, dport = rng.randint(32768, 60999), rng.choice([22, 80, 443, 5201, 8080])
            for snapshot in flow_snapshots(_benign_conversation(rng)):
                write(snapshot, False, sport, dport)
        for _ in range(probes):
            packets, ends_at = _scan_probe(rng)
            sport, dport = rng.randint(1024, 65535), rng.randint(1, 1024)
            for i, snapshot in enumerate(flow_snapshots(packets), start=1):
                write(snapshot, i == ends_at, sport, dport)
