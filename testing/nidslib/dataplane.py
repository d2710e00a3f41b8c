"""The data-plane test switch of the P4 tests (p4src/tests/): one BMv2 simple_switch_grpc with the pipeline compiled
from p4src/ now, on veth pairs whose host ends the tests send and receive raw frames on.

  - builds the P4 program (nidslib.p4build: p4c-bm2-ss, then nidslib.bmv2opt) into p4src/build/ when the outputs
    are missing or older than a source;
  - reads every name, id and shared constant from those outputs (nidslib.p4info), so no constant is written twice;
  - starts the switch on veth pairs it creates (host ends in the root namespace, IPv6 off), pushes the pipeline
    over P4Runtime (nidslib.p4runtime), writes entries, reads counters, sends packet-outs and collects packet-ins
    (reports are decoded by EtherType);
  - sends and receives test frames with raw AF_PACKET sockets (frames built with scapy).
Everything it starts or creates is stopped or deleted by Switch.close().
"""

import os
import queue
import re
import select
import shutil
import socket
import threading
import time
import zlib
from pathlib import Path

from . import bmv2opt, netns, p4build, pipeline, veth
from .flowref import Pkt
from .p4info import Bmv2Json, P4Info, pack_fields, unpack_fields
from .p4runtime import Bmv2Switch, Range, Ternary, ip2int
from .paths import REPO_ROOT

# What the tests use (they also reach the match kinds Range and Ternary and ip2int through this module).
__all__ = ["REPO", "P4C", "ensure_build", "build_outputs", "missing_requirements", "Switch",
           "flow_slot", "flow_cells", "flow_key_bytes", "colliding_ports", "ip_frame", "tcp", "udp", "icmp", "MAC_A", "MAC_B", "Range", "Ternary", "ip2int",
           "pack_fields", "unpack_fields"]

REPO = Path(REPO_ROOT)
P4SRC = REPO / "p4src"
BUILD = P4SRC / "build"
BMV2_JSON = BUILD / "bmv2.json"
P4INFO_TXT = BUILD / "p4info.txt"
P4C = p4build.P4C
SWITCH = "simple_switch_grpc"


def p4_sources():
    return sorted(P4SRC.glob("*.p4")) + sorted((P4SRC / "include").rglob("*.p4"))


def outputs_stale():
    """True when p4src/build lacks outputs, or a P4 source or the optimiser is newer than them."""
    if not BMV2_JSON.exists() or not P4INFO_TXT.exists():
        return True
    built = min(BMV2_JSON.stat().st_mtime, P4INFO_TXT.stat().st_mtime)
    inputs = p4_sources() + [Path(bmv2opt.__file__), Path(p4build.__file__)]
    return any(src.stat().st_mtime > built for src in inputs)


def ensure_build():
    """Makes sure p4src/build holds outputs of the current sources; returns None or a reason to skip."""
    if outputs_stale():
        if shutil.which(P4C) is None:
            return "p4c-bm2-ss not on PATH and p4src/build/ has no up-to-date bmv2.json + p4info.txt"
        rc, out = p4build.build()
        if rc != 0:
            raise RuntimeError("p4c-bm2-ss failed:\n" + out)
    return None


def build_outputs():
    """(P4Info, Bmv2Json) of p4src/build/."""
    return P4Info(P4INFO_TXT), Bmv2Json(BMV2_JSON)


def flow_key_bytes(src, dst, sport, dport, proto, seed=0):
    """The 13 bytes the flow hash runs over: the canonical key (lower (addr, port) first) with the run-time seed
    added to each 32-bit word (addresses, then the two ports as one word), then the protocol."""
    a, b = (ip2int(src), sport), (ip2int(dst), dport)
    lo, hi = (a, b) if a <= b else (b, a)
    words = (lo[0], hi[0], (lo[1] << 16) | hi[1])
    return b"".join(((w + seed) % (1 << 32)).to_bytes(4, "big") for w in words) + bytes([proto])


def flow_cells(src, dst, sport, dport, proto, slots_per_way, seed=0):
    """(way 0 cell, way 1 cell) of a flow: CRC-32 of the seeded key; way 0 = its low bits, way 1 = slots_per_way +
    its bits 16 and up. This is the documented hashing of docs/pipeline.md, written independently of the P4 code;
    the tests check it against the slot numbers the switch puts in its reports."""
    h = zlib.crc32(flow_key_bytes(src, dst, sport, dport, proto, seed))
    return h % slots_per_way, slots_per_way + ((h >> 16) % slots_per_way)


def flow_slot(src, dst, sport, dport, proto, slots_per_way, seed=0):
    """The cell a new flow takes in an empty table: way 0."""
    return flow_cells(src, dst, sport, dport, proto, slots_per_way, seed)[0]


def colliding_ports(src, dst, sport, dport, proto, slots_per_way, count, seed=0):
    """Up to `count` other (sport, dport) pairs whose flow between the same addresses lands in the same two cells
    as the given one under the hash seed `seed`: CRC-32 is linear over GF(2) in the seeded ports word, so the
    differences of that word that leave the cell bits unchanged form a subspace, found by Gaussian elimination; the
    seed is subtracted again to get the ports. (Without the seed these differences do not collide: an attacker who
    cannot read the seed cannot compute them; with it, the flow table's eviction rule must hold on its own.)"""
    key = flow_key_bytes(src, dst, sport, dport, proto, seed)
    cell_bits = (slots_per_way - 1) | ((slots_per_way - 1) << 16)
    zero = zlib.crc32(bytes(len(key)))
    # one variable per bit of the ports word (bytes 8..11 of the key)
    columns = []
    for bit in range(32):
        delta = bytearray(len(key))
        delta[8 + bit // 8] = 0x80 >> (bit % 8)
        columns.append((zlib.crc32(bytes(delta)) ^ zero) & cell_bits)
    # null space of the map: combinations of variables whose cell bits cancel
    basis = []                              # (pivot bit of the image, image, combination of variables)
    kernel = []
    for var, image in enumerate(columns):
        combo = 1 << var
        for pivot, b_image, b_combo in basis:
            if image >> pivot & 1:
                image ^= b_image
                combo ^= b_combo
        if image == 0:
            kernel.append(combo)
        else:
            basis.append((image.bit_length() - 1, image, combo))
    found = []
    a, b = (ip2int(src), sport), (ip2int(dst), dport)
    src_is_low = a <= b
    word = int.from_bytes(key[8:12], "big")
    for mask in range(1, 1 << len(kernel)):
        diff = 0
        for i, combo in enumerate(kernel):
            if mask >> i & 1:
                diff ^= combo
        ports = 0
        for var in range(32):
            if diff >> var & 1:
                ports |= 1 << (31 - var)        # variable = bit of the big-endian word, MSB first
        new = ((word ^ ports) - seed) % (1 << 32)
        low_port, high_port = new >> 16, new & 0xFFFF
        pair = (low_port, high_port) if src_is_low else (high_port, low_port)
        if ip2int(src) == ip2int(dst):
            continue                            # the port order would decide the canonical order
        found.append(pair)
        if len(found) == count:
            break
    return found


# ---------------------------------------------------------------------------------------------------------
# Environment: veths and the switch process
# ---------------------------------------------------------------------------------------------------------

def missing_requirements():
    """None if the data-plane tests can run here, else the reason they cannot."""
    if os.geteuid() != 0:
        return "data-plane tests need root (veth pairs, raw sockets)"
    if shutil.which(SWITCH) is None:
        return f"{SWITCH} (BMv2) not on PATH"
    if shutil.which("ip") is None:
        return "iproute2 'ip' not found"
    return None


class VethSet:
    """veth pairs sw<i> <-> host<i>; the switch takes the sw ends, the tests the host ends."""

    def __init__(self, ports, tag):
        self.ports = list(ports)
        self.sw = {p: f"n4s{tag}p{p}" for p in self.ports}
        self.host = {p: f"n4h{tag}p{p}" for p in self.ports}
        self.created = []

    def create(self):
        for p in self.ports:
            sw, host = self.sw[p], self.host[p]
            veth.delete(sw)
            veth.add_pair(sw, host)
            self.created.append(sw)
            for ifname in (sw, host):
                netns.run("ip", "link", "set", ifname, "mtu", "9000")
                veth.bring_up(ifname)

    def delete(self):
        for sw in self.created:
            veth.delete(sw)
        self.created = []


def cleanup_stale_veths():
    """Deletes veths left behind by a harness process that no longer exists (killed test runs)."""
    for link in netns.ip_json("link", "show", "type", "veth"):
        m = re.fullmatch(r"n4s(\d+)p\d+", link["ifname"])
        if m and not Path(f"/proc/{m.group(1)}").exists():
            veth.delete(link["ifname"])


class PacketIO:
    """Raw AF_PACKET sockets on the host ends; one reader thread collects received frames per port."""

    ETH_P_ALL = 0x0003
    PACKET_OUTGOING = 4

    def __init__(self, host_ifs):
        self.socks = {}
        self.queues = {}
        for port, ifname in host_ifs.items():
            s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(self.ETH_P_ALL))
            s.bind((ifname, 0))
            s.setblocking(False)
            self.socks[port] = s
            self.queues[port] = queue.Queue()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._reader, name="pktio", daemon=True)
        self._thread.start()

    def _reader(self):
        by_fd = {s.fileno(): p for p, s in self.socks.items()}
        while not self._stop.is_set():
            ready, _, _ = select.select(list(self.socks.values()), [], [], 0.1)
            for s in ready:
                try:
                    data, addr = s.recvfrom(65535)
                except BlockingIOError:
                    continue
                except OSError:
                    return
                if addr[2] == self.PACKET_OUTGOING:
                    continue
                self.queues[by_fd[s.fileno()]].put(data)

    def send(self, port, frame):
        self.socks[port].send(bytes(frame))

    def drain(self):
        for q in self.queues.values():
            while True:
                try:
                    q.get_nowait()
                except queue.Empty:
                    break

    def recv(self, port, timeout=1.0, match=None):
        """The first frame on `port` for which match(frame) is true, or None after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            try:
                frame = self.queues[port].get(timeout=left)
            except queue.Empty:
                return None
            if match is None or match(frame):
                return frame

    def close(self):
        self._stop.set()
        self._thread.join(timeout=2)
        for s in self.socks.values():
            s.close()


class Switch(Bmv2Switch):
    """The data-plane tests' switch: the pipeline of p4src/build/ on veth pairs, raw-socket packet I/O on their host
    ends, packet-ins decoded into reports, and a reset between tests."""

    def __init__(self, ports=(1, 2, 3), log_dir=None):
        self.port_numbers = list(ports)
        cleanup_stale_veths()
        self.veths = VethSet(self.port_numbers, str(os.getpid()))
        self.log_dir = Path(log_dir or BUILD / "test-logs")
        super().__init__({p: self.veths.sw[p] for p in self.port_numbers}, P4INFO_TXT, BMV2_JSON,
                         log_path=self.log_dir / f"simple_switch_grpc.{os.getpid()}.log")
        layouts = Bmv2Json(BMV2_JSON)
        self.report_layout = layouts.layout("report_t")
        self.probe_layout = layouts.layout("probe_t")
        self.nslots = self.const["FLOW_TABLE_SIZE"]
        self.slots_per_way = self.const["FLOW_SLOTS_PER_WAY"]
        self.hash_seed = 0
        self.pktio = None
        self.touched_slots = set()

    # ---- lifecycle
    def start(self, timeout=30):
        try:
            self.veths.create()
            self.log_dir.mkdir(parents=True, exist_ok=True)
            super().start(timeout)
            self.pktio = PacketIO(self.veths.host)
        except BaseException:
            self.close()
            raise
        return self

    def close(self):
        if self.pktio is not None:
            self.pktio.close()
            self.pktio = None
        super().close()
        self.veths.delete()

    # ---- reads
    def read_counter(self, name, index):
        return self.client.read_counter(name, index)

    def read_counters(self, name):
        return self.client.read_counters(name)

    def read_direct_counter(self, entity):
        return self.client.read_direct_counter(entity)

    def read_table(self, table):
        return self.client.table_entries(table)

    def counter_delta(self, before, name):
        after = self.read_counters(name)
        return [a - b for a, b in zip(after, before)]

    # ---- packets
    def send(self, port, frame):
        frame = bytes(frame)
        self._note_slot(frame)
        self.pktio.send(port, frame)

    def recv(self, port, timeout=1.0, match=None):
        return self.pktio.recv(port, timeout, match)

    def _note_slot(self, frame):
        """Remembers the slot of an IPv4 TCP/UDP/ICMP frame so that reset() can free it."""
        if len(frame) < 34 or frame[12:14] != b"\x08\x00":
            return
        ihl = (frame[14] & 0x0F) * 4
        proto = frame[23]
        src, dst = socket.inet_ntoa(frame[26:30]), socket.inet_ntoa(frame[30:34])
        sport = dport = 0
        if proto in (6, 17) and len(frame) >= 14 + ihl + 4:
            sport = int.from_bytes(frame[14 + ihl:16 + ihl], "big")
            dport = int.from_bytes(frame[16 + ihl:18 + ihl], "big")
        self.touched_slots.update(flow_cells(src, dst, sport, dport, proto, self.slots_per_way, self.hash_seed))

    def packet_out(self, payload, egress_port):
        self.client.packet_out(payload, egress_port)

    def probe(self, slot, free=False, min_idle_us=0):
        """Asks for a PROBE report of `slot`; `free`: and frees it if its flow was silent for `min_idle_us`."""
        flags = self.const["PROBE_FLAG_FREE"] if free else 0
        body = pack_fields(self.probe_layout, {"slot": slot, "flags": flags, "min_idle_us": min_idle_us})
        eth = b"\x00" * 12 + self.const["ETHERTYPE_PROBE"].to_bytes(2, "big")
        self.packet_out(eth + body, self.cpu_port)

    def packet_in_port(self, pin):
        return self.client.packet_in_port(pin)

    def decode_report(self, pin):
        """The report dict of a packet-in, or None if it is not a report."""
        payload = pin.payload
        if len(payload) < 14 or int.from_bytes(payload[12:14], "big") != self.const["ETHERTYPE_REPORT"]:
            return None
        rep = unpack_fields(self.report_layout, payload[14:])
        rep["_len"] = len(payload)
        rep["_packet_in_port"] = self.packet_in_port(pin)
        return rep

    def next_packet_in(self, timeout=2.0):
        try:
            return self.client.packet_ins.get(timeout=timeout)
        except queue.Empty:
            return None

    def reports(self, timeout=2.0, count=None, match=None, quiet=0.3):
        """Collects reports until `count` matched (or `timeout`); with count=None, until `quiet` seconds
        pass without a packet-in (bounded by `timeout`)."""
        out = []
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if count is not None and len(out) >= count:
                break
            wait = deadline - time.monotonic()
            if count is None:
                wait = min(wait, quiet)
            pin = self.next_packet_in(timeout=max(wait, 0.01))
            if pin is None:
                if count is None:
                    break
                continue
            rep = self.decode_report(pin)
            if rep is not None and (match is None or match(rep)):
                out.append(rep)
        return out

    def drain_packet_ins(self, quiet=0.2, limit=5.0):
        deadline = time.monotonic() + limit
        n = 0
        while time.monotonic() < deadline:
            if self.next_packet_in(timeout=quiet) is None:
                break
            n += 1
        return n

    # ---- helpers per table (names as in docs/pipeline.md)
    def config(self, **knobs):
        """Writes the config table's default action; unspecified knobs keep test-friendly values (no alert
        threshold, no per-source cap). Report budgets are opened wide unless budgets=False."""
        wide_budgets = knobs.pop("budgets", True)
        params = pipeline.config(**knobs)
        self.hash_seed = params["flow_hash_seed"]
        if wide_budgets:
            self.set_default(pipeline.BUDGET_TABLE, pipeline.BUDGET_ACTION, {"rate_pps": 1_000_000, "burst": 100_000})
        return super().config(**params)

    def set_budget(self, budget, rate_pps, burst):
        """report_budget: the token bucket of one budget (a BUDGET_* constant's name, or its value)."""
        key = self.const["BUDGET_" + budget] if isinstance(budget, str) else budget
        return self.insert(*pipeline.budget(key, rate_pps, burst))

    def add_edge_port(self, port, egress_too=True):
        self.insert(*pipeline.edge_port(port))
        if egress_too:
            self.insert(*pipeline.edge_port(port, egress=True))

    def add_edge_link(self, port_a, port_b):
        """Two edge ports (flows tracked there) that forward to each other."""
        for port in (port_a, port_b):
            self.add_edge_port(port)
        self.add_forward(port_a, port_b)
        self.add_forward(port_b, port_a)

    def add_forward(self, in_port, out_port, priority=10, **match):
        """table0: packets from in_port (and the given ternary matches) leave on out_port."""
        return self.insert(*pipeline.forward(in_port, out_port, priority, **match))

    def add_to_cpu(self, priority=20, **match):
        return self.insert(*pipeline.to_cpu(priority, **match))

    def add_block(self, priority=10, **match):
        return self.insert(*pipeline.block(priority, **match))

    def add_phase(self, bank, phase):
        """phases: the model in `bank` classifies at `phase` (a packet count, or PHASE_END = 0)."""
        return self.insert(*pipeline.phase(bank, phase))

    def add_selector(self, bank, phase, slot, feature):
        """sel<slot>: in (`bank`, `phase`), slot `slot` holds `feature` (catalog name or id)."""
        fid = self.feature_ids[feature] if isinstance(feature, str) else feature
        return self.insert(*pipeline.selector(bank, phase, slot, fid))

    def add_range(self, bank, phase, slot, low, high, code, priority=1):
        return self.insert(*pipeline.feature_range(bank, phase, slot, low, high, code, priority))

    def add_decision(self, bank, phase, codes, class_id, leaf_id, confidence=1000, priority=1):
        """codes: {slot: (low, high)}; slots not named match any code."""
        return self.insert(*pipeline.decision(bank, phase, codes, class_id, leaf_id, confidence, priority))

    def add_tree_stump(self, bank, phase, feature, threshold, low_class, high_class, confidence=1000):
        """A one-split tree at a phase: feature <= threshold -> low_class (leaf 1), else high_class (leaf 2)."""
        self.add_phase(bank, phase)
        self.add_selector(bank, phase, 0, feature)
        self.add_range(bank, phase, 0, 0, threshold, 0, priority=2)
        self.add_range(bank, phase, 0, threshold + 1, (1 << 32) - 1, 1, priority=1)
        self.add_decision(bank, phase, {0: (0, 0)}, low_class, 1, confidence, priority=2)
        self.add_decision(bank, phase, {0: (1, 65535)}, high_class, 2, confidence, priority=1)

    def reason(self, name):
        return self.const["REASON_" + name]

    # ---- between tests
    def reset(self):
        """Deletes what the last test wrote, restores defaults, frees the flow slots it touched."""
        self.delete_written()
        self.reset_defaults()
        self.set_clone_session()
        # free every slot a test packet may have used (probe + free), then drop the answers
        self.config()
        slots = sorted(self.touched_slots)
        for slot in slots:
            self.probe(slot, free=True)
        self.touched_slots = set()
        if slots:
            self.reports(count=len(slots), timeout=5.0,
                         match=lambda r: r["reason"] == self.const["REASON_PROBE"])
        self.drain_packet_ins(quiet=0.1)
        self.reset_default(pipeline.CONFIG_TABLE)
        self.reset_default(pipeline.BUDGET_TABLE)
        self.hash_seed = 0
        self.pktio.drain()


# ---------------------------------------------------------------------------------------------------------
# Test frames
# ---------------------------------------------------------------------------------------------------------

MAC_A = "00:00:00:00:00:0a"
MAC_B = "00:00:00:00:00:0b"


def ip_frame(src, dst, proto, total_len=None, ttl=64, sport=0, dport=0, flags=0x10, window=1024,
             icmp_type=8, icmp_code=0, icmp_id=0, ip_options=b"", frag=0, smac=MAC_A, dmac=MAC_B):
    """(frame bytes, reference.Pkt) of one IPv4 TCP/UDP/ICMP packet with an exact IPv4 total length."""
    from scapy.layers.inet import ICMP, IP, TCP, UDP, IPOption
    from scapy.layers.l2 import Ether
    from scapy.packet import Raw

    ip_hlen = 20 + len(ip_options)
    if proto == 6:
        l4 = TCP(sport=sport, dport=dport, flags=flags, window=window, seq=1000, ack=0)
        l4_len = 20
    elif proto == 17:
        l4 = UDP(sport=sport, dport=dport)
        l4_len = 8
    elif proto == 1:
        l4 = ICMP(type=icmp_type, code=icmp_code, id=icmp_id)   # bytes 4-5 of any type (an echo's identifier)
        l4_len = 8
    else:
        raise ValueError(proto)
    if total_len is None:
        total_len = ip_hlen + l4_len
    pad = total_len - ip_hlen - l4_len
    if pad < 0:
        raise ValueError(f"total_len {total_len} < headers {ip_hlen + l4_len}")
    ip = IP(src=src, dst=dst, ttl=ttl, proto=proto, len=total_len, frag=frag)
    if ip_options:
        ip.options = [IPOption(ip_options)]
    frame = Ether(src=smac, dst=dmac) / ip / l4 / Raw(b"\x00" * pad)
    data = bytes(frame)
    ref = Pkt(src=src, dst=dst, proto=proto, total_len=total_len, ttl=ttl,
              sport=sport if proto in (6, 17) else 0, dport=dport if proto in (6, 17) else 0,
              tcp_flags=flags if proto == 6 else None, window=window if proto == 6 else None,
              icmp_type=icmp_type if proto == 1 else None, icmp_code=icmp_code if proto == 1 else None)
    return data, ref


def tcp(src, dst, sport, dport, **kw):
    return ip_frame(src, dst, 6, sport=sport, dport=dport, **kw)


def udp(src, dst, sport, dport, **kw):
    return ip_frame(src, dst, 17, sport=sport, dport=dport, **kw)


def icmp(src, dst, **kw):
    return ip_frame(src, dst, 1, **kw)
