"""Single-flow floods and benign high-rate flows, crafted from a seed and written as a labelled lab run.

    PYTHONPATH=testing python3 -m nidslib.lab.floods --seed 7301 --out build/lab/floods7301
    #   lab.pcap (classic pcap, 256 B snaplen, as the lab's), labels.csv (one Flood row per flood),
    #   manifest.json (every flow drawn: kind, hosts, rate, packets, sizes, pacing, replies)

A flood from one 5-tuple (or one echo identifier, for ICMP) is one flow, so a run of the live lab gives each phase tree
one row of it per flood: a few per run, too few for a leaf to reach the alert threshold (leaf confidence is smoothed
by its row count). Here each run holds many of them, drawn over what a flood tool can be told: UDP, ICMP echo, TCP
SYN or ACK; 100-30,000 packets/s; 0-1400 B; even, jittered or bursty pacing; answered (echo replies, RSTs) or not.
Beside them, benign flows just as fast, which the lab has few of: bulk UDP with a hello or receiver reports coming
back, two-way calls and video, bulk TCP up and down, long one-way streams at 1-50/s past 2,000 packets, and the
benign flows nearest to the slowest floods: one-way streams at 20-60/s and pings at 10-50 echoes/s. Crafted,
not played by real tools or hosts; no flood source sends anything else within its window and 6 s after it (the
labels name flows by source and time, docs/lab.md), no benign flow runs while one of its hosts floods (the
hosts 10.0.0.9-16 never do), no address pair has two ICMP flows within 40 s (ICMP flows were keyed by
addresses only until 2026-11-25; each flood here uses one identifier) and no flow pauses 30 s (the app's idle
sweep).
"""
import argparse
import json
import math
import os
import random

from . import labels as labels_mod
from .longflows import address, free_port, icmp, log_uniform, tcp, udp, write_manifest, write_pcap

T0 = 1_860_000_000.0
HOSTS = range(1, 9)          # the lab's hosts: floods and benign flows
OTHER_HOSTS = range(9, 17)   # benign flows only (a minutes-long stream would overlap a lab host's floods)
FLOOD_KINDS = [("udp", 35), ("icmp", 30), ("tcp-syn", 20), ("tcp-ack", 15)]
BENIGN_KINDS = [("udp-bulk", 25), ("udp-call", 15), ("tcp-bulk", 25), ("udp-oneway-long", 15), ("udp-oneway-fast", 30),
                ("ping-fast", 25)]
SIZES = [0, 0, 8, 16, 32, 56, 64, 100, 128, 200, 256, 512, 700, 1000, 1200, 1400]
AFTER_FLOOD = 6.0       # seconds a flood source stays quiet after its window (nids-model leaves out its flows for 5)
ICMP_PAIR_GAP = 40.0    # seconds between two ICMP flows of one address pair


class Floods:
    """Draws the flows and collects their packets as (time, frame) and the floods' label windows."""

    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.packets = []
        self.flows = []
        self.windows = []
        self.ports = set()
        self.icmp_busy = {}     # address pair -> [(first, last)] of its ICMP flows
        self.busy = {}          # flood source -> [(start, end + AFTER_FLOOD)] within which it starts nothing else

    def _port(self):
        return free_port(self.rng, self.ports)

    def _icmp_free(self, pair, first, last):
        """Whether an ICMP flow of `pair` from first to last keeps 40 s away from the pair's other ICMP flows."""
        return not any(a - ICMP_PAIR_GAP <= last and first <= b + ICMP_PAIR_GAP
                       for a, b in self.icmp_busy.get(pair, []))

    def _pair(self, start):
        for _ in range(200):
            src, dst = self.rng.sample(list(HOSTS), 2)
            if any(a <= start <= b for a, b in self.busy.get(src, [])):
                continue
            # the flood's own length is not drawn yet: a minute is more than any of them lasts
            if not self._icmp_free(frozenset((src, dst)), start, start + 60.0):
                continue
            return src, dst
        return None

    def _times(self, start, rate, count, pacing):
        """Send times of `count` packets at `rate`/s: even, jittered (±50%) or in bursts of 2-16 back to back."""
        rng, t, times = self.rng, start, []
        burst = rng.randint(2, 16)
        while len(times) < count:
            if pacing == "even":
                times.append(t)
                t += 1.0 / rate
            elif pacing == "jitter":
                times.append(t)
                t += rng.uniform(0.5, 1.5) / rate
            else:
                for k in range(min(burst, count - len(times))):
                    times.append(t + k * 2e-6)
                t += burst / rate
        return times

    def flood(self, kind, start):
        rng = self.rng
        pair = self._pair(start)
        if pair is None:
            return start
        src, dst = pair
        rate = log_uniform(rng, 100, 30000)
        count = int(log_uniform(rng, 300, 5000))
        size = rng.choice(SIZES)
        pacing = rng.choice(["even", "even", "jitter", "bursts"])
        answered = rng.random() < 0.5
        times = self._times(start, rate, count, pacing)
        sport, dport = self._port(), rng.choice([53, 80, 123, 161, 443, 1900, 5060, 11211, rng.randint(1, 65535)])
        unreachable = []
        for k, t in enumerate(times):
            if kind == "udp":
                self.packets.append((t, udp(src, dst, sport, dport, size)))
                # a closed port: the victim answers with ICMP port unreachables, rate-limited (a burst, then 1/s)
                if answered and (k < 6 or (unreachable and t - unreachable[-1] >= 1.0)):
                    unreachable.append(t + 0.0002)
            elif kind == "icmp":
                self.packets.append((t, icmp(src, dst, 8, 0x4242, k, size)))
                if answered:
                    self.packets.append((t + rng.uniform(0.00005, 0.001), icmp(dst, src, 0, 0x4242, k, size)))
            else:
                flags = "S" if kind == "tcp-syn" else "A"
                self.packets.append((t, tcp(src, dst, sport, dport, flags, 1000 + k, 0 if flags == "S" else 7, size)))
                if answered:    # a closed port (RST) or a SYN-ACK the flooder's own stack resets; either way answered
                    self.packets.append((t + 0.0002, tcp(dst, src, dport, sport, "RA", 0, 1001 + k)))
        for t in unreachable:
            self.packets.append((t, icmp(dst, src, 3, 0, 0, 28)))
        end = times[-1]
        if unreachable or kind == "icmp":
            self.icmp_busy.setdefault(frozenset((src, dst)), []).append((start, end + 1.0))
        self.busy.setdefault(src, []).append((start - 0.01, end + AFTER_FLOOD))
        tool = "crafted"
        params = dict(rate=round(rate, 1), packets=count, size=size, pacing=pacing, answered=answered, dport=dport)
        self.windows.append(labels_mod.Window(address_str(src), start - 0.001, end + 0.001, "Flood", f"{kind}-flood",
                                              tool, address_str(dst), json.dumps(params, sort_keys=True)))
        self.flows.append(dict(kind=f"{kind}-flood", src=src, dst=dst, start=round(start, 3), **params))
        return end

    def benign(self, kind, start):
        """A benign flow between two hosts neither of which floods while it lasts (the labels would split it)."""
        for _ in range(50):
            src, dst = self.rng.sample(list(HOSTS) + list(OTHER_HOSTS), 2)
            packets, params = self._benign_packets(kind, src, dst, start)
            first, last = packets[0][0], max(t for t, _ in packets)
            pair = frozenset((src, dst))
            if kind == "ping-fast" and not self._icmp_free(pair, first, last):
                continue
            if not any(a <= last and first <= b for host in (src, dst) for a, b in self.busy.get(host, [])):
                if kind == "ping-fast":
                    self.icmp_busy.setdefault(pair, []).append((first, last))
                self.packets += packets
                self.flows.append(dict(kind=kind, src=src, dst=dst, start=round(start, 3), **params))
                return

    def _benign_packets(self, kind, src, dst, start):
        rng, out = self.rng, []
        sport = self._port()
        if kind == "udp-bulk":
            # iperf3 -u like: a 4 B hello each way, then datagrams at a bit rate; sometimes reversed; sometimes a
            # receiver report back every 0.1-1 s (RTP/RTCP, QUIC-like acks are denser: up to every 10th packet)
            rate, size = log_uniform(rng, 100, 20000), rng.randint(200, 1400)
            count = int(log_uniform(rng, 300, 6000))
            reverse, reports = rng.random() < 0.3, rng.choice([0, 0, log_uniform(rng, 1, 10), rate / 10])
            dport = rng.choice([5201, 5202, 4433, 8801, rng.randint(1024, 65535)])
            out += [(start, udp(src, dst, sport, dport, 4)), (start + 0.0003, udp(dst, src, dport, sport, 4))]
            a, b, pa, pb = (dst, src, dport, sport) if reverse else (src, dst, sport, dport)
            times = self._times(start + 0.001, rate, count, rng.choice(["even", "jitter", "bursts"]))
            out += [(t, udp(a, b, pa, pb, size)) for t in times]
            if reports:
                t = start + 0.001 + 1.0 / reports
                while t < times[-1]:
                    out.append((t, udp(b, a, pb, pa, rng.randint(40, 120))))
                    t += 1.0 / reports
            params = dict(rate=round(rate, 1), packets=count, size=size, reverse=reverse, reports=round(reports, 2))
        elif kind == "udp-call":
            rate, count = log_uniform(rng, 20, 2000), int(log_uniform(rng, 300, 6000))
            sizes = (rng.randint(60, 200), rng.randint(200, 1200))
            dport = rng.choice([3478, 5004, 8801, 19302, rng.randint(16384, 32767)])
            for t in self._times(start, rate, count // 2, rng.choice(["even", "jitter"])):
                out.append((t, udp(src, dst, sport, dport, rng.randint(*sizes))))
                out.append((t + rng.uniform(0.001, 0.04), udp(dst, src, dport, sport, rng.randint(*sizes))))
            params = dict(rate=round(rate, 1), packets=count, sizes=list(sizes))
        elif kind == "tcp-bulk":
            # handshake, a request, full segments one way and an ACK every second segment the other, FINs
            rate, count = log_uniform(rng, 100, 20000), int(log_uniform(rng, 300, 6000))
            download = rng.random() < 0.5
            dport = rng.choice([80, 443, 22, 873, 5201, 8080, rng.randint(1024, 65535)])
            c, s = (src, dst, sport, dport), (dst, src, dport, sport)
            out += [(start, tcp(*c, "S", 999, 0)), (start + 0.0003, tcp(*s, "SA", 4999, 1000)),
                             (start + 0.0006, tcp(*c, "A", 1000, 5000)),
                             (start + 0.001, tcp(*c, "PA", 1000, 5000, rng.randint(60, 300)))]
            sender, receiver = (s, c) if download else (c, s)
            times = self._times(start + 0.002, rate, count, rng.choice(["even", "jitter", "bursts"]))
            for k, t in enumerate(times):
                out.append((t, tcp(*sender, "A" if k % 8 else "PA", 5000 + k * 1448, 1300, 1448)))
                if k % 2:
                    out.append((t + 0.0001, tcp(*receiver, "A", 1300, 5000 + (k + 1) * 1448)))
            t = times[-1] + 0.001
            out += [(t, tcp(*c, "FA", 1300, 9000)), (t + 0.0003, tcp(*s, "FA", 9000, 1301)),
                             (t + 0.0006, tcp(*c, "A", 1301, 9001))]
            params = dict(rate=round(rate, 1), packets=count, download=download, dport=dport)
        elif kind == "udp-oneway-fast":
            # one-way streams as fast as the slowest floods drawn here are not (20-60/s: media, telemetry, sensors)
            rate, count, size = log_uniform(rng, 20, 60), int(log_uniform(rng, 300, 3000)), rng.randint(40, 1400)
            dport = rng.choice([514, 2055, 4739, 5004, rng.randint(1024, 65535)])
            for t in self._times(start, rate, count, rng.choice(["even", "jitter"])):
                out.append((t, udp(src, dst, sport, dport, size)))
            params = dict(rate=round(rate, 2), packets=count, size=size, dport=dport)
        elif kind == "ping-fast":
            # a monitoring ping at 10-50 echoes/s, answered (mostly)
            rate, count, size = log_uniform(rng, 10, 50), int(log_uniform(rng, 150, 1500)), rng.choice(SIZES)
            ident = rng.randint(1, 65535)
            for k, t in enumerate(self._times(start, rate, count, rng.choice(["even", "jitter"]))):
                out.append((t, icmp(src, dst, 8, ident, k, size)))
                if rng.random() >= 0.02:
                    out.append((t + rng.uniform(0.0001, 0.02), icmp(dst, src, 0, ident, k, size)))
            params = dict(rate=round(rate, 2), packets=count, size=size)
        else:
            # a long one-way stream (syslog, telemetry, media, sensors) past the 2,000 packets nidslib.lab.longflows
            # draws: at 1-50/s it runs for minutes; never a 30 s pause
            rate, count, size = log_uniform(rng, 1, 50), int(log_uniform(rng, 2000, 5000)), rng.randint(40, 1400)
            dport = rng.choice([514, 1514, 2055, 4739, 6343, 9995, rng.randint(1024, 65535)])
            for t in self._times(start, rate, count, "jitter"):
                out.append((t, udp(src, dst, sport, dport, size)))
            params = dict(rate=round(rate, 2), packets=count, size=size, dport=dport)
        return out, params

    def draw(self, floods, benign):
        """Floods one after the other, 2-15 s apart; benign flows start at random times over the same span."""
        rng, t = self.rng, T0
        kinds, weights = zip(*FLOOD_KINDS)
        for _ in range(floods):
            t = self.flood(rng.choices(kinds, weights)[0], t) + rng.uniform(2.0, 15.0)
        kinds, weights = zip(*BENIGN_KINDS)
        for _ in range(benign):
            self.benign(rng.choices(kinds, weights)[0], T0 + rng.uniform(0, t - T0))

    def write(self, out):
        os.makedirs(out, exist_ok=True)
        write_pcap(os.path.join(out, "lab.pcap"), self.packets)
        labels_mod.write(os.path.join(out, "labels.csv"), self.windows)


def address_str(host):
    return ".".join(str(b) for b in address(host))


def generate(seed, out, floods=120, benign=160):
    lab = Floods(seed)
    lab.draw(floods, benign)
    lab.write(out)
    write_manifest(out, seed, "synthetic single-flow floods and benign high-rate flows (nidslib.lab.floods)", lab)
    return lab


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python3 -m nidslib.lab.floods", description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--out", required=True, help="directory for lab.pcap, labels.csv, manifest.json")
    parser.add_argument("--floods", type=int, default=120)
    parser.add_argument("--benign", type=int, default=160)
    args = parser.parse_args(argv)
    if args.floods < 1 or args.benign < 0:
        parser.error("--floods must be >= 1 and --benign >= 0")
    lab = generate(args.seed, args.out, args.floods, args.benign)
    print(f"{len(lab.windows)} floods, {len(lab.flows) - len(lab.windows)} benign flows, {len(lab.packets)} packets "
          f"-> {args.out}")


if __name__ == "__main__":
    main()
