"""Generates the Java and Python constants that name the pipeline's P4Runtime entities.

The P4 program is the only place P4 names and shared values are written by hand. This generator reads what p4c makes
of it -- the P4Info (tables, keys, actions, params, counters, meters, registers, controller packet metadata,
serializable enums) and the BMv2 JSON (the layout of headers the controller decodes itself, such as the flow report) --
and writes one Java class for the pipeconf, one Python module for the tests and tools, and the classifier's
capacities as JSON for the model tools (which must not need ONOS to read a P4Info).

    python -m nidslib.p4constants --p4info P4INFO --bmv2-json JSON --java OUT.java --python OUT.py
        [--capacity OUT.json] [--check]

With --check nothing is written: the exit status says whether the files on disk are what the P4 outputs give now.
"""
import argparse
import json
import re
import sys
from collections import OrderedDict

from google.protobuf import text_format
from p4.config.v1 import p4info_pb2

from .p4info import CONSTANTS_ANNOTATION, parse as parse_p4info

JAVA_PACKAGE = "org.onosproject.nids.pipeconf"
JAVA_CLASS = "NidsConstants"
# Header types whose layout the controller decodes from packet payloads (not described by the P4Info).
DECODED_HEADERS = ("report_t", "probe_t")


class ConstantsError(Exception):
    """A P4 output the generator cannot turn into unambiguous constants."""


def constant_name(p4_name):
    """'NidsIngress.table0' -> 'NIDS_INGRESS_TABLE0'; 'hdr.eth_dst' -> 'HDR_ETH_DST'."""
    name = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", p4_name)
    name = re.sub(r"[^A-Za-z0-9]+", "_", name).strip("_")
    return name.upper()


class Model:
    """Everything the generated files hold, in a language-neutral form."""

    def __init__(self):
        self.ids = OrderedDict()      # section -> [(CONST, p4 name)]
        self.ints = OrderedDict()     # section -> [(CONST, int value, comment)]
        self.layouts = OrderedDict()  # header type -> [(field, offset, width)]
        self.enums = OrderedDict()    # serializable enum -> [(member, value)]

    def add_id(self, section, p4_name, const=None):
        entries = self.ids.setdefault(section, [])
        const = const or constant_name(p4_name)
        for existing_const, existing_name in entries:
            if existing_const == const:
                if existing_name != p4_name:
                    raise ConstantsError(f"{section}: {p4_name!r} and {existing_name!r} both map to {const}")
                return const
        entries.append((const, p4_name))
        return const

    def add_int(self, section, const, value, comment=""):
        entries = self.ints.setdefault(section, [])
        for existing_const, existing_value, _ in entries:
            if existing_const == const:
                if existing_value != value:
                    raise ConstantsError(f"{section}: {const} is both {existing_value} and {value}")
                return
        entries.append((const, value, comment))


def _enum_value(member):
    return int.from_bytes(member.value, "big")


def build_model(info, bmv2):
    model = Model()
    for table in info.tables:
        const = model.add_id("tables", table.preamble.name)
        model.add_int("sizes", const + "_SIZE", table.size, "entries")
        for field in table.match_fields:
            fconst = model.add_id("match fields", field.name, "HDR_" + constant_name(field.name))
            model.add_int("bit widths", fconst + "_BITWIDTH", field.bitwidth)
    for action in info.actions:
        model.add_id("actions", action.preamble.name)
        for param in action.params:
            pconst = model.add_id("action params", param.name)
            model.add_int("bit widths", pconst + "_BITWIDTH", param.bitwidth)
    for counter in info.counters:
        const = model.add_id("counters", counter.preamble.name)
        model.add_int("sizes", const + "_SIZE", counter.size, "cells")
    for counter in info.direct_counters:
        model.add_id("counters", counter.preamble.name)
    for meter in info.meters:
        const = model.add_id("meters", meter.preamble.name)
        model.add_int("sizes", const + "_SIZE", meter.size, "cells")
    for meter in info.direct_meters:
        model.add_id("meters", meter.preamble.name)
    for register in info.registers:
        const = model.add_id("registers", register.preamble.name)
        model.add_int("sizes", const + "_SIZE", register.size, "cells")
    for packet in info.controller_packet_metadata:
        for meta in packet.metadata:
            mconst = model.add_id("packet metadata", meta.name)
            model.add_int("bit widths", mconst + "_BITWIDTH", meta.bitwidth)
    for annotation in info.pkg_info.structured_annotations:
        if annotation.name != CONSTANTS_ANNOTATION:
            continue
        for pair in annotation.kv_pair_list.kv_pairs:
            if pair.value.WhichOneof("value") != "int64_value":
                raise ConstantsError(f"@{CONSTANTS_ANNOTATION} {pair.key}: only integer constants are supported")
            model.add_int("shared values", constant_name(pair.key), pair.value.int64_value, "P4 constant")
    for enum_name, enum in sorted(info.type_info.serializable_enums.items()):
        prefix = constant_name(enum_name)
        model.enums[enum_name] = [(member.name, _enum_value(member)) for member in enum.members]
        for member in enum.members:
            model.add_int("shared values", prefix + "_" + constant_name(member.name), _enum_value(member),
                          enum_name)
    if bmv2 is not None:
        header_types = {h["name"]: h for h in bmv2.get("header_types", [])}
        for name in DECODED_HEADERS:
            header = header_types.get(name)
            if header is None:
                continue
            offset = 0
            fields = []
            for field in header["fields"]:
                fname, width = field[0], field[1]
                fields.append((fname, offset, width))
                offset += width
            if offset % 8:
                raise ConstantsError(f"header {name} is {offset} bits long, not a whole number of bytes")
            model.layouts[name] = fields
    check_unique_names(model)
    return model


def check_unique_names(model):
    """Every generated identifier must be unique across sections (a P4 constant may not shadow a table name)."""
    seen = {}
    names = [(c, s) for s, entries in model.ids.items() for c, _ in entries]
    names += [(c, s) for s, entries in model.ints.items() for c, _, _ in entries]
    for header, fields in model.layouts.items():
        hconst = constant_name(header.removesuffix("_t"))
        names += [(f"{hconst}_FIELD_{constant_name(f)}", "layouts") for f, _, _ in fields]
        names += [(f"{hconst}_FIELDS", "layouts"), (f"{hconst}_HEADER_BYTES", "layouts")]
    names += [(constant_name(enum), "enums") for enum in model.enums]
    for name, section in names:
        if name in seen and seen[name] != section:
            raise ConstantsError(f"{name} is generated for both {seen[name]} and {section}")
        seen[name] = section


def _classifier_table(info, action):
    """The tables whose only entry action is the classifier action named `action` (short name); a default-only
    action (the miss) does not count."""
    ids = {a.preamble.id for a in info.actions if a.preamble.name.rsplit(".", 1)[-1] == action}

    def entry_actions(table):
        return {ref.id for ref in table.action_refs if ref.scope != p4info_pb2.ActionRef.DEFAULT_ONLY}

    tables = [t for t in info.tables if entry_actions(t) and entry_actions(t) <= ids]
    if not tables:
        raise ConstantsError(f"no table has the classifier action {action}")
    return tables


def _range_widths(table):
    widths = {f.bitwidth for f in table.match_fields if f.match_type == p4info_pb2.MatchField.RANGE}
    if len(widths) != 1:
        raise ConstantsError(f"{table.preamble.name}: expected range keys of one width, got {sorted(widths)}")
    return widths.pop()


def capacity(info, model):
    """What a model may use of the classifier (model-tools' PipelineCapacity): slots, banks, table sizes, widths."""
    shared = {const: value for const, value, _ in model.ints.get("shared values", [])}
    selectors = _classifier_table(info, "select_feature")
    ranges = _classifier_table(info, "set_code")
    decision = _classifier_table(info, "set_class")
    phases = _classifier_table(info, "classify")
    if len(phases) != 1 or len(decision) != 1 or len(ranges) != len(selectors) or len(selectors) != shared.get("NUM_SLOTS"):
        raise ConstantsError(f"classifier: {len(phases)} phase tables, {len(selectors)} selectors, "
                             f"{len(ranges)} range tables, {len(decision)} decision tables for NUM_SLOTS={shared.get('NUM_SLOTS')}")
    set_class = next(a for a in info.actions if a.preamble.name.rsplit(".", 1)[-1] == "set_class")
    params = {p.name: p.bitwidth for p in set_class.params}
    return OrderedDict([
        ("generatedBy", "util/p4constants.py from the pipeconf's P4Info: run `make constants`, do not edit"),
        ("featureSlots", len(selectors)),
        ("banks", shared["NUM_BANKS"]),
        ("rangeTableSize", min(t.size for t in ranges)),
        ("decisionTableSize", decision[0].size),
        ("phaseTableSize", phases[0].size),
        ("maxClasses", min(shared["CLASSES_PER_BANK"], 1 << params["class_id"])),
        ("codeBits", _range_widths(decision[0])),
        ("slotValueBits", _range_widths(ranges[0])),
        ("classIdBits", params["class_id"]),
        ("leafIdBits", params["leaf_id"]),
    ])


def render_capacity(info, model):
    return json.dumps(capacity(info, model), indent=2) + "\n"


def _java_id_type(section):
    return {
        "tables": "PiTableId",
        "match fields": "PiMatchFieldId",
        "actions": "PiActionId",
        "action params": "PiActionParamId",
        "counters": "PiCounterId",
        "meters": "PiMeterId",
        "registers": "PiRegisterId",
        "packet metadata": "PiPacketMetadataId",
    }[section]


def render_java(model):
    out = [
        "/*",
        " * Generated by nidslib/p4constants.py from the P4Info and BMv2 JSON in",
        " * pipeconf/src/main/resources/p4c-out/bmv2/. Do not modify this file manually: run `make constants`.",
        " */",
        f"package {JAVA_PACKAGE};",
        "",
        "import com.google.common.collect.ImmutableList;",
        "import org.onosproject.net.pi.model.PiActionId;",
        "import org.onosproject.net.pi.model.PiActionParamId;",
        "import org.onosproject.net.pi.model.PiCounterId;",
        "import org.onosproject.net.pi.model.PiMatchFieldId;",
        "import org.onosproject.net.pi.model.PiMeterId;",
        "import org.onosproject.net.pi.model.PiPacketMetadataId;",
        "import org.onosproject.net.pi.model.PiRegisterId;",
        "import org.onosproject.net.pi.model.PiTableId;",
        "",
        "/**",
        " * P4Runtime names, sizes, bit widths and shared values of the NIDS pipeline.",
        " */",
        f"public final class {JAVA_CLASS} {{",
        "",
        f"    private {JAVA_CLASS}() {{",
        "        // constants only",
        "    }",
    ]
    for section, entries in model.ids.items():
        out += ["", f"    // {section}"]
        jtype = _java_id_type(section)
        for const, name in entries:
            out.append(f"    public static final {jtype} {const} =")
            out.append(f"            {jtype}.of(\"{name}\");")
    for section, entries in model.ints.items():
        out += ["", f"    // {section}"]
        for const, value, comment in entries:
            suffix = f" // {comment}" if comment and section == "shared values" else ""
            if -(1 << 31) <= value < (1 << 31):
                out.append(f"    public static final int {const} = {value};{suffix}")
            else:                                   # e.g. 32-bit hash multipliers
                out.append(f"    public static final long {const} = {value}L;{suffix}")
    if model.layouts:
        out += ["", "    /** A field of a header the controller decodes from a packet payload. */",
                "    public static final class HeaderField {",
                "        public final String name;",
                "        public final int bitOffset;",
                "        public final int bitWidth;",
                "",
                "        HeaderField(String name, int bitOffset, int bitWidth) {",
                "            this.name = name;",
                "            this.bitOffset = bitOffset;",
                "            this.bitWidth = bitWidth;",
                "        }",
                "    }"]
    for header, fields in model.layouts.items():
        hconst = constant_name(header.removesuffix("_t"))
        out += ["", f"    // layout of {header}"]
        total = 0
        for fname, offset, width in fields:
            fconst = f"{hconst}_FIELD_{constant_name(fname)}"
            out.append(f"    public static final HeaderField {fconst} =")
            out.append(f"            new HeaderField(\"{fname}\", {offset}, {width});")
            total = offset + width
        out.append(f"    public static final int {hconst}_HEADER_BYTES = {total // 8};")
        out.append(f"    public static final ImmutableList<HeaderField> {hconst}_FIELDS = ImmutableList.of(")
        names = [f"{hconst}_FIELD_{constant_name(f)}" for f, _, _ in fields]
        for i, n in enumerate(names):
            out.append(f"            {n}{',' if i < len(names) - 1 else ');'}")
    out.append("}")
    return "\n".join(out) + "\n"


def render_python(model):
    out = [
        '"""P4Runtime names, sizes, bit widths and shared values of the NIDS pipeline.',
        "",
        "Generated by nidslib/p4constants.py from the P4Info and BMv2 JSON. Do not modify this file manually: run",
        '`make constants`."""',
    ]
    for section, entries in model.ids.items():
        out += ["", f"# {section}"]
        for const, name in entries:
            out.append(f"{const} = {name!r}")
    for section, entries in model.ints.items():
        out += ["", f"# {section}"]
        for const, value, _ in entries:
            out.append(f"{const} = {value}")
    for header, fields in model.layouts.items():
        hconst = constant_name(header.removesuffix("_t"))
        out += ["", f"# layout of {header}: (field, bit offset, bit width)"]
        out.append(f"{hconst}_FIELDS = (")
        for fname, offset, width in fields:
            out.append(f"    ({fname!r}, {offset}, {width}),")
        out.append(")")
        out.append(f"{hconst}_HEADER_BYTES = {(fields[-1][1] + fields[-1][2]) // 8 if fields else 0}")
    for enum, members in model.enums.items():
        out += ["", f"# serializable enum {enum}: member -> value"]
        out.append(f"{constant_name(enum)} = {{")
        for member, value in members:
            out.append(f"    {member!r}: {value},")
        out.append("}")
    return "\n".join(out) + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--p4info", required=True)
    parser.add_argument("--bmv2-json")
    parser.add_argument("--java", required=True)
    parser.add_argument("--python", required=True)
    parser.add_argument("--capacity", help="classifier capacities (JSON) for model-tools")
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    try:
        with open(args.p4info) as f:
            info = parse_p4info(f.read())
        bmv2 = None
        if args.bmv2_json:
            with open(args.bmv2_json) as f:
                bmv2 = json.load(f)
        model = build_model(info, bmv2)
        outputs = {args.java: render_java(model), args.python: render_python(model)}
        if args.capacity:
            outputs[args.capacity] = render_capacity(info, model)
    except (OSError, ValueError, KeyError, text_format.ParseError, ConstantsError) as e:
        print(f"p4constants: {e}", file=sys.stderr)
        return 2
    stale = []
    for path, text in outputs.items():
        if args.check:
            try:
                with open(path) as f:
                    if f.read() != text:
                        stale.append(path)
            except FileNotFoundError:
                stale.append(path)
        else:
            with open(path, "w") as f:
                f.write(text)
    if stale:
        print("p4constants: out of date (run `make constants`): " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
