"""The demo's story: a server host, benign clients and one attacker, with real tools, every one of them bounded.

    h2 (10.0.0.2)   server: a test sshd (keys and config under build/), an HTTP server, two iperf3 servers
    h1, h4          benign: HTTP downloads (some cancelled, some to closed ports), SSH sessions (key login, a few commands), iperf3 at
                    2 Mb/s, ping
    h3 (10.0.0.3)   attacker: nmap SYN scan, hping3 SYN flood, hydra SSH brute force

The same story runs on the BMv2 fabric (online) and on the offline lab, and it is what the default model is
trained on (labelled by source host: flows whose client is h3 are attacks).
"""
import os
import random
import shutil
import subprocess
import time

from .. import netns
from ..lab import labels as labels_mod
from ..processes import Interrupted

SERVER = "h2"
BENIGN = ("h1", "h4")
ATTACKER = "h3"
ATTACK_LABEL = "Attack"
IPERF_PORTS = {"h1": 5201, "h4": 5202}
HTTP_FILES = {"index.html": 2_000, "report.pdf": 60_000, "image.png": 250_000}
# Passwords hydra tries: none is right (no account accepts a password), so the attack never succeeds.
WORDLIST = ["123456", "password", "admin", "root", "toor", "qwerty", "letmein", "welcome", "monkey", "dragon",
            "master", "secret", "changeme", "passw0rd", "trustno1", "iloveyou", "sunshine", "princess", "football",
            "shadow", "superman", "michael", "ninja", "mustang", "access", "batman", "zaq1zaq1", "hello", "charlie",
            "donald", "starwars", "freedom", "whatever", "qazwsx", "654321", "jordan23", "harley", "1q2w3e4r",
            "abc123", "login", "solo", "flower", "hottie", "loveme", "admin123", "pass123", "test", "guest"]
# Closed ports benign clients now and then try (a stale bookmark, a service that moved): low and high ones, so a
# model cannot tell them from the scan's refused probes by the port alone.
REFUSED_PORTS = [21, 23, 443, 993, 3306, 5203, 8080, 8443]
# A client that finds its service down tries it on two ports, twice each, back to back: four refused connections
# within a second, in every round. So every capture holds a benign source's worst case of refused connections at
# once (SRC_HALF_OPEN 4); when the refused tries were single tasks placed at random, two fell within one source
# window only in some runs, and a model trained on a capture where they never did alerted a benign host's second
# refused connection (SRC_HALF_OPEN = 2 > 1) in the run where they did.
REFUSED_TRIES = {"ports": 2, "attempts": 2}
TOOLS = ["tcpdump", "mergecap", "nmap", "hping3", "hydra", "iperf3", "ssh", "ssh-keygen", "curl", "ping"]
SSHD = "/usr/sbin/sshd"


def missing_tools():
    """What the story needs that is not installed (`make setup` installs all of it)."""
    missing = [t for t in TOOLS if shutil.which(t) is None]
    if not os.access(SSHD, os.X_OK):
        missing.append(SSHD + " (openssh-server)")
    return missing


class Scenario:
    def __init__(self, topology, processes, work_dir, say, seed=1, verbose=False):
        self.topology = topology
        self.processes = processes
        self.work_dir = work_dir
        self.say = say
        # Every benign download and session is a line only when asked; the attacks always are.
        self.detail = say if verbose else (lambda text: None)
        self.rng = random.Random(seed)
        self.server = topology.host(SERVER)
        self.log = os.path.join(work_dir, "tools.log")
        self.ssh_dir = os.path.join(work_dir, "ssh")
        self.www_dir = os.path.join(work_dir, "www")
        self.servers = []
        # The attacks played (labels rows: source, time window, family), for the figures (nids-model eval).
        self.windows = []

    def address(self, name):
        return self.topology.host(name).ip

    # ---- servers -----------------------------------------------------------------------------------------------

    def prepare(self):
        """Keys, sshd config, web files and the wordlist in the work directory (kept between runs)."""
        os.makedirs(self.ssh_dir, exist_ok=True)
        os.makedirs(self.www_dir, exist_ok=True)
        host_key = os.path.join(self.ssh_dir, "ssh_host_ed25519_key")
        client_key = os.path.join(self.ssh_dir, "client_ed25519")
        for key in (host_key, client_key):
            if not os.path.exists(key):
                subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "nids-demo", "-f", key],
                               check=True, capture_output=True, timeout=30)
        shutil.copyfile(client_key + ".pub", os.path.join(self.ssh_dir, "authorized_keys"))
        with open(os.path.join(self.ssh_dir, "sshd_config"), "w") as f:
            f.write("\n".join([
                f"ListenAddress {self.server.ip}", "Port 22",
                f"HostKey {host_key}", f"PidFile {os.path.join(self.ssh_dir, 'sshd.pid')}",
                # Benign sessions log in with the demo key; hydra's passwords are refused (no password login).
                f"AuthorizedKeysFile {os.path.join(self.ssh_dir, 'authorized_keys')}",
                "PermitRootLogin prohibit-password", "PasswordAuthentication yes", "KbdInteractiveAuthentication no",
                # The keys live under build/, not in a home directory with sshd's expected modes.
                "StrictModes no", "UsePAM no", "UseDNS no", "MaxAuthTries 6", "MaxStartups 64", "LoginGraceTime 20",
                "PrintMotd no", "Subsystem sftp internal-sftp", ""]))
        for name, size in HTTP_FILES.items():
            path = os.path.join(self.www_dir, name)
            if not os.path.exists(path) or os.path.getsize(path) != size:
                with open(path, "wb") as f:
                    f.write(random.Random(size).randbytes(size))
        with open(os.path.join(self.work_dir, "wordlist.txt"), "w") as f:
            f.write("\n".join(WORDLIST) + "\n")

    def start_servers(self):
        # sshd refuses to start without its privilege-separation directory.
        os.makedirs("/run/sshd", exist_ok=True)
        ns = netns.exec_args(netns.of_host(SERVER))
        self.servers = [
            self.processes.popen(ns + [SSHD, "-D", "-e", "-f", os.path.join(self.ssh_dir, "sshd_config")],
                                 log=os.path.join(self.work_dir, "sshd.log")),
            self.processes.popen(ns + ["python3", "-m", "http.server", "80", "--bind", self.server.ip, "--directory",
                                       self.www_dir], log=os.path.join(self.work_dir, "http.log")),
        ]
        for port in IPERF_PORTS.values():
            self.servers.append(self.processes.popen(ns + ["iperf3", "-s", "-B", self.server.ip, "-p", str(port)],
                                                     log=self.log))
        deadline = time.monotonic() + 15
        ports = [22, 80, *IPERF_PORTS.values()]
        while time.monotonic() < deadline:
            if all(self._listening(port) for port in ports):
                return
            if any(p.poll() is not None for p in self.servers):
                break
            time.sleep(0.3)
        raise RuntimeError(f"the servers on {SERVER} did not all start (logs in {self.work_dir})")

    def _listening(self, port):
        out = netns.host_exec(SERVER, "ss", "-Hltn", f"sport = :{port}", timeout=10).stdout
        return bool(out.strip())

    # ---- one round of traffic ----------------------------------------------------------------------------------

    def run_round(self, attacks=True):
        """Benign clients and the attacker at the same time; returns when all are done (each step bounded)."""
        self.say(f"traffic: benign {', '.join(BENIGN)} -> {SERVER}: 10 HTTP downloads, 4 SSH sessions, "
                 f"2 cancelled downloads, a closed service tried {REFUSED_TRIES['attempts']} times on "
                 f"{REFUSED_TRIES['ports']} ports, 1 iperf3 run, 1 ping each" + (f"; attacks from {ATTACKER}" if attacks else ""))
        self.processes.run_together(*[(self._benign, name) for name in BENIGN],
                                    *([(self._attacks,)] if attacks else []))

    def _announce(self, text):
        """Says what the attacker does next, unless teardown has begun (then the step is not taken)."""
        if self.processes.stopping.is_set():
            raise Interrupted()
        self.say(text)

    def _exec(self, host, args, timeout):
        return self.processes.run(netns.exec_args(netns.of_host(host), *args), timeout, log=self.log)

    def _benign(self, name):
        server = self.server.ip
        key = os.path.join(self.ssh_dir, "client_ed25519")
        rng = random.Random(self.rng.random())
        tasks = ["http"] * 10 + ["cancel"] * 2 + ["refused"] + ["ssh"] * 4 + ["iperf"] + ["ping"]
        rng.shuffle(tasks)
        for task in tasks:
            if task == "http":
                path = rng.choice(list(HTTP_FILES))
                self.detail(f"{name} -> {SERVER}  HTTP GET /{path}")
                self._exec(name, ["curl", "-s", "-o", "/dev/null", "--max-time", "10", f"http://{server}/{path}"], 15)
            elif task == "cancel":
                # A download given up after 0.3 s: the client closes with unread data and its kernel sends a RST.
                # Benign flows end like that too (an iperf3 run over BMv2 did), so a RST alone must not look like
                # an attack to the model.
                self.detail(f"{name} -> {SERVER}  HTTP GET /image.png, cancelled after 0.3 s")
                self._exec(name, ["curl", "-s", "-o", "/dev/null", "--limit-rate", "200k", "--max-time", "0.3",
                                  f"http://{server}/image.png"], 10)
            elif task == "refused":
                # A client trying ports nobody listens on: the server's kernel answers each SYN with a bare 40-byte
                # RST, the packet a scan draws too (and a late segment after a close: one iperf3 run over BMv2
                # ended so). REFUSED_TRIES: why all tries come at once.
                for port in rng.sample(REFUSED_PORTS, REFUSED_TRIES["ports"]):
                    for _ in range(REFUSED_TRIES["attempts"]):
                        self.detail(f"{name} -> {SERVER}  HTTP to closed port {port} (refused)")
                        self._exec(name, ["curl", "-s", "-o", "/dev/null", "--max-time", "3",
                                          f"http://{server}:{port}/"], 10)
            elif task == "ssh":
                self.detail(f"{name} -> {SERVER}  SSH session (key login, 2 commands)")
                self._exec(name, ["ssh", "-i", key, "-o", "StrictHostKeyChecking=no", "-o",
                                  "UserKnownHostsFile=/dev/null", "-o", "BatchMode=yes", "-o", "ConnectTimeout=5",
                                  "-o", "LogLevel=ERROR", f"root@{server}", "uname -a; ls /usr/bin | wc -l"], 20)
            elif task == "iperf":
                self.detail(f"{name} -> {SERVER}  iperf3 for 3 s at 2 Mb/s")
                self._exec(name, ["iperf3", "-c", server, "-p", str(IPERF_PORTS[name]), "-t", "3", "-b", "2M"], 20)
            else:
                self.detail(f"{name} -> {SERVER}  ping x3")
                self._exec(name, ["ping", "-c", "3", "-i", "0.3", server], 10)
            time.sleep(rng.uniform(0.1, 0.6))

    def _attack(self, family, kind, tool, args, timeout, cwd=None):
        """Runs one attack tool in the attacker's namespace and records its time window (a labels row)."""
        started = time.time()
        self.processes.run(netns.exec_args(netns.of_host(ATTACKER), *args), timeout, log=self.log, cwd=cwd)
        self.windows.append(labels_mod.Window(self.address(ATTACKER), started, time.time(), family, kind, tool,
                                              self.server.ip, " ".join(args[1:])))

    def _attacks(self):
        server = self.server.ip
        time.sleep(2)
        self._announce(f"{ATTACKER} -> {SERVER}  ATTACK nmap SYN scan of ports 1-1024 at 250 packets/s")
        # --send-ip: raw IP through the kernel's (static) neighbour table; nmap's own ARP resolution gets no answer
        # on the fabric, which forwards only IPv4, and nmap would then scan nothing.
        self._attack("Scan", "syn-scan", "nmap", ["nmap", "-sS", "-Pn", "-n", "--send-ip", "-p", "1-1024",
                                                  "--max-rate", "250", "--max-retries", "1", server], 60)
        time.sleep(1)
        self._announce(f"{ATTACKER} -> {SERVER}  ATTACK hping3 SYN flood on port 80 (600 packets at 250 packets/s)")
        self._attack("Flood", "syn-flood", "hping3", ["hping3", "-q", "-S", "-p", "80", "-c", "600", "-i", "u4000",
                                                      server], 30)
        time.sleep(1)
        self._announce(f"{ATTACKER} -> {SERVER}  ATTACK hydra SSH brute force ({len(WORDLIST)} passwords, 4 tasks)")
        # -I: ignore a restore file of an earlier run; cwd: hydra writes hydra.restore there when stopped.
        self._attack("BruteForce", "ssh-bruteforce", "hydra", ["hydra", "-I", "-l", "admin", "-P",
                                                               os.path.join(self.work_dir, "wordlist.txt"), "-t",
                                                               "4", "-w", "10", f"ssh://{server}"], 90,
                     cwd=self.work_dir)
