"""The one reader of the compiler outputs: the P4Info (names -> ids, match fields, params, packet metadata, the
serializable enums, the @nids_constants annotation) and the BMv2 JSON (layouts of the headers the controller decodes).

By default it reads the outputs the pipeconf ships (pipeconf/src/main/resources/p4c-out/bmv2/); the data-plane tests
pass the ones they compile from p4src/ now.
"""
import json
from pathlib import Path

from google.protobuf import text_format
from p4.config.v1 import p4info_pb2

from . import paths

CONSTANTS_ANNOTATION = "nids_constants"


def parse(text):
    """The P4Info message of its text format."""
    return text_format.Parse(text, p4info_pb2.P4Info())


class P4Info:
    """Names -> entities, ids and shared constants of one P4Info file."""

    def __init__(self, path=paths.P4INFO):
        self.path = Path(path)
        self.msg = parse(self.path.read_text())
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

    def constants(self, annotation=CONSTANTS_ANNOTATION):
        """{key: int} of the structured annotation on the package (pkg_info.structured_annotations)."""
        for sa in self.msg.pkg_info.structured_annotations:
            if sa.name == annotation:
                return {kv.key: kv.value.int64_value for kv in sa.kv_pair_list.kv_pairs}
        raise KeyError(f"no @{annotation} on the P4 package")


class Bmv2Json:
    """Header layouts read from a BMv2 JSON."""

    def __init__(self, path=paths.BMV2_JSON):
        self.path = Path(path)
        self.doc = json.loads(self.path.read_text())
        self.header_types = {h["name"]: h for h in self.doc["header_types"]}

    def layout(self, header_type):
        """[(field name, bit width)] of a header type, in wire order."""
        return [(f[0], f[1]) for f in self.header_types[header_type]["fields"] if not f[0].startswith("$")]


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
