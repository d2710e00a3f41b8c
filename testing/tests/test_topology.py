# Run: .venv/bin/python -m pytest testing/tests
"""The integration fabric's description and netcfg, checked without any switch or ONOS."""
from nidslib import topology as topo


def test_leaf_spine_has_hosts_on_leaves_and_uplinks_to_every_spine():
    t = topo.leaf_spine(leaves=2, spines=1, hosts_per_leaf=2)
    assert [s.name for s in t.switches] == ["s1", "s2", "s3"]
    assert [(h.name, h.switch, h.port) for h in t.hosts] == [
        ("h1", "s1", 1), ("h2", "s1", 2), ("h3", "s2", 1), ("h4", "s2", 2)]
    assert [(l.a, l.a_port, l.b, l.b_port) for l in t.links] == [("s1", 3, "s3", 1), ("s2", 3, "s3", 2)]
    assert t.edge_ports("s1") == [1, 2]
    assert t.edge_ports("s3") == []


def test_addresses_are_unique():
    t = topo.leaf_spine(leaves=3, spines=2, hosts_per_leaf=3)
    assert len({h.ip for h in t.hosts}) == len({h.mac for h in t.hosts}) == 9
    assert len({s.grpc_port for s in t.switches}) == 5


def test_netcfg_declares_every_port_and_the_pipeconf():
    t = topo.leaf_spine()
    cfg = topo.netcfg(t, "org.example.pipeconf")
    s1 = cfg["devices"]["device:bmv2:s1"]
    assert s1["basic"]["managementAddress"] == "grpc://127.0.0.1:20101?device_id=1"
    assert s1["basic"]["pipeconf"] == "org.example.pipeconf"
    assert s1["basic"]["driver"] == "bmv2"
    assert sorted(s1["ports"]) == ["1", "2", "3"]
    assert s1["ports"]["3"] == {"number": 3, "name": "s1-eth3", "enabled": True, "type": "copper", "speed": 10000}
    assert len(cfg["devices"]) == 3
    assert s1["nids"] == {"edgePorts": [1, 2]}
    assert cfg["devices"]["device:bmv2:s3"]["nids"] == {"edgePorts": []}


def test_routes_go_down_to_local_hosts_and_up_otherwise():
    t = topo.leaf_spine()
    routes = {(sw, h.name): port for sw, h, port in topo.ipv4_routes(t)}
    assert routes[("s1", "h1")] == 1 and routes[("s1", "h2")] == 2
    assert routes[("s1", "h3")] == 3 and routes[("s2", "h1")] == 3
    assert routes[("s3", "h1")] == 1 and routes[("s3", "h4")] == 2
    assert len(routes) == 3 * 4


def test_flow_rule_is_an_onos_rest_flow_on_table_zero():
    rule = topo.flow_rule("device:bmv2:s1", "10.0.0.3", 3)
    assert rule["tableId"] == 0
    assert {"type": "IPV4_DST", "ip": "10.0.0.3/32"} in rule["selector"]["criteria"]
    assert rule["treatment"]["instructions"] == [{"type": "OUTPUT", "port": "3"}]


def test_spare_ports_come_after_the_uplinks_and_are_declared_in_the_netcfg():
    t = topo.leaf_spine(leaves=2, spines=1, hosts_per_leaf=2, spare_ports=1)
    assert t.spare_ports == [("s1", 4), ("s2", 4)]
    assert t.switch("s1").ports[4] == "s1-eth4" and 4 not in t.switch("s3").ports
    cfg = topo.netcfg(t, "p")
    assert "4" in cfg["devices"]["device:bmv2:s1"]["ports"]
    assert cfg["devices"]["device:bmv2:s1"]["nids"]["edgePorts"] == [1, 2]
    assert topo.leaf_spine().spare_ports == []


def test_the_first_leaves_of_a_fabric_keep_their_spine_hosts_and_links():
    t = topo.leaf_spine(leaves=15, spines=1, hosts_per_leaf=1)
    part = topo.first_leaves(t, 3)
    assert [s.name for s in part.switches] == ["s1", "s2", "s3", "s16"]
    assert [h.name for h in part.hosts] == ["h1", "h2", "h3"]
    assert [(l.a, l.b) for l in part.links] == [("s1", "s16"), ("s2", "s16"), ("s3", "s16")]
    # Routes among those hosts only: the spine sends down to the three leaves it knows.
    assert sorted((sw, h.name, port) for sw, h, port in topo.ipv4_routes(part) if sw == "s16") == [
        ("s16", "h1", 1), ("s16", "h2", 2), ("s16", "h3", 3)]
    assert set(topo.netcfg(part, "p")["devices"]) == {s.device_id for s in part.switches}
