# Run: make itest   (or: .venv/bin/python -m pytest itest/suites/test_fabric.py, as root with the reference stack)
"""The fabric comes up under ONOS with the NIDS pipeconf, and ONOS's own apps work through it."""
from nidslib import netns
from nidslib import onos as onos_mod
from nidslib import session


def test_every_switch_is_available_with_the_nids_pipeconf(stack):
    devices = {d["id"]: d for d in stack.rest.get("/onos/v1/devices")["devices"]}
    for sw in stack.topology.switches:
        assert devices[sw.device_id]["available"], sw.device_id
        assert devices[sw.device_id]["driver"].endswith(stack.pipeconf_id)
    assert len(stack.topology.switches) >= 3


def port_number(port):
    """ONOS writes named ports as "[s1-eth3](3)" and unnamed ones as "3"."""
    return port.rsplit("(", 1)[-1].rstrip(")") if port.endswith(")") else port


def test_lldp_discovers_every_link(stack):
    expected = set()
    for link in stack.topology.links:
        a = stack.topology.switch(link.a).device_id
        b = stack.topology.switch(link.b).device_id
        expected |= {(f"{a}/{link.a_port}", f"{b}/{link.b_port}"), (f"{b}/{link.b_port}", f"{a}/{link.a_port}")}

    def discovered():
        links = stack.rest.get("/onos/v1/links", retry=False)["links"]
        found = {(f"{l['src']['device']}/{port_number(l['src']['port'])}",
                  f"{l['dst']['device']}/{port_number(l['dst']['port'])}") for l in links}
        return expected <= found

    onos_mod.wait_until(discovered, 60, 2, f"{len(expected)} unidirectional links")


def test_hosts_are_learned_from_arp(stack):
    for host in stack.topology.hosts:
        session.announce(host.name)

    def learned():
        hosts = stack.rest.get("/onos/v1/hosts", retry=False)["hosts"]
        macs = {h["mac"].lower() for h in hosts}
        return all(h.mac in macs for h in stack.topology.hosts)

    onos_mod.wait_until(learned, 60, 2, "every host learned by the host provider")


def test_tcp_crosses_the_fabric_with_the_nids_stages_on(routed):
    server = netns.host_popen("h3", "python3", "-c",
                                   "import socket;s=socket.socket();s.setsockopt(socket.SOL_SOCKET,"
                                   "socket.SO_REUSEADDR,1);s.bind(('0.0.0.0',5001));s.listen(1);"
                                   "c,_=s.accept();c.sendall(c.recv(64));c.close()")
    try:
        reply = netns.host_exec(
            "h1", "python3", "-c",
            "import socket,time\n"
            "for i in range(50):\n"
            "    try:\n"
            "        s=socket.create_connection(('10.0.0.3',5001),timeout=2);break\n"
            "    except OSError:\n"
            "        time.sleep(0.2)\n"
            "s.sendall(b'ping-through-fabric');print(s.recv(64).decode())",
            timeout=30)
        assert reply.stdout.strip() == "ping-through-fabric", reply.stderr
    finally:
        server.kill()
        server.wait(timeout=5)
