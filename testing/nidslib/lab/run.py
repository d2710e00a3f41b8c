"""One lab run: hosts in network namespaces on a captured bridge, two servers, benign clients and attackers with
real tools, all drawn from a seed (plan.py, recipes.py); the result is a pcap, a labels file and a manifest.

The caller holds the stack lock (the namespaces are named like the fabric's, nids-*). Every step is bounded,
every process is stopped and every namespace removed on every exit path.
"""
import json
import os
import random
import shutil
import subprocess
import threading
import time

from .. import bridgelab, netns
from .. import topology as topo
from ..processes import Interrupted, Processes

from . import labels as labels_mod
from . import plan as plan_mod
from . import recipes

SSHD = "/usr/sbin/sshd"
SERVERS_START_SECONDS = 90
TOOLS = ["tcpdump", "mergecap", "curl", "wget", "ssh", "scp", "ssh-keygen", "iperf3", "nc", "dig", "ping", "logger",
         "socat", "dnsmasq", "nmap", "masscan", "hping3", "nping", "hydra", "medusa", "ncrack", "slowhttptest"]
HERE = os.path.dirname(os.path.abspath(__file__))


def missing_tools():
    missing = [t for t in TOOLS if shutil.which(t) is None]
    if not os.access(SSHD, os.X_OK):
        missing.append(SSHD)
    return missing


def lab_topology(hosts_per_leaf=4):
    """The fabric's leaf-spine shape (the same host names, addresses and MACs online and offline)."""
    return topo.leaf_spine(leaves=2, spines=1, hosts_per_leaf=hosts_per_leaf)


class LabRun:
    def __init__(self, plan, topology, out_dir, processes, say=print):
        self.plan = plan
        self.topology = topology
        self.out_dir = os.path.abspath(out_dir)
        self.processes = processes
        self.say = say
        self.windows = []
        self.steps = []
        self._lock = threading.Lock()
        self.t0 = None
        self.ctx = None
        self.servers = []

    # ---- preparation -------------------------------------------------------------------------------------------

    def prepare(self):
        os.makedirs(os.path.join(self.out_dir, "uploads"), exist_ok=True)
        ssh_dir = os.path.join(self.out_dir, "ssh")
        os.makedirs(ssh_dir, exist_ok=True)
        rng = random.Random(self.plan.seed * 7919 + 1)
        client_key = os.path.join(ssh_dir, "client_ed25519")
        keys = [client_key] + [os.path.join(ssh_dir, f"host_{s}_ed25519") for s in self.plan.servers]
        for key in keys:
            if not os.path.exists(key):
                subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "nids-lab", "-f", key],
                               check=True, capture_output=True, timeout=30)
        shutil.copyfile(client_key + ".pub", os.path.join(ssh_dir, "authorized_keys"))
        uploads = []
        for i, size in enumerate(sorted(int(300 * 7000 ** rng.random()) for _ in range(5))):
            path = os.path.join(self.out_dir, "uploads", f"upload{i}.bin")
            with open(path, "wb") as f:
                f.write(rng.randbytes(size))
            uploads.append(path)
        wordlists = {}
        for size in (rng.randint(20, 40), rng.randint(60, 120), rng.randint(150, 300)):
            words = list(recipes.COMMON_PASSWORDS)
            rng.shuffle(words)
            words = words[:size] + ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789")
                                            for _ in range(rng.randint(5, 12))) for _ in range(max(0, size - len(words)))]
            path = os.path.join(self.out_dir, f"wordlist-{size}.txt")
            with open(path, "w") as f:
                f.write("\n".join(words) + "\n")
            wordlists[f"w{size}"] = path
        hosts = {h.name: h for h in self.topology.hosts}
        self.ctx = recipes.Context(ips={n: h.ip for n, h in hosts.items()}, macs={n: h.mac for n, h in hosts.items()},
                                   servers=self.plan.servers, work_dir=self.out_dir, ssh_key=client_key,
                                   upload_files=uploads, wordlists=wordlists)

    def _sshd_config(self, server):
        ssh_dir = os.path.join(self.out_dir, "ssh")
        path = os.path.join(ssh_dir, f"sshd_config_{server}")
        services = self.plan.servers[server]
        with open(path, "w") as f:
            f.write("\n".join([
                f"ListenAddress {self.ctx.ips[server]}", f"Port {services.ssh}",
                f"HostKey {os.path.join(ssh_dir, f'host_{server}_ed25519')}",
                f"PidFile {os.path.join(ssh_dir, f'sshd_{server}.pid')}",
                # Clients log in with the lab key; brute-force passwords are refused (root has no password).
                f"AuthorizedKeysFile {os.path.join(ssh_dir, 'authorized_keys')}",
                "PermitRootLogin prohibit-password", "PasswordAuthentication yes", "KbdInteractiveAuthentication no",
                "StrictModes no", "UsePAM no", "UseDNS no", "MaxAuthTries 6", "MaxStartups 100:30:200",
                "LoginGraceTime 20", "PrintMotd no", "Subsystem sftp internal-sftp", ""]))
        return path

    def start_servers(self):
        os.makedirs("/run/sshd", exist_ok=True)
        log = os.path.join(self.out_dir, "servers.log")
        for server, services in self.plan.servers.items():
            ip = self.ctx.ips[server]
            ns = ["ip", "netns", "exec", netns.of_host(server)]
            records = [f"--host-record={name}.{recipes.DNS_DOMAIN},{ip}" for name in recipes.DNS_NAMES]
            commands = [
                [SSHD, "-D", "-e", "-f", self._sshd_config(server)],
                ["python3", os.path.join(HERE, "webserver.py"), "--bind", ip, "--port", str(services.http),
                 "--protocol", services.http_protocol],
                ["dnsmasq", "--no-daemon", "--conf-file=/dev/null", "--no-resolv", "--no-hosts", "--bind-interfaces",
                 f"--listen-address={ip}", f"--port={services.dns}", f"--local=/{recipes.DNS_DOMAIN}/",
                 f"--pid-file={os.path.join(self.out_dir, f'dnsmasq-{server}.pid')}", *records],
                ["socat", "-u", f"TCP-LISTEN:{services.sink_tcp},bind={ip},reuseaddr,fork", "OPEN:/dev/null"],
                ["socat", "-u", f"UDP-RECV:{services.sink_udp},bind={ip}", "OPEN:/dev/null"],
                ["socat", "-u", f"UDP-RECV:{services.syslog},bind={ip}", "OPEN:/dev/null"],
            ] + [["iperf3", "-s", "-B", ip, "-p", str(port)] for port in services.iperf]
            for command in commands:
                self.servers.append(self.processes.popen(ns + command, log=log))
        # Generous: on a loaded machine (CI, several test sessions) a Python server may take tens of seconds to start.
        deadline = time.monotonic() + SERVERS_START_SECONDS
        while True:
            missing = [f"{s}:{p}" for s, services in self.plan.servers.items()
                       for p in (services.http, services.ssh, services.sink_tcp, *services.iperf)
                       if not self._listening(s, p)]
            exited = [" ".join(p.args[4:6]) for p in self.servers if p.poll() is not None]
            if not missing:
                return
            if exited or time.monotonic() > deadline:
                break
            time.sleep(0.3)
        raise RuntimeError(f"the lab's servers did not all start: not listening {', '.join(missing)}"
                           + (f"; exited: {', '.join(exited)}" if exited else f" after {SERVERS_START_SECONDS} s")
                           + f" (see {log})")

    @staticmethod
    def _listening(server, port):
        out = netns.host_exec(server, "ss", "-Hltn", f"sport = :{port}", timeout=10).stdout
        return bool(out.strip())

    # ---- traffic -----------------------------------------------------------------------------------------------

    def play(self):
        self.t0 = time.time()
        self.processes.run_together(*[(self._client, c, user) for c in self.plan.clients
                                      for user in range(self.plan.users[c])],
                                    *[(self._attacker, a) for a in self.plan.attackers])

    def _rng(self, host, purpose):
        return random.Random(f"{self.plan.seed}:{host}:{purpose}")

    def _elapsed(self):
        return time.time() - self.t0

    def _run_step(self, host, step, kind):
        started = time.time()
        status = self.processes.run(["ip", "netns", "exec", netns.of_host(host), *step.args], step.timeout,
                                    log=os.path.join(self.out_dir, "tools.log"), cwd=step.cwd)
        ended = time.time()
        with self._lock:
            self.steps.append({"host": host, "kind": kind, "start": round(started, 6), "end": round(ended, 6),
                               "status": status, "text": step.text, "tool": step.tool, "params": step.params})
        return started, ended, status

    def _benign_step(self, host, rng, choices):
        """An activity drawn from the host's mix, and the steps it takes (a name lookup first, now and then)."""
        weights = self.plan.profiles[host]
        activity = rng.choices(choices, weights=[weights[c] for c in choices])[0]
        server = rng.choice(sorted(self.plan.servers))
        steps = [recipes.BENIGN[activity](self.ctx, rng, host, server)]
        if activity in recipes.LOOKUP_FIRST and rng.random() < 0.5:
            steps.insert(0, recipes.lookup(self.ctx, rng, host, server))
        return activity, steps

    def _client(self, host, user):
        rng = self._rng(host, f"benign{user}")
        choices = sorted(recipes.BENIGN)
        while self._elapsed() < self.plan.duration - 5:
            activity, steps = self._benign_step(host, rng, choices)
            for step in steps:
                self._run_step(host, step, activity)
            self._pause(rng.expovariate(1.0 / self.plan.think[host]))

    def _attacker(self, host):
        rng = self._rng(host, "attacks")
        benign_rng = self._rng(host, "benign")
        slots = [s for s in self.plan.attacks if s.host == host]
        for slot in slots:
            while self.plan.attacker_benign.get(host) and self._elapsed() < slot.at - 1:
                activity, steps = self._benign_step(host, benign_rng, list(recipes.SHORT_BENIGN))
                if self._elapsed() + sum(step.timeout for step in steps) >= slot.at - 1:
                    break
                for step in steps:
                    self._run_step(host, step, activity)
                self._pause(benign_rng.expovariate(1.0 / self.plan.think[host]))
            self._pause(slot.at - self._elapsed())
            target = rng.choice(sorted(self.plan.servers))
            step = recipes.ATTACKS[slot.kind](self.ctx, rng, host, target, slot.budget)
            self.say(f"[{self._elapsed():6.1f}s] {host} ATTACK {step.text}")
            started, ended, status = self._run_step(host, step, slot.kind)
            with self._lock:
                self.windows.append(labels_mod.Window(self.ctx.ips[host], started, ended, self.plan.family(slot.kind),
                                                      slot.kind, step.tool, self.ctx.ips[target], step.params))

    def _pause(self, seconds):
        deadline = time.monotonic() + max(0.0, seconds)
        while time.monotonic() < deadline:
            if self.processes.stopping.is_set():
                raise Interrupted()
            time.sleep(min(0.2, deadline - time.monotonic()) if deadline > time.monotonic() else 0)

    # ---- results -----------------------------------------------------------------------------------------------

    def write_results(self, pcap):
        labels_path = os.path.join(self.out_dir, "labels.csv")
        labels_mod.write(labels_path, self.windows)
        manifest = {
            "seed": self.plan.seed, "pcap": os.path.basename(pcap), "labels": "labels.csv",
            "start": self.t0, "duration": self.plan.duration,
            "hosts": {h.name: {"ip": h.ip, "mac": h.mac,
                               "role": "server" if h.name in self.plan.servers else
                               "attacker" if h.name in self.plan.attackers else "client"}
                      for h in self.topology.hosts},
            "services": {s: vars(v) | {"iperf": list(v.iperf)} for s, v in self.plan.servers.items()},
            "attacks": [vars(w) for w in sorted(self.windows, key=lambda w: w.start)],
            "steps": sorted(self.steps, key=lambda s: s["start"]),
        }
        with open(os.path.join(self.out_dir, "manifest.json"), "w") as f:
            json.dump(manifest, f, indent=1)
        return labels_path


def run(seed, out_dir, duration=180.0, attack_rounds=1, hosts_per_leaf=4, kinds=plan_mod.ATTACK_KINDS,
        processes=None, say=print):
    """Plays one seeded run and captures it; returns (pcap, labels). The caller holds the stack lock."""
    topology = lab_topology(hosts_per_leaf)
    plan = plan_mod.make_plan(seed, [h.name for h in topology.hosts], duration=duration,
                              attack_rounds=attack_rounds, kinds=kinds)
    processes = processes or Processes()
    os.makedirs(out_dir, exist_ok=True)
    lab = bridgelab.Lab(topology, processes, out_dir)
    runner = LabRun(plan, topology, out_dir, processes, say)
    pcap = os.path.join(out_dir, "lab.pcap")
    try:
        runner.prepare()
        say(f"lab seed {seed}: servers {', '.join(plan.servers)}; clients {', '.join(plan.clients)}; attackers "
            f"{', '.join(plan.attackers)}; {len(plan.attacks)} attacks; about {plan.duration:.0f} s")
        lab.start()
        runner.start_servers()
        lab.start_capture("lab")
        runner.play()
        time.sleep(1.0)  # the last replies reach the capture
        for server in runner.servers:
            processes.stop(server)
        lab.stop_capture(pcap)
        labels_path = runner.write_results(pcap)
        return pcap, labels_path
    finally:
        processes.stop_all()
        lab.stop()
        shutil.rmtree(os.path.join(out_dir, "uploads"), ignore_errors=True)
