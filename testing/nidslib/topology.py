"""The integration fabric as data: switches, hosts, links, and the ONOS netcfg that describes them.

Pure functions only (no processes, no namespaces), so the netcfg and addressing are unit-tested without a stack.
Every switch runs P4Runtime device id 1 and is told apart by its gRPC port (see docs/reference-stack notes).
"""
from dataclasses import dataclass, field

# Below the kernel's ephemeral port range (32768-60999): a switch started while the JVMs hold many outbound
# connections found its port taken by one of them when the ports were 50101 on (bench-cluster, 24 switches).
GRPC_BASE_PORT = 20100
THRIFT_BASE_PORT = 9190
CPU_PORT = 255
P4RUNTIME_DEVICE_ID = 1


@dataclass(frozen=True)
class Host:
    name: str
    switch: str
    port: int
    ip: str
    mac: str


@dataclass(frozen=True)
class Link:
    a: str
    a_port: int
    b: str
    b_port: int


@dataclass
class Switch:
    name: str
    index: int
    role: str  # "leaf" or "spine"
    ports: dict = field(default_factory=dict)  # port number -> interface name in the root namespace

    @property
    def device_id(self):
        return f"device:bmv2:{self.name}"

    @property
    def grpc_port(self):
        return GRPC_BASE_PORT + self.index

    @property
    def thrift_port(self):
        return THRIFT_BASE_PORT + self.index


@dataclass
class Topology:
    switches: list
    hosts: list
    links: list
    spare_ports: list = field(default_factory=list)  # (switch, port): a free leaf port a host can be moved to

    def switch(self, name):
        return next(s for s in self.switches if s.name == name)

    def host(self, name):
        return next(h for h in self.hosts if h.name == name)

    def edge_ports(self, switch_name):
        return sorted(h.port for h in self.hosts if h.switch == switch_name)


def interface_name(switch, port):
    return f"{switch}-eth{port}"


def leaf_spine(leaves=2, spines=1, hosts_per_leaf=2, subnet="10.0.0", spare_ports=0):
    """Leaves s1..sL, spines after them; hosts h1.. on the leaves' first ports, uplinks after them, then
    `spare_ports` free ports per leaf (declared, with nothing attached: somewhere to move a host to)."""
    switches = [Switch(f"s{i + 1}", i + 1, "leaf") for i in range(leaves)]
    switches += [Switch(f"s{leaves + j + 1}", leaves + j + 1, "spine") for j in range(spines)]
    hosts, links = [], []
    host_number = 0
    for leaf in switches[:leaves]:
        for p in range(1, hosts_per_leaf + 1):
            host_number += 1
            hosts.append(Host(f"h{host_number}", leaf.name, p, f"{subnet}.{host_number}",
                              f"00:00:00:00:00:{host_number:02x}"))
            leaf.ports[p] = interface_name(leaf.name, p)
    for j, spine in enumerate(switches[leaves:]):
        for i, leaf in enumerate(switches[:leaves]):
            leaf_port = hosts_per_leaf + 1 + j
            spine_port = i + 1
            links.append(Link(leaf.name, leaf_port, spine.name, spine_port))
            leaf.ports[leaf_port] = interface_name(leaf.name, leaf_port)
            spine.ports[spine_port] = interface_name(spine.name, spine_port)
    spares = []
    for leaf in switches[:leaves]:
        for k in range(spare_ports):
            port = hosts_per_leaf + spines + 1 + k
            leaf.ports[port] = interface_name(leaf.name, port)
            spares.append((leaf.name, port))
    return Topology(switches, hosts, links, spares)


def first_leaves(topology, leaves):
    """The part of a leaf-spine fabric made of its first `leaves` leaves, every spine, the hosts of those leaves and
    their links (a fabric grown step by step: the switches of the rest run, unconfigured)."""
    kept = [s for s in topology.switches if s.role == "leaf"][:leaves]
    names = {s.name for s in kept}
    spines = [s for s in topology.switches if s.role == "spine"]
    return Topology(kept + spines, [h for h in topology.hosts if h.switch in names],
                    [link for link in topology.links if link.a in names],
                    [(sw, port) for sw, port in topology.spare_ports if sw in names])


def spare_peer_name(switch, port):
    """The free end of a spare port's veth (root namespace until a host is moved onto it)."""
    return f"{switch}-spare{port}"


def netcfg(topology, pipeconf_id, driver="bmv2"):
    """The ONOS network configuration for the fabric: devices with their ports, and NIDS port roles."""
    devices = {}
    for sw in topology.switches:
        ports = {
            str(number): {"number": number, "name": name, "enabled": True, "type": "copper", "speed": 10000}
            for number, name in sorted(sw.ports.items())
        }
        devices[sw.device_id] = {
            "basic": {
                "managementAddress": f"grpc://127.0.0.1:{sw.grpc_port}?device_id={P4RUNTIME_DEVICE_ID}",
                "driver": driver,
                "pipeconf": pipeconf_id,
                "name": sw.name,
            },
            "ports": ports,
            "nids": {"edgePorts": topology.edge_ports(sw.name)},
        }
    return {"devices": devices}


def ipv4_routes(topology):
    """Static IPv4 routes of a leaf-spine fabric: (switch, destination host, output port) for every pair.

    A leaf sends to its own hosts directly and everything else up its first uplink; a spine sends down to the
    leaf of the destination host.
    """
    routes = []
    uplinks = {}
    downlinks = {}
    for link in topology.links:
        uplinks.setdefault(link.a, (link.a_port, link.b))
        downlinks[(link.b, link.a)] = link.b_port
    for sw in topology.switches:
        for host in topology.hosts:
            if sw.role == "leaf":
                port = host.port if host.switch == sw.name else uplinks[sw.name][0]
            else:
                port = downlinks[(sw.name, host.switch)]
            routes.append((sw.name, host, port))
    return routes


def flow_rule(device_id, dst_ip, port, priority=40000):
    """An ONOS REST flow (POST /onos/v1/flows/{device}) sending IPv4 to dst_ip out of port, in table 0."""
    return {
        "priority": priority,
        "isPermanent": True,
        "tableId": 0,
        "selector": {"criteria": [{"type": "ETH_TYPE", "ethType": "0x800"},
                                  {"type": "IPV4_DST", "ip": f"{dst_ip}/32"}]},
        "treatment": {"instructions": [{"type": "OUTPUT", "port": str(port)}]},
    }
