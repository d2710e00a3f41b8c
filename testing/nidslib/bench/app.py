"""Pure parts of the app benchmark (`make bench-app`, util/bench/appbench.py): the report packet-ins replayed into
ONOS, the figures of one step from the app's counters, where dropping starts, and the results table.

The frames are built from the report layout of the pipeconf's BMv2 JSON (nidslib.p4info), so a change of the report
format changes them too. No process, socket or file access here: testing/tests/test_appbench.py tests all of it.
"""
import random
import struct

from .. import constants as C
from ..p4info import pack_fields

# Report flows the frames carry: benign conversations among these clients and servers, attacks from a few sources.
BENIGN_CLIENTS = 200
SERVERS = 20
ATTACKERS = 8
SERVICE_PORTS = (22, 53, 80, 443, 8080)
ATTACK_PORT = 4444


def _ip(a, b, c, d):
    return (a << 24) | (b << 16) | (c << 8) | d


def report_values(i, rng, attack, epoch, flow_slots=C.FLOW_TABLE_SIZE):
    """The fields of report i: an occupied slot's FLOW_END (benign, class 0) or ALERT (attack, class 1)."""
    pkts = rng.randint(1, 60)
    size = rng.randint(60, 1400)
    if attack:
        client = _ip(10, 66, 0, 1 + i % ATTACKERS)
        server_port, reason, class_id = ATTACK_PORT, C.REASON_ALERT, 1
    else:
        client = _ip(10, 1, (i // 250) % BENIGN_CLIENTS, 1 + i % 250)
        server_port, reason, class_id = rng.choice(SERVICE_PORTS), C.REASON_FLOW_END, 0
    client_port = 32768 + i % 28000
    first_seen = 1_000_000 + i * 1_000
    return {
        "version": C.REPORT_VERSION, "reason": reason, "flags": C.REPORT_FLAG_OCCUPIED, "bank": 0,
        "class_id": class_id, "leaf_id": 1 + class_id, "slot": rng.randrange(flow_slots), "ingress_port": 1,
        "client_ingress_port": 1,
        "model_epoch": epoch, "client_ip": client, "server_ip": _ip(10, 2, 0, 1 + i % SERVERS),
        "client_port": client_port, "server_port": server_port, "proto": 6,
        "l4_src_port": client_port, "l4_dst_port": server_port, "protocol": 6,
        "in_bytes": pkts * size, "in_pkts": pkts, "out_bytes": pkts * 80, "out_pkts": pkts,
        "tcp_flags": 0x1b, "client_tcp_flags": 0x1b, "server_tcp_flags": 0x12,
        "flow_duration_milliseconds": pkts * 3, "duration_in": pkts * 3, "duration_out": pkts * 3,
        "min_ttl": 63, "max_ttl": 64, "longest_flow_pkt": size, "shortest_flow_pkt": 60,
        "min_ip_pkt_len": 46, "max_ip_pkt_len": size - 14, "num_pkts_up_to_128_bytes": pkts // 2,
        "num_pkts_1024_to_1514_bytes": pkts - pkts // 2, "tcp_win_max_in": 64240, "tcp_win_max_out": 65160,
        "first_seen": first_seen, "last_seen": first_seen + pkts * 3_000,
    }


def report_frames(layout, count=4096, attack_share=0.05, epoch=1, seed=1):
    """`count` report frames (Ethernet + report header) by a [(field, width)] layout; every 1/attack_share-th is an
    attack. Fields of the layout the values do not name stay 0; values the layout does not have are left out."""
    if count < 1 or not 0 <= attack_share <= 1:
        raise ValueError("need count >= 1 and 0 <= attack_share <= 1")
    names = {name for name, _ in layout}
    rng = random.Random(seed)
    every = round(1 / attack_share) if attack_share > 0 else 0
    eth = b"\x00\x00\x00\x00\x00\x01" + b"\x00\x00\x00\x00\x00\x02" + C.ETHERTYPE_REPORT.to_bytes(2, "big")
    frames = []
    for i in range(count):
        values = report_values(i, rng, bool(every) and i % every == 0, epoch)
        frames.append(eth + pack_fields(layout, {k: v for k, v in values.items() if k in names}))
    return frames


def frames_file(frames):
    """The replay tool's frames file: each frame as a 2-byte big-endian length, then its bytes."""
    return b"".join(struct.pack(">H", len(f)) + f for f in frames)


# ---- figures -----------------------------------------------------------------------------------------------

# Reports still in flight inside ONOS when a step's counters are read: a step loses "nothing" below this share.
LOSS_LIMIT = 0.001
DROP_REASONS = ("reportQueueFull", "detectionQueueFull", "netflowQueueFull", "slotOutOfRange")


def step_figures(before, after, seconds, sent, cpu_percent, heap_mib):
    """One step's figures from the `pipeline` part of GET /onos/nids/stats before and after it.

    sent: packet-ins the fake switches sent in the step. Returns rates per second, drops per reason, what ONOS lost
    before the app saw it (sent but never received), and the app's handling p99 so far."""
    if seconds <= 0:
        raise ValueError("empty step")

    def delta(*path):
        a, b = before, after
        for key in path:
            a, b = a[key], b[key]
        return b - a

    received = delta("reportsReceived")
    drops = {r: delta("drops", r) for r in DROP_REASONS}
    return {
        "seconds": seconds,
        "sent": sent,
        "offered": sent / seconds,
        "received": received / seconds,
        "records": delta("records") / seconds,
        "exported": delta("netflow", "recordsExported") / seconds,
        "drops": drops,
        "dropped": sum(drops.values()),
        "notReceived": max(0, sent - received),
        "p99Micros": after["handlingMicros"]["p99"],
        "cpuPercent": cpu_percent,
        "heapMiB": heap_mib,
    }


def drops_start(steps):
    """The offered rate of the first step (lowest first) where the app dropped or ONOS lost reports, or None."""
    for step in sorted(steps, key=lambda s: s["offered"]):
        if step["dropped"] > 0 or step["notReceived"] > LOSS_LIMIT * step["sent"]:
            return step["offered"]
    return None


def sustained(steps):
    """The highest record rate of a step where nothing was dropped and at most LOSS_LIMIT of the sent was lost."""
    best = 0.0
    for step in steps:
        if step["dropped"] == 0 and step["notReceived"] <= LOSS_LIMIT * step["sent"]:
            best = max(best, step["records"])
    return best


def falls_behind(steps, share=0.9):
    """The offered rate of the first step (lowest first) where the app took less than `share` of it while it was
    sent (ONOS queued the rest in front of the app), or None."""
    for step in sorted(steps, key=lambda s: s["offered"]):
        taken = step["takenDuring"] if "takenDuring" in step else step["received"]
        if taken < share * step["offered"]:
            return step["offered"]
    return None


def table(results):
    """Markdown rows per switch count and step: offered, taken while sent, records/s, NetFlow records/s, drops per
    reason, reports never taken, handling p99 so far, ONOS CPU and heap in use."""
    rows = ["| switches | offered reports/s | taken while sent /s | records/s | NetFlow records/s | dropped "
            "(counted) | never taken | handling p99 so far | ONOS CPU | heap in use |",
            "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for switches, steps in sorted(results.items()):
        for s in sorted(steps, key=lambda s: s["offered"]):
            drops = ", ".join(f"{k} {v:,}" for k, v in s["drops"].items() if v) or "0"
            rows.append(f"| {switches} | {s['offered']:,.0f} | {s.get('takenDuring', s['received']):,.0f} | "
                        f"{s['records']:,.0f} | {s['exported']:,.0f} | {drops} | {s['notReceived']:,} | "
                        f"{s['p99Micros']:,} µs | {s['cpuPercent']:.0f} % | {s['heapMiB']:,.0f} MiB |")
    return "\n".join(rows)
