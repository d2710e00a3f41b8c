"""Benign long, low-rate flows the live lab has too few of, crafted packet by packet from a seed.

    PYTHONPATH=testing python3 -m nidslib.lab.longflows --seed 5101 --out build/lab/longflows5101
    #   lab.pcap (classic pcap, 256 B snaplen, as the lab's), labels.csv (no attack rows: every flow is benign),
    #   manifest.json (every flow drawn: kind, hosts, rate, packets, sizes)

The live lab's runs last minutes, so its benign flows past 128 packets are bulk transfers; a late tree trained on
them alone calls any long ICMP flow, or a long flow with nothing coming back, a flood. An operator's network also has
monitoring pings, syslog and telemetry exports, one-way media streams and idle TCP sessions kept alive for hours;
these are them, at 0.2-50 packets per second (the lab's floods send 200-3000), 150-2000 packets a flow. Crafted,
not played by real tools or hosts: `nids-model dataset --pcap` takes the capture beside the lab's runs
(docs/results.md). No flow pauses for 30 s or more (the app's idle sweep would end it).
"""
import argparse
import json
import math
import os
import random
import struct

from . import labels as labels_mod

T0 = 1_850_000_000.0
SNAPLEN = 256
HOSTS = range(1, 9)
MAX_GAP = 25.0          # seconds; below the idle sweep's 30 s
KINDS = [("ping", 30), ("ping-unanswered", 5), ("udp-oneway", 35), ("udp-twoway", 10), ("tcp-keepalive", 20)]


def address(host):
    return bytes([10, 0, 0, host])


def _checksum(data):
    if len(data) % 2:
        data += b"\0"
    total = sum(struct.unpack("!%dH" % (len(data) // 2), data))
    while total >> 16:
        total = (total & 0xFFFF) + (total >> 16)
    return ~total & 0xFFFF


def frame(src, dst, proto, l4):
    """An Ethernet frame from lab host src to dst (the lab's MACs and addresses) carrying l4 (bytes) as IPv4."""
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(l4), 0, 0x4000, 64, proto, 0, address(src), address(dst))
    ip = ip[:10] + struct.pack("!H", _checksum(ip)) + ip[12:]
    return bytes([0, 0, 0, 0, 0, dst, 0, 0, 0, 0, 0, src]) + b"\x08\x00" + ip + l4


def icmp(src, dst, kind, ident, seq, size):
    return frame(src, dst, 1, struct.pack("!BBHHH", kind, 0, 0, ident, seq & 0xFFFF) + b"p" * size)


def udp(src, dst, sport, dport, size):
    return frame(src, dst, 17, struct.pack("!HHHH", sport, dport, 8 + size, 0) + b"u" * size)


def tcp(src, dst, sport, dport, flags, seq, ack, size=0):
    bits = sum({"F": 1, "S": 2, "R": 4, "P": 8, "A": 16}[f] for f in flags)
    return frame(src, dst, 6, struct.pack("!HHIIBBHHH", sport, dport, seq, ack, 5 << 4, bits, 64240, 0, 0)
                 + b"t" * size)


def free_port(rng, used):
    """An ephemeral port not in `used` (a set), added to it: each crafted flow its own 5-tuple."""
    while True:
        port = rng.randint(32768, 60999)
        if port not in used:
            used.add(port)
            return port


def log_uniform(rng, low, high):
    return math.exp(rng.uniform(math.log(low), math.log(high)))


class LongFlows:
    """Draws the flows and collects their packets as (time, frame)."""

    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.packets = []
        self.flows = []
        self.ports = set()
        self.pair_free = {}     # one ICMP flow at a time per pair (ICMP flows were keyed by address pair until
                                # 2026-11-25)

    def _gap(self, rate):
        """The next inter-packet gap of a flow at `rate` per second: jittered by up to 20%, never 30 s."""
        return min(MAX_GAP, self.rng.uniform(0.8, 1.2) / rate)

    def _port(self):
        return free_port(self.rng, self.ports)

    def _hosts(self):
        src, dst = self.rng.sample(list(HOSTS), 2)
        return src, dst

    def add(self, kind, start):
        rng = self.rng
        src, dst = self._hosts()
        packets = int(log_uniform(rng, 150, 2000))
        if kind.startswith("ping"):
            pair = frozenset((src, dst))
            start = max(start, self.pair_free.get(pair, 0.0) + 40.0)
            rate = log_uniform(rng, 0.2, 50) if kind == "ping" else log_uniform(rng, 0.2, 5)
            size = rng.choice([0, 8, 32, 56, 56, 56, 64, 100, 500, 1000, 1400])
            answered = kind == "ping"
            loss = rng.choice([0.0, 0.0, 0.01, 0.05])
            echoes = packets // 2 if answered else packets
            t, ident = start, rng.randint(1, 65535)
            for seq in range(echoes):
                self.packets.append((t, icmp(src, dst, 8, ident, seq, size)))
                if answered and rng.random() >= loss:
                    self.packets.append((t + rng.uniform(0.0001, 0.02), icmp(dst, src, 0, ident, seq, size)))
                t += self._gap(rate)
            self.pair_free[pair] = t
            params = dict(rate=round(rate, 3), size=size, echoes=echoes, loss=loss)
        elif kind == "udp-oneway":
            role, low, high, sizes, dport = rng.choice([
                ("syslog", 0.2, 20, (60, 400), rng.choice([514, 1514, 5514])),
                ("telemetry", 0.2, 10, (200, 1400), rng.choice([2055, 4739, 6343, 9995])),
                ("media", 20, 50, (160, 240), rng.randint(16384, 32767)),
                ("sensor", 1, 50, (20, 200), rng.randint(1024, 32767))])
            rate = log_uniform(rng, low, high)
            fixed = rng.random() < 0.5
            size = rng.randint(*sizes)
            sport, t = self._port(), start
            for _ in range(packets):
                self.packets.append((t, udp(src, dst, sport, dport, size if fixed else rng.randint(*sizes))))
                t += self._gap(rate)
            params = dict(role=role, rate=round(rate, 3), size=size if fixed else list(sizes), port=dport)
        elif kind == "udp-twoway":
            rate = log_uniform(rng, 5, 50)
            size = rng.randint(80, 240)
            sport, dport, t = self._port(), rng.randint(16384, 32767), start
            for _ in range(packets // 2):
                self.packets.append((t, udp(src, dst, sport, dport, size)))
                self.packets.append((t + rng.uniform(0.001, 0.05), udp(dst, src, dport, sport, size)))
                t += self._gap(rate)
            params = dict(rate=round(rate, 3), size=size)
        else:
            # An idle TCP session kept alive: keepalive probes answered by ACKs, now and then a small exchange.
            rate = log_uniform(rng, 0.1, 5)
            sport, dport = self._port(), rng.choice([22, 443, 1883, 5222, 5671, 8883])
            seq, ack, t = 1000, 5000, start
            self.packets += [(t, tcp(src, dst, sport, dport, "S", seq - 1, 0)),
                             (t + 0.0003, tcp(dst, src, dport, sport, "SA", ack - 1, seq)),
                             (t + 0.0006, tcp(src, dst, sport, dport, "A", seq, ack))]
            sent, exchanges = 3, 0.3
            while sent < packets - 3:
                t += self._gap(rate / 2)
                if rng.random() < exchanges:
                    request, reply = rng.randint(20, 300), rng.randint(20, 1400)
                    self.packets += [(t, tcp(src, dst, sport, dport, "PA", seq, ack, request)),
                                     (t + 0.002, tcp(dst, src, dport, sport, "PA", ack, seq + request, reply)),
                                     (t + 0.003, tcp(src, dst, sport, dport, "A", seq + request, ack + reply))]
                    seq, ack, sent = seq + request, ack + reply, sent + 3
                else:
                    prober = rng.random() < 0.7
                    a, b, pa, pb, sa, sb = ((src, dst, sport, dport, seq, ack) if prober
                                            else (dst, src, dport, sport, ack, seq))
                    self.packets += [(t, tcp(a, b, pa, pb, "A", sa - 1, sb)),
                                     (t + 0.0004, tcp(b, a, pb, pa, "A", sb, sa))]
                    sent += 2
            if rng.random() < 0.7:
                t += self._gap(rate)
                self.packets += [(t, tcp(src, dst, sport, dport, "FA", seq, ack)),
                                 (t + 0.0004, tcp(dst, src, dport, sport, "FA", ack, seq + 1)),
                                 (t + 0.0008, tcp(src, dst, sport, dport, "A", seq + 1, ack + 1))]
            params = dict(rate=round(rate, 3), port=dport)
        self.flows.append(dict(kind=kind, src=src, dst=dst, start=round(start, 3), packets=packets, **params))

    def draw(self, flows, spread):
        kinds = [k for k, _ in KINDS]
        weights = [w for _, w in KINDS]
        for _ in range(flows):
            self.add(self.rng.choices(kinds, weights)[0], T0 + self.rng.uniform(0, spread))

    def write(self, out):
        os.makedirs(out, exist_ok=True)
        write_pcap(os.path.join(out, "lab.pcap"), self.packets)
        labels_mod.write(os.path.join(out, "labels.csv"), [])


def write_pcap(path, packets):
    """Sorts (time, frame) pairs by time (in place) and writes them as a classic pcap, cut at SNAPLEN."""
    packets.sort(key=lambda p: p[0])
    with open(path, "wb") as f:
        f.write(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, SNAPLEN, 1))
        for t, data in packets:
            us = round(t * 1e6)
            kept = data[:SNAPLEN]
            f.write(struct.pack("<IIII", us // 1_000_000, us % 1_000_000, len(kept), len(data)) + kept)


def read_pcap(path):
    """The packets of a classic pcap written by write_pcap, as (time, kept length, length, frame bytes)."""
    with open(path, "rb") as f:
        data = f.read()
    magic, _, _, _, _, snaplen, linktype = struct.unpack("<IHHiIII", data[:24])
    if (magic, snaplen, linktype) != (0xA1B2C3D4, SNAPLEN, 1):
        raise ValueError(f"{path}: not a pcap written by write_pcap")
    packets, at = [], 24
    while at < len(data):
        sec, usec, kept, length = struct.unpack("<IIII", data[at:at + 16])
        packets.append((sec + usec / 1e6, kept, length, data[at + 16:at + 16 + kept]))
        at += 16 + kept
    return packets


def generate(seed, out, flows=160, spread=600.0):
    lab = LongFlows(seed)
    lab.draw(flows, spread)
    lab.write(out)
    write_manifest(out, seed, "synthetic benign long flows (nidslib.lab.longflows)", lab)
    return lab


def write_manifest(out, seed, kind, lab):
    """manifest.json of a crafted run: what it is and every flow drawn (lab.packets, lab.flows)."""
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump({"seed": seed, "kind": kind, "pcap": "lab.pcap", "labels": "labels.csv",
                   "packets": len(lab.packets), "flows": lab.flows}, f, indent=1)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python3 -m nidslib.lab.longflows", description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--out", required=True, help="directory for lab.pcap, labels.csv, manifest.json")
    parser.add_argument("--flows", type=int, default=160)
    parser.add_argument("--spread", type=float, default=600.0, help="flows start within this many seconds")
    args = parser.parse_args(argv)
    if args.flows < 1 or args.spread <= 0:
        parser.error("--flows must be >= 1 and --spread > 0")
    lab = generate(args.seed, args.out, args.flows, args.spread)
    print(f"{len(lab.flows)} flows, {len(lab.packets)} packets -> {args.out}")


if __name__ == "__main__":
    main()
