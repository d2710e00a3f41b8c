# Run: make itest-cluster   (or, as root with the reference stack: .venv/bin/python -m pytest -rs itest/cluster)
"""The app in a three-instance ONOS cluster (three Atomix storage nodes) on a BMv2 fabric whose switches' masters are
spread over the instances: every instance shows the same cluster, switches, models and alerts; a model rolled out
through one instance is active on every switch, whichever instance masters it; reports are handled by each switch's
master. (Blocks across instances and failover: docs/cluster.md, not done.)

The tests run in file order and share the fabric."""
import pytest

from nidslib import constants as C
from nidslib import datasets as models
from nidslib import fabric as fabric_mod
from nidslib import onos as onos_mod
from nidslib import p4runtime as p4rt

ATTACK_PORT = 5555
DECISION = C.NIDS_INGRESS_CLASSIFIER_DECISION
ALERT_WAIT_S = 90


# ---- helpers ----------------------------------------------------------------------------------------------------

def live(stack):
    return [i.rest for i in stack.cluster.instances if i.running()]


def same_everywhere(stack, read, what, timeout=30):
    """Waits until `read(rest)` gives one value on every live instance; returns it."""
    def agree():
        values = [read(rest) for rest in live(stack)]
        return values[0] if values[0] is not None and all(v == values[0] for v in values) else None
    return onos_mod.wait_until(agree, timeout, 1, f"{what} the same on every instance")


def masters(rest, stack):
    return {sw.device_id: rest.get(f"/onos/v1/mastership/{sw.device_id}/master", retry=False).get("nodeId")
            for sw in stack.topology.switches}


def alerts_by_source(rest):
    out = {}
    for alert in rest.get("/onos/nids/alerts?limit=10000", retry=False)["alerts"]:
        out.setdefault(alert["flow"]["clientIp"], []).append(alert["id"])
    return {ip: sorted(ids) for ip, ids in out.items()}


def switch_model(stack, switch):
    """(active bank, decision entries in it) as the switch holds them."""
    reader = p4rt.Client(stack.topology.switch(switch).grpc_port)
    try:
        config = reader.default_entry(C.NIDS_INGRESS_CFG_CONFIG)
        bank = p4rt.param_values(config)[0] if config is not None else None
        bank_field = reader.p4info.match_field(DECISION, "bank").id
        return bank, sum(1 for e in reader.table_entries(DECISION) if p4rt.exact_value(e, bank_field) == bank)
    finally:
        reader.close()


def decoded(rest):
    return (rest.get("/onos/nids/stats", retry=False).get("pipeline") or {}).get("reportsDecoded", 0)


# ---- fixtures ---------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def attack_model(routed_cluster, tmp_path_factory):
    """A model that calls TCP flows to port 5555 attacks: uploaded through onos-2, activated through onos-3."""
    work = tmp_path_factory.mktemp("cluster-model")
    data = str(work / "port-rule.csv.gz")
    models.write_port_rule_dataset(data, ATTACK_PORT, seed=ATTACK_PORT)
    return models.train(data, str(work / "model.json"))


# ---- tests ------------------------------------------------------------------------------------------------------

def test_every_instance_sees_the_cluster_the_switches_and_the_same_masters(cluster_stack):
    stack = cluster_stack
    ids = {m.node_id for m in stack.cluster.layout.onos}
    for rest in stack.rests:
        nodes = rest.get("/onos/v1/cluster")["nodes"]
        assert {n["id"] for n in nodes if n["status"] == "READY"} == ids, nodes
        devices = {d["id"]: d for d in rest.get("/onos/v1/devices")["devices"]}
        assert all(devices[sw.device_id]["available"] for sw in stack.topology.switches), devices
    seen = same_everywhere(stack, lambda rest: masters(rest, stack), "the switches' masters")
    # Every instance masters at least one switch: each handles the reports of its own.
    assert set(seen.values()) == ids, seen
    switches = same_everywhere(stack, lambda rest: sorted(d["deviceId"] for d in rest.get("/onos/nids/devices",
                                                                                          retry=False)["devices"]),
                               "the app's switch list")
    assert switches == sorted(sw.device_id for sw in stack.topology.switches)


def test_a_model_rolled_out_through_one_instance_is_active_on_every_switch(routed_cluster, attack_model):
    stack = routed_cluster
    onos1, onos2, onos3 = stack.rests
    status, body = onos2.post("/onos/nids/models", attack_model)
    assert status == 201, body
    model_id = attack_model["model_id"]
    same_everywhere(stack, lambda rest: sorted(m["id"] for m in rest.get("/onos/nids/models", retry=False)["models"]),
                    "the stored models")
    status, result = onos3.post(f"/onos/nids/models/{model_id}/activate")
    assert status == 200, result
    # Every switch, whichever instance masters it, took part in the rollout and holds the model in its active bank.
    assert sorted(d["deviceId"] for d in result["devices"]) == sorted(sw.device_id for sw in stack.topology.switches), \
        result
    assert same_everywhere(stack, lambda rest: rest.get("/onos/nids/models/active", retry=False)["id"],
                           "the active model") == model_id
    states = same_everywhere(stack, lambda rest: sorted((d["deviceId"], d.get("modelId"), d.get("activeBank"))
                                                        for d in rest.get("/onos/nids/devices", retry=False)["devices"]),
                             "the switches' model states")
    assert all(model == model_id for _, model, _ in states), states
    for sw in stack.topology.switches:
        bank, decisions = switch_model(stack, sw.name)
        assert decisions == sum(len(phase["decision_entries"]) for phase in attack_model["phases"]), \
            (sw.name, bank, decisions)


def test_reports_are_handled_by_each_switchs_master_and_alerts_show_everywhere(routed_cluster, attack_model):
    stack = routed_cluster
    before = [decoded(rest) for rest in stack.rests]
    # One attacker per leaf, each leaf mastered by another instance; each attacks a host on its own leaf.
    attackers = {"h1": "10.0.0.2", "h3": "10.0.0.4", "h5": "10.0.0.6"}
    for host, target in attackers.items():
        fabric_mod.tcp_attempts(host, target, ATTACK_PORT, 3)
    sources = {stack.topology.host(h).ip for h in attackers}
    seen = onos_mod.wait_until(
        lambda: (lambda a: a if sources <= set(a) else None)(same_everywhere(stack, alerts_by_source, "alerts")),
        ALERT_WAIT_S, 2, f"alerts of {sorted(sources)} on every instance")
    assert set(seen) == sources, f"alerts of benign sources: {sorted(set(seen) - sources)}"
    after = [decoded(rest) for rest in stack.rests]
    # Each instance decoded the reports of the leaf it masters (packet-ins reach the master only).
    assert all(a > b for a, b in zip(after, before)), (before, after)
