"""A small Python reference of docs/features.md (catalog version 3), written from the document alone.

It knows nothing of the P4 code: given the packets of one flow (as sent) and the switch's ingress timestamp
of each (microseconds), it computes the flow features' data-plane values (ids 1..28, 33) by the catalog's
definitions. The tests compare the switch's reports with it. Feature names are the catalog's; the report header uses the same names
in lower case.
"""

from dataclasses import dataclass
from typing import Optional

U32 = 1 << 32


@dataclass
class Pkt:
    """The header fields of one IPv4 packet that the catalog's definitions use."""
    src: str
    dst: str
    proto: int
    total_len: int
    ttl: int
    sport: int = 0               # TCP/UDP only
    dport: int = 0
    tcp_flags: Optional[int] = None
    window: Optional[int] = None
    icmp_type: Optional[int] = None
    icmp_code: Optional[int] = None


class FlowReference:
    def __init__(self):
        self.client = None
        self.server = None
        self.proto = None
        self.pkts = []            # (Pkt, ts_us, is_in)

    def _endpoints(self, p):
        if p.proto in (6, 17):
            return (p.src, p.sport), (p.dst, p.dport)
        return (p.src, 0), (p.dst, 0)

    def add(self, p: Pkt, ts_us: int):
        a, b = self._endpoints(p)
        if self.client is None:
            self.client, self.server, self.proto = a, b, p.proto   # the first packet's sender is the client
        if {a, b} != {self.client, self.server} or p.proto != self.proto:
            raise ValueError("packet of another flow")
        is_in = (a, b) == (self.client, self.server)
        self.pkts.append((p, ts_us, is_in))

    def features(self):
        pk = self.pkts
        ins = [(p, t) for p, t, i in pk if i]
        outs = [(p, t) for p, t, i in pk if not i]
        lens = [p.total_len for p, _, _ in pk]
        ttls = [p.ttl for p, _, _ in pk]
        tcp = self.proto == 6

        def flags(seq):
            v = 0
            for p, _ in seq:
                v |= (p.tcp_flags or 0) if tcp else 0
            return v

        def win(seq):
            return max((p.window or 0 for p, _ in seq), default=0) if tcp else 0

        def dur(seq):
            if not seq:
                return 0
            return (seq[-1][1] - seq[0][1]) % U32

        first_icmp = next((p for p, _, _ in pk if p.proto == 1), None)
        icmp_type = (first_icmp.icmp_type * 256 + first_icmp.icmp_code) if first_icmp is not None else 0
        icmp_ipv4_type = first_icmp.icmp_type if first_icmp is not None else 0

        def count(lo, hi):
            return sum(1 for n in lens if lo < n <= hi)

        # IN_PKT_INTERVAL: DURATION_IN >> floor(log2(IN_PKTS)) (IN_PKTS >= 1: the client sends first)
        in_pkt_interval = dur(ins) >> (len(ins).bit_length() - 1)

        return {
            "L4_SRC_PORT": self.client[1],
            "L4_DST_PORT": self.server[1],
            "PROTOCOL": self.proto,
            "IN_BYTES": sum(p.total_len for p, _ in ins) % U32,
            "IN_PKTS": len(ins),
            "OUT_BYTES": sum(p.total_len for p, _ in outs) % U32,
            "OUT_PKTS": len(outs),
            "TCP_FLAGS": flags([(p, t) for p, t, _ in pk]),
            "CLIENT_TCP_FLAGS": flags(ins),
            "SERVER_TCP_FLAGS": flags(outs),
            "FLOW_DURATION_MILLISECONDS": (pk[-1][1] - pk[0][1]) % U32,
            "DURATION_IN": dur(ins),
            "DURATION_OUT": dur(outs),
            "MIN_TTL": min(ttls),
            "MAX_TTL": max(ttls),
            "LONGEST_FLOW_PKT": max(lens),
            "SHORTEST_FLOW_PKT": min(lens),
            "MIN_IP_PKT_LEN": min(lens),
            "MAX_IP_PKT_LEN": max(lens),
            "NUM_PKTS_UP_TO_128_BYTES": count(-1, 128),
            "NUM_PKTS_128_TO_256_BYTES": count(128, 256),
            "NUM_PKTS_256_TO_512_BYTES": count(256, 512),
            "NUM_PKTS_512_TO_1024_BYTES": count(512, 1024),
            "NUM_PKTS_1024_TO_1514_BYTES": count(1024, 1514),
            "TCP_WIN_MAX_IN": win(ins),
            "TCP_WIN_MAX_OUT": win(outs),
            "ICMP_TYPE": icmp_type,
            "ICMP_IPV4_TYPE": icmp_ipv4_type,
            "IN_PKT_INTERVAL": in_pkt_interval,
        }


def feature_value_ms(name, dp_value):
    """Feature value of a data-plane value: durations and the packet spacing are us in the data plane, ms as
    features."""
    if name in ("FLOW_DURATION_MILLISECONDS", "DURATION_IN", "DURATION_OUT", "IN_PKT_INTERVAL"):
        return dp_value // 1000
    return dp_value


# ---------------------------------------------------------------------------------------------------------
# Source context (docs/features.md, "Source context"): SRC_* of a flow's client
# ---------------------------------------------------------------------------------------------------------
SOURCE_MIX, HOST_MIX, PORT_MIX = 0x9E3779B9, 0x85EBCA6B, 0xC2B2AE35


def _ip(addr):
    a, b, c, d = (int(x) for x in addr.split("."))
    return (a << 24) | (b << 16) | (c << 8) | d


def host_bucket(seed, server_ip):
    return ((_ip(server_ip) * ((seed ^ HOST_MIX) | 1)) % U32) >> 27


def port_bucket(seed, server_port):
    multiplier = ((seed ^ PORT_MIX) | 1) & 0xFFFF
    return ((server_port * multiplier) & 0xFFFF) >> 11


class SourceReference:
    """Per-client counts over the current and the previous epoch (epoch = switch time >> window_log2_us), as
    docs/features.md defines SRC_*; collisions of the source hash are not modelled (the tests use few sources)."""

    def __init__(self, seed=0, window_log2_us=21):
        self.seed = seed
        self.window = window_log2_us
        self.flows = {}        # client -> [(epoch, server, server_port, bare_syn)]
        self.completed = {}    # client -> [epoch]

    def epoch(self, ts_us):
        return ts_us >> self.window

    def flow_started(self, client, server, server_port, bare_syn, ts_us):
        self.flows.setdefault(client, []).append((self.epoch(ts_us), server, server_port, bare_syn))

    def handshake_completed(self, client, ts_us):
        self.completed.setdefault(client, []).append(self.epoch(ts_us))

    def features(self, client, ts_us):
        now = self.epoch(ts_us)
        window = [f for f in self.flows.get(client, []) if now - f[0] in (0, 1)]
        hosts = {host_bucket(self.seed, f[1]) for f in window}
        ports = {port_bucket(self.seed, f[2]) for f in window}
        opened = sum(1 for f in window if f[3])
        done = sum(1 for e in self.completed.get(client, []) if now - e in (0, 1))
        return {"SRC_FLOWS": len(window), "SRC_DST_HOSTS": len(hosts), "SRC_DST_PORTS": len(ports),
                "SRC_HALF_OPEN": max(0, opened - done)}
