"""Generates the Java and Python constants that name the pipeline's P4Runtime entities.

The P4 program is the only place P4 names and shared values are written by hand. This generator reads what p4c makes
of it -- the P4Info (tables, keys, actions, params, counters, meters, registers, controller packet metadata,
serializable enums) and the BMv2 JSON (the layout of headers the controller decodes itself, such as the flow report) --
and writes one Java class for the pipeconf and app, and one Python module for the tests and tools.

    python -m nidslib.p4constants --p4info P4INFO --bmv2-json JSON --java OUT.java --python OUT.py [--check]

With --check nothing is written: the exit status says whether the files on disk are what the P4 outputs give now.
"""
import argparse
import json
import re
import sys
from collections import OrderedDict

from google.protobuf import text_format

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
            out.append(f"    public static final int {const} = {value};{suffix}")
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
    except (OSError, ValueError, text_format.ParseError, ConstantsError) as e:
        print(f"p4constants: {e}", file=sys.stderr)
        return 2
    outputs = {args.java: render_java(model), args.python: render_python(model)}
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
