#!/usr/bin/env python3
"""Synthetic long-flow probe: single-flow floods and benign long flows unlike the lab's, crafted packet by packet.

Usage: python3 model-tools/scripts/long_flow_probe.py OUT.pcap      (writes OUT.pcap and OUT.labels.csv)
       model-tools/bin/nids-model eval --model M --pcap OUT.pcap --labels OUT.labels.csv
Needs scapy (in the project's venv). Not used by the build or the tests.

Crafted packets, not real tools or hosts: it checks what a model's late tree (docs/model-format.md, "Phases") learnt
about long flows, with flood rates, sizes and protocols the lab does not draw, and benign long flows the lab does not
have (long pings, one-way UDP streams, an RTP-like call, an idle TCP session kept alive). docs/results.md quotes its figures.
"""
import struct
import sys
from functools import lru_cache

from scapy.all import ICMP, IP, TCP, UDP, Ether, Raw

T0 = 1_800_000_000.0


def address(host):
    return "10.0.0.%d" % host


@lru_cache(maxsize=None)
def frame(src, dst, proto, sport=0, dport=0, flags="", icmp_type=8, size=0):
    """One Ethernet frame between lab hosts src and dst (1..8), as bytes."""
    if proto == "icmp":
        l4 = ICMP(type=icmp_type, id=77, seq=1)
    elif proto == "udp":
        l4 = UDP(sport=sport, dport=dport)
    else:
        l4 = TCP(sport=sport, dport=dport, flags=flags, seq=1000, ack=1000 if "A" in flags else 0, window=502)
    return bytes(Ether(src="00:00:00:00:00:%02x" % src, dst="00:00:00:00:00:%02x" % dst)
                 / IP(src=address(src), dst=address(dst), ttl=64) / l4 / Raw(b"x" * size))


class Probe:
    def __init__(self):
        self.packets = []     # (time, frame)
        self.labels = []

    def echo(self, src, dst, start, rate, seconds, size, replies=True):
        for k in range(int(rate * seconds)):
            t = start + k / rate
            self.packets.append((t, frame(src, dst, "icmp", icmp_type=8, size=size)))
            if replies:
                self.packets.append((t + 0.0002, frame(dst, src, "icmp", icmp_type=0, size=size)))

    def udp(self, src, dst, start, rate, seconds, size, sport, dport, back_rate=0):
        for k in range(int(rate * seconds)):
            self.packets.append((start + k / rate, frame(src, dst, "udp", sport, dport, size=size)))
        for k in range(int(back_rate * seconds)):
            self.packets.append((start + 0.003 + k / back_rate, frame(dst, src, "udp", dport, sport, size=size)))

    def tcp_download(self, client, server, start, rate, seconds, sport, dport):
        """Handshake, a request, `rate` full segments per second from the server (an ACK every second one), FINs."""
        c, s = (client, server, "tcp", sport, dport), (server, client, "tcp", dport, sport)
        self.packets += [(start, frame(*c, flags="S")), (start + 0.0003, frame(*s, flags="SA")),
                         (start + 0.0006, frame(*c, flags="A")), (start + 0.001, frame(*c, flags="PA", size=120))]
        n = int(rate * seconds)
        for k in range(n):
            t = start + 0.002 + k / rate
            self.packets.append((t, frame(*s, flags="A", size=1448)))
            if k % 2:
                self.packets.append((t + 0.0001, frame(*c, flags="A")))
        t = start + 0.003 + n / rate
        self.packets += [(t, frame(*s, flags="FA")), (t + 0.0003, frame(*c, flags="FA")),
                         (t + 0.0006, frame(*s, flags="A"))]

    def tcp_keepalive(self, client, server, start, interval, seconds, sport, dport):
        """Handshake, then a keepalive ACK from the client every `interval` seconds, each answered by an ACK."""
        c, s = (client, server, "tcp", sport, dport), (server, client, "tcp", dport, sport)
        self.packets += [(start, frame(*c, flags="S")), (start + 0.0003, frame(*s, flags="SA")),
                         (start + 0.0006, frame(*c, flags="A"))]
        for k in range(1, int(seconds / interval)):
            t = start + k * interval
            self.packets += [(t, frame(*c, flags="A")), (t + 0.0004, frame(*s, flags="A"))]

    def tcp_flood(self, src, dst, start, rate, seconds, flags, sport, dport, size=0):
        for k in range(int(rate * seconds)):
            self.packets.append((start + k / rate, frame(src, dst, "tcp", sport, dport, flags=flags, size=size)))

    def attack(self, src, dst, start, seconds, kind, params):
        self.labels.append("%s,%.6f,%.6f,Flood,%s,crafted,%s,%s" % (address(src), start - 0.01, start + seconds + 0.01,
                                                                     kind, address(dst), params))

    def write(self, path):
        self.packets.sort(key=lambda p: p[0])
        with open(path, "wb") as f:
            f.write(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1))
            for t, data in self.packets:
                us = round(t * 1e6)
                f.write(struct.pack("<IIII", us // 1_000_000, us % 1_000_000, len(data), len(data)) + data)
        with open(path[:-len(".pcap")] + ".labels.csv" if path.endswith(".pcap") else path + ".labels.csv",
                  "w") as f:
            f.write("src,start,end,family,attack,tool,target,params\n" + "\n".join(self.labels) + "\n")


def main(path):
    p = Probe()
    # benign long flows (hosts 3..8)
    p.echo(3, 5, T0 + 1, 5, 120, 56)                            # ping -i 0.2 for two minutes
    p.echo(4, 5, T0 + 2, 10, 60, 1400)                          # ping -i 0.1 -s 1400
    p.echo(6, 7, T0 + 3, 1, 300, 56)                            # a monitoring ping, 1/s for five minutes
    p.udp(6, 5, T0 + 5, 50, 60, 172, 40000, 40002, back_rate=50)  # an RTP-like call, 172 B both ways
    p.udp(7, 5, T0 + 8, 500, 30, 1316, 41000, 1234)             # a one-way stream, 5.4 Mb/s
    p.udp(8, 5, T0 + 12, 3000, 10, 1400, 42000, 5001)           # one-way bulk UDP at 34 Mb/s, no hello datagram
    p.tcp_download(3, 5, T0 + 20, 4000, 8, 43000, 8080)         # bulk TCP download
    p.tcp_download(4, 6, T0 + 30, 800, 20, 43001, 443)          # a slower, longer download
    # one-way and sparse benign long flows at rates of their own (nidslib.lab.longflows trains on drawn ones)
    p.udp(8, 3, T0 + 4, 3, 100, 120, 44000, 514)                # syslog over one socket, 3 lines/s
    p.udp(7, 4, T0 + 6, 0.7, 400, 1200, 44001, 2055)            # a NetFlow export, one datagram every 1.4 s
    p.udp(5, 8, T0 + 9, 40, 30, 200, 44002, 20000)              # one-way RTP-like media, 40/s
    p.echo(8, 4, T0 + 14, 2, 200, 32, replies=False)            # a monitoring ping of a host that is down, 2/s
    p.tcp_keepalive(3, 6, T0 + 16, 4, 600, 44003, 22)           # an idle SSH session, a keepalive every 4 s
    # single-flow floods (hosts 1 and 2)
    p.attack(1, 5, T0 + 40, 3, "icmp-flood", "echo 0 B 10000/s, answered")
    p.echo(1, 5, T0 + 40, 10000, 3, 0)
    p.attack(2, 6, T0 + 40, 3, "icmp-flood", "echo 1400 B 2000/s, unanswered")
    p.echo(2, 6, T0 + 40, 2000, 3, 1400, replies=False)
    p.attack(1, 7, T0 + 60, 3, "udp-flood", "512 B 5000/s")
    p.udp(1, 7, T0 + 60, 5000, 3, 512, 50000, 9999)
    p.attack(2, 8, T0 + 60, 2, "udp-flood", "0 B 20000/s")
    p.udp(2, 8, T0 + 60, 20000, 2, 0, 50001, 53)
    p.attack(1, 6, T0 + 80, 3, "syn-flood", "SYN from one source port 4000/s, unanswered")
    p.tcp_flood(1, 6, T0 + 80, 4000, 3, "S", 50002, 80)
    p.attack(2, 7, T0 + 80, 3, "ack-flood", "ACK 40 B from one source port 3000/s, unanswered")
    p.tcp_flood(2, 7, T0 + 80, 3000, 3, "A", 50003, 443, 40)
    p.write(path)
    print("%d packets -> %s" % (len(p.packets), path))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: long_flow_probe.py OUT.pcap")
    main(sys.argv[1])
