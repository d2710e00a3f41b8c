"""Session fixture of the integration suites: a clean ONOS with the freshly built app, and a BMv2 leaf-spine fabric.

Everything started here is stopped on every exit path (test failure, Ctrl-C, SIGTERM); every wait is bounded.
"""
import fcntl
import glob
import os
import signal
import sys
import time
import zipfile
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "util"))

import stack as reference_stack  # noqa: E402
from itest.lib import fabric as fabric_mod  # noqa: E402
from itest.lib import onos as onos_mod  # noqa: E402
from itest.lib import topology as topo  # noqa: E402

LOG_DIR = os.path.join(ROOT, "build", "itest")
BOOT_APPS = ["drivers.bmv2", "lldpprovider", "hostprovider", "gui"]
REST_TIMEOUT = 300
PIPECONF_TIMEOUT = 120
DEVICES_TIMEOUT = 180


@dataclass
class Stack:
    rest: onos_mod.Rest
    onos: onos_mod.OnosProcess
    fabric: fabric_mod.Fabric
    topology: topo.Topology
    app_name: str
    pipeconf_id: str


def built_oar():
    oars = sorted(glob.glob(os.path.join(ROOT, "oar", "target", "*.oar")), key=os.path.getmtime)
    if not oars:
        raise onos_mod.OnosError("no .oar in oar/target: run `make build` first")
    return oars[-1]


def oar_app_name(oar_path):
    with zipfile.ZipFile(oar_path) as oar:
        return ElementTree.fromstring(oar.read("app.xml")).get("name")


def _raise_on_sigterm(signum, frame):
    raise KeyboardInterrupt(f"signal {signum}")


def devices_ready(rest, topology, pipeconf_id):
    devices = {d["id"]: d for d in rest.get("/onos/v1/devices", retry=False).get("devices", [])}
    ready = [s.device_id for s in topology.switches
             if devices.get(s.device_id, {}).get("available")
             and devices[s.device_id].get("driver", "").endswith(pipeconf_id)]
    return len(ready) == len(topology.switches)


LOCK_FILE = "/tmp/nids-itest.lock"
LOCK_TIMEOUT = 1800


def _exclusive_stack_lock():
    """One integration session at a time on a machine: ONOS's port 8181 and the switches' ports are shared."""
    lock = open(LOCK_FILE, "w")
    deadline = time.monotonic() + LOCK_TIMEOUT
    while True:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return lock
        except BlockingIOError:
            if time.monotonic() > deadline:
                raise onos_mod.OnosError(f"another integration session held {LOCK_FILE} for {LOCK_TIMEOUT} s")
            time.sleep(5)


@pytest.fixture(scope="session")
def stack():
    missing = [r for r in (reference_stack.need_root(), reference_stack.need_bmv2(), reference_stack.need_onos(),
                           reference_stack.need_java11()) if r]
    if missing:
        pytest.skip("; ".join(missing))
    signal.signal(signal.SIGTERM, _raise_on_sigterm)
    lock = _exclusive_stack_lock()
    oar = built_oar()
    app_name = oar_app_name(oar)
    # Benchmarks ask for a bigger fabric (NIDS_FABRIC_LEAVES); the suites run on 2 leaves + 1 spine.
    # One spare port per leaf: somewhere to move a host to (blocking suite).
    topology = topo.leaf_spine(leaves=int(os.environ.get("NIDS_FABRIC_LEAVES", "2")), spines=1, hosts_per_leaf=2,
                               spare_ports=1)
    rest = onos_mod.Rest()
    onos = onos_mod.OnosProcess(reference_stack.onos_home(), reference_stack.java11_home(), BOOT_APPS, LOG_DIR,
                                remove_apps=[app_name])
    fabric = fabric_mod.Fabric(topology, os.path.join(LOG_DIR, "switches"))
    try:
        if rest.alive():
            raise onos_mod.OnosError("something already answers on 8181: stop that ONOS first")
        onos.start()
        onos_mod.wait_until(lambda: onos.running() and rest.alive(), REST_TIMEOUT, 3, "ONOS REST")
        # Boot apps are still being activated when REST first answers; an app installed then misses its
        # required apps.
        onos_mod.wait_until(lambda: onos_mod.apps_active(rest, [f"org.onosproject.{a}" for a in BOOT_APPS]),
                            REST_TIMEOUT, 3, "boot apps ACTIVE")
        onos_mod.install_app(rest, oar, app_name)
        health = onos_mod.wait_until(lambda: _pipeconf_registered(rest), PIPECONF_TIMEOUT, 2,
                                     "NIDS pipeconf registered")
        pipeconf_id = health["pipeconfId"]
        fabric.start()
        rest.post("/onos/v1/network/configuration", topo.netcfg(topology, pipeconf_id))
        onos_mod.wait_until(lambda: devices_ready(rest, topology, pipeconf_id), DEVICES_TIMEOUT, 3,
                            f"{len(topology.switches)} devices available with pipeconf {pipeconf_id}")
        yield Stack(rest, onos, fabric, topology, app_name, pipeconf_id)
    finally:
        fabric.stop()
        onos.stop()
        lock.close()


def _pipeconf_registered(rest):
    try:
        health = rest.get("/onos/nids/health", retry=False)
    except onos_mod.OnosError:
        return None
    return health if isinstance(health, dict) and health.get("pipeconfRegistered") else None


@pytest.fixture(scope="session")
def routed(stack):
    """Static IPv4 forwarding through ONOS's flow API (table 0) and static ARP in every host."""
    for sw, host, port in topo.ipv4_routes(stack.topology):
        device = stack.topology.switch(sw).device_id
        stack.rest.post(f"/onos/v1/flows/{device}?appId=org.onosproject.nids.itest",
                        topo.flow_rule(device, host.ip, port))
    for host in stack.topology.hosts:
        for other in stack.topology.hosts:
            if other.name != host.name:
                fabric_mod.host_exec(host.name, "ip", "neigh", "replace", other.ip, "lladdr", other.mac,
                                     "dev", f"{host.name}-eth0", timeout=10, check=True)
    expected = len(topo.ipv4_routes(stack.topology))

    def installed():
        flows = stack.rest.get("/onos/v1/flows?appId=org.onosproject.nids.itest", retry=False).get("flows", [])
        return sum(1 for f in flows if f.get("state") == "ADDED") >= expected

    onos_mod.wait_until(installed, 60, 2, f"{expected} forwarding flows ADDED")
    return stack
