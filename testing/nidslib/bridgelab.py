"""The offline stand-in for the fabric: the same hosts (namespaces nids-h1..., same addresses and MACs as the BMv2
fabric) on a Linux bridge inside one more namespace, nids-lab, where every packet is captured once as it enters the
bridge. Nothing is created in the root namespace: deleting the namespaces removes every interface.
"""
from . import capture, netns, veth

LAB_NETNS = "nids-lab"
BRIDGE = "br0"

LabError = capture.CaptureError


def lab_port(host):
    return f"p-{host.name}"


class Lab:
    def __init__(self, topology, processes, log_dir):
        self.topology = topology
        self.processes = processes
        self.log_dir = log_dir
        self.capture = capture.Capture(processes, log_dir)

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
        """One tcpdump per bridge port, inbound only: every packet is captured once, where it enters the bridge;
        stop_capture() merges them into one pcap ordered by time."""
        self.capture.start(name, [(LAB_NETNS, lab_port(h), "in", h.name) for h in self.topology.hosts])

    def stop_capture(self, out):
        return self.capture.stop(out)

    def stop(self):
        netns.remove_all()
