"""Takes out of p4c's bmv2.json the work BMv2 would do per packet for nothing.

BMv2 interprets every expression operation as a multi-precision (GMP) operation and exports every field it writes,
whatever the width (docs/overhead.md), and p4c 1.2.4's BMv2 back end emits, for P4's fixed-width semantics, a mask
after every cast, shift and arithmetic operation, and copies a hash's input and some primitive arguments into
temporaries. Many of those masks cannot change the value they mask: BMv2 keeps every field and register cell within
its width (a field or cell write masks), so a value's bits are bounded by what it was computed from. This pass
removes exactly those, and nothing that could change a value:

  - a mask `x & c` where c's low bits cover every bit x can have (bounded by its fields', registers' and
    constants' widths through the operations above it) — and, at the top of an assignment or register write, every
    bit the destination keeps, since the write masks to its width;
  - a mask of a mask: `(x & c1) & c2` is `x & (c1 & c2)`, and `x & (z & c)` is `x & z` where c keeps x's bits;
    shifts of shifts merged; shifts by zero, or by at least the operand's width; operations on constants (folded);
  - a temporary written once from a field and read once by the hash calculation that follows (the calculation
    reads the field), or written once and read once as the whole argument of the next primitive (the argument is
    the temporary's expression), and metadata fields nothing reads any more (BMv2 resets each per packet);
  - in conditions, `a or b` becomes `a ? true : b` and `a and b` becomes `a ? b : false` (BMv2 evaluates both
    operands of `or` and `and`, one branch of `?:`);
  - conditions of the ingress pipeline that the way a packet came already decides (they read only metadata
    nothing on that way wrote, which BMv2 starts at 0): the edge goes straight to the branch they would take
    (`nidslib.bmv2threading`).

Conditions keep BMv2's types: a data expression stays data, a boolean stays boolean. The P4Info is not touched, so
names and ids are unchanged. `testing/tests/test_bmv2opt.py` evaluates every simplified expression of the program
against the original on random inputs; the data-plane suite runs the optimised program.

    python -m nidslib.bmv2opt IN.json OUT.json     # prints what it removed
"""
import argparse
import copy
import json
import sys
from collections import Counter

from nidslib.bmv2threading import thread_conditions

# Operations whose result is a non-negative integer bounded by their operands' widths (all operands non-negative).
_DATA_OPS = {"&", "|", "^", "<<", ">>", "+", "*", "?", "b2d"}
_FOLD = {"&": lambda a, b: a & b, "|": lambda a, b: a | b, "^": lambda a, b: a ^ b, "<<": lambda a, b: a << b,
         ">>": lambda a, b: a >> b, "+": lambda a, b: a + b, "*": lambda a, b: a * b}


def _const(node):
    """The integer of a hexstr node, or None."""
    if isinstance(node, dict) and node.get("type") == "hexstr":
        return int(node["value"], 16)
    return None


def _hexstr(value):
    assert value >= 0
    digits = format(value, "x")
    return {"type": "hexstr", "value": "0x" + ("0" * (len(digits) % 2)) + digits}


def _op(node):
    """The operation dict of an expression node, or None."""
    if isinstance(node, dict) and node.get("type") == "expression" and isinstance(node.get("value"), dict) \
            and "op" in node["value"]:
        return node["value"]
    return None


def _expression(op, left, right, cond=None):
    value = {"op": op, "left": left, "right": right}
    if cond is not None:
        value = {"op": op, "cond": cond, "left": left, "right": right}
    return {"type": "expression", "value": value}


def _covers(mask, width):
    """True when mask keeps every bit below width."""
    low = (1 << width) - 1
    return mask & low == low


class Program:
    """Widths of what expressions read: fields, register cells, action parameters."""

    def __init__(self, doc):
        types = {t["name"]: t for t in doc["header_types"]}
        self.fields = {}
        for header in doc["headers"]:
            for field in types[header["header_type"]]["fields"]:
                name, width = field[0], field[1]
                signed = len(field) > 2 and field[2]
                saturating = len(field) > 3 and field[3]
                # A signed or saturating field is not simply masked on write: no width is assumed for it.
                plain = isinstance(width, int) and not signed and not saturating
                self.fields[(header["name"], name)] = width if plain else None
        self.registers = {r["name"]: r["bitwidth"] for r in doc["register_arrays"]}

    def field_width(self, node):
        value = node.get("value")
        if isinstance(value, list) and len(value) == 2:
            return self.fields.get(tuple(value))
        return None


class Simplifier:
    def __init__(self, program):
        self.program = program
        self.removed = Counter()
        self.runtime_widths = {}

    def width(self, node):
        """An upper bound on the bit length of a data node's (non-negative) value, or None if unknown."""
        kind = node.get("type") if isinstance(node, dict) else None
        if kind == "field":
            return self.program.field_width(node)
        if kind == "hexstr":
            value = _const(node)
            return value.bit_length() if value >= 0 else None
        if kind in ("runtime_data", "local"):
            # An action parameter ("local" inside an action's expressions). P4Runtime carries it in whole bytes;
            # assume no more than those.
            bits = self.runtime_widths.get(node["value"])
            return None if bits is None else -(-bits // 8) * 8
        op = _op(node)
        if op is None or op["op"] not in _DATA_OPS:
            return None
        name = op["op"]
        if name == "b2d":
            return 1
        if name == "?":
            left, right = self.width(op["left"]), self.width(op["right"])
            return None if left is None or right is None else max(left, right)
        left, right = self.width(op["left"]), self.width(op["right"])
        if name == "&":
            # Anding with a non-negative value of w bits gives one of at most w bits, whatever the other operand.
            known = [w for w in (left, right) if w is not None]
            return min(known) if known else None
        if left is None:
            return None
        if name in ("<<", ">>"):
            shift = _const(op["right"])
            if shift is None:
                return left if name == ">>" else None
            return left + shift if name == "<<" else max(0, left - shift)
        if right is None:
            return None
        if name in ("|", "^"):
            return max(left, right)
        if name == "+":
            return max(left, right) + 1
        if name == "*":
            return left + right
        return None

    def simplify(self, node):
        """A node computing the same value as node, with fewer operations where possible."""
        op = _op(node)
        if op is None:
            return node
        name = op["op"]
        children = {key: self.simplify(op[key]) if isinstance(op.get(key), dict) else op.get(key)
                    for key in ("cond", "left", "right") if key in op}
        node = {"type": "expression", "value": {**op, **children}}
        op = node["value"]
        left, right = op.get("left"), op.get("right")
        lc, rc = _const(left), _const(right)
        if name in ("&", "|", "^", "<<", ">>", "+", "*") and lc is not None and rc is not None \
                and lc >= 0 and rc >= 0 and not (name == "<<" and rc > 4096):
            self.removed["constant operations folded"] += 1
            return _hexstr(_FOLD[name](lc, rc))
        if name == "&":
            if lc is not None and rc is None:
                left, right, lc, rc = right, left, rc, lc
            if rc is not None and rc >= 0:
                inner = _op(left)
                if inner is not None and inner["op"] == "&":
                    ic = _const(inner["right"]), _const(inner["left"])
                    for mask, other in ((ic[0], inner["left"]), (ic[1], inner["right"])):
                        if mask is not None and mask >= 0:
                            self.removed["masks of masks merged"] += 1
                            return self.simplify(_expression("&", other, _hexstr(mask & rc)))
                width = self.width(left)
                if width is not None and _covers(rc, width):
                    self.removed["masks that keep every bit removed"] += 1
                    return left
                shifted = _op(left)
                if shifted is not None and shifted["op"] == "<<" and _const(shifted["right"]) is not None:
                    # (x << s) has no bit below s: the mask need only keep x's bits, moved up by s.
                    width = self.width(shifted["left"])
                    if width is not None and _covers(rc >> _const(shifted["right"]), width):
                        self.removed["masks that keep every bit removed"] += 1
                        return left
                if rc == 0:
                    self.removed["masks that keep every bit removed"] += 1
                    return _hexstr(0)
            if rc is None:
                # x & (z & c) where c keeps every bit x can have: x & z (and the same with the sides swapped).
                for keep, other in ((left, right), (right, left)):
                    inner, width = _op(other), self.width(keep)
                    if inner is None or inner["op"] != "&" or width is None:
                        continue
                    for mask, z in ((_const(inner["right"]), inner["left"]), (_const(inner["left"]), inner["right"])):
                        if mask is not None and mask >= 0 and _covers(mask, width):
                            self.removed["masks inside an and removed"] += 1
                            return self.simplify(_expression("&", keep, z))
            return _expression("&", left, right)
        if name in ("<<", ">>") and rc == 0:
            self.removed["shifts by zero removed"] += 1
            return left
        if name in ("<<", ">>") and rc is not None and rc >= 0:
            inner = _op(left)
            if inner is not None and inner["op"] == name and _const(inner["right"]) is not None \
                    and _const(inner["right"]) >= 0:
                self.removed["shifts of shifts merged"] += 1
                return self.simplify(_expression(name, inner["left"], _hexstr(_const(inner["right"]) + rc)))
        if name == ">>" and rc is not None:
            width = self.width(left)
            if width is not None and width <= rc:
                self.removed["shifts by zero removed"] += 1
                return _hexstr(0)
        if name in ("|", "^") and (lc == 0 or rc == 0):
            self.removed["or with zero removed"] += 1
            return right if lc == 0 else left
        return node

    def simplify_written(self, node, width):
        """node as the value of a write that keeps `width` bits (a field or a register cell): a top-level mask
        keeping every one of them is the write's own."""
        node = self.simplify(node)
        while width is not None:
            op = _op(node)
            if op is None or op["op"] != "&":
                break
            mask, other = _const(op["right"]), op["left"]
            if mask is None:
                mask, other = _const(op["left"]), op["right"]
            if mask is None or mask < 0 or not _covers(mask, width):
                break
            self.removed["masks the write makes anyway removed"] += 1
            node = other
        return node


# Operations whose expression parameter may as well be a plain field or constant (BMv2 then reads it without
# evaluating an expression); others (a parser's extract_VL length, ...) want an expression whatever it is.
_PLAIN_PARAMETER_OPS = {"assign", "register_write", "count", "set"}


def _simplify_param(simplifier, operation, param, written):
    """An action primitive's or parser operation's expression parameter, simplified. p4c wraps a primitive's
    expression once more ({"type": "expression", "value": <expression node>})."""
    inner = param.get("value")
    if isinstance(inner, dict) and "type" in inner:
        inner = simplifier.simplify_written(inner, written)
        if inner.get("type") in ("field", "hexstr") and operation in _PLAIN_PARAMETER_OPS:
            return inner
        return {"type": "expression", "value": inner}
    return simplifier.simplify_written(param, written)


def _references(doc):
    """How many times each field is named anywhere in the program but its declaration: as an expression's or a
    primitive's field, a table key, a checksum target, a field list element or an alias (all [header, field])."""
    counts = Counter()

    def walk(node):
        if isinstance(node, dict):
            for item in node.values():
                walk(item)
        elif isinstance(node, list):
            if len(node) == 2 and all(isinstance(item, str) for item in node):
                counts[tuple(node)] += 1
            for item in node:
                walk(item)
    walk({k: v for k, v in doc.items() if k not in ("header_types", "headers")})
    return counts


def _is_field(node, key=None):
    return isinstance(node, dict) and node.get("type") == "field" and (key is None or tuple(node["value"]) == key)


def action_expressions(doc, program):
    """(primitive, parameter index, bits the write keeps or None, the action's parameter widths) of every
    expression parameter of every action."""
    for action in doc["actions"]:
        runtime_widths = {i: p["bitwidth"] for i, p in enumerate(action.get("runtime_data", []))}
        for primitive in action["primitives"]:
            params = primitive["parameters"]
            for i, param in enumerate(params):
                if param.get("type") != "expression":
                    continue
                written = None
                if primitive["op"] == "assign" and i == 1 and _is_field(params[0]):
                    written = program.field_width(params[0])
                elif primitive["op"] == "register_write" and i == 2 and params[0].get("type") == "register_array":
                    written = program.registers.get(params[0]["value"])
                yield primitive, i, written, runtime_widths


def _simplify_actions(doc, simplifier):
    for primitive, i, written, runtime_widths in list(action_expressions(doc, simplifier.program)):
        simplifier.runtime_widths = runtime_widths
        params = primitive["parameters"]
        params[i] = _simplify_param(simplifier, primitive["op"], params[i], written)
    simplifier.runtime_widths = {}


def _simplify_parsers(doc, simplifier):
    program = simplifier.program
    for parser in doc["parsers"]:
        for state in parser["parse_states"]:
            for operation in state["parser_ops"]:
                params = operation["parameters"]
                for i, param in enumerate(params):
                    if param.get("type") != "expression":
                        continue
                    written = program.field_width(params[0]) if operation["op"] == "set" and i == 1 \
                        and _is_field(params[0]) else None
                    params[i] = _simplify_param(simplifier, operation["op"], param, written)


def short_circuit(node):
    """`a or b` as `a ? true : b`, `a and b` as `a ? b : false`: BMv2 evaluates both operands of `or` and `and`,
    but only the branch of `?:` that the condition picks, so a test whose left side decides skips the right side's
    operations (a boolean `?:` costs about what the `or` did)."""
    op = _op(node)
    if op is None:
        return node
    op = {**op, **{key: short_circuit(op[key]) for key in ("cond", "left", "right") if isinstance(op.get(key), dict)}}
    if op["op"] == "or":
        return _expression("?", {"type": "bool", "value": True}, op["right"], cond=op["left"])
    if op["op"] == "and":
        return _expression("?", op["right"], {"type": "bool", "value": False}, cond=op["left"])
    return {"type": "expression", "value": op}


def _simplify_conditions(doc, simplifier):
    for pipeline in doc["pipelines"]:
        for conditional in pipeline["conditionals"]:
            expression = simplifier.simplify(conditional["expression"])
            simplifier.removed["ands and ors made short-circuit"] += _count_ops(expression, ("and", "or"))
            conditional["expression"] = short_circuit(expression)


def _count_ops(node, names=None):
    """Operations in an expression (of the given names only, if given)."""
    op = _op(node)
    if op is None:
        return 0
    own = 1 if names is None or op["op"] in names else 0
    return own + sum(_count_ops(op[key], names) for key in ("cond", "left", "right") if isinstance(op.get(key), dict))


def _forward_hash_inputs(doc, simplifier):
    """`tmp = F; hash(calc over tmp)` with tmp and calc used nowhere else: the calculation reads F."""
    program = simplifier.program
    refs = _references(doc)
    calcs = {c["name"]: c for c in doc["calculations"]}
    calc_uses = Counter()
    for action in doc["actions"]:
        for primitive in action["primitives"]:
            for param in primitive["parameters"]:
                if param.get("type") == "calculation":
                    calc_uses[param["value"]] += 1
    for action in doc["actions"]:
        primitives = action["primitives"]
        for i in range(len(primitives) - 1):
            copy_, hashing = primitives[i], primitives[i + 1]
            if copy_ is None or copy_["op"] != "assign" or hashing["op"] != "modify_field_with_hash_based_offset":
                continue
            dst, src = copy_["parameters"]
            calc_param = next((p for p in hashing["parameters"] if p.get("type") == "calculation"), None)
            if calc_param is None or not _is_field(dst) or not _is_field(src):
                continue
            calc = calcs[calc_param["value"]]
            temp = tuple(dst["value"])
            if calc_uses[calc["name"]] != 1 or len(calc["input"]) != 1 or not _is_field(calc["input"][0], temp):
                continue
            if refs[temp] != 2 or program.field_width(dst) is None \
                    or program.field_width(dst) != program.field_width(src):
                continue
            # The hash output must not be the field the calculation reads (it is written after the read).
            calc["input"] = [copy.deepcopy(src)]
            primitives[i] = None
            simplifier.removed["hash input copies removed"] += 1
        action["primitives"] = [p for p in primitives if p is not None]


# Primitives that read every parameter before they write anything, so a parameter may be an expression.
_ARGUMENT_PRIMITIVES = {"count", "register_write"}


def _forward_arguments(doc, simplifier):
    """`tmp = E; P(..., tmp, ...)` with tmp named nowhere else: P's parameter is E."""
    refs = _references(doc)
    for action in doc["actions"]:
        primitives = action["primitives"]
        for i in range(len(primitives) - 1):
            copy_, user = primitives[i], primitives[i + 1]
            if copy_ is None or copy_["op"] != "assign" or user["op"] not in _ARGUMENT_PRIMITIVES:
                continue
            dst, src = copy_["parameters"]
            if not _is_field(dst) or dst["value"][0] != "scalars":
                continue
            temp = tuple(dst["value"])
            uses = [j for j, p in enumerate(user["parameters"]) if _is_field(p, temp)]
            width = simplifier.program.field_width(dst)
            if refs[temp] != 2 or len(uses) != 1 or width is None \
                    or src.get("type") not in ("field", "hexstr", "expression"):
                continue
            if src.get("type") == "expression":
                src = src["value"]      # the expression node inside the parameter's wrapper
            src_width = simplifier.width(src)
            if src_width is None or src_width > width:
                # The temporary's write masked E to its width: the argument keeps that mask.
                src = _expression("&", src, _hexstr((1 << width) - 1))
            user["parameters"][uses[0]] = src if src.get("type") in ("field", "hexstr") \
                else {"type": "expression", "value": src}
            primitives[i] = None
            simplifier.removed["argument copies removed"] += 1
        action["primitives"] = [p for p in primitives if p is not None]


def _drop_unread_scalars(doc, simplifier):
    """Metadata fields no longer named anywhere (the removed temporaries)."""
    refs = _references(doc)
    scalars = {h["name"]: h["header_type"] for h in doc["headers"]}.get("scalars")
    for header_type in doc["header_types"]:
        if header_type["name"] != scalars:
            continue
        kept = [f for f in header_type["fields"] if refs[("scalars", f[0])] or f[0].startswith(("_padding", "$"))]
        simplifier.removed["unread metadata fields removed"] += len(header_type["fields"]) - len(kept)
        header_type["fields"] = kept
        _repad(header_type)


def _repad(header_type):
    """BMv2 wants a metadata header's width in whole bytes, as p4c pads it."""
    fields = [f for f in header_type["fields"] if not f[0].startswith("_padding")]
    total = sum(f[1] for f in fields)
    if total % 8:
        fields.append(["_padding", 8 - total % 8, False])
    header_type["fields"] = fields


def count_operations(doc):
    """Expression operations in actions, conditions and parser operations (what BMv2 interprets)."""
    total = 0

    def walk(node):
        nonlocal total
        if isinstance(node, dict):
            if _op(node) is not None:
                total += 1
            for item in node.values():
                walk(item)
        elif isinstance(node, list):
            for item in node:
                walk(item)
    walk([doc["actions"], doc["pipelines"], doc["parsers"]])
    return total


def optimise(doc):
    """Returns (optimised copy of doc, Counter of what was removed)."""
    doc = copy.deepcopy(doc)
    simplifier = Simplifier(Program(doc))
    _simplify_actions(doc, simplifier)
    _simplify_parsers(doc, simplifier)
    _simplify_conditions(doc, simplifier)
    _forward_hash_inputs(doc, simplifier)
    _forward_arguments(doc, simplifier)
    thread_conditions(doc, simplifier.removed)
    _drop_unread_scalars(doc, simplifier)
    return doc, simplifier.removed


def summary(doc, out, removed):
    """One line: the operations before and after, and what was removed."""
    parts = ", ".join(f"{n} {what}" for what, n in sorted(removed.items()) if n)
    return f"bmv2opt: {count_operations(doc)} -> {count_operations(out)} expression operations ({parts})"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("input", help="bmv2.json as p4c wrote it")
    parser.add_argument("output", help="where to write the optimised bmv2.json")
    args = parser.parse_args(argv)
    with open(args.input) as f:
        doc = json.load(f)
    out, removed = optimise(doc)
    with open(args.output, "w") as f:
        json.dump(out, f, indent=2)
        f.write("\n")
    print(summary(doc, out, removed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
