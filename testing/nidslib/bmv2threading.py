"""Conditions of the ingress pipeline that a packet's way to them already decides, taken off that way (bmv2opt).

BMv2 sets every metadata field to 0 when a packet enters the ingress pipeline, so a condition that reads only
metadata fields nothing on the packet's way has written (no parser state, no action of a table it came through)
has one outcome on that way: the edge that leads to it can lead straight to the branch it would take. p4c 1.2.4
leaves such conditions where control flow joins: the flow table's "way 0 did not hold the key" test after the
count of a packet that way 0 held (meta.flow.expect is set only on the other paths), main.p4's "anything after
the flow table" test after a UDP packet that was only counted (attention and handshake_done are set only on the
paths that need the later stages). Each costs a condition node and its operations per packet (docs/overhead.md).

Two rewrites, to a fixed point:
  - an edge into a condition that the edge's way decides goes to the branch it takes;
  - where control flow joins at a condition C whose branch leads to a condition D that some incoming ways decide
    and others do not, those ways get a copy of C whose branch goes where D sends them (a copy of a condition is a
    few hundred bytes of JSON; tables are never copied). At most MAX_COPIES copies.

What a way has written is the union over every path to the edge (fields set by the parser, fields an action of
each table on it writes, per action for a table's per-action edges). Only the ingress pipeline (the egress one
starts with the ingress metadata of a clone), and nothing when the program resubmits or recirculates (a packet
then enters ingress with metadata kept). A primitive this module does not know writes everything.
"""
import copy
from collections import Counter

MAX_COPIES = 64
_METADATA = "scalars"
# Primitives and the index of the field they write; the others listed write no metadata field.
_WRITES = {"assign": 0, "register_read": 0, "modify_field_with_hash_based_offset": 0, "modify_field": 0,
           "modify_field_rng_uniform": 0}
_NO_METADATA_WRITE = {"count", "exit", "mark_to_drop", "register_write", "clone_ingress_pkt_to_egress",
                      "clone_egress_pkt_to_egress", "truncate", "add_header", "remove_header", "assume", "assert",
                      "log_msg", "execute_meter", "digest"}
_REENTER = ("resubmit", "recirculate")
_EVERYTHING = None      # a write set that may hold any field


def _union(a, b):
    if a is _EVERYTHING or b is _EVERYTHING:
        return _EVERYTHING
    return a | b


def _action_writes(action):
    written = set()
    for primitive in action["primitives"]:
        op = primitive["op"]
        if op in _WRITES:
            target = primitive["parameters"][_WRITES[op]]
            if target.get("type") == "field":
                written.add(tuple(target["value"]))
            elif target.get("type") != "header":
                return _EVERYTHING
        elif op not in _NO_METADATA_WRITE:
            return _EVERYTHING
    return written


def _parser_writes(doc):
    written = set()
    for parser in doc["parsers"]:
        for state in parser["parse_states"]:
            for operation in state["parser_ops"]:
                target = operation["parameters"][0] if operation["parameters"] else {}
                if operation["op"] == "set" and target.get("type") == "field":
                    written.add(tuple(target["value"]))
                elif operation["op"] not in ("extract", "extract_VL", "verify", "shift", "advance"):
                    return _EVERYTHING      # a primitive in a parser state, ...: may write anything
    return written


# ---- partial evaluation of a BMv2 condition: metadata not written is 0, everything else unknown (None) --------

_BINARY = {
    "==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b, "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b, ">=": lambda a, b: a >= b, "&": lambda a, b: a & b, "|": lambda a, b: a | b,
    "^": lambda a, b: a ^ b, "+": lambda a, b: a + b, "*": lambda a, b: a * b, "<<": lambda a, b: a << b,
    ">>": lambda a, b: a >> b,
}


def evaluate(node, written):
    """The value of an expression (int or bool) when every metadata field outside `written` is 0, or None when
    it depends on anything else."""
    if node is None:
        return None
    kind = node.get("type")
    if kind == "hexstr":
        return int(node["value"], 16)
    if kind == "bool":
        return bool(node["value"])
    if kind == "field":
        key = tuple(node["value"])
        if key[0] == _METADATA and written is not _EVERYTHING and key not in written:
            return 0
        return None
    if kind != "expression":
        return None
    op = node["value"]
    name = op["op"]
    if name == "?":
        cond = evaluate(op["cond"], written)
        if cond is None:
            left, right = evaluate(op["left"], written), evaluate(op["right"], written)
            return left if left is not None and left == right else None
        return evaluate(op["left"] if cond else op["right"], written)
    if name in ("and", "or"):
        left = evaluate(op["left"], written)
        if left is not None and bool(left) == (name == "or"):
            return name == "or"
        right = evaluate(op["right"], written)
        if right is not None and bool(right) == (name == "or"):
            return name == "or"
        if left is None or right is None:
            return None
        return bool(left) and bool(right) if name == "and" else bool(left) or bool(right)
    if name == "not":
        value = evaluate(op["right"], written)
        return None if value is None else not value
    if name == "d2b":
        value = evaluate(op["right"], written)
        return None if value is None else value != 0
    if name == "b2d":
        value = evaluate(op["right"], written)
        return None if value is None else int(bool(value))
    if name in _BINARY:
        left, right = evaluate(op["left"], written), evaluate(op["right"], written)
        if left is None or right is None:
            return None
        return _BINARY[name](left, right)
    return None         # "-", "~", "valid", ...: not needed here; unknown


# ---- the pipeline as a graph ---------------------------------------------------------------------------------

class _Graph:
    def __init__(self, doc, pipeline):
        self.pipeline = pipeline
        self.actions = {a["name"]: a for a in doc["actions"]}
        self.action_by_id = {a["id"]: a for a in doc["actions"]}
        self.tables = {t["name"]: t for t in pipeline["tables"]}
        self.conditionals = {c["name"]: c for c in pipeline["conditionals"]}
        self.parser_writes = _parser_writes(doc)
        self.writes_of = {name: _action_writes(a) for name, a in self.actions.items()}

    def edges(self, name):
        """(edge key, writes along it, target) of every edge out of a node; an edge key names where it is stored."""
        if name in self.conditionals:
            c = self.conditionals[name]
            return [(("cond", name, "true_next"), set(), c["true_next"]),
                    (("cond", name, "false_next"), set(), c["false_next"])]
        table = self.tables[name]
        all_writes = set()
        for action_id in table["action_ids"]:
            all_writes = _union(all_writes, self.writes_of[self.action_by_id[action_id]["name"]])
        result = []
        for key, target in table["next_tables"].items():
            writes = self.writes_of.get(key, all_writes) if key not in ("__HIT__", "__MISS__") else all_writes
            result.append((("table", name, key), writes, target))
        result.append((("default", name), all_writes, table["base_default_next"]))
        return result

    def set_target(self, edge_key, target):
        if edge_key[0] == "cond":
            self.conditionals[edge_key[1]][edge_key[2]] = target
        elif edge_key[0] == "table":
            self.tables[edge_key[1]]["next_tables"][edge_key[2]] = target
        elif edge_key[0] == "default":
            self.tables[edge_key[1]]["base_default_next"] = target
        else:
            self.pipeline["init_table"] = target

    def reachable_order(self):
        """Nodes reachable from the start, in topological order (the pipeline is a DAG)."""
        order, seen = [], set()

        def visit(name):
            if name is None or name in seen:
                return
            seen.add(name)
            for _, _, target in self.edges(name):
                visit(target)
            order.append(name)
        visit(self.pipeline["init_table"])
        return list(reversed(order))

    def written_before(self):
        """{node: fields written on some way to it} over the reachable graph."""
        before = {}
        start = self.pipeline["init_table"]
        if start is not None:
            before[start] = self.parser_writes if self.parser_writes is _EVERYTHING else set(self.parser_writes)
        for name in self.reachable_order():
            mine = before.get(name, set())
            for _, writes, target in self.edges(name):
                if target is not None:
                    before[target] = _union(before.get(target, set()), _union(mine, writes))
        return before

    def incoming(self):
        """{node: [(source, edge key, writes along the edge)]} over the reachable graph."""
        result = {}
        for name in self.reachable_order():
            for key, writes, target in self.edges(name):
                if target is not None:
                    result.setdefault(target, []).append((name, key, writes))
        return result

    def decided(self, name, written):
        """Where condition `name` sends a packet whose way wrote `written`, or False when the way does not decide."""
        c = self.conditionals.get(name)
        if c is None:
            return False
        value = evaluate(c["expression"], written)
        if value is None:
            return False
        return c["true_next"] if value else c["false_next"]


def _thread_edges(graph, removed):
    """Edges into a condition their way decides go to its branch. True when anything changed."""
    changed = False
    before = graph.written_before()
    for name in graph.reachable_order():
        for key, writes, target in graph.edges(name):
            if target not in graph.conditionals:
                continue
            way = _union(before.get(name, set()), writes)
            branch = graph.decided(target, way)
            while branch is not False:
                graph.set_target(key, branch)
                removed["conditions a packet's way decides, skipped"] += 1
                changed = True
                branch = graph.decided(branch, way) if branch in graph.conditionals else False
    return changed


def _split_joins(graph, removed, next_id):
    """One copy of a join condition C for the incoming ways that decide a condition C's branch leads to. Returns
    the number of copies made (0: nothing to do)."""
    before = graph.written_before()
    incoming = graph.incoming()
    for name in graph.reachable_order():
        c = graph.conditionals.get(name)
        ways = incoming.get(name, [])
        if c is None or len(ways) < 2:
            continue
        for branch_field in ("true_next", "false_next"):
            successor = c[branch_field]
            if successor not in graph.conditionals or graph.decided(successor, before[name]) is not False:
                continue
            deciding = []
            for source, key, writes in ways:
                way = _union(before.get(source, set()), writes)
                decision = graph.decided(successor, way)
                if decision is not False:
                    deciding.append((key, decision))
            if not deciding:
                continue
            by_decision = {}
            for key, decision in deciding:
                by_decision.setdefault(decision, []).append(key)
            for decision, keys in by_decision.items():
                clone = copy.deepcopy(c)
                clone["name"] = f"{name}_t{next_id}"
                clone["id"] = next_id
                clone[branch_field] = decision
                graph.pipeline["conditionals"].append(clone)
                graph.conditionals[clone["name"]] = clone
                for key in keys:
                    graph.set_target(key, clone["name"])
                removed["join conditions copied for the ways that decide the next"] += 1
                return 1
    return 0


def thread_conditions(doc, removed=None):
    """Rewrites doc's ingress pipeline in place; returns the Counter of what it did."""
    removed = Counter() if removed is None else removed
    ops = {p["op"] for a in doc["actions"] for p in a["primitives"]}
    if any(op.startswith(_REENTER) for op in ops):
        return removed
    pipeline = next((p for p in doc["pipelines"] if p["name"] == "ingress"), None)
    if pipeline is None:
        return removed
    graph = _Graph(doc, pipeline)
    next_id = 1 + max([c["id"] for p in doc["pipelines"] for c in p["conditionals"]] + [0])
    copies = 0
    while True:
        while _thread_edges(graph, removed):
            pass
        if copies >= MAX_COPIES:
            break
        made = _split_joins(graph, removed, next_id)
        if not made:
            break
        copies += made
        next_id += made
    # Conditions no way reaches any more are left out (BMv2 would never evaluate them).
    reachable = set(graph.reachable_order())
    kept = [c for c in pipeline["conditionals"] if c["name"] in reachable]
    removed["conditions no packet reaches any more, removed"] += len(pipeline["conditionals"]) - len(kept)
    pipeline["conditionals"] = kept
    return removed
