"""Brings a Topology to life: hosts in network namespaces, veth links, one simple_switch_grpc per switch.

Everything this module creates is named so that `cleanup()` can find it after a crash: namespaces `nids-<host>`,
switch-side interfaces `<switch>-eth<port>`, switches listening on the topology's gRPC ports.
"""
import contextlib
import os
import re
import signal
import subprocess
import time

from . import bmv2, netns, processes, veth
from . import constants as C
from . import p4runtime as p4rt
from . import topology as topo

_SWITCH_IF = re.compile(r"^s\d+-eth\d+$")

# BMv2 logs every packet's parse, tables and actions at its default level (trace), and table writes at debug: on 2
# cores that costs the switches more CPU than forwarding. info keeps warnings and errors. For a packet trace (or to
# see table writes): NIDS_SWITCH_LOG_LEVEL=trace (or debug).
SWITCH_LOG_LEVEL = os.environ.get("NIDS_SWITCH_LOG_LEVEL", "info")
# How long a switch's gRPC port may stay taken by one stopping (BMv2 exits within a second or two of SIGTERM).
PORT_FREE_TIMEOUT_S = 15


def switch_options(sw, binary, log_dir):
    """The build on PATH gets a Thrift port and a log at SWITCH_LOG_LEVEL; any other build (the -O3 one, built
    without Thrift and logging) nothing."""
    if binary != bmv2.SWITCH_BINARY:
        return []
    return ["--thrift-port", str(sw.thrift_port), "--log-file", os.path.join(log_dir, sw.name), "--log-flush",
            "--log-level", SWITCH_LOG_LEVEL]


class Fabric:
    def __init__(self, topology, log_dir, switch_binary=bmv2.SWITCH_BINARY):
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

    def start_switch(self, name, binary=None):
        """binary: another simple_switch_grpc build than the fabric's. Any other build than the one on PATH (the -O3
        no-logging one, built without Thrift and logging, for a flood or a benchmark) is started without a Thrift
        port or a log."""
        sw = self.topology.switch(name)
        binary = binary or self.switch_binary
        options = switch_options(sw, binary, self.log_dir)
        command = bmv2.command(sw.ports, sw.grpc_port, topo.CPU_PORT, binary,
                               topo.P4RUNTIME_DEVICE_ID, options=options)
        # The gRPC server sets SO_REUSEPORT: started beside a switch still on its port (one stopping, or one another
        # run left), this one would listen too and ONOS's connection could land on either. Waited for, then refused.
        _wait_for_port_free(sw.grpc_port, PORT_FREE_TIMEOUT_S, f"{name}'s gRPC port")
        process = self.processes[name] = bmv2.start(command, os.path.join(self.log_dir, f"{name}.out"))
        # simple_switch_grpc listens within a second on an idle machine; 20 s was exceeded at load 20 (2 cores).
        processes.wait_for_port(sw.grpc_port, timeout=60, what=f"{name} gRPC server")
        listeners = processes.listening_pids(sw.grpc_port)
        if listeners != {process.pid}:
            raise RuntimeError(f"{name}: port {sw.grpc_port} is served by pids {sorted(listeners)}, not only by the "
                               f"switch just started ({process.pid})")

    def stop_switch(self, name):
        process = self.processes.pop(name, None)
        if process is not None:
            processes.terminate(process)

    def restart_switch(self, name, binary=None):
        """A switch that restarts loses all its state: pipeline, entries, registers."""
        self.stop_switch(name)
        self.start_switch(name, binary)

    def kill_switch(self, name):
        """A switch process that dies: SIGKILL, no shutdown of its gRPC server (its controller sees the stream
        break)."""
        process = self.processes.pop(name, None)
        if process is not None:
            processes.terminate(process, sig=signal.SIGKILL)

    @contextlib.contextmanager
    def paused(self, name):
        """A switch process that stalls (SIGSTOP) for the block's duration: its controller's writes are neither
        taken nor refused until it goes on (SIGCONT, on every exit path)."""
        process = self.processes[name]
        os.killpg(process.pid, signal.SIGSTOP)
        try:
            # A stall the test relies on is checked, not assumed: every thread stopped, and no other process on the
            # switch's port to answer in its place.
            deadline = time.monotonic() + 5
            while not processes.all_threads_stopped(process.pid):
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{name} (pid {process.pid}) not stopped 5 s after SIGSTOP")
                time.sleep(0.05)
            port = self.topology.switch(name).grpc_port
            listeners = processes.listening_pids(port)
            if listeners != {process.pid}:
                raise RuntimeError(f"{name} paused, but port {port} is served by pids {sorted(listeners)}")
            yield
        finally:
            os.killpg(process.pid, signal.SIGCONT)

    # ---- hosts and links -------------------------------------------------------------------------------------

    def _add_host(self, host):
        veth.add_host(netns.of_host(host.name), f"{host.name}-eth0", host.mac, f"{host.ip}/24",
                      topo.interface_name(host.switch, host.port))

    def _add_link(self, link):
        a_if = topo.interface_name(link.a, link.a_port)
        b_if = topo.interface_name(link.b, link.b_port)
        veth.add_pair(a_if, b_if)
        veth.bring_up(a_if)
        veth.bring_up(b_if)

    def _add_spare(self, switch_name, port):
        sw_if = topo.interface_name(switch_name, port)
        peer = topo.spare_peer_name(switch_name, port)
        veth.add_pair(sw_if, peer)
        veth.bring_up(sw_if)
        veth.bring_up(peer)

    def move_host(self, host_name, switch_name, port):
        """Re-attaches a host to a spare port: its link to its leaf goes down (address removed), the spare veth's
        free end becomes its `<host>-eth1` with the same MAC and address, static ARP copied. Returns a function
        that moves it back."""
        host = self.topology.host(host_name)
        old_if, new_if = f"{host_name}-eth0", f"{host_name}-eth1"
        peer = topo.spare_peer_name(switch_name, port)
        ns = netns.of_host(host_name)
        neighbours = [(n["dst"], n["lladdr"]) for n in netns.ip_json("-n", ns, "neigh", "show", "dev", old_if)
                      if n.get("lladdr") and n.get("dst")]
        netns.run_in(ns, "ip", "addr", "del", f"{host.ip}/24", "dev", old_if)
        netns.run_in(ns, "ip", "link", "set", old_if, "down")
        netns.run("ip", "link", "set", peer, "netns", ns)
        netns.run_in(ns, "ip", "link", "set", peer, "name", new_if)
        veth.configure_host(ns, new_if, host.mac, f"{host.ip}/24")
        veth.static_arp(ns, new_if, neighbours)

        def back():
            netns.run_in(ns, "ip", "link", "set", new_if, "down", check=False)
            netns.run_in(ns, "ip", "link", "set", new_if, "name", peer, check=False)
            netns.run_in(ns, "ip", "link", "set", peer, "netns", "1", check=False)
            netns.run("ip", "link", "set", peer, "up", check=False)
            netns.run_in(ns, "ip", "link", "set", old_if, "up")
            netns.run_in(ns, "ip", "addr", "add", f"{host.ip}/24", "dev", old_if, check=False)
            veth.static_arp(ns, old_if, neighbours)
        return back


def _wait_for_port_free(port, timeout, what):
    deadline = time.monotonic() + timeout
    while (busy := processes.listening_pids(port)):
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what} {port} is still served by pids {sorted(busy)} after {timeout} s")
        time.sleep(0.2)


def cleanup(topology=None):
    """Removes whatever an earlier (possibly crashed) run left: switches, namespaces, veths."""
    ports = [s.grpc_port for s in topology.switches] if topology else []
    for port in ports:
        subprocess.run(["pkill", "-f", f"simple_switch_grpc.*--grpc-server-addr 127.0.0.1:{port}"],
                       capture_output=True)
    # Gone before anything starts on their ports again: SIGKILL for any that outlive SIGTERM's grace.
    deadline = time.monotonic() + PORT_FREE_TIMEOUT_S / 2
    while ports and any(processes.listening_pids(p) for p in ports) and time.monotonic() < deadline:
        time.sleep(0.2)
    for port in ports:
        subprocess.run(["pkill", "-KILL", "-f", f"simple_switch_grpc.*--grpc-server-addr 127.0.0.1:{port}"],
                       capture_output=True)
    netns.remove_all()
    for link in netns.ip_json("link", "show", "type", "veth"):
        if _SWITCH_IF.match(link["ifname"]):
            veth.delete(link["ifname"])


def tcp_attempts(host_name, ip, port, count, connect_timeout=0.3):
    """Opens `count` TCP connections (or attempts: nobody needs to listen) from a host; bounded by timeouts (a
    connect_timeout of a second or more lets the kernel send the SYN again). Returns how many were answered
    (connected, or refused: the server's reset came back) and how many timed out."""
    script = ("import socket\n"
              "seen = {'connected': 0, 'refused': 0, 'timeout': 0, 'other': 0}\n"
              f"for i in range({count}):\n"
              f"    s=socket.socket(); s.settimeout({connect_timeout})\n"
              f"    try: s.connect(('{ip}', {port})); seen['connected'] += 1\n"
              "    except ConnectionRefusedError: seen['refused'] += 1\n"
              "    except socket.timeout: seen['timeout'] += 1\n"
              "    except OSError: seen['other'] += 1\n"
              "    s.close()\n"
              "print(' '.join(f'{k}={v}' for k, v in seen.items()))\n")
    out = netns.host_exec(host_name, "python3", "-c", script, timeout=count * connect_timeout + 30).stdout.split()
    return {k: int(v) for k, v in (item.split("=") for item in out)}


def report_budgets(topology):
    """{switch: sorted (rate_pps, burst) of its report budgets} read back from every switch (what the app wrote: one
    report_budget entry per kind of report)."""
    budgets = {}
    for switch in topology.switches:
        reader = p4rt.Client(switch.grpc_port)
        try:
            rate = reader.p4info.param(C.NIDS_INGRESS_REPORTS_SET_BUDGET, C.RATE_PPS).id
            burst = reader.p4info.param(C.NIDS_INGRESS_REPORTS_SET_BUDGET, C.BURST).id
            budgets[switch.name] = sorted(
                tuple(int.from_bytes(p.value, "big") for pid in (rate, burst)
                      for p in e.action.action.params if p.param_id == pid)
                for e in reader.table_entries(C.NIDS_INGRESS_REPORTS_REPORT_BUDGET))
        finally:
            reader.close()
    return budgets
