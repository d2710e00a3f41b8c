"""One ONOS + BMv2 session: the machine-wide lock, a clean ONOS with the freshly built app, the fabric, routes.

Shared by the integration harness (itest/conftest.py) and the whole-system demo (util/demo/), so both bring the
stack up the same way. Every wait is bounded; `StackSession.stop()` is safe to call at any point and more than once.
"""
import fcntl
import glob
import os
import threading
import time
import zipfile
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass

from . import fabric as fabric_mod
from . import netns
from . import onos as onos_mod
from . import topology as topo
from .paths import REPO_ROOT as ROOT
BOOT_APPS = ["drivers.bmv2", "lldpprovider", "hostprovider", "gui"]
REST_TIMEOUT = 300
PIPECONF_TIMEOUT = 120
DEVICES_TIMEOUT = 180
LOCK_FILE = "/tmp/nids-itest.lock"
LOCK_QUEUE = LOCK_FILE + ".queue"
# Sessions of others (integration suites, the demo, benchmarks) may be queued ahead: each can take half an hour.
LOCK_TIMEOUT = 3 * 3600
# ONOS 2.7 restarted from its Karaf cache may start the bmv2 drivers bundle before the p4runtime driver it extends is
# registered: its loader logs this once, never retries, and every switch then lacks a handshaker behaviour.
BMV2_DRIVERS_BUNDLE = "org.onosproject.onos-drivers-bmv2"
BMV2_DRIVERS_FAILED = b"Unable to load /bmv2-drivers.xml driver definitions"
ROUTES_APP_ID = "org.onosproject.nids.itest"


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


def devices_ready(rest, topology, pipeconf_id):
    devices = {d["id"]: d for d in rest.get("/onos/v1/devices", retry=False).get("devices", [])}
    ready = [s.device_id for s in topology.switches
             if devices.get(s.device_id, {}).get("available")
             and devices[s.device_id].get("driver", "").endswith(pipeconf_id)]
    return len(ready) == len(topology.switches)


def pipeconf_registered(rest):
    try:
        health = rest.get("/onos/nids/health", retry=False)
    except onos_mod.OnosError:
        return None
    return health if isinstance(health, dict) and health.get("pipeconfRegistered") else None


def exclusive_stack_lock(timeout=LOCK_TIMEOUT, on_wait=None):
    """One integration session at a time on a machine: ONOS's port 8181, the switches' ports and the nids-*
    namespaces are shared. Returns the open lock file (closing it releases the lock).

    Waiters take turns in the order they came (a ticket each in LOCK_FILE.queue/; a ticket whose process is gone
    does not count): with several sessions waiting, polling alone let the quickest poller win every time and starved
    the others past their timeout."""
    os.makedirs(LOCK_QUEUE, exist_ok=True)
    ticket = os.path.join(LOCK_QUEUE, f"{time.time_ns():020d}-{os.getpid()}-{threading.get_ident()}")
    open(ticket, "w").close()
    lock = open(LOCK_FILE, "w")
    deadline = time.monotonic() + timeout
    told = False
    try:
        while True:
            if _first_in_queue(ticket):
                try:
                    fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    return lock
                except BlockingIOError:
                    pass
            if time.monotonic() > deadline:
                lock.close()
                raise onos_mod.OnosError(f"another integration session held {LOCK_FILE} for {timeout} s")
            if on_wait is not None and not told:
                on_wait()
                told = True
            time.sleep(1)
    finally:
        os.remove(ticket)


def _first_in_queue(ticket):
    """True when no earlier ticket of a live process is waiting."""
    for name in sorted(os.listdir(LOCK_QUEUE)):
        path = os.path.join(LOCK_QUEUE, name)
        if path == ticket:
            return True
        if not os.path.exists(f"/proc/{name.split('-')[1]}"):
            try:
                os.remove(path)       # left by a killed waiter
            except FileNotFoundError:
                pass
            continue
        return False
    return True


class StackSession:
    """ONOS from onos_home started clean, the app installed, the fabric built and configured.

    The caller holds the stack lock. `start()` returns a Stack; `stop()` stops the fabric and ONOS.
    """

    def __init__(self, onos_home, java_home, topology, log_dir, boot_apps=BOOT_APPS, oar=None, progress=None):
        self.oar = oar or built_oar()
        self.app_name = oar_app_name(self.oar)
        self.topology = topology
        self.boot_apps = list(boot_apps)
        self.rest = onos_mod.Rest()
        self.onos = onos_mod.OnosProcess(onos_home, java_home, self.boot_apps, log_dir, remove_apps=[self.app_name])
        self.fabric = fabric_mod.Fabric(topology, os.path.join(log_dir, "switches"))
        self.progress = progress or (lambda message: None)

    def start(self):
        rest = self.rest
        if rest.alive():
            raise onos_mod.OnosError("something already answers on 8181: stop that ONOS first")
        self.progress("starting ONOS (REST answers after 60-80 s on two cores)")
        self.onos.start()
        onos_mod.wait_until(lambda: self.onos.running() and rest.alive(), REST_TIMEOUT, 3, "ONOS REST")
        # Boot apps are still being activated when REST first answers (an app installed then misses its required
        # apps), and a core refresh may follow their activation: wait until they stay ACTIVE and ready.
        onos_mod.wait_settled(rest, [f"org.onosproject.{a}" for a in self.boot_apps], REST_TIMEOUT)
        self.progress(f"installing {os.path.basename(self.oar)}")
        onos_mod.install_app(rest, self.oar, self.app_name)
        health = onos_mod.wait_until(lambda: pipeconf_registered(rest), PIPECONF_TIMEOUT, 2,
                                     "NIDS pipeconf registered")
        pipeconf_id = health["pipeconfId"]
        self.progress(f"starting {len(self.topology.switches)} BMv2 switches and {len(self.topology.hosts)} hosts")
        self.fabric.start()
        rest.post("/onos/v1/network/configuration", topo.netcfg(self.topology, pipeconf_id))
        onos_mod.wait_until(lambda: devices_ready(rest, self.topology, pipeconf_id), DEVICES_TIMEOUT, 3,
                            f"{len(self.topology.switches)} devices available with pipeconf {pipeconf_id}")
        return Stack(rest, self.onos, self.fabric, self.topology, self.app_name, pipeconf_id)

    def stop(self):
        try:
            self.fabric.stop()
        finally:
            self.onos.stop()


def restart_onos(stack, progress=lambda message: None):
    """Stops ONOS (SIGTERM, as `onos-service stop` does) and starts it again without clean, the fabric left running:
    Karaf's data, the distributed stores and the installed app are kept. Returns once the boot apps and the app are
    ready, the pipeconf is registered and every switch is available with it again (bounded)."""
    rest = stack.rest
    stack.onos.stop()
    onos_mod.wait_until(lambda: not rest.alive(), 60, 1, "ONOS REST gone")
    progress("starting ONOS again without clean")
    log_path = os.path.join(stack.onos.log_dir, "onos.out")
    log_offset = os.path.getsize(log_path) if os.path.exists(log_path) else 0
    stack.onos.start(clean=False)
    onos_mod.wait_until(lambda: stack.onos.running() and rest.alive(), REST_TIMEOUT, 3, "ONOS REST after a restart")
    onos_mod.wait_settled(rest, [f"org.onosproject.{a}" for a in stack.onos.apps] + [stack.app_name], REST_TIMEOUT)
    if logged_since(log_path, log_offset, BMV2_DRIVERS_FAILED):
        # What an operator does (docs/testing.md): start the bundle again now that its parent driver exists.
        progress("ONOS started its bmv2 drivers before the p4runtime ones (upstream race on restart): "
                 f"restarting bundle {BMV2_DRIVERS_BUNDLE}")
        stack.onos.shell(f"bundle:restart {BMV2_DRIVERS_BUNDLE}")
    onos_mod.wait_until(lambda: pipeconf_registered(rest), PIPECONF_TIMEOUT, 2, "NIDS pipeconf registered again")
    onos_mod.wait_until(lambda: devices_ready(rest, stack.topology, stack.pipeconf_id), DEVICES_TIMEOUT, 3,
                        f"{len(stack.topology.switches)} devices available again")


def logged_since(path, offset, text):
    """Whether `text` (bytes) is in the file after `offset` (a log the process appends to; bounded read)."""
    try:
        with open(path, "rb") as f:
            f.seek(offset)
            return text in f.read(256 * 1024 * 1024)
    except FileNotFoundError:
        return False


def announce(host_name, times=3):
    """Makes a host ARP for an address nobody has: the broadcast reaches ONOS through the switch's ARP punt and its
    host provider (re)locates the host. The routed fabric uses static ARP, so hosts never ARP on their own."""
    probe = ("import socket,time\n"
             "s=socket.socket(socket.AF_INET,socket.SOCK_DGRAM)\n"
             f"for i in range({times}):\n"
             "    s.sendto(b'arp?',('10.0.0.254',9)); time.sleep(0.3)\n")
    netns.host_exec(host_name, "python3", "-c", probe, timeout=10)


def learn_hosts(stack, timeout=60):
    """Makes ONOS's host provider locate every host (blocking compiles drop rules where HostService puts a source):
    each host is announced until /onos/v1/hosts lists all (bounded)."""
    wanted = {h.ip for h in stack.topology.hosts}

    def located():
        known = {ip for h in stack.rest.get("/onos/v1/hosts", retry=False).get("hosts", [])
                 for ip in h.get("ipAddresses", []) if h.get("locations")}
        missing = wanted - known
        for host in stack.topology.hosts:
            if host.ip in missing:
                announce(host.name)
        return not missing

    onos_mod.wait_until(located, timeout, 2, f"ONOS locating the {len(wanted)} hosts")


def install_routes(stack, app_id=ROUTES_APP_ID):
    """Static IPv4 forwarding through ONOS's flow API (table 0) and static ARP in every host."""
    for sw, host, port in topo.ipv4_routes(stack.topology):
        device = stack.topology.switch(sw).device_id
        stack.rest.post(f"/onos/v1/flows/{device}?appId={app_id}", topo.flow_rule(device, host.ip, port))
    for host in stack.topology.hosts:
        for other in stack.topology.hosts:
            if other.name != host.name:
                netns.host_exec(host.name, "ip", "neigh", "replace", other.ip, "lladdr", other.mac,
                                     "dev", f"{host.name}-eth0", timeout=10, check=True)
    expected = len(topo.ipv4_routes(stack.topology))

    def installed():
        flows = stack.rest.get(f"/onos/v1/flows?appId={app_id}", retry=False).get("flows", [])
        return sum(1 for f in flows if f.get("state") == "ADDED") >= expected

    onos_mod.wait_until(installed, 60, 2, f"{expected} forwarding flows ADDED")
    return stack
