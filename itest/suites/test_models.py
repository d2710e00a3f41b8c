# Run: make itest   (or, as root with the reference stack: .venv/bin/python -m pytest itest/suites/test_models.py)
"""Models trained by model-tools, uploaded over REST, rolled out to every switch, checked on the switches."""
import os
import signal
import subprocess
import time

import pytest

from nidslib import constants as C
from nidslib import datasets as models
from nidslib import fabric as fabric_mod
from nidslib import modelcli
from nidslib import netns
from nidslib import onos as onos_mod
from nidslib import p4runtime as p4rt


ATTACK_PORT_A = 9999
ATTACK_PORT_B = 7777
BENIGN_PORT = 5001
DECISION = C.NIDS_INGRESS_CLASSIFIER_DECISION
PHASES = C.NIDS_INGRESS_CLASSIFIER_PHASES
RANGES = [getattr(C, f"NIDS_INGRESS_CLASSIFIER_RANGE{i}") for i in range(C.NUM_SLOTS)]
SELECTORS = [getattr(C, f"NIDS_INGRESS_CLASSIFIER_SEL{i}") for i in range(C.NUM_SLOTS)]


@pytest.fixture(scope="module")
def bundles(tmp_path_factory):
    work = tmp_path_factory.mktemp("models")
    trained = {}
    for name, port in (("a", ATTACK_PORT_A), ("b", ATTACK_PORT_B)):
        data = str(work / f"{name}.csv.gz")
        models.write_port_rule_dataset(data, port, seed=port)
        trained[name] = models.train(data, str(work / f"{name}.json"))
    return trained


def upload(stack, bundle):
    """Stores a bundle; one already stored by an earlier suite (same training data, same id) is reused."""
    try:
        status, body = stack.rest.post("/onos/nids/models", bundle)
        assert status == 201, body
    except onos_mod.RestError as e:
        assert e.status == 409 and "already stored" in e.body, e
        assert stack.rest.get(f"/onos/nids/models/{bundle['model_id']}")["model_id"] == bundle["model_id"]
    return bundle["model_id"]


def activate(stack, model_id):
    status, result = stack.rest.post(f"/onos/nids/models/{model_id}/activate")
    assert status == 200, result
    return result


def expected_entries(bundle):
    """Entries per table one bank of this model holds: per phase, its phase entry, selectors, ranges, decisions."""
    counts = {PHASES: len(bundle["phases"])}
    for phase in bundle["phases"]:
        counts[DECISION] = counts.get(DECISION, 0) + len(phase["decision_entries"])
        for slot in phase["slots"]:
            if slot["feature_id"]:
                counts[SELECTORS[slot["slot"]]] = counts.get(SELECTORS[slot["slot"]], 0) + 1
        for entry in phase["feature_entries"]:
            counts[RANGES[entry["slot"]]] = counts.get(RANGES[entry["slot"]], 0) + 1
    return counts


def switch_entries(stack, switch, bank):
    """Entries per classifier table that the switch itself holds in one bank."""
    reader = p4rt.Client(stack.topology.switch(switch).grpc_port)
    try:
        counts = {}
        for table in [PHASES, DECISION] + RANGES + SELECTORS:
            bank_field = reader.p4info.match_field(table, "bank").id
            n = sum(1 for e in reader.table_entries(table) if p4rt.exact_value(e, bank_field) == bank)
            if n:
                counts[table] = n
        config = reader.default_entry(C.NIDS_INGRESS_CFG_CONFIG)
        active_bank = p4rt.param_values(config)[0] if config is not None else None
        return counts, active_bank
    finally:
        reader.close()


def test_bad_uploads_are_refused_with_a_reason(stack):
    for body, reason in (({"schema_version": 99}, "schema version"), ({"hello": 1}, "schema_version")):
        with pytest.raises(onos_mod.RestError) as e:
            stack.rest.post("/onos/nids/models", body)
        assert e.value.status == 400 and reason in e.value.body


def test_activation_writes_exactly_the_model_on_every_switch(stack, bundles):
    model_id = upload(stack, bundles["a"])
    result = activate(stack, model_id)
    outcomes = {d["deviceId"]: d["outcome"] for d in result["devices"]}
    assert set(outcomes) == {s.device_id for s in stack.topology.switches}
    assert set(outcomes.values()) == {"FLIPPED"}
    assert stack.rest.get("/onos/nids/models/active")["id"] == model_id
    expected = expected_entries(bundles["a"])
    for sw in stack.topology.switches:
        bank = next(d["bank"] for d in result["devices"] if d["deviceId"] == sw.device_id)
        counts, active_bank = switch_entries(stack, sw.name, bank)
        assert counts == expected, sw.name
        assert active_bank == bank, sw.name
        other, _ = switch_entries(stack, sw.name, 1 - bank)
        assert other == {}, f"{sw.name} still holds entries in the idle bank"


def class_counters(stack, device_id):
    devices = stack.rest.get("/onos/nids/devices", retry=False)["devices"]
    device = next(d for d in devices if d["deviceId"] == device_id)
    return {c["class"]: c["packets"] for c in device.get("classCounters", [])}


def test_traffic_is_counted_in_the_class_the_model_gives(routed, bundles):
    stack = routed
    activate(stack, upload(stack, bundles["a"]))
    edge = stack.topology.switch("s1").device_id
    before = class_counters(stack, edge)
    fabric_mod.tcp_attempts("h1", "10.0.0.3", ATTACK_PORT_A, 5)
    fabric_mod.tcp_attempts("h1", "10.0.0.3", BENIGN_PORT, 5)

    def counted():
        now = class_counters(stack, edge)
        return (now.get("Attack", 0) > before.get("Attack", 0)
                and now.get("Benign", 0) > before.get("Benign", 0))

    onos_mod.wait_until(counted, 30, 2, "attack and benign packets counted on s1")


def test_second_model_while_traffic_flows_then_rollback(routed, bundles):
    stack = routed
    model_b = upload(stack, bundles["b"])
    traffic = netns.host_popen("h2", "python3", "-c",
                                    "import socket,time\n"
                                    "for i in range(400):\n"
                                    "    s=socket.socket(); s.settimeout(0.2)\n"
                                    "    try: s.connect(('10.0.0.4', 7777))\n"
                                    "    except OSError: pass\n"
                                    "    s.close(); time.sleep(0.01)\n")
    try:
        result = activate(stack, model_b)
        assert {d["outcome"] for d in result["devices"]} == {"FLIPPED"}
    finally:
        traffic.wait(timeout=60)
    assert stack.rest.get("/onos/nids/models/active")["id"] == model_b
    with pytest.raises(onos_mod.RestError) as e:
        stack.rest.delete(f"/onos/nids/models/{model_b}")
    assert e.value.status == 409
    status, result = stack.rest.post("/onos/nids/models/rollback")
    assert status == 200 and result["modelId"] == bundles["a"]["model_id"]
    assert stack.rest.get("/onos/nids/models/active")["id"] == bundles["a"]["model_id"]


def test_a_restarted_switch_gets_the_active_model_back(stack, bundles):
    active = stack.rest.get("/onos/nids/models/active")["id"]
    bundle = next(b for b in bundles.values() if b["model_id"] == active)
    stack.fabric.restart_switch("s2")

    def restored():
        for bank in (0, 1):
            counts, active_bank = switch_entries(stack, "s2", bank)
            if counts == expected_entries(bundle) and active_bank == bank:
                return True
        return False

    onos_mod.wait_until(lambda: _safe(restored), 120, 3, "s2 classifying with the active model again")


def _safe(check):
    try:
        return check()
    except Exception:  # the switch is still coming back: gRPC errors are expected for a while
        time.sleep(1)
        return False


# --- multi-class models: class ids that differ between two models make a mix of banks visible -----------------------

PORT_SCAN_THEN_DOS = {7001: "Scan", 7002: "DoS"}   # model x
PORT_DOS_THEN_SCAN = {7001: "DoS", 7002: "Scan"}   # model y: the same classes, swapped ports


@pytest.fixture(scope="module")
def multiclass(tmp_path_factory):
    work = tmp_path_factory.mktemp("multiclass")
    trained = {}
    for name, classes in (("x", PORT_SCAN_THEN_DOS), ("y", PORT_DOS_THEN_SCAN)):
        data = str(work / f"{name}.csv.gz")
        models.write_port_classes_dataset(data, classes)
        out = str(work / f"{name}.json")
        trained[name] = models.train(data, out, "--label", "Attack", "--features", "L4_DST_PORT,IN_PKTS,TCP_FLAGS",
                                     binary=False)
        trained[name]["_file"] = out
    assert trained["x"]["classes"] == trained["y"]["classes"] == ["Benign", "DoS", "Scan"]
    return trained


def _bundle(model):
    return {k: v for k, v in model.items() if not k.startswith("_")}


def class_counter_cells(stack, switch):
    """(bank, class id) -> packets of the switch's class counter, read over P4Runtime."""
    reader = p4rt.Client(stack.topology.switch(switch).grpc_port)
    try:
        cells = reader.counter(C.NIDS_INGRESS_CLASSIFIER_CLASS_COUNTER)
        config = reader.default_entry(C.NIDS_INGRESS_CFG_CONFIG)
        return ({divmod(index, C.CLASSES_PER_BANK): packets for index, (packets, _) in cells.items() if packets},
                p4rt.param_values(config)[0])
    finally:
        reader.close()


def _delta(after, before):
    return {k: v - before.get(k, 0) for k, v in after.items() if v != before.get(k, 0)}


def test_switch_counts_the_classes_nids_model_simulate_expects(routed, multiclass):
    """Traffic captured at h1 and replayed through `nids-model simulate` gives the per-class packet counts the
    switch must show for the same traffic."""
    stack = routed
    activate(stack, upload(stack, _bundle(multiclass["x"])))
    pcap = os.path.join(os.path.dirname(multiclass["x"]["_file"]), "h1.pcap")
    capture = netns.host_popen("h1", "tcpdump", "-i", "h1-eth0", "-n", "-U", "-w", pcap, "ip",
                                    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        assert "listening on" in capture.stderr.readline()
        before, bank = class_counter_cells(stack, "s1")
        for port, count in ((7001, 4), (7002, 3), (BENIGN_PORT, 5)):
            fabric_mod.tcp_attempts("h1", "10.0.0.3", port, count)
        time.sleep(1)
    finally:
        capture.send_signal(signal.SIGINT)
        capture.wait(timeout=10)
    after, bank_after = class_counter_cells(stack, "s1")
    assert bank_after == bank

    simulated = modelcli.simulate(multiclass["x"]["_file"], pcap, timeout=120)
    assert simulated["tree_disagreements"] == 0
    # The switch counts a verdict per classified phase and flow end (not per packet; probes excluded): simulate's
    # class_counts are those verdicts.
    classes = multiclass["x"]["classes"]
    expected = {(bank, classes.index(name)): n for name, n in simulated["class_counts"].items() if n}
    assert {c for _, c in expected} == {0, 1, 2}, simulated["flows"]
    assert _delta(after, before) == expected


def test_no_packet_is_classified_by_a_mix_of_banks(routed, multiclass):
    """Port 7001 is Scan (class 2) under x and DoS (class 1) under y. Traffic to 7001 that spans the flip from x to
    y must show up as class 2 on x's bank and class 1 on y's bank, and as nothing else: a packet that took its
    selector, ranges or decision from different banks would land in another class."""
    stack = routed
    activate(stack, upload(stack, _bundle(multiclass["x"])))
    model_y = upload(stack, _bundle(multiclass["y"]))
    before, bank_x = class_counter_cells(stack, "s1")
    traffic = netns.host_popen("h2", "python3", "-c",
                                    "import socket,time\n"
                                    "for i in range(300):\n"
                                    "    s=socket.socket(); s.settimeout(0.2)\n"
                                    "    try: s.connect(('10.0.0.4', 7001))\n"
                                    "    except OSError: pass\n"
                                    "    s.close(); time.sleep(0.01)\n")
    try:
        time.sleep(1)
        result = activate(stack, model_y)
        assert {d["outcome"] for d in result["devices"]} == {"FLIPPED"}
    finally:
        traffic.wait(timeout=60)
    time.sleep(1)
    after, bank_y = class_counter_cells(stack, "s1")
    assert bank_y == 1 - bank_x
    delta = _delta(after, before)
    assert set(delta) == {(bank_x, 2), (bank_y, 1)}, delta
    assert all(v > 0 for v in delta.values()), delta
