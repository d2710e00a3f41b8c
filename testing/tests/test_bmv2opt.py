"""nidslib.bmv2opt: every simplified expression computes what the original does, on random inputs.

    .venv/bin/python -m pytest testing/tests/test_bmv2opt.py

BMv2's semantics, as the evaluator below models them: a field or register cell holds a value within its width
(writes mask); operations are on unbounded integers (GMP); `?:` evaluates one branch. The real program's
expressions are checked when p4c's output is in p4src/build/ (`make p4-build` writes it)."""
import copy
import json
import random
from collections import Counter

import pytest

from nidslib import bmv2opt, dataplane


class Env:
    """Random values for what expressions read, drawn once per evaluation (edge values often)."""

    def __init__(self, program, rng, runtime_widths=None):
        self.program, self.rng, self.values = program, rng, {}
        self.runtime_widths = runtime_widths or {}

    def draw(self, key, width):
        if key not in self.values:
            r = self.rng.random()
            top = (1 << width) - 1
            self.values[key] = 0 if r < 0.1 else top if r < 0.2 else (1 << self.rng.randrange(width)) if r < 0.3 \
                else self.rng.randint(0, top)
        return self.values[key]


def evaluate(node, env):
    kind = node.get("type")
    value = node.get("value")
    if kind == "field":
        width = env.program.field_width(node)
        return env.draw(tuple(value), width if width is not None else 64)
    if kind == "hexstr":
        return int(value, 16)
    if kind == "bool":
        return bool(value)
    if kind in ("runtime_data", "local"):       # an action parameter, in whole bytes
        bits = env.runtime_widths.get(value, 32)
        return env.draw(("runtime", value), -(-bits // 8) * 8)
    if kind == "header":
        return env.draw(("header", value), 1)
    assert kind == "expression", node
    if "op" not in value:
        return evaluate(value, env)
    op = value["op"]
    if op == "?":
        return evaluate(value["left"] if evaluate(value["cond"], env) else value["right"], env)
    left = evaluate(value["left"], env) if value.get("left") is not None else None
    right = evaluate(value["right"], env)
    unary = {"not": lambda r: not r, "d2b": lambda r: r != 0, "b2d": lambda r: int(bool(r)), "~": lambda r: ~r,
             "valid": lambda r: bool(r & 1)}
    if op in unary:
        return unary[op](right)
    binary = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
              "<<": lambda a, b: a << b, ">>": lambda a, b: a >> b, "&": lambda a, b: a & b,
              "|": lambda a, b: a | b, "^": lambda a, b: a ^ b, "==": lambda a, b: a == b,
              "!=": lambda a, b: a != b, "<": lambda a, b: a < b, "<=": lambda a, b: a <= b,
              ">": lambda a, b: a > b, ">=": lambda a, b: a >= b, "and": lambda a, b: a and b,
              "or": lambda a, b: a or b, "%": lambda a, b: a % b if b else 0, "/": lambda a, b: a // b if b else 0,
              "two_comp_mod": lambda a, b: ((a + (1 << (b - 1))) % (1 << b)) - (1 << (b - 1))}
    return binary[op](left, right)


def program_with_fields(widths):
    doc = {"header_types": [{"name": "h_t", "fields": [[f"f{i}", w, False] for i, w in enumerate(widths)]}],
           "headers": [{"name": "h", "header_type": "h_t", "metadata": True}], "register_arrays": []}
    return bmv2opt.Program(doc)


def field(i):
    return {"type": "field", "value": ["h", f"f{i}"]}


def const(v):
    return {"type": "hexstr", "value": hex(v)}


def random_expression(rng, widths, depth):
    """A data expression in p4c's style: casts and shifts followed by masks, masks of masks, additions."""
    if depth == 0 or rng.random() < 0.2:
        if rng.random() < 0.25:
            return const(rng.choice([0, 1, 0xff, 0xffff, 0xffffffff, rng.getrandbits(rng.randint(1, 130))]))
        return field(rng.randrange(len(widths)))
    op = rng.choice(["&", "&", "&", "|", "^", "<<", ">>", "+", "-", "*", "?", "~", "b2d"])
    sub = lambda: random_expression(rng, widths, depth - 1)
    if op in ("<<", ">>"):
        return bmv2opt._expression(op, sub(), const(rng.choice([0, 1, 8, 16, 32, 48, 64, 100])))
    if op == "&":
        if rng.random() < 0.25:
            return bmv2opt._expression("&", sub(), sub())
        mask = (1 << rng.choice([1, 8, 16, 32, 40, 48, 64, 104, 256])) - 1
        if rng.random() < 0.3:
            mask <<= rng.choice([0, 8, 32])
        return bmv2opt._expression("&", sub(), const(mask))
    if op == "?":
        cond = {"type": "expression", "value": {"op": "<", "left": sub(), "right": sub()}}
        return bmv2opt._expression("?", sub(), sub(), cond)
    if op in ("~", "b2d"):
        inner = sub() if op == "~" else {"type": "expression", "value": {"op": "d2b", "left": None, "right": sub()}}
        return {"type": "expression", "value": {"op": op, "left": None, "right": inner}}
    return bmv2opt._expression(op, sub(), sub())


def check_same(original, simplified, program, rng, written=None, runtime_widths=None, trials=40):
    keep = (1 << written) - 1 if written is not None else None
    for _ in range(trials):
        env = Env(program, rng, runtime_widths)
        a, b = evaluate(original, env), evaluate(simplified, env)
        if keep is not None:
            a, b = a & keep, b & keep
        assert a == b, (json.dumps(original)[:600], json.dumps(simplified)[:600], env.values)


def test_random_p4c_style_expressions_keep_their_values():
    rng = random.Random(20261204)
    widths = [1, 8, 9, 16, 32, 48, 104, 256]
    program = program_with_fields(widths)
    simplified_some, rules = 0, Counter()
    for _ in range(3000):
        expression = random_expression(rng, widths, rng.randint(1, 5))
        simplifier = bmv2opt.Simplifier(program)
        written = rng.choice([None, 8, 32, 104])
        simplified = simplifier.simplify_written(copy.deepcopy(expression), written)
        check_same(expression, simplified, program, rng, written)
        simplified_some += bmv2opt._count_ops(simplified) < bmv2opt._count_ops(expression)
        assert bmv2opt._count_ops(simplified) <= bmv2opt._count_ops(expression)
        rules += simplifier.removed
    assert simplified_some > 500
    # every expression rule was exercised
    assert set(rules) == {"constant operations folded", "masks that keep every bit removed", "shifts by zero removed",
                          "or with zero removed", "masks of masks merged", "masks the write makes anyway removed",
                          "shifts of shifts merged", "masks inside an and removed"}, rules


def test_short_circuit_conditions_keep_their_values():
    rng = random.Random(11)
    widths = [1, 8, 32]
    program = program_with_fields(widths)

    def condition(depth):
        if depth == 0 or rng.random() < 0.3:
            return {"type": "expression", "value": {"op": rng.choice(["<", "==", "!="]), "left": field(rng.randrange(3)),
                                                    "right": field(rng.randrange(3))}}
        return {"type": "expression", "value": {"op": rng.choice(["and", "or"]), "left": condition(depth - 1),
                                                "right": condition(depth - 1)}}
    for _ in range(500):
        expression = condition(4)
        rewritten = bmv2opt.short_circuit(copy.deepcopy(expression))
        assert bmv2opt._count_ops(rewritten, ("and", "or")) == 0
        check_same(expression, rewritten, program, rng)


def test_a_mask_that_can_change_the_value_stays():
    program = program_with_fields([48, 32])
    simplifier = bmv2opt.Simplifier(program)
    # A 48-bit field cast to 32 bits: the mask drops bits.
    cast = bmv2opt._expression("&", field(0), const(0xffffffff))
    assert simplifier.simplify(cast) == cast
    # A 32-bit sum can carry into bit 32: its mask stays, the widening mask above it goes.
    total = bmv2opt._expression("&", bmv2opt._expression("+", field(1), field(1)), const(0xffffffff))
    widened = bmv2opt._expression("&", total, const((1 << 104) - 1))
    assert simplifier.simplify(widened) == total
    # A difference may be negative: no width is assumed for it.
    diff = bmv2opt._expression("&", bmv2opt._expression("-", field(1), field(1)), const((1 << 104) - 1))
    assert simplifier.simplify(diff) == diff


def test_a_write_keeps_its_own_mask_only_when_it_matches():
    program = program_with_fields([48])
    simplifier = bmv2opt.Simplifier(program)
    shifted = bmv2opt._expression("<<", field(0), const(16))
    masked = bmv2opt._expression("&", shifted, const((1 << 32) - 1))
    assert simplifier.simplify_written(copy.deepcopy(masked), 32) == shifted
    assert simplifier.simplify_written(copy.deepcopy(masked), 40) == masked


def tiny_program():
    """One action hashing a copied field and counting at a copied index, as p4c writes them."""
    scalars = [["tmp", 104, False], ["tmp_0", 32, False], ["key", 104, False], ["slot", 32, False],
               ["unused", 3, False], ["_padding_0", 5, False]]
    return {
        "header_types": [{"name": "scalars_0", "fields": scalars},
                         {"name": "standard_metadata", "fields": [["ingress_port", 9, False]]}],
        "headers": [{"name": "scalars", "header_type": "scalars_0", "metadata": True},
                    {"name": "standard_metadata", "header_type": "standard_metadata", "metadata": True}],
        "register_arrays": [], "parsers": [], "pipelines": [],
        "calculations": [{"name": "calc", "id": 0, "algo": "crc32",
                          "input": [{"type": "field", "value": ["scalars", "tmp"]}]}],
        "actions": [{"name": "a", "id": 0, "runtime_data": [], "primitives": [
            {"op": "assign", "parameters": [{"type": "field", "value": ["scalars", "tmp"]},
                                            {"type": "field", "value": ["scalars", "key"]}]},
            {"op": "modify_field_with_hash_based_offset",
             "parameters": [{"type": "field", "value": ["scalars", "slot"]}, {"type": "hexstr", "value": "0x0"},
                            {"type": "calculation", "value": "calc"}, {"type": "hexstr", "value": "0x8000"}]},
            {"op": "assign", "parameters": [
                {"type": "field", "value": ["scalars", "tmp_0"]},
                {"type": "expression", "value": {"type": "expression", "value": {
                    "op": "&", "left": {"type": "field", "value": ["standard_metadata", "ingress_port"]},
                    "right": {"type": "hexstr", "value": "0xffffffff"}}}}]},
            {"op": "count", "parameters": [{"type": "counter_array", "value": "c"},
                                           {"type": "field", "value": ["scalars", "tmp_0"]}]}]}]}


def assert_well_formed(doc):
    """What BMv2's JSON loader wants: a primitive's expression parameter wraps an expression node, and every
    operand of an operation is a typed node."""
    def node(n):
        assert isinstance(n, dict) and "type" in n, n
        op = bmv2opt._op(n)
        if op is not None:
            for key in ("cond", "left", "right"):
                if op.get(key) is not None:
                    node(op[key])
        elif n["type"] == "expression":
            node(n["value"])
    for action in doc["actions"]:
        for primitive in action["primitives"]:
            for param in primitive["parameters"]:
                if param.get("type") == "expression":
                    assert "type" in param["value"], (action["name"], param)
                    node(param["value"])
    for pipeline in doc["pipelines"]:
        for conditional in pipeline["conditionals"]:
            node(conditional["expression"])


def test_copies_for_a_hash_and_a_counter_index_are_removed_with_their_fields():
    out, removed = bmv2opt.optimise(tiny_program())
    assert_well_formed(out)
    primitives = out["actions"][0]["primitives"]
    assert [p["op"] for p in primitives] == ["modify_field_with_hash_based_offset", "count"]
    assert out["calculations"][0]["input"] == [{"type": "field", "value": ["scalars", "key"]}]
    assert primitives[1]["parameters"][1] == {"type": "field", "value": ["standard_metadata", "ingress_port"]}
    names = [f[0] for f in out["header_types"][0]["fields"]]
    assert names == ["key", "slot"] and sum(f[1] for f in out["header_types"][0]["fields"]) % 8 == 0
    assert removed["hash input copies removed"] == 1 and removed["argument copies removed"] == 1


def test_a_forwarded_argument_keeps_the_mask_its_copy_made():
    doc = tiny_program()
    wide = doc["actions"][0]["primitives"][2]["parameters"][1]["value"]["value"]
    wide["left"] = {"type": "field", "value": ["scalars", "key"]}     # 104 bits into a 32-bit index
    out, _ = bmv2opt.optimise(doc)
    assert_well_formed(out)
    index = out["actions"][0]["primitives"][1]["parameters"][1]
    assert index["type"] == "expression" and bmv2opt._const(index["value"]["value"]["right"]) == 0xffffffff


def test_a_copy_read_twice_is_kept():
    doc = tiny_program()
    doc["actions"][0]["primitives"].append(
        {"op": "assign", "parameters": [{"type": "field", "value": ["scalars", "slot"]},
                                        {"type": "field", "value": ["scalars", "tmp_0"]}]})
    out, removed = bmv2opt.optimise(doc)
    assert [p["op"] for p in out["actions"][0]["primitives"]] == [
        "modify_field_with_hash_based_offset", "assign", "count", "assign"]
    assert removed["argument copies removed"] == 0


def expressions_of(doc):
    """(expression node, width its write keeps or None, action runtime widths) for every expression."""
    for primitive, i, written, runtime in bmv2opt.action_expressions(doc, bmv2opt.Program(doc)):
        param = primitive["parameters"][i]
        yield (param["value"] if "type" in param["value"] else param), written, runtime
    for pipeline in doc["pipelines"]:
        for conditional in pipeline["conditionals"]:
            yield conditional["expression"], None, {}


def test_the_programs_expressions_keep_their_values():
    reason = dataplane.ensure_build()
    if reason:
        pytest.skip(reason)
    raw = dataplane.BUILD / "bmv2.p4c.json"
    if not raw.exists():
        pytest.skip(f"{raw} missing (p4c's own output; `make p4-build` writes it)")
    doc = json.loads(raw.read_text())
    program = bmv2opt.Program(doc)
    rng = random.Random(7)
    checked = 0
    for expression, written, runtime in expressions_of(doc):
        simplifier = bmv2opt.Simplifier(program)
        simplifier.runtime_widths = runtime
        simplified = bmv2opt.short_circuit(simplifier.simplify_written(copy.deepcopy(expression), written))
        check_same(expression, simplified, program, rng, written, runtime, trials=8)
        checked += 1
    assert checked > 400
    out, _ = bmv2opt.optimise(doc)
    assert_well_formed(out)
    assert bmv2opt.count_operations(out) < 0.8 * bmv2opt.count_operations(doc)

