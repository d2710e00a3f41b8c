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
"""
import argparse
import os
import random
import struct

from . import labels as labels_mod
from .longflows import T0, frame, free_port, log_uniform, write_manifest, write_pcap

HOSTS = range(1, 9)
MSS = 1448                 # 1,500 B MTU minus IP, TCP and timestamp headers


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

    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.packets = []
        self.flows = []
        self.ports = set()

    def _connection(self, client, server, dport, start, rtt, requests, preconnect):
        """One keep-alive connection: handshake, `requests` (request, response) exchanges, idle, close."""
        rng, out = self.rng, self.packets
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
        self.flows.append(dict(kind="page", client=client, start=round(start, 3), rtt_ms=round(rtt * 1000, 2),
                               servers=loads))

    def draw(self, pages, spread):
        for _ in range(pages):
            self.page(self.rng.choice(list(HOSTS)), T0 + self.rng.uniform(0, spread))

    def write(self, out):
        os.makedirs(out, exist_ok=True)
        write_pcap(os.path.join(out, "lab.pcap"), self.packets)
        labels_mod.write(os.path.join(out, "labels.csv"), [])


def generate(seed, out, pages=150, spread=600.0):
    lab = Browsers(seed)
    lab.draw(pages, spread)
    lab.write(out)
    write_manifest(out, seed, "synthetic benign browser page loads (nidslib.lab.browsers)", lab)
    return lab


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python3 -m nidslib.lab.browsers", description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--out", required=True, help="directory for lab.pcap, labels.csv, manifest.json")
    parser.add_argument("--pages", type=int, default=150)
    parser.add_argument("--spread", type=float, default=600.0, help="page loads start within this many seconds")
    args = parser.parse_args(argv)
    if args.pages < 1 or args.spread <= 0:
        parser.error("--pages must be >= 1 and --spread > 0")
    lab = generate(args.seed, args.out, args.pages, args.spread)
    print(f"{len(lab.flows)} page loads, {len(lab.packets)} packets -> {args.out}")


if __name__ == "__main__":
    main()
