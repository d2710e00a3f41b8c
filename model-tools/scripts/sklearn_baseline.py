#!/usr/bin/env python3
"""scikit-learn CART baseline on exactly the train/test split nids-model uses.

Usage: python3 model-tools/scripts/sklearn_baseline.py DATASETS_DIR [--dump-test OUT_DIR]
Needs scikit-learn and pandas (a venv outside the repository will do). Not used by the build.

The split replicates nids-model's stratified split (java.util.Random + Collections.shuffle per label, labels in
Java string order, round(n * 0.3) test rows, seed 1), so the figures compare like for like with docs/results.md.
--dump-test writes each test part as CSV: `nids-model eval` on it reproduces the test figures of `train`.
"""
import math
import os
import sys

import numpy as np
import pandas as pd
from sklearn.metrics import f1_score
from sklearn.tree import DecisionTreeClassifier

CATALOG = ("L4_SRC_PORT L4_DST_PORT PROTOCOL IN_BYTES IN_PKTS OUT_BYTES OUT_PKTS TCP_FLAGS CLIENT_TCP_FLAGS "
           "SERVER_TCP_FLAGS FLOW_DURATION_MILLISECONDS DURATION_IN DURATION_OUT MIN_TTL MAX_TTL LONGEST_FLOW_PKT "
           "SHORTEST_FLOW_PKT MIN_IP_PKT_LEN MAX_IP_PKT_LEN NUM_PKTS_UP_TO_128_BYTES NUM_PKTS_128_TO_256_BYTES "
           "NUM_PKTS_256_TO_512_BYTES NUM_PKTS_512_TO_1024_BYTES NUM_PKTS_1024_TO_1514_BYTES TCP_WIN_MAX_IN "
           "TCP_WIN_MAX_OUT ICMP_TYPE ICMP_IPV4_TYPE").split()
DATASETS = ["nf-unsw-nb15-v2.sample.csv.gz", "nf-cse-cic-ids2018-v2.sample.csv.gz"]


class JavaRandom:
    """java.util.Random: the 48-bit linear congruential generator and its nextInt(bound)."""

    def __init__(self, seed):
        self.state = (seed ^ 0x5DEECE66D) & ((1 << 48) - 1)

    def next_bits(self, bits):
        self.state = (self.state * 0x5DEECE66D + 0xB) & ((1 << 48) - 1)
        value = self.state >> (48 - bits)
        return value - (1 << 32) if value & (1 << 31) else value

    def next_int(self, bound):
        if bound & -bound == bound:
            return (bound * self.next_bits(31)) >> 31
        while True:
            bits = self.next_bits(31)
            value = bits % bound
            if bits - value + (bound - 1) < (1 << 31):
                return value


def stratified_split(labels, test_fraction=0.3, seed=1):
    rows_by_label = {}
    for index, label in enumerate(labels):
        rows_by_label.setdefault(label, []).append(index)
    random = JavaRandom(seed)
    train, test = [], []
    for label in sorted(rows_by_label, key=lambda text: text.encode("utf-16-be")):
        rows = rows_by_label[label]
        for i in range(len(rows) - 1, 0, -1):  # Collections.shuffle
            j = random.next_int(i + 1)
            rows[i], rows[j] = rows[j], rows[i]
        test_rows = min(math.floor(len(rows) * test_fraction + 0.5), max(len(rows) - 1, 0))
        test += rows[:test_rows]
        train += rows[test_rows:]
    return sorted(train), sorted(test)


def main():
    datasets_dir = sys.argv[1]
    dump_dir = sys.argv[sys.argv.index("--dump-test") + 1] if "--dump-test" in sys.argv else None
    print("| data | classes | features | leaves | F1 weighted | F1 macro | attack F1 |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for name in DATASETS:
        frame = pd.read_csv(os.path.join(datasets_dir, name))
        # The switch's definition, as nids-model reads the data (DataPlaneDefinitions): no ICMP type for non-ICMP.
        frame.loc[frame["PROTOCOL"] != 1, ["ICMP_TYPE", "ICMP_IPV4_TYPE"]] = 0
        train, test = stratified_split(list(frame["Attack"]))
        if dump_dir:
            frame.iloc[test].to_csv(os.path.join(dump_dir, name.replace(".csv.gz", ".test.csv")), index=False)
        x = frame[CATALOG].values
        for binary in (True, False):
            y = np.where(frame["Attack"].values == "Benign", "Benign", "Attack") if binary else frame["Attack"].values
            for feature_count in (28, 8):
                model = DecisionTreeClassifier(max_leaf_nodes=256, random_state=0).fit(x[train], y[train])
                columns = list(range(len(CATALOG)))
                if feature_count == 8:
                    columns = sorted(np.argsort(-model.feature_importances_)[:8])
                    model = DecisionTreeClassifier(max_leaf_nodes=256, random_state=0).fit(x[train][:, columns],
                                                                                           y[train])
                predicted = model.predict(x[test][:, columns])
                truth = y[test]
                print(f"| {name.split('.')[0]} | {'benign/attack' if binary else 'multi-class'} | {feature_count} "
                      f"| {model.get_n_leaves()} | {f1_score(truth, predicted, average='weighted'):.4f} "
                      f"| {f1_score(truth, predicted, average='macro'):.4f} "
                      f"| {f1_score(truth != 'Benign', predicted != 'Benign'):.4f} |")


if __name__ == "__main__":
    main()
