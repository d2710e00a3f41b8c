"""The offline stand-in for the fabric: the same hosts (namespaces nids-h1..., same addresses and MACs as the BMv2
fabric) on a Linux bridge inside one more namespace, nids-lab, where every packet is captured once as it enters the
bridge. Nothing is created in the root namespace: deleting the namespaces removes every interface.
"""
import os
import time

from . import netns, veth

LAB_NETNS = "nids-lab"
BRIDGE = "br0"


class LabError(Exception):
    pass


def lab_port(host):
    return f"p-{host.name}"


class Lab:
    def __init__(self, topology, processes, log_dir):
        self.topology = topology
        self.processes = processes
        self.log_dir = log_dir
        self.captures = []

    def start(self):
        netns.remove_all()
        netns.add(LAB_NETNS)
        netns.run_in(LAB_NETNS, "ip", "link", "add", BRIDGE, "type", "bridge")
        netns.run_in(LAB_NETNS, "ip", "link", "set", BRIDGE, "up")
        for host in self.topology.hosts:
            veth.add_host(netns.of_host(host.name), f"{host.name}-eth0", host.mac, f"{host.ip}/24",
                          lab_port(host), peer_ns=LAB_NETNS)
            netns.run_in(LAB_NETNS, "ip", "link", "set", lab_port(host), "master", BRIDGE)
        # Static ARP, as on the fabric (the `routed` set-up): no ARP traffic in the capture, none to learn.
        for host in self.topology.hosts:
            veth.static_arp(netns.of_host(host.name), f"{host.name}-eth0",
                            [(other.ip, other.mac) for other in self.topology.hosts if other.name != host.name])

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
                netns.exec_args(LAB_NETNS, "tcpdump", "-i", lab_port(host), "-Q", "in", "-n", "-s", "256", "-U",
                                "-w", path, "ip"), log=os.path.join(self.log_dir, "tcpdump.log"))
            self.captures.append((process, path))
        _wait_for_files([p for _, p in self.captures])

    def stop_capture(self, out):
        for process, _ in self.captures:
            # SIGTERM lets tcpdump flush its buffer into the file.
            self.processes.stop(process, grace=10)
        paths = [p for _, p in self.captures if os.path.exists(p)]
        if not paths:
            raise LabError("tcpdump wrote no capture (see build/demo/*/tcpdump.log)")
        merge(out, *paths)
        for path in paths:
            os.remove(path)
        self.captures = []
        return out

    def stop(self):
        netns.remove_all()


def merge(out, *pcaps):
    """One classic pcap (nids-model reads pcap, not pcapng) of the captures' packets in time order."""
    netns.run("mergecap", "-F", "pcap", "-w", out, *pcaps)
    return out


def _wait_for_files(paths, timeout=10):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if all(os.path.exists(p) for p in paths):
            time.sleep(0.3)
            return
        time.sleep(0.1)
    raise LabError("tcpdump did not start (see build/demo/*/tcpdump.log)")
