"""A read-only P4Runtime client: what a switch really holds, independently of what ONOS believes.

Reads need no mastership, so this runs beside ONOS (the switch's primary client) without disturbing it.
"""
import os

import grpc
from google.protobuf import text_format
from p4.config.v1 import p4info_pb2
from p4.v1 import p4runtime_pb2, p4runtime_pb2_grpc

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
P4INFO = os.path.join(ROOT, "pipeconf", "src", "main", "resources", "p4c-out", "bmv2", "p4info.txt")


class P4Info:
    def __init__(self, path=P4INFO):
        self.info = p4info_pb2.P4Info()
        with open(path) as f:
            text_format.Parse(f.read(), self.info)
        self.tables = {t.preamble.id: t for t in self.info.tables}
        self.table_ids = {t.preamble.name: t.preamble.id for t in self.info.tables}
        self.counter_ids = {c.preamble.name: c.preamble.id for c in self.info.counters}

    def field_id(self, table_name, field_name):
        table = self.tables[self.table_ids[table_name]]
        return next(f.id for f in table.match_fields if f.name == field_name)


class Reader:
    def __init__(self, grpc_port, device_id=1, p4info=None, timeout=10):
        self.channel = grpc.insecure_channel(f"127.0.0.1:{grpc_port}")
        self.stub = p4runtime_pb2_grpc.P4RuntimeStub(self.channel)
        self.device_id = device_id
        self.p4info = p4info or P4Info()
        self.timeout = timeout

    def close(self):
        self.channel.close()

    def _read(self, entity):
        request = p4runtime_pb2.ReadRequest(device_id=self.device_id, entities=[entity])
        for response in self.stub.Read(request, timeout=self.timeout):
            yield from response.entities

    def table_entries(self, table_name):
        entity = p4runtime_pb2.Entity()
        entity.table_entry.table_id = self.p4info.table_ids[table_name]
        return [e.table_entry for e in self._read(entity)]

    def default_entry(self, table_name):
        entity = p4runtime_pb2.Entity()
        entity.table_entry.table_id = self.p4info.table_ids[table_name]
        entity.table_entry.is_default_action = True
        entries = [e.table_entry for e in self._read(entity)]
        return entries[0] if entries else None

    def counter(self, counter_name):
        """index -> (packets, bytes) of an indirect counter."""
        entity = p4runtime_pb2.Entity()
        entity.counter_entry.counter_id = self.p4info.counter_ids[counter_name]
        return {e.counter_entry.index.index: (e.counter_entry.data.packet_count, e.counter_entry.data.byte_count)
                for e in self._read(entity)}


def exact_value(entry, field_id):
    for match in entry.match:
        if match.field_id == field_id:
            return int.from_bytes(match.exact.value, "big")
    return None


def param_values(entry):
    return [int.from_bytes(p.value, "big") for p in entry.action.action.params]
