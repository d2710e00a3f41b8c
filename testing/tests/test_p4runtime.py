# Run: .venv/bin/python -m pytest testing/tests/test_p4runtime.py
"""The P4Info reader, P4Runtime entry encoding and the NIDS table entries, against the committed P4Info (no switch)."""
import re

import pytest

from nidslib import bmv2, constants, features, p4info, pipeline
from nidslib.p4runtime import Client, Range, Ternary, enc
from nidslib.paths import REPO_ROOT


@pytest.fixture(scope="module")
def client():
    # A channel to nowhere: building entries reads only the P4Info; nothing is sent.
    c = Client(1, p4info.P4Info())
    yield c
    c.close()


def test_values_are_encoded_in_the_fewest_bytes():
    assert enc(0, 9) == b"\x00"
    assert enc(255, 9) == b"\xff"
    assert enc(256, 9) == b"\x01\x00"
    with pytest.raises(ValueError):
        enc(512, 9)


def test_dont_care_matches_are_left_out(client):
    """A full range and a ternary with mask 0 are left out of the entry, as P4Runtime requires."""
    full = client.table_entry("NidsIngress.classifier.range0", {"bank": 1, "value": Range(0, (1 << 32) - 1)},
                              "NidsIngress.classifier.set_code", {"code": 3}, 1)
    fields = {m.field_id for m in full.table_entry.match}
    assert fields == {client.p4info.match_field("NidsIngress.classifier.range0", "bank").id}
    wildcard = client.table_entry("NidsIngress.fwd.table0", {"ig_port": Ternary(3, 0)})
    assert list(wildcard.table_entry.match) == []


def test_a_forward_entry_names_its_port_and_action(client):
    entity = client.table_entry(*pipeline.forward(1, 2))
    te = entity.table_entry
    assert te.table_id == client.p4info.table_id(constants.NIDS_INGRESS_FWD_TABLE0)
    assert te.priority == 10
    (match,) = te.match
    assert (match.ternary.value, match.ternary.mask) == (b"\x01", b"\x01\xff")
    assert te.action.action.action_id == client.p4info.action_id(constants.NIDS_INGRESS_FWD_SET_EGRESS_PORT)
    assert [p.value for p in te.action.action.params] == [b"\x02"]


def test_a_model_bundle_becomes_phase_selector_range_and_decision_entries():
    slots = constants.NUM_SLOTS
    tree = {"slots": [{"slot": 0, "feature_id": 5}] + [{"slot": s, "feature_id": 0} for s in range(1, slots)],
            "feature_entries": [{"slot": 0, "low": 0, "high": 3, "code": 1, "priority": 2},
                                {"slot": 0, "low": 4, "high": 2 ** 32 - 1, "code": 2, "priority": 1}],
            "decision_entries": [{"codes": [[1, 1]] + [[0, 255]] * (slots - 1), "class_id": 1, "leaf_id": 7,
                                  "confidence_permille": 950, "priority": 1}]}
    model = {"phases": [dict(tree, phase=4), dict(tree, phase=pipeline.PHASE_END)]}
    entries = pipeline.model_entries(model, bank=1)
    per_phase = ["NidsIngress.classifier.phases", "NidsIngress.classifier.sel0", "NidsIngress.classifier.range0",
                 "NidsIngress.classifier.range0", "NidsIngress.classifier.decision"]
    assert [e[0] for e in entries] == per_phase * 2
    assert [e[1]["phase"] for e in entries] == [4] * 5 + [constants.PHASE_END] * 5
    table, match, action, params, priority = entries[-1]
    assert match["bank"] == 1 and (match["code_0"].low, match["code_0"].high) == (1, 1)
    assert params == {"class_id": 1, "leaf_id": 7, "confidence": 950}


def test_the_reader_sees_what_the_generated_constants_say():
    info = p4info.P4Info()
    assert info.constants()["NUM_SLOTS"] == constants.NUM_SLOTS
    assert info.serializable_enum("FeatureId_t") == constants.FEATURE_ID_T
    assert info.counter_size(constants.NIDS_INGRESS_CLASSIFIER_CLASS_COUNTER) == \
        constants.NIDS_INGRESS_CLASSIFIER_CLASS_COUNTER_SIZE


def test_feature_names_are_the_catalogs_in_id_order():
    with open(f"{REPO_ROOT}/docs/features.md") as f:
        rows = [m.groups() for m in re.finditer(r"^\|\s*(\d+)\s*\|\s*([A-Z0-9_]+)\s*\|", f.read(), re.M)]
    assert list(features.FEATURES) == [name for _, name in sorted(rows, key=lambda r: int(r[0]))]
    # catalog 3: the 28 NetFlow features, the source context (ids 29..32), the packet spacing (33)
    assert len(features.FEATURES) == 33
    assert features.FEATURES[28:] == ("SRC_FLOWS", "SRC_DST_HOSTS", "SRC_DST_PORTS", "SRC_HALF_OPEN",
                                      "IN_PKT_INTERVAL")


def test_the_switch_command_has_its_ports_and_no_program():
    cmd = bmv2.command({2: "b", 1: "a"}, 50001, 255, options=["--log-level", "warn"])
    assert cmd == ["simple_switch_grpc", "--device-id", "1", "--log-level", "warn", "-i", "1@a", "-i", "2@b",
                   "--no-p4", "--", "--grpc-server-addr", "127.0.0.1:50001", "--cpu-port", "255"]
