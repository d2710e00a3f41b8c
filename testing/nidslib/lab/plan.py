"""A lab run's plan, drawn from its seed: which hosts serve, which attack and when, on which ports the services
listen, and how much of each benign activity every client does. Pure data (no processes): two seeds give two
different networks' worth of roles, ports, timings and parameters, and the same seed gives the same plan.

The tools and their parameters are drawn later, step by step, from per-host generators seeded from the plan
(recipes.py); what actually ran is what the labels file and the manifest record.
"""
import random
from dataclasses import dataclass, field

# Attack kinds and the family a multi-class model is taught to name (the label of their flows).
FAMILIES = {
    "syn-scan": "Scan",
    "udp-scan": "Scan",
    "syn-flood": "Flood",
    "udp-flood": "Flood",
    "icmp-flood": "Flood",
    "ssh-bruteforce": "BruteForce",
    "slow-http": "SlowDoS",
}
ATTACK_KINDS = tuple(FAMILIES)
# Longest an attack of each kind may run (the tool is given less; the step is killed at this bound).
ATTACK_BUDGET = {"syn-scan": 25, "udp-scan": 25, "syn-flood": 12, "udp-flood": 12, "icmp-flood": 12,
                 "ssh-bruteforce": 40, "slow-http": 35}

# Benign activities (recipes.BENIGN) and their base weights; every client draws its own mix around these.
BENIGN_WEIGHTS = {
    "http-page": 10, "http-download": 5, "http-cancel": 2, "http-post": 3, "wget": 3, "browse": 3, "http-api": 3,
    "page-heavy": 1.5, "dns-burst": 1, "health-check": 1,
    "http-refused": 1, "ssh-command": 5, "ssh-interactive": 2, "scp": 2, "iperf-tcp": 1.5, "iperf-udp": 1,
    "voip": 1, "nc-upload": 1.5, "dns": 7, "ping": 3, "syslog": 2,
}


@dataclass(frozen=True)
class Services:
    """One server's listening ports (drawn per run: a model must not learn a port number)."""
    http: int
    http_protocol: str
    ssh: int
    dns: int
    iperf: tuple
    sink_tcp: int
    sink_udp: int
    syslog: int

    def tcp_ports(self):
        return [self.http, self.ssh, self.dns, *self.iperf, self.sink_tcp]


@dataclass(frozen=True)
class AttackSlot:
    host: str
    kind: str
    at: float      # seconds after the run's start
    budget: float  # the step is stopped at this many seconds


@dataclass
class Plan:
    seed: int
    duration: float
    hosts: list                     # every host name of the topology, in order
    servers: dict                   # host name -> Services
    clients: list                   # benign clients (never attack)
    attackers: list                 # hosts that attack (and may be benign outside their windows)
    attacks: list                   # AttackSlot, by time
    profiles: dict                  # client name -> {activity: weight}
    think: dict                     # client name -> mean seconds between activities
    users: dict                     # client name -> activities it runs at the same time (people, programs)
    attacker_benign: dict = field(default_factory=dict)  # attacker -> does it browse between attacks

    def family(self, kind):
        return FAMILIES[kind]


def _ports(rng, used, choices):
    for _ in range(1000):
        port = rng.choice(choices) if isinstance(choices, list) else rng.randint(*choices)
        if port not in used:
            used.add(port)
            return port
    raise ValueError("no free port to draw")


def draw_services(rng):
    used = set()
    http = _ports(rng, used, [80, 8000, 8080, 8081, 8888, 3000, 5000, 9080])
    ssh = _ports(rng, used, [22, 22, 22, 2222, 2022, 8022])
    iperf = (_ports(rng, used, (5201, 5299)), _ports(rng, used, (20000, 40000)))
    return Services(http=http, http_protocol=rng.choice(["HTTP/1.0", "HTTP/1.1", "HTTP/1.1"]), ssh=ssh, dns=53,
                    iperf=iperf, sink_tcp=_ports(rng, used, (9000, 9999)), sink_udp=_ports(rng, used, (6000, 6999)),
                    syslog=rng.choice([514, 1514, 5514]))


def make_plan(seed, hosts, duration=180.0, attack_rounds=1, attackers=None, kinds=ATTACK_KINDS):
    """The plan of one run. `hosts`: names of the topology's hosts (at least 4). `attack_rounds`: how many times
    every attack kind occurs. `attackers`: how many hosts attack (default: 2, or 1 with 4 hosts)."""
    if len(hosts) < 4:
        raise ValueError("a lab needs at least 4 hosts (2 servers, a client, an attacker)")
    unknown = [k for k in kinds if k not in FAMILIES]
    if unknown:
        raise ValueError(f"unknown attack kinds: {', '.join(unknown)} (known: {', '.join(ATTACK_KINDS)})")
    rng = random.Random(seed)
    names = list(hosts)
    rng.shuffle(names)
    n_servers = 2
    n_attackers = attackers if attackers is not None else (1 if len(hosts) <= 4 else 2)
    if n_servers + n_attackers + 1 > len(hosts):
        raise ValueError(f"{len(hosts)} hosts cannot hold 2 servers, {n_attackers} attackers and a client")
    servers = {name: draw_services(rng) for name in sorted(names[:n_servers])}
    attacker_names = sorted(names[n_servers:n_servers + n_attackers])
    clients = sorted(names[n_servers + n_attackers:])

    slots = []
    kinds_to_play = [k for k in kinds for _ in range(attack_rounds)]
    rng.shuffle(kinds_to_play)
    clock = {a: rng.uniform(8.0, 25.0) for a in attacker_names}
    for i, kind in enumerate(kinds_to_play):
        # The next attack goes to whichever attacker is free first (ties: by turn), so both stay busy.
        attacker = min(attacker_names, key=lambda a: (clock[a], (attacker_names.index(a) - i) % len(attacker_names)))
        budget = ATTACK_BUDGET[kind]
        slots.append(AttackSlot(attacker, kind, round(clock[attacker], 3), budget))
        clock[attacker] += budget + rng.uniform(3.0, 12.0)
    slots.sort(key=lambda s: s.at)
    end = max([s.at + s.budget for s in slots] + [0.0]) + 8.0
    profiles = {}
    think = {}
    users = {}
    for client in clients + attacker_names:
        profiles[client] = {activity: weight * rng.lognormvariate(0.0, 0.8)
                            for activity, weight in BENIGN_WEIGHTS.items()}
        think[client] = rng.uniform(0.2, 2.0)
        users[client] = rng.randint(2, 4) if client in clients else 1
    return Plan(seed=seed, duration=max(float(duration), end), hosts=list(hosts), servers=servers, clients=clients,
                attackers=attacker_names, attacks=slots, profiles=profiles, think=think, users=users,
                attacker_benign={a: rng.random() < 0.7 for a in attacker_names})
