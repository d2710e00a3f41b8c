# Run: make itest-cluster   (or, as root with the reference stack: .venv/bin/python -m pytest -rs itest/cluster)
"""The app in a three-instance ONOS cluster (three Atomix storage nodes) on a BMv2 fabric whose switches' masters are
spread over the instances: every instance shows the same cluster, switches and masters."""
from nidslib import onos as onos_mod


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
