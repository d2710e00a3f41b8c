"""Pure part of util/bench/instructions.py: the calls and inclusive instruction counts of caller -> callee edges in
a callgrind output file (valgrind --tool=callgrind), e.g. how many instructions BMv2's ingress thread spends in
its pipeline per packet, and whether a switch build needs the stack lock. Text in, answers out:
testing/tests/test_bench.py tests it without valgrind or a switch."""
import re

_NAME = re.compile(r"(c?fn)=\((\d+)\)(?: (.*))?")
_CALLS = re.compile(r"calls=(\d+)")


def call_edges(lines):
    """{(caller, callee): (calls, inclusive Ir)} from the lines of a callgrind out file (name compression, one
    event). A `calls=` line is followed by the call's position and its inclusive cost."""
    names = {}
    caller = callee = None
    pending = None
    edges = {}
    for line in lines:
        m = _NAME.match(line)
        if m:
            kind, ident, name = m.groups()
            if name:
                names[ident] = name.strip()
            if kind == "fn":
                caller, callee = names.get(ident, ident), None
            else:
                callee = names.get(ident, ident)
            continue
        m = _CALLS.match(line)
        if m and callee is not None:
            pending = int(m.group(1))
            continue
        if pending is not None:
            fields = line.split()
            cost = int(fields[1]) if len(fields) > 1 else 0
            calls, total = edges.get((caller, callee), (0, 0))
            edges[(caller, callee)] = (calls + pending, total + cost)
            pending = None
    return edges


def per_call(edges, caller_part, callee_part):
    """(calls, instructions per call) summed over the edges whose caller and callee names contain the parts."""
    calls = total = 0
    for (caller, callee), (n, ir) in edges.items():
        if caller_part in (caller or "") and callee_part in (callee or ""):
            calls += n
            total += ir
    return calls, (total / calls if calls else 0.0)


# BMv2 simple_switch's per-packet work, by the function each of its threads runs a packet through: the packet is
# built and its metadata reset where it is received (a port's or a pcap file's reader thread), parsed and run
# through the ingress pipeline by the ingress thread, the egress pipeline and deparser by the egress thread, and
# handed to the port by the transmit thread.
THREAD_ROLES = (("receive", "SimpleSwitch::receive_"), ("ingress", "SimpleSwitch::ingress_thread"),
                ("egress", "SimpleSwitch::egress_thread"), ("transmit", "SimpleSwitch::transmit_thread"))

_TOTALS = re.compile(r"(?:totals|summary):\s+(\d+)")


def thread_total(lines):
    """(role, instructions) of one thread's callgrind file (valgrind --separate-threads=yes, collection toggled
    on the THREAD_ROLES functions): the role whose function the file names, None for a thread that ran none of
    them; the instructions its `totals:` (or `summary:`) line counts."""
    role = None
    total = 0
    for line in lines:
        m = _TOTALS.match(line)
        if m:
            total = int(m.group(1))
            continue
        if role is None and line.startswith(("fn=", "cfn=")):
            for name, function in THREAD_ROLES:
                if function in line:
                    role = name
                    break
    return role, total


def shares_machine_ports(usage):
    """Whether a switch build, by its `--help` text, opens something of the machine's that another session's switch
    uses too: the Thrift server's fixed port (9090) or the nanomsg notification socket (the -O3 build has neither,
    so instructions.py runs it without the stack lock)."""
    return "--thrift-port" in usage or "--notifications-addr" in usage
