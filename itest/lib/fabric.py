"""Brings a Topology to life: hosts in network namespaces, veth links, one simple_switch_grpc per switch.

Everything this module creates is named so that `cleanup()` can find it after a crash: namespaces `nids-<host>`,
switch-side interfaces `<switch>-eth<port>`, switches listening on the topology's gRPC ports.
"""
import json
import os
import re
import signal
import subprocess
import time

from . import topology as topo

NETNS_PREFIX = "nids-"
_SWITCH_IF = re.compile(r"^s\d+-eth\d+$")
# Offloads off on both ends: with partial checksums, TCP through BMv2 silently fails while ping still works.
_OFFLOADS_OFF = ["tx", "off", "rx", "off", "tso", "off", "gso", "off", "gro", "off"]


class FabricError(Exception):
    pass


def _run(*cmd, check=True):
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
    if check and result.returncode != 0:
        raise FabricError(f"{' '.join(cmd)}: {result.stderr.strip() or result.stdout.strip()}")
    return result


def netns(host_name):
    return NETNS_PREFIX + host_name


def host_exec(host_name, *cmd, **kwargs):
    """Runs a command inside a host's namespace (bounded by the caller's timeout)."""
    return subprocess.run(["ip", "netns", "exec", netns(host_name), *cmd], capture_output=True, text=True,
                          **kwargs)


def host_popen(host_name, *cmd, **kwargs):
    return subprocess.Popen(["ip", "netns", "exec", netns(host_name), *cmd], start_new_session=True, **kwargs)


class Fabric:
    def __init__(self, topology, log_dir, switch_binary="simple_switch_grpc"):
        self.topology = topology
        self.log_dir = log_dir
        self.switch_binary = switch_binary
        self.processes = {}

    # ---- lifecycle -------------------------------------------------------------------------------------------

    def start(self):
        os.makedirs(self.log_dir, exist_ok=True)
        cleanup(self.topology)
        for host in self.topology.hosts:
            self._add_host(host)
        for link in self.topology.links:
            self._add_link(link)
        for switch_name, port in self.topology.spare_ports:
            self._add_spare(switch_name, port)
        for switch in self.topology.switches:
            self.start_switch(switch.name)

    def stop(self):
        for name in list(self.processes):
            self.stop_switch(name)
        cleanup(self.topology)

    # ---- switches --------------------------------------------------------------------------------------------

    def start_switch(self, name):
        sw = self.topology.switch(name)
        args = [self.switch_binary, "--device-id", str(topo.P4RUNTIME_DEVICE_ID), "--thrift-port", str(sw.thrift_port),
                "--log-file", os.path.join(self.log_dir, f"{name}"), "--log-flush"]
        for number, iface in sorted(sw.ports.items()):
            args += ["-i", f"{number}@{iface}"]
        args += ["--no-p4", "--", "--grpc-server-addr", f"127.0.0.1:{sw.grpc_port}", "--cpu-port", str(topo.CPU_PORT)]
        log = open(os.path.join(self.log_dir, f"{name}.out"), "ab")
        self.processes[name] = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        log.close()
        _wait_for_port(sw.grpc_port, timeout=20, what=f"{name} gRPC server")

    def stop_switch(self, name):
        process = self.processes.pop(name, None)
        if process is not None:
            _terminate(process)

    def restart_switch(self, name):
        """A switch that restarts loses all its state: pipeline, entries, registers."""
        self.stop_switch(name)
        self.start_switch(name)

    # ---- hosts and links -------------------------------------------------------------------------------------

    def _add_host(self, host):
        ns = netns(host.name)
        sw_if = topo.interface_name(host.switch, host.port)
        host_if = f"{host.name}-eth0"
        _run("ip", "netns", "add", ns)
        _run("ip", "link", "add", sw_if, "type", "veth", "peer", "name", host_if)
        _run("ip", "link", "set", host_if, "netns", ns)
        _run("ip", "netns", "exec", ns, "ip", "link", "set", host_if, "address", host.mac)
        _run("ip", "netns", "exec", ns, "ip", "addr", "add", f"{host.ip}/24", "dev", host_if)
        _run("ip", "netns", "exec", ns, "ip", "link", "set", host_if, "up")
        _run("ip", "netns", "exec", ns, "ip", "link", "set", "lo", "up")
        _run("ip", "netns", "exec", ns, "ethtool", "-K", host_if, *_OFFLOADS_OFF, check=False)
        self._switch_side_up(sw_if)

    def _add_link(self, link):
        a_if = topo.interface_name(link.a, link.a_port)
        b_if = topo.interface_name(link.b, link.b_port)
        _run("ip", "link", "add", a_if, "type", "veth", "peer", "name", b_if)
        self._switch_side_up(a_if)
        self._switch_side_up(b_if)

    def _add_spare(self, switch_name, port):
        sw_if = topo.interface_name(switch_name, port)
        peer = topo.spare_peer_name(switch_name, port)
        _run("ip", "link", "add", sw_if, "type", "veth", "peer", "name", peer)
        self._switch_side_up(sw_if)
        self._switch_side_up(peer)

    def move_host(self, host_name, switch_name, port):
        """Re-attaches a host to a spare port: its link to its leaf goes down (address removed), the spare veth's
        free end becomes its `<host>-eth1` with the same MAC and address, static ARP copied. Returns a function
        that moves it back."""
        host = self.topology.host(host_name)
        old_if, new_if = f"{host_name}-eth0", f"{host_name}-eth1"
        peer = topo.spare_peer_name(switch_name, port)
        ns = netns(host_name)
        neighbours = _ip_json("-n", ns, "neigh", "show", "dev", old_if)
        _run("ip", "netns", "exec", ns, "ip", "addr", "del", f"{host.ip}/24", "dev", old_if)
        _run("ip", "netns", "exec", ns, "ip", "link", "set", old_if, "down")
        _run("ip", "link", "set", peer, "netns", ns)
        _run("ip", "netns", "exec", ns, "ip", "link", "set", peer, "name", new_if)
        _run("ip", "netns", "exec", ns, "ip", "link", "set", new_if, "address", host.mac)
        _run("ip", "netns", "exec", ns, "ip", "addr", "add", f"{host.ip}/24", "dev", new_if)
        _run("ip", "netns", "exec", ns, "ip", "link", "set", new_if, "up")
        _run("ip", "netns", "exec", ns, "ethtool", "-K", new_if, *_OFFLOADS_OFF, check=False)
        for n in neighbours:
            if n.get("lladdr") and n.get("dst"):
                _run("ip", "netns", "exec", ns, "ip", "neigh", "replace", n["dst"], "lladdr", n["lladdr"],
                     "dev", new_if, check=False)

        def back():
            _run("ip", "netns", "exec", ns, "ip", "link", "set", new_if, "down", check=False)
            _run("ip", "netns", "exec", ns, "ip", "link", "set", new_if, "name", peer, check=False)
            _run("ip", "netns", "exec", ns, "ip", "link", "set", peer, "netns", "1", check=False)
            _run("ip", "link", "set", peer, "up", check=False)
            _run("ip", "netns", "exec", ns, "ip", "link", "set", old_if, "up")
            _run("ip", "netns", "exec", ns, "ip", "addr", "add", f"{host.ip}/24", "dev", old_if, check=False)
            for n in neighbours:
                if n.get("lladdr") and n.get("dst"):
                    _run("ip", "netns", "exec", ns, "ip", "neigh", "replace", n["dst"], "lladdr", n["lladdr"],
                         "dev", old_if, check=False)
        return back

    @staticmethod
    def _switch_side_up(iface):
        _run("ip", "link", "set", iface, "up")
        _run("sysctl", "-q", "-w", f"net.ipv6.conf.{iface}.disable_ipv6=1", check=False)
        _run("ethtool", "-K", iface, *_OFFLOADS_OFF, check=False)


def _wait_for_port(port, timeout, what):
    import socket
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket() as s:
            s.settimeout(0.5)
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise FabricError(f"{what} did not listen on 127.0.0.1:{port} within {timeout} s")


def _terminate(process, grace=5):
    try:
        os.killpg(process.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    try:
        process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=grace)


def cleanup(topology=None):
    """Removes whatever an earlier (possibly crashed) run left: switches, namespaces, veths."""
    ports = [s.grpc_port for s in topology.switches] if topology else []
    for port in ports:
        subprocess.run(["pkill", "-f", f"simple_switch_grpc.*--grpc-server-addr 127.0.0.1:{port}"],
                       capture_output=True)
    for ns in _ip_json("netns", "list"):
        if ns["name"].startswith(NETNS_PREFIX):
            _run("ip", "netns", "del", ns["name"], check=False)
    for link in _ip_json("link", "show", "type", "veth"):
        if _SWITCH_IF.match(link["ifname"]):
            _run("ip", "link", "del", link["ifname"], check=False)


def _ip_json(*args):
    out = _run("ip", "-j", *args, check=False).stdout.strip()
    return json.loads(out) if out else []


def tcp_attempts(host_name, ip, port, count):
    """Opens `count` TCP connections (or attempts: nobody needs to listen) from a host; bounded by timeouts."""
    script = ("import socket\n"
              f"for i in range({count}):\n"
              "    s=socket.socket(); s.settimeout(0.3)\n"
              f"    try: s.connect(('{ip}', {port}))\n"
              "    except OSError: pass\n"
              "    s.close()\n")
    host_exec(host_name, "python3", "-c", script, timeout=60)
