# Run: make bench-rollout   (as root with the reference stack; 3 leaves + 1 spine = 4 BMv2 switches)
"""Rollout speed: time from the REST call to every switch flipped, for a model of up to 256 leaves.

The model is a multi-class J48 tree trained by model-tools on the NF-UNSW-NB15-v2 sample (../shared/datasets) with
at most 256 leaves; without the datasets the benchmark says so and stops.
"""
import os
import time

import pytest

from nidslib import modelcli
from nidslib.paths import DATASETS

DATA = os.path.join(DATASETS, "nf-unsw-nb15-v2.sample.csv.gz")
TARGET_SECONDS = 3.0


@pytest.fixture(scope="module")
def big_model(tmp_path_factory):
    if not os.path.exists(DATA):
        pytest.skip(f"{DATA} not found: the rollout benchmark needs the UNSW sample")
    out = str(tmp_path_factory.mktemp("bench") / "model.json")
    return modelcli.train(DATA, out, "--max-leaves", "256", "--min-leaf", "1", "--seed", "1")


def test_rollout_of_a_large_model_to_every_switch(stack, big_model):
    status, _ = stack.rest.post("/onos/nids/models", big_model)
    assert status == 201
    started = time.monotonic()
    status, result = stack.rest.post(f"/onos/nids/models/{big_model['model_id']}/activate")
    elapsed = time.monotonic() - started
    assert status == 200 and result["succeeded"], result
    switches = len(result["devices"])
    entries = sum(d["entries"] for d in result["devices"])
    leaves = len(big_model["leaves"])
    print(f"\nrollout: {leaves} leaves, {entries // max(1, switches)} entries per switch, {switches} switches")
    print(f"rollout: REST call to every switch flipped: {elapsed:.2f} s (app's own count {result['elapsedMillis']} ms;"
          f" target < {TARGET_SECONDS:.0f} s)")
    print(f"rollout: {entries / elapsed:.0f} entries written per second")
    assert switches >= 4
