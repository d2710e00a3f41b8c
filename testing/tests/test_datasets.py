# Run: .venv/bin/python -m pytest testing/tests/test_datasets.py
"""The integration suites' datasets (nidslib.datasets): columns, labels and the rules they encode."""
import csv
import gzip

from nidslib import datasets, features


def read(path):
    with gzip.open(path, "rt", newline="") as f:
        rows = list(csv.DictReader(f))
    return rows


def test_port_rule_rows_have_every_feature_and_the_rule(tmp_path):
    path = tmp_path / "rule.csv.gz"
    datasets.write_port_rule_dataset(str(path), attack_port=9999, rows=30)
    with gzip.open(path, "rt") as f:
        assert next(csv.reader(f)) == [*features.FEATURES, "Label", "Attack"]
    rows = read(path)
    assert len(rows) == 30
    assert all((row["L4_DST_PORT"] == "9999") == (row["Attack"] == "Attack") == (row["Label"] == "1")
               for row in rows)


def test_port_classes_label_each_port_with_its_class(tmp_path):
    path = tmp_path / "classes.csv.gz"
    datasets.write_port_classes_dataset(str(path), {7001: "Scan", 7002: "DoS"}, rows=40)
    classes = {(row["L4_DST_PORT"], row["Attack"]) for row in read(path)}
    assert ("7001", "Scan") in classes and ("7002", "DoS") in classes
    assert all(name == "Benign" for port, name in classes if port not in ("7001", "7002"))


def test_snapshots_accumulate_the_flow_as_a_switch_sees_it():
    syn, ack = datasets.SYN, datasets.ACK
    snaps = datasets.flow_snapshots([(True, 60, syn, 0), (False, 60, syn | ack, 2000), (True, 1500, ack, 1000)])
    assert [s["IN_PKTS"] for s in snaps] == [1, 1, 2] and [s["OUT_PKTS"] for s in snaps] == [0, 1, 1]
    last = snaps[-1]
    assert last["TCP_FLAGS"] == syn | ack and last["CLIENT_TCP_FLAGS"] == syn | ack and last["SERVER_TCP_FLAGS"] == syn | ack
    assert last["IN_BYTES"] == 1560 and last["MAX_IP_PKT_LEN"] == 1500 and last["MIN_IP_PKT_LEN"] == 60
    assert last["NUM_PKTS_UP_TO_128_BYTES"] == 2 and last["NUM_PKTS_1024_TO_1514_BYTES"] == 1
    assert set(last) == set(features.FEATURES)


def test_scan_rule_labels_a_probe_attack_once_it_has_ended(tmp_path):
    path = tmp_path / "scan.csv.gz"
    datasets.write_scan_rule_dataset(str(path), conversations=5, probes=20)
    rows = read(path)
    attacks = [row for row in rows if row["Attack"] == "Attack"]
    assert len(attacks) == 20          # one ended snapshot per probe
    assert all(int(row["IN_PKTS"]) + int(row["OUT_PKTS"]) >= 2 for row in attacks)
