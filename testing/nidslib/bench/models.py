"""The benchmarks' models, trained by model-tools on the NF-UNSW-NB15-v2 sample (../shared/datasets) and cached:
'small' (a binary tree of <= 32 leaves at phases 1, 2, 4, 8 and the end) and 'large' (a multi-class tree at all 10
phases: packets 1 .. 128, the late phase and the end, filling one bank's decision entries: the full-capacity model of `make bench` and `make bench-cluster`).

The UNSW sample has one row per finished flow, so training gives an END tree; a benchmark writes that tree at every
phase it names, which costs the switch what phase trees of that size cost (a lookup chain at each phase packet)
whatever they were trained on.
"""
import json
import os

from .. import modelcli
from ..paths import DATASETS

DATASET = os.path.join(DATASETS, "nf-unsw-nb15-v2.sample.csv.gz")
SMALL_PHASES = (1, 2, 4, 8, 0)
ALL_PHASES = tuple(1 << i for i in range(8)) + (0xFFFF, 0)  # packets 1 .. 128 (MAX_PHASE_PACKETS), late, end
LARGE_LEAVES = 100         # x 10 phases: about the 1024 decision entries of one bank (full capacity)


class ModelsError(Exception):
    pass


def at_phases(model, phases):
    """The bundle with its END tree's entries copied to each of `phases`."""
    end = next(p for p in model["phases"] if p["phase"] == 0)
    return dict(model, phases=[dict(end, phase=number) for number in phases])


def specs(large_leaves=LARGE_LEAVES):
    """{kind: (training arguments, phases)}."""
    return {"small": (["--binary", "--max-leaves", "32", "--seed", "1"], SMALL_PHASES),
            "large": (["--max-leaves", str(large_leaves), "--min-leaf", "1", "--seed", "1"], ALL_PHASES)}


def trained(kind, cache_dir, large_leaves=LARGE_LEAVES):
    """One benchmark model (a bundle at its phases); trained once into cache_dir."""
    if not os.path.exists(DATASET):
        raise ModelsError(f"{DATASET} not found: the benchmark models need the UNSW sample (../shared/datasets)")
    args, phases = specs(large_leaves)[kind]
    os.makedirs(cache_dir, exist_ok=True)
    suffix = "" if kind != "large" or large_leaves == LARGE_LEAVES else f"-{large_leaves}"
    out = os.path.join(cache_dir, f"model-{kind}{suffix}-end.json")
    if not os.path.exists(out):
        try:
            modelcli.run("train", "--data", DATASET, "--out", out, *args, timeout=900)
        except modelcli.ModelError as e:
            raise ModelsError(f"{kind} model: {e}") from None
    with open(out) as f:
        return at_phases(json.load(f), phases)


def model_facts(model):
    phases = model["phases"]
    return {"name": model["name"], "phases": len(phases), "leaves": len(phases[0]["leaves"]),
            "features": sum(1 for s in phases[0]["slots"] if s["feature_id"]),
            "range_entries": sum(len(p["feature_entries"]) for p in phases),
            "decision_entries": sum(len(p["decision_entries"]) for p in phases)}
