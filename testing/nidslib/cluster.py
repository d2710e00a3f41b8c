"""An ONOS 2.7 cluster on one machine: Atomix 3.1 storage nodes and ONOS instances, each with its own ports and its
own copy of the runtime, started clean and stopped on every exit path.

ONOS 2.x keeps its distributed stores in Atomix: the storage nodes (`make stack`'s atomix part: Atomix 3.1.9 from
Maven Central, the version ONOS 2.7.0 embeds) hold the Raft partitions, and every ONOS instance joins them as an
Atomix client named by its `config/cluster.json` ("node" + "storage", what ONOS's `onos-gen-config` writes). The
configuration files are the ones ONOS's tools write (`atomix-gen-config`, `onos-gen-config`), for loopback
addresses with one port set per member.

Each ONOS instance runs from its own tree: the runtime under ONOS_HOME hard-linked (jars, Java; nothing writes
them), its mutable parts copied (Karaf's etc/ with the instance's ports, apps/, config/, bin/); Karaf's data/ is its
own. The pure parts (ports, configuration files) are unit-tested in testing/tests/test_cluster.py.
"""
import errno
import json
import os
import re
import shutil
import subprocess
import time
from dataclasses import dataclass

from . import onos as onos_mod
from . import processes

KARAF_DIR = "apache-karaf-4.2.9"
ATOMIX_BASE_PORT = 5679
CLUSTER_BASE_PORT = 9876          # ONOS's Atomix client (intra-cluster messaging)
REST_BASE_PORT = 8181
SSH_BASE_PORT = 8101
RMI_REGISTRY_BASE_PORT = 1099
# Karaf's default 44444 lies in Linux's ephemeral range (32768-60999): an outbound connection may hold it.
RMI_SERVER_BASE_PORT = 24444
HOST = "127.0.0.1"
# Directories of the runtime an instance shares by hard links: nothing writes into them at run time.
SHARED_TREES = (os.path.join(KARAF_DIR, "system"), os.path.join(KARAF_DIR, "lib"), "java-11")
# Heaps: 2 cores and 24 GB host three ONOS instances, three Atomix nodes and up to ~24 BMv2 switches.
ONOS_HEAP = "1536m"
ATOMIX_HEAP = "256m"
REST_TIMEOUT = 420
SETTLE_TIMEOUT = 420
CLUSTER_TIMEOUT = 180


class ClusterError(onos_mod.OnosError):
    pass


@dataclass(frozen=True)
class OnosMember:
    index: int  # 1-based

    @property
    def node_id(self):
        return f"onos-{self.index}"

    @property
    def cluster_port(self):
        return CLUSTER_BASE_PORT + self.index - 1

    @property
    def rest_port(self):
        return REST_BASE_PORT + self.index - 1

    @property
    def ssh_port(self):
        return SSH_BASE_PORT + self.index - 1

    @property
    def rmi_registry_port(self):
        return RMI_REGISTRY_BASE_PORT + self.index - 1

    @property
    def rmi_server_port(self):
        return RMI_SERVER_BASE_PORT + self.index - 1

    @property
    def url(self):
        return f"http://{HOST}:{self.rest_port}"

    def ports(self):
        return [self.rest_port, self.ssh_port, self.rmi_registry_port, self.rmi_server_port, self.cluster_port]


@dataclass(frozen=True)
class AtomixMember:
    index: int

    @property
    def node_id(self):
        return f"atomix-{self.index}"

    @property
    def port(self):
        return ATOMIX_BASE_PORT + self.index - 1

    @property
    def address(self):
        return f"{HOST}:{self.port}"


@dataclass(frozen=True)
class Layout:
    onos: tuple
    atomix: tuple

    @staticmethod
    def of(instances=3, storage_nodes=3):
        return Layout(tuple(OnosMember(i + 1) for i in range(instances)),
                      tuple(AtomixMember(i + 1) for i in range(storage_nodes)))

    def ports(self):
        return [p for m in self.onos for p in m.ports()] + [a.port for a in self.atomix]


def atomix_config(layout, member, data_dir):
    """An Atomix node's configuration, as ONOS's atomix-gen-config writes it: bootstrap discovery of every storage
    node, a one-partition Raft management group and a Raft partition group of one partition per node, replicated on
    all (partition size = node count, at most 3), kept on disk in `data_dir`."""
    ids = [a.node_id for a in layout.atomix]
    storage = {"level": "mapped", "directory": data_dir}
    return {
        "cluster": {
            "clusterId": "onos",
            "node": {"id": member.node_id, "address": member.address},
            "discovery": {"type": "bootstrap",
                          "nodes": [{"id": a.node_id, "address": a.address} for a in layout.atomix]},
        },
        "managementGroup": {"type": "raft", "partitions": 1, "partitionSize": len(ids), "members": ids,
                            "storage": dict(storage, directory=os.path.join(data_dir, "system"))},
        "partitionGroups": {"raft": {"type": "raft", "partitions": len(ids), "partitionSize": min(3, len(ids)),
                                     "members": ids, "storage": dict(storage, directory=os.path.join(data_dir, "raft"))}},
    }


def cluster_metadata(layout, member):
    """An ONOS instance's config/cluster.json, as ONOS's onos-gen-config writes it: the local node and the storage
    nodes (the other ONOS instances are found through Atomix membership)."""
    return {
        "name": "onos",
        "node": {"id": member.node_id, "ip": HOST, "port": member.cluster_port},
        "storage": [{"id": a.node_id, "ip": HOST, "port": a.port} for a in layout.atomix],
    }


# The Karaf settings an instance changes: file under etc/ -> {key: OnosMember attribute}.
KARAF_PORTS = {
    "org.ops4j.pax.web.cfg": {"org.osgi.service.http.port": "rest_port"},
    "org.apache.karaf.shell.cfg": {"sshPort": "ssh_port"},
    "org.apache.karaf.management.cfg": {"rmiRegistryPort": "rmi_registry_port", "rmiServerPort": "rmi_server_port"},
}


def set_properties(text, values):
    """`text` of a Java properties file with each key of `values` set (the line replaced, or appended)."""
    for key, value in values.items():
        pattern = re.compile(rf"^\s*{re.escape(key)}\s*=.*$", re.MULTILINE)
        line = f"{key} = {value}"
        text, count = pattern.subn(line, text)
        if count == 0:
            text = text.rstrip("\n") + f"\n{line}\n"
    return text


def instance_tree(onos_home, dest):
    """A private runtime tree for one instance at `dest` (replaced): the shared trees hard-linked (copied when the
    file system refuses links), everything else copied."""
    shutil.rmtree(dest, ignore_errors=True)
    shared = {os.path.join(onos_home, t) for t in SHARED_TREES}

    def copy(src, dst):
        if src in shared:
            try:
                shutil.copytree(src, dst, symlinks=True, copy_function=os.link)
                return
            except OSError as e:
                if getattr(e, "errno", None) not in (errno.EXDEV, errno.EPERM, errno.EMLINK) and \
                        not isinstance(e, shutil.Error):
                    raise
                shutil.rmtree(dst, ignore_errors=True)
        if os.path.isdir(src) and not os.path.islink(src):
            os.makedirs(dst)
            for name in os.listdir(src):
                if src == os.path.join(onos_home, KARAF_DIR) and name == "data":
                    continue  # Karaf's cache: every instance starts clean
                copy(os.path.join(src, name), os.path.join(dst, name))
        else:
            shutil.copy2(src, dst, follow_symlinks=False)

    copy(onos_home, dest)
    return dest


def configure_instance(tree, layout, member):
    """Writes the instance's cluster.json and its Karaf ports into its tree."""
    os.makedirs(os.path.join(tree, "config"), exist_ok=True)
    with open(os.path.join(tree, "config", "cluster.json"), "w") as f:
        json.dump(cluster_metadata(layout, member), f, indent=2)
    for name, keys in KARAF_PORTS.items():
        path = os.path.join(tree, KARAF_DIR, "etc", name)
        with open(path) as f:
            text = f.read()
        text = set_properties(text, {key: getattr(member, attr) for key, attr in keys.items()})
        with open(path, "w") as f:
            f.write(text)


def busy_ports(ports, host=HOST):
    """The ports of `ports` something already listens on."""
    import socket
    busy = []
    for port in ports:
        with socket.socket() as s:
            s.settimeout(0.3)
            if s.connect_ex((host, port)) == 0:
                busy.append(port)
    return busy


def pid_file(member_dir):
    return os.path.join(member_dir, "member.pid")


def stop_leftovers(work_dir, log=lambda message: None):
    """Kills what an earlier run of this harness left running from `work_dir` (an interrupted teardown): the
    process groups its pid files name, when the group's leader still runs from `work_dir`."""
    for name in sorted(os.listdir(work_dir)) if os.path.isdir(work_dir) else []:
        for path in (pid_file(os.path.join(work_dir, name)), os.path.join(work_dir, name, "onos.pid")):
            try:
                with open(path) as f:
                    group = int(f.read().strip())
                with open(f"/proc/{group}/cmdline", "rb") as f:
                    cmdline = f.read().replace(b"\0", b" ").decode(errors="replace")
            except (OSError, ValueError):
                continue
            if work_dir in cmdline:
                log(f"stopping {name} left running by an earlier run (process group {group})")
                try:
                    os.killpg(group, 9)
                except ProcessLookupError:
                    pass
            os.remove(path)


class AtomixProcess:
    """One Atomix storage node (stack part `atomix`: ATOMIX_HOME/lib + atomix-node.jar), its data in `work`."""

    def __init__(self, atomix_home, java_home, layout, member, work, heap=ATOMIX_HEAP):
        self.atomix_home = atomix_home
        self.java_home = java_home
        self.layout = layout
        self.member = member
        self.work = work
        self.heap = heap
        self.process = None

    def start(self):
        shutil.rmtree(self.work, ignore_errors=True)
        os.makedirs(self.work)
        config = os.path.join(self.work, "atomix.json")
        with open(config, "w") as f:
            json.dump(atomix_config(self.layout, self.member, os.path.join(self.work, "data")), f, indent=2)
        classpath = os.path.join(self.atomix_home, "lib", "*") + ":" + os.path.join(self.atomix_home, "atomix-node.jar")
        argv = [os.path.join(self.java_home, "bin", "java"), f"-Xmx{self.heap}", "-Xms64m", "-XX:+UseG1GC",
                "-cp", classpath, "AtomixNode", config]
        log = open(os.path.join(self.work, "atomix.out"), "ab")
        self.process = subprocess.Popen(argv, cwd=self.work, stdout=log, stderr=subprocess.STDOUT,
                                        stdin=subprocess.DEVNULL, start_new_session=True)
        log.close()
        with open(pid_file(self.work), "w") as f:
            f.write(str(self.process.pid))

    def running(self):
        return self.process is not None and self.process.poll() is None

    def stop(self, grace=15):
        if self.process is not None:
            processes.terminate(self.process, grace)
            self.process = None
        if os.path.exists(pid_file(self.work)):
            os.remove(pid_file(self.work))


class OnosInstance(onos_mod.OnosProcess):
    """One ONOS instance of the cluster, from its own tree, with a bounded heap."""

    def __init__(self, tree, java_home, apps, log_dir, member, heap=ONOS_HEAP, remove_apps=()):
        super().__init__(tree, java_home, apps, log_dir, remove_apps=remove_apps)
        self.member = member
        self.heap = heap
        self.rest = onos_mod.Rest(member.url)

    def environment(self):
        return {"JAVA_OPTS": f"-XX:+UseG1GC -XX:MaxGCPauseMillis=200 -Xms256m -Xmx{self.heap} "
                             "-Dkaraf.log.console=INFO -Dds.lock.timeout.milliseconds=10000"}


class OnosCluster:
    """Atomix storage nodes and ONOS instances, started clean with the boot apps and settled.

    The caller holds the stack lock. `start()` returns when every instance answers REST, has settled, and sees
    every instance READY; `stop()` stops them all (any state, more than once)."""

    def __init__(self, onos_home, atomix_home, java_home, layout, work_dir, boot_apps, remove_apps=(),
                 progress=None, onos_heap=ONOS_HEAP):
        self.onos_home = onos_home
        self.layout = layout
        self.work_dir = work_dir
        self.boot_apps = list(boot_apps)
        self.progress = progress or (lambda message: None)
        self.atomix = [AtomixProcess(atomix_home, java_home, layout, a, os.path.join(work_dir, a.node_id))
                       for a in layout.atomix]
        self.instances = [OnosInstance(os.path.join(work_dir, m.node_id, "onos"), java_home, self.boot_apps,
                                       os.path.join(work_dir, m.node_id), m, heap=onos_heap,
                                       remove_apps=remove_apps)
                          for m in layout.onos]
        self.timings = {}

    @property
    def rests(self):
        return [i.rest for i in self.instances]

    def instance(self, node_id):
        return next(i for i in self.instances if i.member.node_id == node_id)

    def start(self):
        stop_leftovers(self.work_dir, self.progress)
        busy = busy_ports(self.layout.ports())
        if busy:
            raise ClusterError(f"ports {busy} are taken: stop what listens there (another ONOS?) first")
        t0 = time.monotonic()
        self.progress(f"starting {len(self.atomix)} Atomix 3.1 storage nodes")
        for node in self.atomix:
            node.start()
        for node in self.atomix:
            processes.wait_for_port(node.member.port, 120, f"Atomix {node.member.node_id}")
        self.progress(f"preparing {len(self.instances)} ONOS trees")
        for inst in self.instances:
            instance_tree(self.onos_home, inst.onos_home)
            configure_instance(inst.onos_home, self.layout, inst.member)
        self.progress(f"starting {len(self.instances)} ONOS instances (REST after a few minutes on two cores)")
        for inst in self.instances:
            inst.start()
        for inst in self.instances:
            onos_mod.wait_until(lambda: inst.running() and inst.rest.alive(), REST_TIMEOUT, 3,
                                f"{inst.member.node_id} REST on {inst.member.rest_port}")
        self.timings["rest_s"] = time.monotonic() - t0
        apps = [f"org.onosproject.{a}" for a in self.boot_apps]
        for inst in self.instances:
            onos_mod.wait_settled(inst.rest, apps, SETTLE_TIMEOUT)
        onos_mod.wait_until(self.all_ready, CLUSTER_TIMEOUT, 2, "every instance READY in every instance's view")
        self.timings["settled_s"] = time.monotonic() - t0
        return self

    def all_ready(self):
        wanted = {m.node_id for m in self.layout.onos}
        for rest in self.rests:
            nodes = rest.get("/onos/v1/cluster", retry=False).get("nodes", [])
            if {n["id"] for n in nodes if n.get("status") == "READY"} != wanted:
                return False
        return True

    def stop(self):
        for inst in self.instances:
            try:
                inst.stop()
            except Exception:  # noqa: BLE001 - every member must be stopped whatever one does
                pass
        for node in self.atomix:
            try:
                node.stop()
            except Exception:  # noqa: BLE001 - every member must be stopped whatever one does
                pass

    def kill(self, node_id):
        """Stops one ONOS instance abruptly (SIGKILL to its group), as a crashed controller."""
        inst = self.instance(node_id)
        if inst.process is not None:
            processes.terminate(inst.process, grace=0.1, sig=9)
            inst.stop(grace=10)

    def memory(self):
        """Resident memory (MiB) of every member's JVM, by node id."""
        out = {}
        for member in list(self.instances) + list(self.atomix):
            if member.process is None:
                continue
            out[member.member.node_id] = group_rss_mib(member.process.pid)
        return out


def group_rss_mib(group):
    """Sum of the resident memory of a process group's processes, in MiB."""
    total = 0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            if int(fields[2]) != group:   # pgrp
                continue
            with open(f"/proc/{pid}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
        except (OSError, IndexError, ValueError):
            continue
    return total // 1024


# ---- the cluster with the app and a fabric ------------------------------------------------------------------------

@dataclass
class ClusterStack:
    cluster: OnosCluster
    fabric: object
    topology: object
    app_name: str
    pipeconf_id: str

    @property
    def rests(self):
        return self.cluster.rests

    @property
    def rest(self):
        """The first live instance's REST client."""
        return next(i.rest for i in self.cluster.instances if i.running())

    def masters(self):
        """device id -> node id of its master, as the first live instance sees it."""
        rest = self.rest
        out = {}
        for sw in self.topology.switches:
            try:
                out[sw.device_id] = rest.get(f"/onos/v1/mastership/{sw.device_id}/master", retry=False).get("nodeId")
            except onos_mod.OnosError:
                out[sw.device_id] = None
        return out


MASTER_ROUNDS = 5
MASTER_REQUEST_TIMEOUT = 60
MASTER_ROUND_WAIT = 60


def assign_masters(rest, topology, node_ids, rounds=MASTER_ROUNDS, round_wait=MASTER_ROUND_WAIT,
                   on_poll=lambda: None):
    """Makes the switches' masters the instances `node_ids` in turn by switch number (s1 -> first, s2 -> second, ...)
    and waits until ONOS reports them so: a known split, where ONOS's own balancing would leave it to timing. A
    switch keeps its master when the fabric grows.

    Under load ONOS answers a mastership request late or not at all (`PUT /onos/v1/mastership` sets the role
    synchronously through Atomix: at 20:05 its leader election timed out while 8 new switches were given the active
    model, and the request timed out). So the first round asks for every switch (one request each, as before), each
    later round only for the switches not yet as assigned; each request with a long timeout, a failed request left
    to the next round; a bounded number of rounds."""
    wanted = {sw.device_id: node_ids[(sw.index - 1) % len(node_ids)] for sw in topology.switches}
    patient = onos_mod.Rest(rest.base_url, attempts=2, timeout=MASTER_REQUEST_TIMEOUT)

    def master(device):
        try:
            return patient.get(f"/onos/v1/mastership/{device}/master", retry=False).get("nodeId")
        except onos_mod.OnosError:   # 404 while the switch has no master yet; a timeout under load
            return None

    def unsettled():
        on_poll()   # e.g. restarting a switch that died meanwhile (it gets a master again, then is asked for)
        return {d: n for d, n in wanted.items() if master(d) != n}
    pending, failures = dict(wanted), {}
    for _ in range(rounds):
        for device, node in pending.items():
            try:
                patient.request("PUT", "/onos/v1/mastership", {"deviceId": device, "nodeId": node, "role": "MASTER"})
            except onos_mod.OnosError as e:   # asked again next round
                failures[device] = str(e)[:200]
        try:
            onos_mod.wait_until(lambda: not unsettled(), round_wait, 1, "switch masters as assigned")
            return wanted
        except onos_mod.OnosError:
            pending = unsettled()
    raise onos_mod.OnosError(f"switch masters not as assigned after {rounds} rounds: {sorted(pending)} "
                             f"(last request failures: {failures})")


# Apps that send packet-outs (LLDP/BDDP probes, ARP probes) as soon as a switch connects. In a cluster a switch's
# mastership moves a few times while every instance connects to it, and its master pushes the pipeline meanwhile; a
# packet-out that reaches BMv2 while its P4Info is being replaced crashes it (PI segfaults in libpip4info). They are
# activated once every switch runs the pipeline under its final master.
DISCOVERY_APPS = ("lldpprovider", "hostprovider")
MAX_SWITCH_RESTARTS = 2


class SwitchDied(RuntimeError):
    """A BMv2 process exited (not an OnosError: waits must not swallow it)."""


class ClusterSession:
    """Atomix + ONOS instances started clean, the app installed (once: ONOS distributes it), the fabric built, the
    netcfg pushed once, the switches' masters spread over the instances, then link and host discovery activated.
    The caller holds the stack lock. switch_binary: another BMv2 build than the one on PATH (which logs every table
    write and packet per switch), e.g. the benchmarks' -O3 no-logging one."""

    def __init__(self, onos_home, atomix_home, java_home, topology, log_dir, layout=None, boot_apps=None, oar=None,
                 progress=None, onos_heap=ONOS_HEAP, switch_binary=None):
        from . import fabric as fabric_mod
        from . import session as session_mod
        self.session_mod = session_mod
        self.oar = oar or session_mod.built_oar()
        self.app_name = session_mod.oar_app_name(self.oar)
        self.topology = topology
        self.progress = progress or (lambda message: None)
        self.layout = layout or Layout.of()
        apps = list(boot_apps or session_mod.BOOT_APPS)
        self.discovery_apps = [a for a in apps if a in DISCOVERY_APPS]
        self.cluster = OnosCluster(onos_home, atomix_home, java_home, self.layout, log_dir,
                                   [a for a in apps if a not in DISCOVERY_APPS], remove_apps=[self.app_name],
                                   progress=self.progress, onos_heap=onos_heap)
        self.fabric = fabric_mod.Fabric(topology, os.path.join(log_dir, "switches"),
                                        **({"switch_binary": switch_binary} if switch_binary else {}))
        self.switch_restarts = {}
        self.pipeconf_id = None

    @property
    def rest(self):
        """The first instance's REST client."""
        return self.cluster.instances[0].rest

    def start(self, leaves=None):
        """Starts everything; with `leaves`, ONOS is given only the first that many leaves and the spines (the other
        switches run unconfigured until `connect` gives them)."""
        sm = self.session_mod
        # The switches listen before the JVMs open their many connections (their gRPC ports lay in the kernel's
        # ephemeral range before, 50101 on, and one started later found its port taken by a connection).
        self.progress(f"starting {len(self.topology.switches)} BMv2 switches and {len(self.topology.hosts)} hosts")
        self.fabric.start()
        self.cluster.start()
        t0 = time.monotonic()
        first = self.rest
        self.progress(f"installing {os.path.basename(self.oar)} on {self.cluster.instances[0].member.node_id}")
        onos_mod.install_app(first, self.oar, self.app_name)
        pipeconf_id = None
        for inst in self.cluster.instances:
            onos_mod.wait_until(lambda: onos_mod._app_state(inst.rest, self.app_name) == "ACTIVE", 180, 2,
                                f"{self.app_name} ACTIVE on {inst.member.node_id}")
            health = onos_mod.wait_until(lambda: sm.pipeconf_registered(inst.rest), sm.PIPECONF_TIMEOUT, 2,
                                         f"NIDS pipeconf registered on {inst.member.node_id}")
            pipeconf_id = health["pipeconfId"]
        self.cluster.timings["app_s"] = time.monotonic() - t0
        from . import topology as topo
        self.pipeconf_id = pipeconf_id
        self.connect(self.topology if leaves is None else topo.first_leaves(self.topology, leaves))
        if self.discovery_apps:
            self.progress(f"activating {', '.join(self.discovery_apps)}")
            for app in self.discovery_apps:
                first.post(f"/onos/v1/applications/org.onosproject.{app}/active")
            names = [f"org.onosproject.{a}" for a in self.discovery_apps]
            for inst in self.cluster.instances:
                onos_mod.wait_until(lambda: onos_mod.boot_state(inst.rest, names) is None, 120, 2,
                                    f"{', '.join(self.discovery_apps)} ready on {inst.member.node_id}")
        self.check_switches()
        # Installing the app and the discovery apps takes a node back from READY to ACTIVE until its components
        # settle again (seen on onos-3 right after start): the stack is handed over with every node READY.
        onos_mod.wait_until(self.cluster.all_ready, CLUSTER_TIMEOUT, 2,
                            "every instance READY again in every instance's view")
        self.cluster.timings["fabric_s"] = time.monotonic() - t0
        self.cluster.timings["switch_restarts"] = sum(self.switch_restarts.values())
        return ClusterStack(self.cluster, self.fabric, self.topology, self.app_name, pipeconf_id)

    def connect(self, part):
        """Gives ONOS the switches of `part` (the fabric or a part of it; more of it later): pushes their netcfg,
        waits until every instance has them available with the pipeconf, spreads their masters over the instances."""
        from . import topology as topo
        self.rest.post("/onos/v1/network/configuration", topo.netcfg(part, self.pipeconf_id))
        self.wait_devices(part)
        assign_masters(self.rest, part, [m.node_id for m in self.layout.onos], on_poll=self.restart_dead_switches)
        self.wait_devices(part)

    def wait_devices(self, part):
        sm = self.session_mod
        for inst in self.cluster.instances:
            onos_mod.wait_until(lambda: self.restart_dead_switches()
                                or sm.devices_ready(inst.rest, part, self.pipeconf_id), sm.DEVICES_TIMEOUT, 3,
                                f"{len(part.switches)} devices available on {inst.member.node_id}")

    def restart_dead_switches(self):
        """Restarts (a bounded number of times) a switch that died while the instances connected: BMv2's P4Runtime
        server (PI) segfaults when a write or packet-out reaches it before its pipeline is set, which mastership
        moving between instances during the first connections provokes. A restarted switch is connected and
        given its pipeline again under a settled master. Returns False (the caller's predicate goes on)."""
        for name, process in list(self.fabric.processes.items()):
            if process.poll() is None:
                continue
            self.switch_restarts[name] = self.switch_restarts.get(name, 0) + 1
            if self.switch_restarts[name] > MAX_SWITCH_RESTARTS:
                raise SwitchDied(f"BMv2 {name} exited {self.switch_restarts[name]} times while the cluster "
                                 f"connected (see {self.fabric.log_dir}/{name}.out)")
            self.progress(f"BMv2 {name} exited (code {process.returncode}) while the instances connected: "
                          f"restarting it")
            self.fabric.restart_switch(name)
        return False

    def check_switches(self):
        """Raises if a switch process has died."""
        dead = [name for name, p in self.fabric.processes.items() if p.poll() is not None]
        if dead:
            raise SwitchDied(f"BMv2 {', '.join(dead)} exited (see {self.fabric.log_dir}/<switch>.out)")

    def stop(self):
        try:
            self.fabric.stop()
        finally:
            self.cluster.stop()
