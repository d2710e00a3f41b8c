# Run: make itest   (or, as root with the reference stack: .venv/bin/python -m pytest itest/suites/test_blocking.py)
"""Blocking through ONOS intents on the real fabric: an attacker's alert blocks it at its edge switch (drops counted
in the ACL's direct counter, read over P4Runtime) while benign pairs still talk; a block expires on time; the drop
rule follows a host that moves to another leaf. Every block made here is removed and the policy restored."""
import time

import pytest

from nidslib import constants as C
from nidslib import datasets as models
from nidslib import fabric as fabric_mod
from nidslib import netns
from nidslib import onos as onos_mod
from nidslib import p4runtime as p4rt
from nidslib import session


ACL = C.NIDS_INGRESS_FWD_ACL
BLOCKS = "/onos/nids/blocks"
POLICY = "/onos/v1/configuration/org.onosproject.nids.impl.block.NidsBlockManager"
ATTACK_PORT = 5555        # the models suite uses 9999/7777, the GUI suite 6666
SERVICE_PORT = 5001       # benign in every model of the suites
RULE_WAIT_S = 30
ALERT_WAIT_S = 90


# ---- helpers ----------------------------------------------------------------------------------------------------

def host_locations(stack, ip):
    for host in stack.rest.get("/onos/v1/hosts", retry=False)["hosts"]:
        if ip in host.get("ipAddresses", []):
            return {(loc["elementId"], str(loc["port"])) for loc in host.get("locations", [])}
    return set()


def locate(stack, name):
    host = stack.topology.host(name)
    where = (stack.topology.switch(host.switch).device_id, str(host.port))
    onos_mod.wait_until(lambda: where in host_locations(stack, host.ip) or session.announce(name), 40, 2,
                        f"{name} located at {where}")


def acl(stack, switch):
    """{(ig_port, ipv4_src): packets} of the ACL entries the switch itself holds (direct counter included)."""
    reader = p4rt.Client(stack.topology.switch(switch).grpc_port)
    try:
        port_field = reader.p4info.match_field(ACL, "ig_port").id
        src_field = reader.p4info.match_field(ACL, "ipv4_src").id
        return {(p4rt.ternary_value(e, port_field), p4rt.ternary_value(e, src_field)): e.counter_data.packet_count
                for e in reader.table_entries(ACL, with_counters=True)}
    finally:
        reader.close()


def rule_of(stack, name, switch=None, port=None):
    host = stack.topology.host(name)
    return (port or host.port, p4rt.ip2int(host.ip)), (switch or host.switch)


def wait_rules(stack, expected, what):
    """Waits until every switch's ACL holds exactly the expected {switch: {(port, src), …}} (others: none)."""
    def holds():
        return all(set(acl(stack, sw.name)) == expected.get(sw.name, set()) for sw in stack.topology.switches)
    onos_mod.wait_until(holds, RULE_WAIT_S, 1, what)


def block(stack, body):
    status, made = stack.rest.post(BLOCKS, body)
    assert status == 201, made
    return made


def blocks(stack):
    return stack.rest.get(BLOCKS, retry=False)["blocks"]


def intent(stack, key):
    """The intent of that key as ONOS's own REST API lists it (detail: each type's own codec)."""
    return next((i for i in stack.rest.get("/onos/v1/intents?detail=true", retry=False)["intents"]
                 if i["key"] == key), None)


def set_policy(stack, **props):
    """Sets NidsBlockManager properties and waits until the manager applies them (ONOS configures components
    asynchronously): GET /blocks shows the policy in force. A list is an allowlist."""
    stack.rest.post(POLICY, {k: ",".join(v) if isinstance(v, list) else str(v) for k, v in props.items()})
    onos_mod.wait_until(lambda: all(stack.rest.get(BLOCKS, retry=False)["policy"][k] == v for k, v in props.items()),
                        20, 0.5, f"block policy {props} in force")


def tcp_reply(client, server_ip, port=SERVICE_PORT, timeout=2):
    """Whether `client` gets an answer from the echo server at server_ip:port (one bounded attempt)."""
    result = netns.host_exec(
        client, "python3", "-c",
        "import socket\n"
        f"s=socket.create_connection(('{server_ip}',{port}),timeout={timeout})\n"
        "s.settimeout(2); s.sendall(b'hello'); print(s.recv(64).decode())", timeout=timeout + 10)
    return result.returncode == 0 and result.stdout.strip() == "hello"


# ---- fixtures ---------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def fabric(routed):
    """The routed fabric with every host located by ONOS; afterwards no block is left and the policy is default."""
    stack = routed
    for host in stack.topology.hosts:
        locate(stack, host.name)
    yield stack
    set_policy(stack, autoBlockMinSeverity="NONE", blockAllowlist=[], blockTtlSeconds=600)
    for b in blocks(stack):
        stack.rest.delete(f"{BLOCKS}/{b['id']}")
    wait_rules(stack, {}, "no drop rule left")


@pytest.fixture(scope="module")
def echo_server(fabric):
    """An echo server on h3 (every connection answered), for reachability checks."""
    server = netns.host_popen(
        "h3", "python3", "-c",
        "import socket\n"
        "s=socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)\n"
        f"s.bind(('0.0.0.0',{SERVICE_PORT})); s.listen(16)\n"
        "while True:\n"
        "    c,_=s.accept(); c.settimeout(2)\n"
        "    try: c.sendall(c.recv(64))\n"
        "    except OSError: pass\n"
        "    c.close()\n")
    try:
        onos_mod.wait_until(lambda: tcp_reply("h4", "10.0.0.3"), 20, 1, "echo server on h3 answering")
        yield "10.0.0.3"
    finally:
        server.kill()
        server.wait(timeout=5)


@pytest.fixture(scope="module")
def attack_model(fabric, tmp_path_factory):
    """A model that calls TCP flows to port 5555 attacks, active for this module (the previous one afterwards)."""
    stack = fabric
    work = tmp_path_factory.mktemp("block-model")
    data = str(work / "port-rule.csv.gz")
    models.write_port_rule_dataset(data, ATTACK_PORT, seed=ATTACK_PORT)
    bundle = models.train(data, str(work / "model.json"))
    try:
        previous = stack.rest.get("/onos/nids/models/active", retry=False)["id"]
    except onos_mod.RestError:
        previous = None
    try:
        stack.rest.post("/onos/nids/models", bundle)
    except onos_mod.RestError as e:
        assert e.status == 409, e
    status, result = stack.rest.post(f"/onos/nids/models/{bundle['model_id']}/activate")
    assert status == 200, result
    yield bundle
    if previous and previous != bundle["model_id"]:
        stack.rest.post(f"/onos/nids/models/{previous}/activate")


# ---- tests ------------------------------------------------------------------------------------------------------

def test_bad_requests_are_refused_with_a_reason(fabric):
    stack = fabric
    for body, status, reason in (({"src": "10.0.0.300"}, 400, "not an IPv4 address"),
                                 ({"src": "h1"}, 400, "not an IPv4 address"),
                                 ({"src": "10.0.0.1", "ttlSeconds": -1}, 400, "ttlSeconds"),
                                 ({"src": "10.0.0.1", "alertId": 987654321}, 404, "alert 987654321")):
        with pytest.raises(onos_mod.RestError) as e:
            stack.rest.post(BLOCKS, body)
        assert e.value.status == status and reason in e.value.body, e.value
    set_policy(stack, blockAllowlist=["10.0.0.4/32", "192.168.0.0/16"])
    try:
        with pytest.raises(onos_mod.RestError) as e:
            stack.rest.post(BLOCKS, {"src": "10.0.0.4"})
        assert e.value.status == 409 and "allowlisted" in e.value.body, e.value
    finally:
        set_policy(stack, blockAllowlist=[])
        for b in blocks(stack):  # only if the test failed
            stack.rest.delete(f"{BLOCKS}/{b['id']}")
    made = block(stack, {"src": "10.0.0.2", "ttlSeconds": 0})
    try:
        with pytest.raises(onos_mod.RestError) as e:
            stack.rest.post(BLOCKS, {"src": "10.0.0.2"})
        assert e.value.status == 409 and f"already blocked by block {made['id']}" in e.value.body, e.value
    finally:
        stack.rest.delete(f"{BLOCKS}/{made['id']}")
    with pytest.raises(onos_mod.RestError) as e:
        stack.rest.delete(f"{BLOCKS}/{made['id']}")
    assert e.value.status == 404
    assert blocks(stack) == []
    wait_rules(stack, {}, "no drop rule left")


def test_an_alert_blocks_the_attacker_at_its_edge_and_benign_pairs_still_talk(fabric, echo_server, attack_model):
    stack = fabric
    assert tcp_reply("h1", echo_server) and tcp_reply("h2", echo_server)
    set_policy(stack, autoBlockMinSeverity="HIGH", blockTtlSeconds=0)

    # The incident must gather its family's confident flows (Other: 5 by default) within the window; a flow whose
    # report is late or lost must not leave it short, so h1 makes well over that many.
    fabric_mod.tcp_attempts("h1", "10.0.0.3", ATTACK_PORT, 12)

    def auto_block():
        return next((b for b in blocks(stack) if b["src"] == "10.0.0.1" and b["origin"] == "auto"
                     and b["state"] == "INSTALLED"), None)
    try:
        made = onos_mod.wait_until(auto_block, ALERT_WAIT_S, 2, "auto-block of 10.0.0.1 INSTALLED")
    finally:
        set_policy(stack, autoBlockMinSeverity="NONE")
    try:
        check_auto_block(stack, made, echo_server)
    finally:
        # Whatever failed above, h1 is not left blocked for the next tests.
        if any(b["id"] == made["id"] for b in blocks(stack)):
            stack.rest.delete(f"{BLOCKS}/{made['id']}")
    wait_rules(stack, {}, "the drop rule removed")
    onos_mod.wait_until(lambda: intent(stack, made["intentKey"]) is None, 30, 1, "the block intent purged")
    assert tcp_reply("h1", echo_server)


def test_a_spoofed_source_is_not_blocked_and_its_incident_says_location_mismatch(fabric, attack_model):
    """h2 attacks with h1's address (issue 14: a spoofed flow must not get its address's owner cut off): the flows'
    first packets enter s1 at h2's port, where ONOS locates h2, not h1. Every report, the server's RST included,
    carries that port; the incident says "location mismatch" and nothing is blocked."""
    stack = fabric
    set_policy(stack, autoBlockMinSeverity="HIGH", blockTtlSeconds=0)
    seen = {}

    def marked():
        incidents = stack.rest.get("/onos/nids/incidents?source=10.0.0.1&limit=100", retry=False)["incidents"]
        seen["incidents"] = [(i["id"], i["state"], i["location"], i.get("decision"), i["locationDetail"])
                             for i in incidents]
        return next((i for i in incidents if i["location"] == "MISMATCH" and ATTACK_PORT in i["ports"]
                     and i.get("decision") == "LOCATION_MISMATCH"), None)
    try:
        # hping3 -S: one SYN per source port, i.e. 12 flows (Other needs 5 for a decision); nobody answers on h1.
        sent = netns.host_exec("h2", "hping3", "-S", "-a", "10.0.0.1", "-p", str(ATTACK_PORT), "-c", "12",
                               "-i", "u20000", "10.0.0.3", timeout=60)
        assert sent.returncode in (0, 1), sent.stderr   # hping3 exits 1 when no reply came back to it
        try:
            incident = onos_mod.wait_until(marked, ALERT_WAIT_S, 2, "h1's incident marked location mismatch")
        except onos_mod.OnosError:
            raise AssertionError(f"incidents of 10.0.0.1: {seen.get('incidents')}") from None
    finally:
        set_policy(stack, autoBlockMinSeverity="NONE")
    h2 = stack.topology.host("h2")
    assert f"sent from {stack.topology.switch('s1').device_id} port {h2.port}" in incident["locationDetail"], incident
    assert incident["decisionReason"].startswith("location mismatch: "), incident
    assert incident["blockId"] is None and not any(b["src"] == "10.0.0.1" for b in blocks(stack)), blocks(stack)


def check_auto_block(stack, made, echo_server):
    s1 = stack.topology.switch("s1").device_id
    assert made["devices"] == [s1] and made["scope"] == {} and "expiresAt" not in made, made
    alert = stack.rest.get(f"/onos/nids/alerts/{made['alertId']}")
    assert alert["state"] == "BLOCKED" and alert["blockId"] == made["id"], alert
    assert alert["flow"]["clientIp"] == "10.0.0.1" and alert["flow"]["serverPort"] == ATTACK_PORT, alert
    assert alert["severity"] == "HIGH"
    # The block is an ONOS intent, listed by ONOS's own intent API (and so its CLI and GUI): the app's BlockIntent
    # compiled by the app into a core FlowRuleIntent (which ONOS's intent store carries across a cluster), whose
    # resources are the source's host and its switch.
    listed = intent(stack, made["intentKey"])
    assert listed["type"] == "FlowRuleIntent" and listed["state"] == "INSTALLED" and listed["appId"] == stack.app_name
    assert stack.topology.switch("s1").device_id in listed["resources"], listed
    assert any(r.upper().startswith(stack.topology.host("h1").mac.upper()) for r in listed["resources"]), listed

    rule, switch = rule_of(stack, "h1")
    wait_rules(stack, {switch: {rule}}, "one drop rule, for h1 on s1")
    dropped_before = acl(stack, switch)[rule]
    assert not tcp_reply("h1", echo_server), "the attacker still reaches its target"
    onos_mod.wait_until(lambda: acl(stack, switch)[rule] > dropped_before, 10, 1, "drops counted in the ACL counter")
    # h2 shares the attacker's edge switch; h4 sits on the other leaf.
    assert tcp_reply("h2", echo_server) and tcp_reply("h4", echo_server)
    status, _ = stack.rest.delete(f"{BLOCKS}/{made['id']}")
    assert status == 204


def test_a_block_expires_on_time(fabric):
    stack = fabric
    ttl = 4
    started = time.monotonic()
    made = block(stack, {"src": "10.0.0.2", "ttlSeconds": ttl, "reason": "expiry check"})
    assert made["expiresAt"] - made["createdAt"] == ttl * 1000 and made["origin"] == "manual"
    assert made["reason"] == "expiry check"
    rule, switch = rule_of(stack, "h2")
    wait_rules(stack, {switch: {rule}}, "the drop rule for h2 on s1")
    assert time.monotonic() - started < ttl, "the rule came too late to see the expiry"

    def gone():
        return not any(b["id"] == made["id"] for b in blocks(stack)) and not acl(stack, switch)
    onos_mod.wait_until(gone, ttl + 15, 0.5, "the block and its drop rule gone after the TTL")
    elapsed = time.monotonic() - started
    assert ttl - 0.5 <= elapsed <= ttl + 10, elapsed


def test_the_drop_rule_follows_a_host_that_moves(fabric):
    stack = fabric
    made = block(stack, {"src": "10.0.0.4", "ttlSeconds": 0, "reason": "move check"})
    rule, switch = rule_of(stack, "h4")
    wait_rules(stack, {switch: {rule}}, "the drop rule for h4 on s2")
    spare_switch, spare_port = stack.topology.spare_ports[0]
    assert spare_switch != switch
    back = stack.fabric.move_host("h4", spare_switch, spare_port)
    try:
        new_rule = (spare_port, p4rt.ip2int("10.0.0.4"))
        where = (stack.topology.switch(spare_switch).device_id, str(spare_port))
        onos_mod.wait_until(lambda: host_locations(stack, "10.0.0.4") == {where} or session.announce("h4"),
                            40, 2, f"h4 located at {where}")
        wait_rules(stack, {spare_switch: {new_rule}}, f"the drop rule moved to {spare_switch} port {spare_port}")
        assert stack.rest.get(f"{BLOCKS}/{made['id']}")["devices"] == [where[0]]
        # h4's packets now enter s1 at the spare port and are dropped there.
        before = acl(stack, spare_switch)[new_rule]
        fabric_mod.tcp_attempts("h4", "10.0.0.1", SERVICE_PORT, 3)
        onos_mod.wait_until(lambda: acl(stack, spare_switch)[new_rule] > before, 10, 1,
                            "h4's packets dropped at its new edge")
        back()
        back = None
        locate(stack, "h4")
        wait_rules(stack, {switch: {rule}}, "the drop rule back on s2 with h4")
    finally:
        if back is not None:
            back()
            locate(stack, "h4")
        stack.rest.delete(f"{BLOCKS}/{made['id']}")
    wait_rules(stack, {}, "no drop rule left")
