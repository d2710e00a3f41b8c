"""P4Runtime: the client every tool and test talks to a switch with, and the BMv2 switch they start.

`Client` reads (no mastership needed, so it runs beside ONOS, the switch's primary client, without disturbing it);
after `become_primary()` it also writes, pushes the pipeline, and sends and receives packets on the stream.
`Bmv2Switch` is one simple_switch_grpc (nidslib.bmv2) on the given ports, made primary and given the pipeline, that
remembers what it wrote so a caller can take it back.
"""
import contextlib
import ipaddress
import os
import queue
import socket
import threading

import grpc
from p4.v1 import p4runtime_pb2, p4runtime_pb2_grpc

from . import bmv2
from . import constants as C
from . import p4info as p4info_mod
from . import paths
from . import processes
from .bmv2 import DEVICE_ID, SWITCH_BINARY

WRITE_BATCH = 200


# ---- encoding ---------------------------------------------------------------------------------------------------

def enc(value, bitwidth):
    """Canonical P4Runtime bytestring of an unsigned value."""
    if isinstance(value, bytes):
        value = int.from_bytes(value, "big")
    if value < 0 or value >= (1 << bitwidth):
        raise ValueError(f"{value} does not fit {bitwidth} bits")
    nbytes = max(1, (value.bit_length() + 7) // 8)
    return value.to_bytes(nbytes, "big")


def ip2int(addr):
    return int(ipaddress.IPv4Address(addr))


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


def exact_value(entry, field_id):
    """The exact-match value of a field in a read table entry (None where the entry does not match on it)."""
    for match in entry.match:
        if match.field_id == field_id:
            return int.from_bytes(match.exact.value, "big")
    return None


def ternary_value(entry, field_id):
    for match in entry.match:
        if match.field_id == field_id:
            return int.from_bytes(match.ternary.value, "big")
    return None


def param_values(entry):
    return [int.from_bytes(p.value, "big") for p in entry.action.action.params]


def free_tcp_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ---- the client -------------------------------------------------------------------------------------------------

class Client:
    def __init__(self, grpc_port, p4info=None, device_id=DEVICE_ID, timeout=10):
        self.channel = grpc.insecure_channel(f"127.0.0.1:{grpc_port}")
        self.stub = p4runtime_pb2_grpc.P4RuntimeStub(self.channel)
        self.device_id = device_id
        self.p4info = p4info or p4info_mod.P4Info()
        self.timeout = timeout
        self.election_id = p4runtime_pb2.Uint128(high=0, low=1)
        self.packet_ins = queue.Queue()
        self._stream_reading = threading.Event()
        self._stream_reading.set()
        self._stream_q = None
        self._stream_thread = None

    def wait_ready(self, timeout):
        grpc.channel_ready_future(self.channel).result(timeout=timeout)

    def close(self):
        if self._stream_thread is not None:
            self._stream_q.put(None)
        self.channel.close()
        if self._stream_thread is not None:
            self._stream_thread.join(timeout=5)
            self._stream_thread = None

    # ---- reads
    def read(self, entity):
        request = p4runtime_pb2.ReadRequest(device_id=self.device_id)
        request.entities.add().CopyFrom(entity)
        for response in self.stub.Read(request, timeout=self.timeout):
            yield from response.entities

    def table_entries(self, table, with_counters=False):
        """Every entry of a table; with_counters: each with its direct counter's data."""
        entity = p4runtime_pb2.Entity()
        entity.table_entry.table_id = self.p4info.table_id(table)
        if with_counters:
            entity.table_entry.counter_data.SetInParent()
        return [e.table_entry for e in self.read(entity)]

    def default_entry(self, table):
        entity = p4runtime_pb2.Entity()
        entity.table_entry.table_id = self.p4info.table_id(table)
        entity.table_entry.is_default_action = True
        entries = [e.table_entry for e in self.read(entity)]
        return entries[0] if entries else None

    def clone_sessions(self):
        """{session id: sorted (egress port, instance) replicas} of every clone session the switch holds."""
        entity = p4runtime_pb2.Entity()
        entity.packet_replication_engine_entry.clone_session_entry.SetInParent()
        sessions = {}
        for e in self.read(entity):
            cse = e.packet_replication_engine_entry.clone_session_entry
            sessions[cse.session_id] = sorted((r.egress_port, r.instance) for r in cse.replicas)
        return sessions

    def counter(self, name):
        """index -> (packets, bytes) of an indirect counter."""
        entity = p4runtime_pb2.Entity()
        entity.counter_entry.counter_id = self.p4info.counter_id(name)
        return {e.counter_entry.index.index: (e.counter_entry.data.packet_count, e.counter_entry.data.byte_count)
                for e in self.read(entity)}

    def read_counter(self, name, index):
        """(packets, bytes) of one cell of an indirect counter."""
        entity = p4runtime_pb2.Entity()
        entity.counter_entry.counter_id = self.p4info.counter_id(name)
        entity.counter_entry.index.index = index
        for e in self.read(entity):
            return e.counter_entry.data.packet_count, e.counter_entry.data.byte_count
        return 0, 0

    def read_counters(self, name):
        """[packets] for every index of an indirect counter."""
        out = [0] * self.p4info.counter_size(name)
        for index, (packets, _) in self.counter(name).items():
            out[index] = packets
        return out

    def read_direct_counter(self, entity):
        """Packets of the direct counter of a table entry (an Entity as written)."""
        dce = p4runtime_pb2.Entity()
        dce.direct_counter_entry.table_entry.CopyFrom(entity.table_entry)
        dce.direct_counter_entry.table_entry.ClearField("action")
        for e in self.read(dce):
            return e.direct_counter_entry.data.packet_count
        return 0

    # ---- mastership, stream and pipeline
    def become_primary(self, timeout):
        """Opens the stream and wins arbitration; packet-ins then arrive in `packet_ins`."""
        self._stream_q = queue.Queue()

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
                    self._stream_reading.wait()
            except grpc.RpcError:
                pass

        self._stream_thread = threading.Thread(target=reader, name="p4rt-stream", daemon=True)
        self._stream_thread.start()
        req = p4runtime_pb2.StreamMessageRequest()
        req.arbitration.device_id = self.device_id
        req.arbitration.election_id.CopyFrom(self.election_id)
        self._stream_q.put(req)
        reply = arbitration.get(timeout=timeout)
        if reply.status.code != 0:
            raise RuntimeError(f"not primary: {reply.status}")

    @contextlib.contextmanager
    def stream_paused(self):
        """The stream is not read for the block's duration (at most one message taken): gRPC's flow control then
        holds the switch's packet-in writes, as a controller slow to read them would."""
        self._stream_reading.clear()
        try:
            yield
        finally:
            self._stream_reading.set()

    def push_pipeline(self, device_config):
        """SetForwardingPipelineConfig with this client's P4Info and the BMv2 JSON bytes."""
        req = p4runtime_pb2.SetForwardingPipelineConfigRequest()
        req.device_id = self.device_id
        req.election_id.CopyFrom(self.election_id)
        req.action = p4runtime_pb2.SetForwardingPipelineConfigRequest.VERIFY_AND_COMMIT
        req.config.p4info.CopyFrom(self.p4info.msg)
        req.config.p4_device_config = device_config
        self.stub.SetForwardingPipelineConfig(req, timeout=60)

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

    def packet_in_port(self, pin):
        md = self.p4info.packet_metadata("packet_in", "ingress_port")
        for m in pin.metadata:
            if m.metadata_id == md.id:
                return int.from_bytes(m.value, "big")
        return None

    # ---- writes (primary only)
    def write(self, updates):
        """updates: [(p4runtime_pb2.Update.INSERT/MODIFY/DELETE, Entity)], one Write request."""
        req = p4runtime_pb2.WriteRequest()
        req.device_id = self.device_id
        req.election_id.CopyFrom(self.election_id)
        for kind, entity in updates:
            u = req.updates.add()
            u.type = kind
            u.entity.CopyFrom(entity)
        self.stub.Write(req, timeout=self.timeout)

    def write_batched(self, updates):
        for i in range(0, len(updates), WRITE_BATCH):
            self.write(updates[i:i + WRITE_BATCH])

    def action(self, action, params=None):
        a = p4runtime_pb2.Action()
        a.action_id = self.p4info.action_id(action)
        for name, value in (params or {}).items():
            p = self.p4info.param(action, name)
            ap = a.params.add()
            ap.param_id = p.id
            ap.value = enc(value, p.bitwidth)
        return a

    def table_entry(self, table, match, action=None, params=None, priority=None):
        """An Entity holding a table entry; match: {field: int | Exact | Ternary | Range}. A ternary with mask 0 and
        a full range are left out (don't care), as P4Runtime requires."""
        entity = p4runtime_pb2.Entity()
        te = entity.table_entry
        te.table_id = self.p4info.table_id(table)
        for name, m in (match or {}).items():
            mf = self.p4info.match_field(table, name)
            w = mf.bitwidth
            if isinstance(m, Ternary):
                if m.mask == 0:
                    continue
                fm = te.match.add(field_id=mf.id)
                fm.ternary.value = enc(m.value & m.mask, w)
                fm.ternary.mask = enc(m.mask, w)
            elif isinstance(m, Range):
                if m.low == 0 and m.high == (1 << w) - 1:
                    continue
                fm = te.match.add(field_id=mf.id)
                fm.range.low = enc(m.low, w)
                fm.range.high = enc(m.high, w)
            else:
                fm = te.match.add(field_id=mf.id)
                fm.exact.value = enc(m.value if isinstance(m, Exact) else m, w)
        if priority is not None:
            te.priority = priority
        if action is not None:
            te.action.action.CopyFrom(self.action(action, params))
        return entity

    def default_entry_entity(self, table, action=None, params=None):
        """The default entry of a table; without an action, the P4 program's default (a MODIFY restores it)."""
        entity = p4runtime_pb2.Entity()
        entity.table_entry.table_id = self.p4info.table_id(table)
        entity.table_entry.is_default_action = True
        if action is not None:
            entity.table_entry.action.action.CopyFrom(self.action(action, params))
        return entity

    def clone_session_entity(self, session_id, egress_port, instance=1):
        entity = p4runtime_pb2.Entity()
        cse = entity.packet_replication_engine_entry.clone_session_entry
        cse.session_id = session_id
        cse.replicas.add(egress_port=egress_port, instance=instance)
        return entity


# ---- the switch -------------------------------------------------------------------------------------------------

def pipeline_state(grpc_port):
    """What the app keeps on a switch, read back from the switch: its configuration (bank, epoch, knobs), port roles,
    clone sessions and the classifier entries of the bank it classifies with."""
    reader = Client(grpc_port, timeout=3)
    try:
        config = reader.default_entry(C.NIDS_INGRESS_CFG_CONFIG)
        params = param_values(config) if config is not None else []
        roles = {}
        for table in (C.NIDS_INGRESS_CFG_PORT_ROLE, C.NIDS_INGRESS_CFG_EG_PORT_ROLE):
            port = reader.p4info.match_field(table, "port").id
            roles[table] = sorted(exact_value(e, port) for e in reader.table_entries(table))
        bank = params[0] if params else None
        entries = {}
        for table in (C.NIDS_INGRESS_CLASSIFIER_PHASES, C.NIDS_INGRESS_CLASSIFIER_DECISION):
            bank_field = reader.p4info.match_field(table, "bank").id
            entries[table] = sum(1 for e in reader.table_entries(table) if exact_value(e, bank_field) == bank)
        # The bank itself may differ after a repair (the model is written into either bank): what must be back is
        # every other setting and the model's entries in whichever bank the configuration names.
        return {"config": params[1:], "roles": roles, "clone_sessions": reader.clone_sessions(), "entries": entries}
    finally:
        reader.close()


class Bmv2Switch:
    """One simple_switch_grpc on the given ports with the NIDS pipeline, driven over P4Runtime as its primary client.

    Entities written through insert/insert_many/set_default are remembered (`written`, `default_changed`), so that a
    caller can take them back (`delete_written`, `reset_defaults`).
    """

    def __init__(self, ports, p4info_path=paths.P4INFO, bmv2_json=paths.BMV2_JSON, binary=SWITCH_BINARY,
                 log_path=None, options=("--log-level", "warn")):
        self.ports = dict(ports)
        self.p4info = p4info_mod.P4Info(p4info_path)
        self.bmv2_json = bmv2_json
        self.binary = binary
        self.log_path = log_path
        self.options = list(options)
        self.const = self.p4info.constants()
        self.cpu_port = self.const["CPU_PORT"]
        self.feature_ids = self.p4info.serializable_enum("FeatureId_t")
        self.command = None
        self.proc = None
        self.client = None
        self.written = []
        self.default_changed = set()

    def start(self, timeout=30):
        grpc_port = free_tcp_port()
        self.command = bmv2.command(self.ports, grpc_port, self.cpu_port, self.binary, options=self.options)
        self.proc = bmv2.start(self.command, self.log_path or os.devnull)
        self.client = Client(grpc_port, self.p4info)
        self.client.wait_ready(timeout)
        self.client.become_primary(timeout)
        with open(self.bmv2_json, "rb") as f:
            self.client.push_pipeline(f.read())
        self.set_clone_session()
        return self

    def close(self):
        if self.client is not None:
            self.client.close()
            self.client = None
        if self.proc is not None:
            processes.terminate(self.proc, grace=10)
            self.proc = None

    # ---- writes, remembered
    def insert(self, table, match, action, params=None, priority=None):
        entity = self.client.table_entry(table, match, action, params, priority)
        self.client.write([(p4runtime_pb2.Update.INSERT, entity)])
        self.written.append(entity)
        return entity

    def insert_many(self, entries):
        """entries: [(table, match, action, params, priority)], written in batches; returns the entities."""
        entities = [self.client.table_entry(*entry) for entry in entries]
        self.client.write_batched([(p4runtime_pb2.Update.INSERT, e) for e in entities])
        self.written.extend(entities)
        return entities

    def delete(self, entity):
        self.delete_many([entity])

    def delete_many(self, entities):
        self.client.write_batched([(p4runtime_pb2.Update.DELETE, e) for e in entities])
        gone = {id(e) for e in entities}
        self.written = [e for e in self.written if id(e) not in gone]

    def delete_written(self):
        """Deletes every remembered entry, newest first (one that is gone already is skipped)."""
        for entity in reversed(self.written):
            try:
                self.client.write([(p4runtime_pb2.Update.DELETE, entity)])
            except grpc.RpcError:
                pass
        self.written = []

    def set_default(self, table, action, params=None):
        entity = self.client.default_entry_entity(table, action, params)
        self.client.write([(p4runtime_pb2.Update.MODIFY, entity)])
        self.default_changed.add(table)

    def reset_default(self, table):
        """Restores the P4 program's default action. Returns False if the server refused it."""
        try:
            self.client.write([(p4runtime_pb2.Update.MODIFY, self.client.default_entry_entity(table))])
        except grpc.RpcError:
            return False
        self.default_changed.discard(table)
        return True

    def reset_defaults(self):
        for table in sorted(self.default_changed):
            self.reset_default(table)
        self.default_changed = set()

    def set_clone_session(self, session=None, port=None):
        """The report clone session (to the CPU port unless told otherwise)."""
        entity = self.client.clone_session_entity(
            session if session is not None else self.const["REPORT_CLONE_SESSION"],
            port if port is not None else self.cpu_port)
        try:
            self.client.write([(p4runtime_pb2.Update.INSERT, entity)])
        except grpc.RpcError:
            self.client.write([(p4runtime_pb2.Update.MODIFY, entity)])

    def config(self, **params):
        """The config table's default action (docs/pipeline.md); every parameter must be given."""
        self.set_default("NidsIngress.cfg.config", "NidsIngress.cfg.set_config", params)
        return params
