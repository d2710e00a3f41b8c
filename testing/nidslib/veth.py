"""veth pairs and the settings every project interface gets."""
from . import netns

# Offloads off on every interface the project creates: with partial checksums, TCP through BMv2 silently fails while
# ping still works (docs/reference-stack.md), and with TSO/GSO a capture holds 64 KB "packets" no wire carries.
OFFLOADS_OFF = ["tx", "off", "rx", "off", "tso", "off", "gso", "off", "gro", "off"]


def _in(ns, *cmd, check=True):
    return netns.run_in(ns, *cmd, check=check) if ns else netns.run(*cmd, check=check)


def disable_offloads(iface, ns=None):
    _in(ns, "ethtool", "-K", iface, *OFFLOADS_OFF, check=False)


def add_pair(name, peer, ns=None, peer_ns=None):
    """A veth pair `name` <-> `peer`, each end created directly in its namespace (None: the root namespace)."""
    cmd = ["ip", "link", "add", name] + (["netns", ns] if ns else []) + ["type", "veth", "peer", "name", peer]
    netns.run(*cmd + (["netns", peer_ns] if peer_ns else []))


def delete(iface):
    netns.run("ip", "link", "del", iface, check=False)


def bring_up(iface, ns=None):
    """Up, IPv6 off (no router solicitations or neighbour discovery in the switches' flow tables), offloads off."""
    _in(ns, "ip", "link", "set", iface, "up")
    _in(ns, "sysctl", "-q", "-w", f"net.ipv6.conf.{iface}.disable_ipv6=1", check=False)
    disable_offloads(iface, ns)


def configure_host(ns, iface, mac, address):
    """A host's interface in its namespace: MAC, IPv4 address with prefix (a.b.c.d/len), up, offloads off."""
    netns.run_in(ns, "ip", "link", "set", iface, "address", mac)
    netns.run_in(ns, "ip", "addr", "add", address, "dev", iface)
    bring_up(iface, ns)


def add_host(ns, iface, mac, address, peer, peer_ns=None):
    """A new namespace `ns` holding one host interface `iface`, whose veth peer `peer` is in the root namespace (or
    `peer_ns`) and is brought up there."""
    netns.add(ns)
    add_pair(iface, peer, ns=ns, peer_ns=peer_ns)
    configure_host(ns, iface, mac, address)
    bring_up(peer, peer_ns)


def static_arp(ns, iface, neighbours):
    """Static neighbour entries (ip -> mac) of a host: no ARP on the wire, none to learn."""
    for ip, mac in neighbours:
        netns.run_in(ns, "ip", "neigh", "replace", ip, "lladdr", mac, "dev", iface)
