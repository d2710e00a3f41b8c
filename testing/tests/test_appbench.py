"""The pure parts of `make bench-app` (nidslib.bench.app): replayed report frames and the step figures."""
import struct

import pytest

from nidslib import constants as C
from nidslib.bench import app as bench
from nidslib.p4info import Bmv2Json, unpack_fields

LAYOUT = Bmv2Json().layout("report_t")


def test_frames_are_reports_the_app_decodes():
    frames = bench.report_frames(LAYOUT, count=100, attack_share=0.1, epoch=3)
    assert len(frames) == 100
    reports = [unpack_fields(LAYOUT, f[14:]) for f in frames]
    assert all(int.from_bytes(f[12:14], "big") == C.ETHERTYPE_REPORT for f in frames)
    assert all(len(f) == 14 + C.REPORT_HEADER_BYTES for f in frames)
    assert {r["version"] for r in reports} == {C.REPORT_VERSION}
    assert {r["model_epoch"] for r in reports} == {3}
    assert all(r["flags"] & C.REPORT_FLAG_OCCUPIED and r["slot"] < C.FLOW_TABLE_SIZE for r in reports)
    attacks = [r for r in reports if r["class_id"] != 0]
    assert len(attacks) == 10
    assert {r["reason"] for r in attacks} == {C.REASON_ALERT}
    assert {r["server_port"] for r in attacks} == {bench.ATTACK_PORT}
    assert {r["reason"] for r in reports if r["class_id"] == 0} == {C.REASON_FLOW_END}
    # many distinct flows, so the app's windows and the NetFlow sources see a real mix
    assert len({(r["client_ip"], r["client_port"]) for r in reports}) == 100


def test_fields_the_layout_lacks_are_left_out_and_bad_arguments_refused():
    frames = bench.report_frames([("version", 8), ("reason", 8)], count=2)
    assert [f[14:] for f in frames] == [bytes([C.REPORT_VERSION, C.REASON_ALERT]),
                                        bytes([C.REPORT_VERSION, C.REASON_FLOW_END])]
    with pytest.raises(ValueError):
        bench.report_frames(LAYOUT, count=0)


def test_frames_file_is_length_prefixed():
    data = bench.frames_file([b"ab", b"cde"])
    assert data == struct.pack(">H", 2) + b"ab" + struct.pack(">H", 3) + b"cde"


def stats(received, records, exported, p99=100, **drops):
    return {"reportsReceived": received, "records": records, "netflow": {"recordsExported": exported},
            "drops": {r: drops.get(r, 0) for r in bench.DROP_REASONS}, "handlingMicros": {"p99": p99}}


def test_step_figures_are_deltas_per_second():
    before = stats(1000, 900, 800, reportQueueFull=5)
    after = stats(21000, 20900, 20000, p99=250, reportQueueFull=5, netflowQueueFull=30)
    step = bench.step_figures(before, after, seconds=10, sent=20100, cpu_percent=150, heap_mib=300)
    assert step["offered"] == 2010 and step["received"] == 2000 and step["records"] == 2000
    assert step["exported"] == 1920
    assert step["drops"]["reportQueueFull"] == 0 and step["drops"]["netflowQueueFull"] == 30
    assert step["dropped"] == 30 and step["notReceived"] == 100 and step["p99Micros"] == 250
    with pytest.raises(ValueError):
        bench.step_figures(before, after, seconds=0, sent=1, cpu_percent=0, heap_mib=0)


def step(offered, records, dropped=0, lost=0, seconds=10):
    return {"offered": offered, "records": records, "dropped": dropped, "notReceived": lost, "seconds": seconds,
            "sent": offered * seconds}


def test_where_dropping_starts_and_what_is_sustained():
    steps = [step(40000, 39000, dropped=10), step(5000, 5000), step(20000, 20000, lost=1000), step(10000, 10000)]
    assert bench.drops_start(steps) == 20000
    assert bench.sustained(steps) == 10000
    assert bench.drops_start([step(5000, 5000)]) is None
    # a few reports still in flight when the counters were read are not a loss
    assert bench.drops_start([step(5000, 5000, lost=10)]) is None


def test_where_onos_falls_behind():
    steps = [dict(step(4000, 3000), takenDuring=3000), dict(step(1000, 1000), takenDuring=1000),
             dict(step(2000, 2000), takenDuring=1950)]
    assert bench.falls_behind(steps) == 4000
    assert bench.falls_behind(steps[1:]) is None


def test_table_has_a_row_per_step():
    figures = bench.step_figures(stats(0, 0, 0), stats(1000, 1000, 990, netflowQueueFull=10), 1, 1000, 50, 200)
    rows = bench.table({4: [figures], 1: [figures]}).splitlines()
    assert len(rows) == 4 and rows[2].startswith("| 1 |") and "netflowQueueFull 10" in rows[3]
