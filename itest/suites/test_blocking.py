# Run: make itest   (or, as root with the reference stack: .venv/bin/python -m pytest itest/suites/test_blocking.py)
"""Blocking through ONOS intents on the real fabric: drop rules at the attacker's edge switch, counted in the ACL
counter read over P4Runtime; benign pairs unaffected; TTL expiry; the drop rule follows a host that moves."""
import os
import sys

import pytest
from p4.v1 import p4runtime_pb2

from itest.lib import fabric as fabric_mod
from itest.lib import onos as onos_mod
from itest.lib import p4rt

sys.path.insert(0, os.path.join(p4rt.ROOT, "util"))
import nids_constants as C  # noqa: E402

ACL = C.NIDS_INGRESS_FWD_ACL
BLOCK_COMPONENT = "org.onosproject.nids.impl.block.NidsBlockManager"


def learn_hosts(stack, names=None):
    """Hosts use static ARP in the routed fabric: make each broadcast ARP so ONOS's host provider locates it."""
    hosts = [stack.topology.host(n) for n in names] if names else stack.topology.hosts
    for host in hosts:
        fabric_mod.host_exec(host.name, "python3", "-c",
                             "import socket,time\n"
                             "s=socket.socket(socket.AF_INET,socket.SOCK_DGRAM)\n"
                             "for i in range(3):\n"
                             "    s.sendto(b'arp?',('10.0.0.254',9)); time.sleep(0.3)\n", timeout=10)


def host_location(stack, ip):
    for host in stack.rest.get("/onos/v1/hosts", retry=False)["hosts"]:
        if ip in host.get("ipAddresses", []):
            return {(loc["elementId"], str(loc["port"])) for loc in host.get("locations", [])}
    return set()


def acl_entries(stack, switch):
    """(ig_port, ipv4_src, packets) of every ACL entry the switch itself holds, counters included."""
    reader = p4rt.Reader(stack.topology.switch(switch).grpc_port)
    try:
        port_field = reader.p4info.field_id(ACL, "ig_port")
        src_field = reader.p4info.field_id(ACL, "ipv4_src")
        entity = p4runtime_pb2.Entity()
        entity.direct_counter_entry.table_entry.table_id = reader.p4info.table_ids[ACL]
        counters = {}
        for e in reader._read(entity):
            entry = e.direct_counter_entry
            counters[entry.table_entry.SerializeToString(deterministic=True)] = entry.data.packet_count
        result = []
        for entry in reader.table_entries(ACL):
            key = p4runtime_pb2.TableEntry(table_id=entry.table_id, match=entry.match, priority=entry.priority)
            packets = next((n for k, n in counters.items()
                            if p4runtime_pb2.TableEntry.FromString(k).match == entry.match), 0)
            result.append((ternary(entry, port_field), ternary(entry, src_field), packets))
        return result
    finally:
        reader.close()


def ternary(entry, field_id):
    for match in entry.match:
        if match.field_id == field_id:
            return int.from_bytes(match.ternary.value, "big")
    return None


def ip_int(ip):
    a, b, c, d = (int(x) for x in ip.split("."))
    return (a << 24) | (b << 16) | (c << 8) | d


def blocks(stack):
    return stack.rest.get("/onos/nids/blocks", retry=False)["blocks"]


def intent(stack, key):
    intents = stack.rest.get("/onos/v1/intents", retry=False)["intents"]
    return next((i for i in intents if i["key"] == key), None)


def test_manual_block_is_an_intent_with_a_drop_rule_at_the_edge(routed):
    stack = routed
    learn_hosts(stack, ["h2"])
    onos_mod.wait_until(lambda: host_location(stack, "10.0.0.2"), 30, 1, "h2 located")
    status, block = stack.rest.post("/onos/nids/blocks", {"src": "10.0.0.2", "ttlSeconds": 0, "reason": "probe"})
    assert status == 201, block
    onos_mod.wait_until(lambda: (intent(stack, block["intentKey"]) or {}).get("state") == "INSTALLED", 30, 1,
                        "block intent INSTALLED")
    assert intent(stack, block["intentKey"])["type"] == "BlockIntent"
    h2 = stack.topology.host("h2")
    onos_mod.wait_until(lambda: [(p, s) for p, s, _ in acl_entries(stack, "s1")] == [(h2.port, ip_int(h2.ip))],
                        30, 1, "one drop rule for h2 on s1")
    assert acl_entries(stack, "s2") == []
    assert stack.rest.get(f"/onos/nids/blocks/{block['id']}")["devices"] == [stack.topology.switch("s1").device_id]
    status, _ = stack.rest.delete(f"/onos/nids/blocks/{block['id']}")
    assert status == 204
    onos_mod.wait_until(lambda: acl_entries(stack, "s1") == [], 30, 1, "drop rule removed")
    onos_mod.wait_until(lambda: intent(stack, block["intentKey"]) is None, 30, 1, "intent purged")
