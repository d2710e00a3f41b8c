"""The offline stand-in for the fabric: the same hosts (namespaces nids-h1..., same addresses and MACs as the BMv2
fabric) on a Linux bridge inside one more namespace, nids-lab, where every packet is captured once as it enters the
bridge. Nothing is created in the root namespace: deleting the namespaces removes every interface.
"""
import os
import subprocess

from itest.lib import fabric as fabric_mod

LAB_NETNS = "nids-lab"
BRIDGE = "br0"
# Offloads off: with TSO/GSO a capture holds 64 KB "packets" no wire (and no BMv2 switch) ever carries.
OFFLOADS_OFF = ["tx", "off", "rx", "off", "tso", "off", "gso", "off", "gro", "off"]


class LabError(Exception):
    pass


def _run(*cmd, check=True):
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
    if check and result.returncode != 0:
        raise LabError(f"{' '.join(cmd)}: {result.stderr.strip() or result.stdout.strip()}")
    return result


def _in(ns, *cmd, check=True):
    return _run("ip", "netns", "exec", ns, *cmd, check=check)


def lab_port(host):
    return f"p-{host.name}"


class Lab:
    def __init__(self, topology, processes, log_dir):
        self.topology = topology
        self.processes = processes
        self.log_dir = log_dir
        self.captures = []

    def start(self):
        remove_namespaces()
        _run("ip", "netns", "add", LAB_NETNS)
        _in(LAB_NETNS, "ip", "link", "set", "lo", "up")
        _in(LAB_NETNS, "ip", "link", "add", BRIDGE, "type", "bridge")
        _in(LAB_NETNS, "ip", "link", "set", BRIDGE, "up")
        for host in self.topology.hosts:
            ns = fabric_mod.netns(host.name)
            host_if = f"{host.name}-eth0"
            _run("ip", "netns", "add", ns)
            _run("ip", "link", "add", host_if, "netns", ns, "type", "veth", "peer", "name", lab_port(host),
                 "netns", LAB_NETNS)
            _in(ns, "ip", "link", "set", host_if, "address", host.mac)
            _in(ns, "ip", "addr", "add", f"{host.ip}/24", "dev", host_if)
            _in(ns, "ip", "link", "set", host_if, "up")
            _in(ns, "ip", "link", "set", "lo", "up")
            _in(ns, "ethtool", "-K", host_if, *OFFLOADS_OFF, check=False)
            _in(ns, "sysctl", "-q", "-w", "net.ipv6.conf.all.disable_ipv6=1", check=False)
            _in(LAB_NETNS, "ip", "link", "set", lab_port(host), "master", BRIDGE)
            _in(LAB_NETNS, "ip", "link", "set", lab_port(host), "up")
            _in(LAB_NETNS, "ethtool", "-K", lab_port(host), *OFFLOADS_OFF, check=False)
        # Static ARP, as on the fabric (the `routed` set-up): no ARP traffic in the capture, none to learn.
        for host in self.topology.hosts:
            for other in self.topology.hosts:
                if other.name != host.name:
                    _in(fabric_mod.netns(host.name), "ip", "neigh", "replace", other.ip, "lladdr", other.mac,
                        "dev", f"{host.name}-eth0")

    def start_capture(self, name):
        """One tcpdump per bridge port, inbound only: every packet is captured once, where it enters the bridge.
        Returns the files; stop_capture() merges them into one pcap ordered by time."""
        os.makedirs(self.log_dir, exist_ok=True)
        self.captures = []
        for host in self.topology.hosts:
            path = os.path.join(self.log_dir, f"{name}-{host.name}.pcap")
            if os.path.exists(path):
                os.remove(path)
            process = self.processes.popen(
                ["ip", "netns", "exec", LAB_NETNS, "tcpdump", "-i", lab_port(host), "-Q", "in", "-n", "-s", "256",
                 "-U", "-w", path, "ip"], log=os.path.join(self.log_dir, "tcpdump.log"))
            self.captures.append((process, path))
        _wait_for_files([p for _, p in self.captures])

    def stop_capture(self, out):
        for process, _ in self.captures:
            # SIGTERM lets tcpdump flush its buffer into the file.
            self.processes.stop(process, grace=10)
        paths = [p for _, p in self.captures if os.path.exists(p)]
        if not paths:
            raise LabError("tcpdump wrote no capture (see build/demo/*/tcpdump.log)")
        # Classic pcap (-F pcap): nids-model reads pcap, not pcapng.
        _run("mergecap", "-F", "pcap", "-w", out, *paths)
        for path in paths:
            os.remove(path)
        self.captures = []
        return out

    def stop(self):
        remove_namespaces()


def _wait_for_files(paths, timeout=10):
    import time
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if all(os.path.exists(p) for p in paths):
            time.sleep(0.3)
            return
        time.sleep(0.1)
    raise LabError("tcpdump did not start (see build/demo/*/tcpdump.log)")


def remove_namespaces():
    """Removes the demo's namespaces (nids-*: the lab's and the hosts'), after stopping what still runs inside.

    The caller holds the stack lock, so every nids-* namespace on the machine is this session's or a crashed
    earlier session's leftover."""
    for ns in _netns_names():
        if ns.startswith(fabric_mod.NETNS_PREFIX):
            pids = _run("ip", "netns", "pids", ns, check=False).stdout.split()
            for pid in pids:
                try:
                    os.kill(int(pid), 9)
                except (ProcessLookupError, ValueError):
                    pass
            _run("ip", "netns", "del", ns, check=False)


def _netns_names():
    import json
    out = _run("ip", "-j", "netns", "list", check=False).stdout.strip()
    return [n["name"] for n in json.loads(out)] if out else []
