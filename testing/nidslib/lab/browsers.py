"""Benign web browsers the live lab has none of, crafted packet by packet from a seed.

    PYTHONPATH=testing python3 -m nidslib.lab.browsers --seed 6101 --out build/lab/browsers6101
    #   lab.pcap (classic pcap, 256 B snaplen, as the lab's), labels.csv (no attack rows: every flow is benign),
    #   manifest.json (every page load drawn: hosts, connections, requests, sizes)

The live lab's HTTP clients (curl, wget, python http.client) send requests of 80-200 B, one or a few connections at
a time; slowhttptest's requests are 300-500 B. A tree trained on those alone learns "a 300+ B request in the first
packets" as slow DoS, and a real browser sends 350-1,500 B requests (user agent, accept headers, cookies) over up to
6 parallel keep-alive connections per server, several servers per page, opened within milliseconds, some
preconnected and left idle until the browser closes them. These are page loads of such browsers: 1-6 connections to
each of 1-3 servers, 1-40 requests over them, responses of 200 B-300 KB, idle keep-alive for 1-25 s, then FINs
(sometimes a RST, sometimes left for the app's idle sweep). Crafted, not played by a browser: `nids-model dataset
--pcap` takes the capture beside the lab's runs (docs/results.md).

With `--dns` each page load also resolves its names first, as a browser with a cold cache does: the page's own name,
then, once the page has arrived, the names its assets come from (none to about 120, CDNs, fonts, analytics), within
0.05-2.5 s, each an A and an AAAA query on one socket or two (one or two UDP flows to the client's resolver, port 53,
each answered after 0.2-80 ms; a few lost and sent again). The lab's dig clients send 1-6 queries at a time, so a
capture without such bursts teaches a tree that a source opening 20 UDP flows to one port within seconds is a flood.
The lookups are drawn from a generator of their own: the TCP part of a capture is the same with and without `--dns`.

`--remote-pages N` adds N page loads of sites beyond the lab, as a browser on a real network makes them: 1-40
servers (addresses outside the lab's hosts), each at its own round-trip time of 5-150 ms, 1-6 connections to each,
opened within 0.02-1 s of the page's arrival. Over such round trips a browser has dozens of handshakes open at
once to as many hosts, on one or two ports: what the lab's LAN clients never show, and what a scan's first packets
look like by counts alone. Drawn from a generator of their own, after the lab's page loads.
"""
import argparse
import os
import random
import struct

from . import labels as labels_mod
from .longflows import T0, frame, free_port, log_uniform, udp, write_manifest, write_pcap

HOSTS = range(1, 9)
REMOTE_HOSTS = range(32, 255)   # servers beyond the lab (10.0.0.32-254: no lab host has such an address)
REMOTE_SERVERS = (1, 40)        # log-uniform: servers a remote page load connects to
MSS = 1448                 # 1,500 B MTU minus IP, TCP and timestamp headers
DNS_PORT = 53
ASSET_NAMES = (1, 120)     # log-uniform: names a cold page load resolves besides its own


# A browser's host stack (Linux, Windows, macOS alike): SYN and SYN-ACK carry MSS, SACK permitted, timestamps and
# window scale (20 B), every later segment a timestamp (12 B), so the handshake and pure ACKs are as long as the
# lab's real ones.
SYN_OPTIONS = bytes([2, 4, 0x05, 0xB4, 4, 2, 8, 10]) + b"\0" * 8 + bytes([1, 3, 3, 7])
TS_OPTIONS = bytes([1, 1, 8, 10]) + b"\0" * 8


def tcp(src, dst, sport, dport, flags, seq, ack, size=0):
    """A TCP segment with a real stack's options (above) and `size` payload bytes."""
    bits = sum({"F": 1, "S": 2, "R": 4, "P": 8, "A": 16}[f] for f in flags)
    options = SYN_OPTIONS if "S" in flags else TS_OPTIONS
    header = struct.pack("!HHIIBBHHH", sport, dport, seq, ack, (5 + len(options) // 4) << 4, bits, 64240, 0, 0)
    return frame(src, dst, 6, header + options + b"t" * size)


class Browsers:
    """Draws page loads and collects their packets as (time, frame)."""

    def __init__(self, seed, dns=False, remote_pages=0):
        self.rng = random.Random(seed)
        self.remote_rng = random.Random(f"remote-{seed}")
        self.remote_pages = remote_pages
        # the lookups' own draws, so that the TCP part is the same with and without them
        self.dns_rng = random.Random(f"dns-{seed}") if dns else None
        self.resolvers = {}
        self.dns_ports = {}
        self.packets = []
        self.flows = []
        self.ports = set()

    def _lookup_flow(self, client, resolver, start, queries):
        """One UDP socket's queries to the resolver and their answers (a lost query is sent again)."""
        rng, out = self.dns_rng, self.packets
        sport = free_port(rng, self.dns_ports.setdefault(client, set()))
        for q in range(queries):
            t = start + q * rng.uniform(0.00002, 0.0003)
            question = rng.randint(29, 80)                     # header, name, type and class, an EDNS record often
            if rng.random() < 0.03:                            # lost on the way: the stub resolver asks again
                out.append((t, udp(client, resolver, sport, DNS_PORT, question)))
                t += rng.choice([1.0, 1.0, 2.0, 5.0])
            out.append((t, udp(client, resolver, sport, DNS_PORT, question)))
            answer = question + (rng.randint(12, 40) if rng.random() < 0.05 else rng.randint(16, 420))
            out.append((t + log_uniform(rng, 0.0002, 0.08), udp(resolver, client, DNS_PORT, sport, answer)))

    def _lookups(self, client, start, rtt):
        """The page's own name just before `start`, then its assets' names once the page has arrived; returns the
        names resolved."""
        rng = self.dns_rng
        resolver = self.resolvers.setdefault(client, rng.choice([h for h in HOSTS if h != client]))
        cached = rng.random() < 0.3                 # the site's names still cached: the page's own at most
        names = [start - rng.uniform(0.002, 0.05)] if not cached or rng.random() < 0.3 else []
        if not cached:
            first = start + 2 * rtt + rng.uniform(0.005, 0.3)
            window = log_uniform(rng, 0.05, 2.5)
            names += sorted(first + rng.uniform(0, window) for _ in range(int(log_uniform(rng, *ASSET_NAMES))))
        for t in names:
            kind = rng.random()
            if kind < 0.45:                          # A and AAAA on one socket
                self._lookup_flow(client, resolver, t, 2)
            elif kind < 0.85:                        # one socket each
                self._lookup_flow(client, resolver, t, 1)
                self._lookup_flow(client, resolver, t + rng.uniform(0.00002, 0.0003), 1)
            else:
                self._lookup_flow(client, resolver, t, 1)
        return len(names)

    def _connection(self, client, server, dport, start, rtt, requests, preconnect, rng=None):
        """One keep-alive connection: handshake, `requests` (request, response) exchanges, idle, close."""
        rng, out = rng or self.rng, self.packets
        sport = free_port(rng, self.ports)
        cseq, sseq, t = rng.randint(1, 2 ** 31), rng.randint(1, 2 ** 31), start
        out += [(t, tcp(client, server, sport, dport, "S", cseq, 0)),
                (t + rtt / 2, tcp(server, client, dport, sport, "SA", sseq, cseq + 1)),
                (t + rtt, tcp(client, server, sport, dport, "A", cseq + 1, sseq + 1))]
        cseq, sseq, t = cseq + 1, sseq + 1, t + rtt
        if preconnect:
            t += rng.uniform(0.05, 3.0)      # opened ahead of need: idle until the page asks for something
        for _ in range(requests):
            request = int(log_uniform(rng, 350, 1500))
            while request > 0:                                  # a request past one segment takes two
                size = min(MSS, request)
                out.append((t, tcp(client, server, sport, dport, "PA", cseq, sseq, size)))
                cseq, request, t = cseq + size, request - size, t + 0.00005
            t += rtt / 2 + rng.uniform(0.0002, 0.03)            # the server's think time
            response = int(log_uniform(rng, 200, 300_000))
            sent = 0
            while sent < response:
                size = min(MSS, response - sent)
                out.append((t, tcp(server, client, dport, sport, "PA" if sent + size == response else "A",
                                   sseq, cseq, size)))
                sent += size
                sseq += size
                t += rng.uniform(0.00005, 0.0005)
                if sent % (2 * MSS) == 0 or sent == response:
                    out.append((t + rtt / 2, tcp(client, server, sport, dport, "A", cseq, sseq)))
            t += rtt / 2 + rng.uniform(0.0, 0.2)                # parsing, then the next asset
        t += rng.uniform(1.0, 25.0)                             # keep-alive idle, below the idle sweep's 30 s
        end = rng.random()
        if end < 0.75:
            out += [(t, tcp(client, server, sport, dport, "FA", cseq, sseq)),
                    (t + rtt / 2, tcp(server, client, dport, sport, "FA", sseq, cseq + 1)),
                    (t + rtt, tcp(client, server, sport, dport, "A", cseq + 1, sseq + 1))]
        elif end < 0.9:
            out.append((t, tcp(client, server, sport, dport, "RA", cseq, sseq)))
        # else: left open; the app's idle sweep ends it
        return requests

    def page(self, client, start):
        """A page load: 1-3 servers, up to 6 connections each opened within milliseconds, 1-40 requests."""
        rng = self.rng
        servers = rng.sample([h for h in HOSTS if h != client], rng.choice([1, 1, 1, 2, 2, 3]))
        rtt = log_uniform(rng, 0.0003, 0.02)
        assets = int(log_uniform(rng, 1, 40))
        loads = []
        for i, server in enumerate(servers):
            dport = rng.choice([80, 80, 8080, 8000, 443, 3000])
            connections = rng.randint(1, 6)
            share = max(1, assets // len(servers))
            t = start + (0 if i == 0 else rng.uniform(0.01, 0.5))
            per = [share // connections + (1 if c < share % connections else 0) for c in range(connections)]
            for c, requests in enumerate(per):
                preconnect = requests == 0 or rng.random() < 0.1
                self._connection(client, server, dport, t + c * rng.uniform(0.0, 0.004), rtt, requests, preconnect)
            loads.append(dict(server=server, port=dport, connections=connections, requests=share))
        page = dict(kind="page", client=client, start=round(start, 3), rtt_ms=round(rtt * 1000, 2), servers=loads)
        if self.dns_rng:
            page["lookups"] = self._lookups(client, start, rtt)
        self.flows.append(page)

    def remote_page(self, client, start):
        """A page load of a site beyond the lab: 1-40 servers at 5-150 ms each, 1-6 connections to each."""
        rng = self.remote_rng
        servers = rng.sample(list(REMOTE_HOSTS), int(log_uniform(rng, *REMOTE_SERVERS)))
        first_rtt = log_uniform(rng, 0.005, 0.15)
        arrived = start + 2 * first_rtt + rng.uniform(0.01, 0.3)   # the page itself, then what it names
        burst = log_uniform(rng, 0.02, 1.0)                         # how fast the browser opens the rest
        loads = []
        for i, server in enumerate(servers):
            rtt = first_rtt if i == 0 else log_uniform(rng, 0.005, 0.15)
            t = start if i == 0 else arrived + rng.uniform(0, burst)
            if self.dns_rng:
                resolver = self.resolvers.setdefault(client, self.dns_rng.choice([h for h in HOSTS if h != client]))
                self._lookup_flow(client, resolver, t - rng.uniform(0.002, 0.05), 2)
            dport = rng.choice([443, 443, 443, 80])
            connections = rng.choice([1, 1, 1, 2, 2, 4, 6])
            for c in range(connections):
                requests = int(log_uniform(rng, 1, 12))
                self._connection(client, server, dport, t + c * rng.uniform(0.0, 0.004), rtt, requests,
                                 rng.random() < 0.1, rng)
            loads.append(dict(server=server, port=dport, connections=connections, rtt_ms=round(rtt * 1000, 2)))
        self.flows.append(dict(kind="remote-page", client=client, start=round(start, 3), servers=loads))

    def draw(self, pages, spread):
        for _ in range(pages):
            self.page(self.rng.choice(list(HOSTS)), T0 + self.rng.uniform(0, spread))
        for _ in range(self.remote_pages):
            self.remote_page(self.remote_rng.choice(list(HOSTS)), T0 + self.remote_rng.uniform(0, spread))

    def write(self, out):
        os.makedirs(out, exist_ok=True)
        write_pcap(os.path.join(out, "lab.pcap"), self.packets)
        labels_mod.write(os.path.join(out, "labels.csv"), [])


def generate(seed, out, pages=150, spread=600.0, dns=False, remote_pages=0):
    lab = Browsers(seed, dns, remote_pages)
    lab.draw(pages, spread)
    lab.write(out)
    kind = ("synthetic benign browser page loads" + (f", {remote_pages} of remote sites" if remote_pages else "")
            + (" with their DNS lookups" if dns else ""))
    write_manifest(out, seed, f"{kind} (nidslib.lab.browsers)", lab)
    return lab


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python3 -m nidslib.lab.browsers", description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--out", required=True, help="directory for lab.pcap, labels.csv, manifest.json")
    parser.add_argument("--pages", type=int, default=150)
    parser.add_argument("--spread", type=float, default=600.0, help="page loads start within this many seconds")
    parser.add_argument("--dns", action="store_true", help="each page load resolves its names first (UDP to port 53)")
    parser.add_argument("--remote-pages", type=int, default=0,
                        help="also this many page loads of sites beyond the lab (many servers, 5-150 ms away)")
    args = parser.parse_args(argv)
    if args.pages < 1 or args.spread <= 0 or args.remote_pages < 0:
        parser.error("--pages must be >= 1, --spread > 0 and --remote-pages >= 0")
    lab = generate(args.seed, args.out, args.pages, args.spread, args.dns, args.remote_pages)
    print(f"{len(lab.flows)} page loads, {len(lab.packets)} packets -> {args.out}")


if __name__ == "__main__":
    main()
