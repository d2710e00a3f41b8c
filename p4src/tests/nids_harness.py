"""Data-plane test harness for the NIDS pipeline (p4src/) on BMv2 simple_switch_grpc.

Not a test file; imported by the tests (run them with: .venv/bin/python -m pytest p4src/tests).

What it does:
  - builds the P4 program with p4c-bm2-ss into p4src/build/ when the outputs are missing or older than a source;
  - reads every name, id and shared constant from the compiler outputs (P4Info: tables, actions, counters,
    controller metadata, the FeatureId_t serializable enum, the @nids_constants annotation on the package;
    bmv2.json: the report_t / probe_t layouts), so no constant is written twice;
  - starts simple_switch_grpc on veth pairs it creates (host ends in the root namespace, IPv6 off), pushes
    the pipeline over P4Runtime, writes table entries, default actions and the report clone session, reads
    counters, sends packet-outs and collects packet-ins (reports are decoded by EtherType);
  - sends and receives test frames with raw AF_PACKET sockets (frames built with scapy).
Everything it starts or creates is stopped or deleted by Switch.close().
"""

import json
import os
import queue
import re
import select
import shutil
import signal
import socket
import subprocess
import threading
import time
import zlib
from pathlib import Path

import grpc
from google.protobuf import text_format
from p4.config.v1 import p4info_pb2
from p4.v1 import p4runtime_pb2, p4runtime_pb2_grpc

P4SRC = Path(__file__).resolve().parent.parent
REPO = P4SRC.parent
BUILD = P4SRC / "build"
BMV2_JSON = BUILD / "bmv2.json"
P4INFO_TXT = BUILD / "p4info.txt"
P4INFO_TXTPB = BUILD / "p4info.txtpb"
P4C = "p4c-bm2-ss"
SWITCH = "simple_switch_grpc"


def p4c_command(p4c=P4C, out="p4src/build"):
    """The command that compiles the pipeline (run from the repository root). The P4Info is written as
    p4info.txtpb: p4c 1.2.4.8 warns that the .txt suffix is deprecated (same text format)."""
    return [p4c, "--arch", "v1model", "--std", "p4-16", "-I", "p4src/include",
            "-o", f"{out}/bmv2.json", "--p4runtime-files", f"{out}/p4info.txtpb",
            "p4src/main.p4"]


def p4_sources():
    return sorted(P4SRC.glob("*.p4")) + sorted((P4SRC / "include").rglob("*.p4"))


def outputs_stale():
    if not BMV2_JSON.exists() or not P4INFO_TXT.exists():
        return True
    built = min(BMV2_JSON.stat().st_mtime, P4INFO_TXT.stat().st_mtime)
    return any(src.stat().st_mtime > built for src in p4_sources())


def compile_p4(timeout=900):
    """Compiles the program; returns (returncode, stdout+stderr)."""
    BUILD.mkdir(exist_ok=True)
    proc = subprocess.run(p4c_command(), cwd=REPO, capture_output=True, text=True, timeout=timeout)
    if proc.returncode == 0:
        shutil.copyfile(P4INFO_TXTPB, P4INFO_TXT)     # the name the pipeconf uses
    return proc.returncode, proc.stdout + proc.stderr


def ensure_build():
    """Makes sure p4src/build holds outputs of the current sources; returns None or a reason to skip."""
    if outputs_stale():
        if shutil.which(P4C) is None:
            return "p4c-bm2-ss not on PATH and p4src/build/ has no up-to-date bmv2.json + p4info.txt"
        rc, out = compile_p4()
        if rc != 0:
            raise RuntimeError("p4c-bm2-ss failed:\n" + out)
    return None


# ---------------------------------------------------------------------------------------------------------
# Compiler outputs
# ---------------------------------------------------------------------------------------------------------

class P4Info:
    """Names -> ids and shared constants, read from p4src/build/p4info.txt."""

    def __init__(self, path=P4INFO_TXT):
        self.text = Path(path).read_text()
        self.msg = text_format.Parse(self.text, p4info_pb2.P4Info())
        self.tables = {t.preamble.name: t for t in self.msg.tables}
        self.actions = {a.preamble.name: a for a in self.msg.actions}
        self.counters = {c.preamble.name: c for c in self.msg.counters}
        self.direct_counters = {c.preamble.name: c for c in self.msg.direct_counters}
        self.registers = {r.preamble.name: r for r in self.msg.registers}
        self.ctrl_meta = {c.preamble.name: c for c in self.msg.controller_packet_metadata}

    # ---- entities
    def table(self, name):
        return self.tables[name]

    def table_id(self, name):
        return self.tables[name].preamble.id

    def action(self, name):
        return self.actions[name]

    def action_id(self, name):
        return self.actions[name].preamble.id

    def counter_id(self, name):
        return self.counters[name].preamble.id

    def counter_size(self, name):
        return self.counters[name].size

    def direct_counter_id(self, name):
        return self.direct_counters[name].preamble.id

    def match_field(self, table, name):
        for mf in self.tables[table].match_fields:
            if mf.name == name:
                return mf
        raise KeyError(f"{table}: no match field {name}")

    def param(self, action, name):
        for p in self.actions[action].params:
            if p.name == name:
                return p
        raise KeyError(f"{action}: no param {name}")

    def packet_metadata(self, header, name):
        for m in self.ctrl_meta[header].metadata:
            if m.name == name:
                return m
        raise KeyError(f"{header}: no metadata {name}")

    # ---- shared values
    def serializable_enum(self, name):
        """{member name: int value} of a serializable enum in type_info."""
        spec = self.msg.type_info.serializable_enums[name]
        return {m.name: int.from_bytes(m.value, "big") for m in spec.members}

    def constants(self, annotation="nids_constants"):
        """{key: int} of the structured annotation on the package (pkg_info.structured_annotations)."""
        for sa in self.msg.pkg_info.structured_annotations:
            if sa.name == annotation:
                return {kv.key: kv.value.int64_value for kv in sa.kv_pair_list.kv_pairs}
        raise KeyError(f"no @{annotation} on the P4 package")


class Bmv2Json:
    """Header layouts read from p4src/build/bmv2.json."""

    def __init__(self, path=BMV2_JSON):
        self.doc = json.loads(Path(path).read_text())
        self.header_types = {h["name"]: h for h in self.doc["header_types"]}

    def layout(self, header_type):
        """[(field name, bit width)] of a header type, in wire order."""
        fields = []
        for f in self.header_types[header_type]["fields"]:
            name, width = f[0], f[1]
            if name.startswith("$"):
                continue
            fields.append((name, width))
        return fields


def pack_fields(layout, values):
    """Packs {field: int} (missing = 0) into bytes by a [(name, width)] layout (widths sum to whole bytes)."""
    acc, nbits = 0, 0
    for name, width in layout:
        v = values.get(name, 0)
        if v < 0 or v >= (1 << width):
            raise ValueError(f"{name}={v} does not fit {width} bits")
        acc = (acc << width) | v
        nbits += width
    assert nbits % 8 == 0
    return acc.to_bytes(nbits // 8, "big")


def unpack_fields(layout, data):
    nbits = sum(w for _, w in layout)
    assert len(data) >= nbits // 8, f"{len(data)} bytes < {nbits // 8}"
    acc = int.from_bytes(data[: nbits // 8], "big")
    out = {}
    shift = nbits
    for name, width in layout:
        shift -= width
        out[name] = (acc >> shift) & ((1 << width) - 1)
    return out


# ---------------------------------------------------------------------------------------------------------
# P4Runtime encoding helpers
# ---------------------------------------------------------------------------------------------------------

def enc(value, bitwidth):
    """Canonical P4Runtime bytestring of an unsigned value."""
    if isinstance(value, bytes):
        value = int.from_bytes(value, "big")
    if value < 0 or value >= (1 << bitwidth):
        raise ValueError(f"{value} does not fit {bitwidth} bits")
    nbytes = max(1, (value.bit_length() + 7) // 8)
    return value.to_bytes(nbytes, "big")


def ip2int(addr):
    return int.from_bytes(socket.inet_aton(addr), "big")


def mac2int(mac):
    return int(mac.replace(":", ""), 16)


class Exact:
    def __init__(self, value):
        self.value = value


class Ternary:
    def __init__(self, value, mask):
        self.value, self.mask = value, mask


class Range:
    def __init__(self, low, high):
        self.low, self.high = low, high


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


def colliding_ports(src, dst, sport, dport, proto, slots_per_way, count):
    """Up to `count` other (sport, dport) pairs whose flow between the same addresses lands in the same two cells
    as the given one when the hash seed is 0: CRC-32 is linear over GF(2), so the port differences that leave the
    cell bits unchanged form a subspace, found by Gaussian elimination. (With a secret seed added to the key words
    these differences no longer collide: that is what the seed is for.)"""
    key = flow_key_bytes(src, dst, sport, dport, proto)
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
        new = word ^ ports
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


def _run(cmd, check=True):
    return subprocess.run(cmd, capture_output=True, text=True, check=check, timeout=30)


def _free_tcp_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


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
            _run(["ip", "link", "del", sw], check=False)
            _run(["ip", "link", "add", sw, "type", "veth", "peer", "name", host])
            self.created.append(sw)
            for ifname in (sw, host):
                _run(["sysctl", "-q", "-w", f"net.ipv6.conf.{ifname}.disable_ipv6=1"], check=False)
                _run(["ip", "link", "set", ifname, "mtu", "9000"])
                _run(["ip", "link", "set", ifname, "up"])

    def delete(self):
        for sw in self.created:
            _run(["ip", "link", "del", sw], check=False)
        self.created = []


def cleanup_stale_veths():
    """Deletes veths left behind by a harness process that no longer exists (killed test runs)."""
    out = _run(["ip", "-o", "link", "show"], check=False).stdout
    for line in out.splitlines():
        parts = line.split(":")
        if len(parts) < 2:
            continue
        name = parts[1].strip().split("@")[0]
        m = re.fullmatch(r"n4s(\d+)p\d+", name)
        if m and not Path(f"/proc/{m.group(1)}").exists():
            _run(["ip", "link", "del", name], check=False)


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


class Switch:
    """One simple_switch_grpc with the NIDS pipeline, driven over P4Runtime."""

    DEVICE_ID = 1

    def __init__(self, ports=(1, 2, 3), log_dir=None):
        self.p4info = P4Info()
        self.bmv2 = Bmv2Json()
        self.const = self.p4info.constants()
        self.feature_ids = self.p4info.serializable_enum("FeatureId_t")
        self.report_layout = self.bmv2.layout("report_t")
        self.probe_layout = self.bmv2.layout("probe_t")
        self.cpu_port = self.const["CPU_PORT"]
        self.nslots = self.const["FLOW_TABLE_SIZE"]
        self.slots_per_way = self.const["FLOW_SLOTS_PER_WAY"]
        self.hash_seed = 0
        self.ports = list(ports)
        cleanup_stale_veths()
        self.veths = VethSet(self.ports, str(os.getpid()))
        self.log_dir = Path(log_dir or BUILD / "test-logs")
        self.proc = None
        self.channel = None
        self.stub = None
        self.pktio = None
        self.packet_ins = queue.Queue()
        self._stream_q = queue.Queue()
        self._stream_thread = None
        self.election_id = p4runtime_pb2.Uint128(high=0, low=1)
        self.written = []          # entities written by the tests (deleted by reset())
        self.default_changed = set()
        self.touched_slots = set()

    # ---- lifecycle
    def start(self, timeout=30):
        try:
            self.veths.create()
            self.log_dir.mkdir(parents=True, exist_ok=True)
            grpc_port = _free_tcp_port()
            cmd = [SWITCH, "--device-id", str(self.DEVICE_ID)]
            for p in self.ports:
                cmd += ["-i", f"{p}@{self.veths.sw[p]}"]
            cmd += ["--no-p4", "--log-level", "warn", "--",
                    "--grpc-server-addr", f"127.0.0.1:{grpc_port}", "--cpu-port", str(self.cpu_port)]
            self.log_path = self.log_dir / f"simple_switch_grpc.{os.getpid()}.log"
            self._log = open(self.log_path, "w")
            self.proc = subprocess.Popen(cmd, stdout=self._log, stderr=subprocess.STDOUT,
                                         start_new_session=True)
            self.channel = grpc.insecure_channel(f"127.0.0.1:{grpc_port}")
            grpc.channel_ready_future(self.channel).result(timeout=timeout)
            self.stub = p4runtime_pb2_grpc.P4RuntimeStub(self.channel)
            self._open_stream(timeout)
            self._push_pipeline()
            self.pktio = PacketIO(self.veths.host)
            self.set_clone_session()
        except BaseException:
            self.close()
            raise
        return self

    def close(self):
        if self._stream_thread is not None:
            self._stream_q.put(None)
        if self.channel is not None:
            self.channel.close()
            self.channel = None
        if self._stream_thread is not None:
            self._stream_thread.join(timeout=5)
            self._stream_thread = None
        if self.pktio is not None:
            self.pktio.close()
            self.pktio = None
        if self.proc is not None:
            if self.proc.poll() is None:
                os.killpg(self.proc.pid, signal.SIGTERM)
                try:
                    self.proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    os.killpg(self.proc.pid, signal.SIGKILL)
                    self.proc.wait(timeout=10)
            self.proc = None
            self._log.close()
        self.veths.delete()

    def _open_stream(self, timeout):
        def requests():
            while True:
                item = self._stream_q.get()
                if item is None:
                    return
                yield item

        arbitration = queue.Queue()
        stream = self.stub.StreamChannel(requests())

        def reader():
            try:
                for msg in stream:
                    kind = msg.WhichOneof("update")
                    if kind == "packet":
                        self.packet_ins.put(msg.packet)
                    elif kind == "arbitration":
                        arbitration.put(msg.arbitration)
            except grpc.RpcError:
                pass

        self._stream_thread = threading.Thread(target=reader, name="p4rt-stream", daemon=True)
        self._stream_thread.start()
        req = p4runtime_pb2.StreamMessageRequest()
        req.arbitration.device_id = self.DEVICE_ID
        req.arbitration.election_id.CopyFrom(self.election_id)
        self._stream_q.put(req)
        reply = arbitration.get(timeout=timeout)
        if reply.status.code != 0:
            raise RuntimeError(f"not primary: {reply.status}")

    def _push_pipeline(self):
        req = p4runtime_pb2.SetForwardingPipelineConfigRequest()
        req.device_id = self.DEVICE_ID
        req.election_id.CopyFrom(self.election_id)
        req.action = p4runtime_pb2.SetForwardingPipelineConfigRequest.VERIFY_AND_COMMIT
        req.config.p4info.CopyFrom(self.p4info.msg)
        req.config.p4_device_config = BMV2_JSON.read_bytes()
        self.stub.SetForwardingPipelineConfig(req, timeout=60)

    # ---- writes
    def _write(self, updates):
        req = p4runtime_pb2.WriteRequest()
        req.device_id = self.DEVICE_ID
        req.election_id.CopyFrom(self.election_id)
        for kind, entity in updates:
            u = req.updates.add()
            u.type = kind
            u.entity.CopyFrom(entity)
        self.stub.Write(req, timeout=10)

    def set_clone_session(self, session=None, port=None):
        entity = p4runtime_pb2.Entity()
        cse = entity.packet_replication_engine_entry.clone_session_entry
        cse.session_id = session if session is not None else self.const["REPORT_CLONE_SESSION"]
        r = cse.replicas.add()
        r.egress_port = port if port is not None else self.cpu_port
        r.instance = 1
        try:
            self._write([(p4runtime_pb2.Update.INSERT, entity)])
        except grpc.RpcError:
            self._write([(p4runtime_pb2.Update.MODIFY, entity)])

    def _action(self, action, params):
        a = p4runtime_pb2.Action()
        a.action_id = self.p4info.action_id(action)
        for name, value in (params or {}).items():
            p = self.p4info.param(action, name)
            ap = a.params.add()
            ap.param_id = p.id
            ap.value = enc(value, p.bitwidth)
        return a

    def _table_entry(self, table, match, action=None, params=None, priority=None):
        te = p4runtime_pb2.TableEntry()
        te.table_id = self.p4info.table_id(table)
        for name, m in (match or {}).items():
            mf = self.p4info.match_field(table, name)
            fm = te.match.add()
            fm.field_id = mf.id
            w = mf.bitwidth
            if isinstance(m, Ternary):
                if m.mask == 0:
                    te.match.pop()
                    continue
                fm.ternary.value = enc(m.value & m.mask, w)
                fm.ternary.mask = enc(m.mask, w)
            elif isinstance(m, Range):
                if m.low == 0 and m.high == (1 << w) - 1:
                    te.match.pop()          # full range = don't care: omitted, as P4Runtime requires
                    continue
                fm.range.low = enc(m.low, w)
                fm.range.high = enc(m.high, w)
            else:
                v = m.value if isinstance(m, Exact) else m
                fm.exact.value = enc(v, w)
        if priority is not None:
            te.priority = priority
        if action is not None:
            te.action.action.CopyFrom(self._action(action, params))
        return te

    def insert(self, table, match, action, params=None, priority=None):
        entity = p4runtime_pb2.Entity()
        entity.table_entry.CopyFrom(self._table_entry(table, match, action, params, priority))
        self._write([(p4runtime_pb2.Update.INSERT, entity)])
        self.written.append(entity)
        return entity

    def insert_many(self, entries):
        """entries: [(table, match, action, params, priority)]; one Write request."""
        updates = []
        for table, match, action, params, priority in entries:
            entity = p4runtime_pb2.Entity()
            entity.table_entry.CopyFrom(self._table_entry(table, match, action, params, priority))
            updates.append((p4runtime_pb2.Update.INSERT, entity))
        for i in range(0, len(updates), 200):
            self._write(updates[i:i + 200])
        self.written.extend(e for _, e in updates)

    def delete(self, entity):
        self._write([(p4runtime_pb2.Update.DELETE, entity)])
        self.written = [e for e in self.written if e is not entity]

    def set_default(self, table, action, params=None):
        te = p4runtime_pb2.TableEntry()
        te.table_id = self.p4info.table_id(table)
        te.is_default_action = True
        te.action.action.CopyFrom(self._action(action, params))
        entity = p4runtime_pb2.Entity()
        entity.table_entry.CopyFrom(te)
        self._write([(p4runtime_pb2.Update.MODIFY, entity)])
        self.default_changed.add(table)

    def reset_default(self, table):
        """Restores the P4 program's default action (a MODIFY of the default entry without an action).
        Returns False if the server refused it."""
        te = p4runtime_pb2.TableEntry()
        te.table_id = self.p4info.table_id(table)
        te.is_default_action = True
        entity = p4runtime_pb2.Entity()
        entity.table_entry.CopyFrom(te)
        try:
            self._write([(p4runtime_pb2.Update.MODIFY, entity)])
            return True
        except grpc.RpcError:
            return False

    def config(self, **knobs):
        """Writes the config table's default action; unspecified knobs keep test-friendly values (no alert
        threshold, no per-source cap). Report budgets are opened wide unless budgets=False."""
        params = dict(bank=0, epoch=0, track_mode=self.const["TRACK_EDGE"], timeout_pkts=0, timeout_us=0,
                      idle_timeout_us=0, report_mask=0xFF, flow_hash_seed=0, min_confidence=0,
                      source_window_log2_us=21, source_alert_cap=0)
        wide_budgets = knobs.pop("budgets", True)
        params.update(knobs)
        self.hash_seed = params["flow_hash_seed"]
        self.set_default("NidsIngress.cfg.config", "NidsIngress.cfg.set_config", params)
        if wide_budgets:
            self.set_default("NidsIngress.reports.report_budget", "NidsIngress.reports.set_budget",
                             {"rate_pps": 1_000_000, "burst": 100_000})
        return params

    def set_budget(self, budget, rate_pps, burst):
        """report_budget: the token bucket of one budget (BUDGET_* constant name or value)."""
        key = self.const["BUDGET_" + budget] if isinstance(budget, str) else budget
        return self.insert("NidsIngress.reports.report_budget", {"budget": key}, "NidsIngress.reports.set_budget",
                           {"rate_pps": rate_pps, "burst": burst})

    # ---- reads
    def read_counter(self, name, index):
        entity = p4runtime_pb2.Entity()
        entity.counter_entry.counter_id = self.p4info.counter_id(name)
        entity.counter_entry.index.index = index
        req = p4runtime_pb2.ReadRequest(device_id=self.DEVICE_ID)
        req.entities.add().CopyFrom(entity)
        for resp in self.stub.Read(req, timeout=10):
            for e in resp.entities:
                return e.counter_entry.data.packet_count, e.counter_entry.data.byte_count
        return 0, 0

    def read_counters(self, name):
        """[packets] for every index of an indirect counter."""
        entity = p4runtime_pb2.Entity()
        entity.counter_entry.counter_id = self.p4info.counter_id(name)
        req = p4runtime_pb2.ReadRequest(device_id=self.DEVICE_ID)
        req.entities.add().CopyFrom(entity)
        out = [0] * self.p4info.counter_size(name)
        for resp in self.stub.Read(req, timeout=10):
            for e in resp.entities:
                out[e.counter_entry.index.index] = e.counter_entry.data.packet_count
        return out

    def read_direct_counter(self, entity):
        dce = p4runtime_pb2.Entity()
        dce.direct_counter_entry.table_entry.CopyFrom(entity.table_entry)
        dce.direct_counter_entry.table_entry.ClearField("action")
        req = p4runtime_pb2.ReadRequest(device_id=self.DEVICE_ID)
        req.entities.add().CopyFrom(dce)
        for resp in self.stub.Read(req, timeout=10):
            for e in resp.entities:
                return e.direct_counter_entry.data.packet_count
        return 0

    def read_table(self, table):
        entity = p4runtime_pb2.Entity()
        entity.table_entry.table_id = self.p4info.table_id(table)
        req = p4runtime_pb2.ReadRequest(device_id=self.DEVICE_ID)
        req.entities.add().CopyFrom(entity)
        out = []
        for resp in self.stub.Read(req, timeout=10):
            out.extend(e.table_entry for e in resp.entities)
        return out

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
        po = p4runtime_pb2.PacketOut()
        po.payload = bytes(payload)
        md = self.p4info.packet_metadata("packet_out", "egress_port")
        m = po.metadata.add()
        m.metadata_id = md.id
        m.value = enc(egress_port, md.bitwidth)
        req = p4runtime_pb2.StreamMessageRequest()
        req.packet.CopyFrom(po)
        self._stream_q.put(req)

    def probe(self, slot, free=False):
        flags = self.const["PROBE_FLAG_FREE"] if free else 0
        body = pack_fields(self.probe_layout, {"slot": slot, "flags": flags})
        eth = b"\x00" * 12 + self.const["ETHERTYPE_PROBE"].to_bytes(2, "big")
        self.packet_out(eth + body, self.cpu_port)

    def packet_in_port(self, pin):
        md = self.p4info.packet_metadata("packet_in", "ingress_port")
        for m in pin.metadata:
            if m.metadata_id == md.id:
                return int.from_bytes(m.value, "big")
        return None

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
            return self.packet_ins.get(timeout=timeout)
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
    def add_edge_port(self, port, egress_too=True):
        self.insert("NidsIngress.cfg.port_role", {"port": port}, "NidsIngress.cfg.set_edge")
        if egress_too:
            self.insert("NidsIngress.cfg.eg_port_role", {"port": port}, "NidsIngress.cfg.set_edge")

    def add_forward(self, in_port, out_port, priority=10, **match):
        """table0: packets from in_port (and the given ternary matches) leave on out_port."""
        m = {"ig_port": Ternary(in_port, 0x1FF)}
        m.update(match)
        return self.insert("NidsIngress.fwd.table0", m, "NidsIngress.fwd.set_egress_port",
                           {"port": out_port}, priority=priority)

    def add_to_cpu(self, priority=20, **match):
        return self.insert("NidsIngress.fwd.table0", match, "NidsIngress.fwd.send_to_cpu", priority=priority)

    def add_block(self, priority=10, **match):
        return self.insert("NidsIngress.fwd.acl", match, "NidsIngress.fwd.block", priority=priority)

    def add_phase(self, bank, phase):
        """phases: the model in `bank` classifies at `phase` (a packet count, or PHASE_END = 0)."""
        return self.insert("NidsIngress.classifier.phases", {"bank": bank, "phase": phase},
                           "NidsIngress.classifier.classify")

    def add_selector(self, bank, phase, slot, feature):
        """sel<slot>: in (`bank`, `phase`), slot `slot` holds `feature` (catalog name or id)."""
        fid = self.feature_ids[feature] if isinstance(feature, str) else feature
        return self.insert(f"NidsIngress.classifier.sel{slot}", {"bank": bank, "phase": phase},
                           "NidsIngress.classifier.select_feature", {"feature_id": fid})

    def add_range(self, bank, phase, slot, low, high, code, priority=1):
        return self.insert(f"NidsIngress.classifier.range{slot}",
                           {"bank": bank, "phase": phase, "value": Range(low, high)},
                           "NidsIngress.classifier.set_code", {"code": code}, priority=priority)

    def add_decision(self, bank, phase, codes, class_id, leaf_id, confidence=1000, priority=1):
        """codes: {slot: (low, high)}; slots not named match any code."""
        match = {"bank": bank, "phase": phase}
        for slot, (lo, hi) in codes.items():
            match[f"code_{slot}"] = Range(lo, hi)
        return self.insert("NidsIngress.classifier.decision", match, "NidsIngress.classifier.set_class",
                           {"class_id": class_id, "leaf_id": leaf_id, "confidence": confidence},
                           priority=priority)

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

    def counter_delta(self, before, name):
        after = self.read_counters(name)
        return [a - b for a, b in zip(after, before)]

    # ---- between tests
    def reset(self):
        """Deletes what the last test wrote, restores defaults, frees the flow slots it touched."""
        for entity in reversed(self.written):
            try:
                self._write([(p4runtime_pb2.Update.DELETE, entity)])
            except grpc.RpcError:
                pass
        self.written = []
        for table in sorted(self.default_changed):
            self.reset_default(table)
        self.default_changed = set()
        self.hash_seed = 0
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
        for table in ("NidsIngress.cfg.config", "NidsIngress.reports.report_budget"):
            self.reset_default(table)
            self.default_changed.discard(table)
        self.pktio.drain()


# ---------------------------------------------------------------------------------------------------------
# Test frames
# ---------------------------------------------------------------------------------------------------------

MAC_A = "00:00:00:00:00:0a"
MAC_B = "00:00:00:00:00:0b"


def ip_frame(src, dst, proto, total_len=None, ttl=64, sport=0, dport=0, flags=0x10, window=1024,
             icmp_type=8, icmp_code=0, ip_options=b"", frag=0, smac=MAC_A, dmac=MAC_B):
    """(frame bytes, reference.Pkt) of one IPv4 TCP/UDP/ICMP packet with an exact IPv4 total length."""
    from scapy.layers.inet import ICMP, IP, TCP, UDP, IPOption
    from scapy.layers.l2 import Ether
    from scapy.packet import Raw

    from reference import Pkt

    ip_hlen = 20 + len(ip_options)
    if proto == 6:
        l4 = TCP(sport=sport, dport=dport, flags=flags, window=window, seq=1000, ack=0)
        l4_len = 20
    elif proto == 17:
        l4 = UDP(sport=sport, dport=dport)
        l4_len = 8
    elif proto == 1:
        l4 = ICMP(type=icmp_type, code=icmp_code)
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
