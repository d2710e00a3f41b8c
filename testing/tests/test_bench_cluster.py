# Run: .venv/bin/python -m pytest testing/tests/test_bench_cluster.py
"""The cluster benchmark's pure parts (nidslib.bench.cluster): latencies from send times and polls, the summary,
the targets, the results page and plot."""
import json
import os
import socket
import subprocess
import sys

from nidslib.bench import cluster as bench


def test_a_flow_counts_from_its_send_time_to_the_first_poll_showing_it():
    sent = {"10.0.0.1": [10.0, 10.5], "10.0.0.2": [10.2]}
    polls = [(10.1, {"10.0.0.1": 0}), (10.3, {"10.0.0.1": 1, "10.0.0.2": 1}), (10.9, {"10.0.0.1": 2, "10.0.0.2": 1})]
    latencies, uncounted = bench.incident_latencies_ms(sent, polls)
    assert uncounted == 0
    assert [round(v) for v in latencies] == [100, 300, 400]


def test_a_flow_never_counted_is_left_out_and_counted_as_such():
    latencies, uncounted = bench.incident_latencies_ms({"10.0.0.1": [1.0, 2.0]}, [(3.0, {"10.0.0.1": 1})])
    assert [round(v) for v in latencies] == [2000] and uncounted == 1


def test_a_poll_before_the_flow_was_sent_does_not_count_it():
    # The count of 1 seen before the second flow left is the first flow's; the second one needs a count of 2.
    latencies, uncounted = bench.incident_latencies_ms({"s": [1.0, 2.0]}, [(1.5, {"s": 1}), (2.5, {"s": 2})])
    assert [round(v) for v in latencies] == [500, 500] and uncounted == 0


def _three_free_ports():
    """The first of three consecutive ports nothing on this host holds, below Linux's ephemeral range: in the bench
    each sender has its host's namespace to itself, here the machine's outbound connections may hold FIRST_PORT."""
    for first in range(21000, 32000, 7):
        sockets = []
        try:
            for port in range(first, first + 3):
                s = socket.socket()
                sockets.append(s)
                s.bind(("0.0.0.0", port))
            return first
        except OSError:
            continue
        finally:
            for s in sockets:
                s.close()
    raise AssertionError("no three consecutive free ports in 21000-32000")


def test_the_sender_prints_one_send_time_per_flow(tmp_path):
    script = bench.sender_script("127.0.0.1", 9, 3, 0.01, first_port=_three_free_ports())
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=30)
    times = bench.sent_times(run.stdout)
    assert len(times) == 3 and times == sorted(times), run.stderr


def results(median_s=1.2, latency=None):
    return {"started": "2026-11-24 13:00 UTC", "host": "h (2 cores)", "instances": ["onos-1", "onos-2", "onos-3"],
            "storage_nodes": 3,
            "model": {"leaves": 60, "phases": 17, "decision_entries": 1020, "range_entries": 900},
            "rollout": [bench.rollout_row(4, [{"rest_s": 0.5, "app_ms": 400, "entries": 7680, "switches": 4}]),
                        bench.rollout_row(16, [{"rest_s": median_s, "app_ms": 1000, "entries": 30720, "switches": 16},
                                               {"rest_s": median_s, "app_ms": 1100, "entries": 30720,
                                                "switches": 16}])],
            "heap": [{"switches": 4, "live_heap_mib": {"onos-1": 300, "onos-2": 280, "onos-3": 290},
                      "rss_mib": {"onos-1": 900, "onos-2": 880, "onos-3": 890}}],
            "latency": latency}


def test_the_targets_say_met_or_by_how_much_they_are_missed():
    latency = {"switches": 16, "summary": bench.summary([100, 200, 900])}
    lines = bench.goal_lines(results(1.2, latency))
    assert "median 1.20 s (target < 5 s): met" in lines[0]
    assert "median 200 ms (target < 500 ms): met" in lines[1]
    lines = bench.goal_lines(results(6.5, {"switches": 16, "summary": bench.summary([700, 800])}))
    assert "NOT met, 1.50 s over" in lines[0] and "NOT met, 250 ms over" in lines[1]
    assert "not measured" in bench.goal_lines(results(1.0, None))[1]


def test_rollout_row_takes_the_median_and_entries_per_switch():
    row = bench.rollout_row(8, [{"rest_s": s, "app_ms": 10 * s, "entries": 800, "switches": 8} for s in (3, 1, 2)])
    assert row == {"switches": 8, "rollouts": 3, "median_s": 2, "max_s": 3, "app_median_ms": 20,
                   "write_median_ms": None, "flip_median_ms": None, "cleanup_median_ms": None,
                   "entries_per_switch": 100, "cores_ours": None, "cores_others": None}
    steps = [{"rest_s": 1, "app_ms": 900, "entries": 8, "switches": 8, "write_ms": w, "flip_ms": 50,
              "cleanup_ms": 700} for w in (800, 600)] + [{"rest_s": 1, "app_ms": 900, "entries": 8, "switches": 8}]
    row = bench.rollout_row(8, steps)
    assert (row["write_median_ms"], row["flip_median_ms"], row["cleanup_median_ms"]) == (700, 50, 700)


def test_write_makes_the_page_the_json_and_the_plot(tmp_path):
    latency = {"switches": 16, "sources": 15, "flows_per_source": 20, "pace_s": 0.25, "poll_s": 0.05,
               "uncounted": 0, "latencies_ms": [100.0, 150.0, 300.0], "summary": bench.summary([100, 150, 300])}
    bench.write(results(1.2, latency), str(tmp_path))
    page = (tmp_path / "cluster.md").read_text()
    assert "| 16 | 2 | 1.20 |" in page and "![rollout time, heap and latency](cluster.png)" in page
    assert json.loads((tmp_path / "cluster.json").read_text())["latency"]["summary"]["median"] == 150
    assert os.path.getsize(tmp_path / "cluster.png") > 1000


def test_the_page_names_the_switch_build_the_step_timeout_and_where_the_growth_ended(tmp_path):
    figures = dict(results(6.5, None), switch_binary="/opt/bmv2-perf/bin/simple_switch_grpc",
                   rollout_step_timeout_ms=300000,
                   not_fitted={"switches": 24, "why": "a rollout failed: HTTP 500"})
    page = bench.render_markdown(figures, "cluster.png")
    assert "BMv2 build: `/opt/bmv2-perf/bin/simple_switch_grpc`" in page and "300000 ms" in page
    assert "The growth ended at 24 switches: a rollout failed: HTTP 500" in page


def test_busy_time_is_everything_but_idle_and_iowait():
    stat = "cpu  100 5 50 1000 40 3 2 7 0 0\ncpu0 1 2 3 4\n"
    assert bench.busy_jiffies(stat) == 100 + 5 + 50 + 3 + 2 + 7


def test_a_rollout_row_says_what_else_used_the_machine():
    runs = [{"rest_s": 2.0, "app_ms": 1500, "entries": 32160, "switches": 16}]
    row = bench.rollout_row(16, runs, {"ours": 1.5, "others": 0.25})
    assert row["cores_ours"] == 1.5 and row["cores_others"] == 0.25
    assert "1.50 / 0.25" in bench.render_markdown(
        {"started": "x", "host": "h", "instances": ["onos-1"], "storage_nodes": 3,
         "model": {"leaves": 100, "phases": 10, "decision_entries": 1000, "range_entries": 980},
         "rollout": [row], "heap": [], "latency": None}, "cluster.png")
    assert bench.rollout_row(4, runs)["cores_others"] is None


def test_a_flows_latency_splits_at_its_alert_report_decoded_by_the_master():
    flows = [{"flow": {"clientIp": "10.0.0.1", "clientPort": 42000}, "alert": True, "receivedMillis": 100_050},
             {"flow": {"clientIp": "10.0.0.1", "clientPort": 42000}, "alert": True, "receivedMillis": 100_400},
             {"flow": {"clientIp": "10.0.0.1", "clientPort": 42000}, "alert": False, "receivedMillis": 100_010},
             {"flow": {"clientIp": "10.0.0.1", "clientPort": 42001}, "alert": True, "receivedMillis": 101_100}]
    decoded = bench.first_alerts_ms(flows)
    assert decoded == {("10.0.0.1", 42000): 100_050, ("10.0.0.1", 42001): 101_100}
    sent = {"10.0.0.1": [100.0, 101.0, 102.0]}
    polls = [(100.5, {"10.0.0.1": 1}), (101.5, {"10.0.0.1": 2}), (103.0, {"10.0.0.1": 3})]
    parts = bench.latency_parts_ms(sent, polls, decoded)
    # The third flow has no decoded alert report: left out of both.
    assert [round(v) for v in parts["to_app"]] == [50, 100]
    assert [round(v) for v in parts["in_app"]] == [400, 450]


def test_the_latencys_parts_are_printed_per_flow_and_per_instance():
    latency = {"parts": {"to_app": bench.summary([20.0, 30.0]), "in_app": bench.summary([])},
               "app_timing": {"onos-1": {"detectionWorkers": 4,
                                         "detectionMicros": {"count": 9, "p50": 12287, "p99": 28671, "max": 27000},
                                         "detectionServiceMicros": {"count": 9, "p50": 10239, "p99": 24575}}}}
    lines = bench.latency_part_lines(latency)
    assert lines[0].startswith("first packet → alert report decoded by the switch's master: 2 flows, median 25 ms")
    assert len(lines) == 2   # no flow with both parts known: no in_app line
    assert "onos-1: 9 attack records on 4 detection thread(s): packet-in → verdict placed median 12 ms (p99 29)" \
        in lines[1] and "incident service median 10 ms (p99 25)" in lines[1]



def test_the_page_gives_the_polls_round_trip_only_when_it_was_measured():
    latency = {"switches": 16, "summary": bench.summary([100, 200]), "poll_ms": bench.summary([20.0, 40.0, 300.0])}
    page = bench.render_markdown(results(1.2, latency), "cluster.png")
    assert "3 polls, median 40 ms, p90" in page and "max 300 ms" in page
    older = {"switches": 16, "summary": bench.summary([100, 200])}
    assert "polls, median" not in bench.render_markdown(results(1.2, older), "cluster.png")


def test_every_latency_round_is_on_the_page_and_the_target_is_judged_on_the_last():
    first = {"round": 1, "summary": bench.summary([900, 1000, 1100]), "uncounted": 0}
    last = {"round": 2, "summary": bench.summary([100, 200, 300]), "uncounted": 1}
    latency = dict(last, switches=16, sources=15, flows_per_source=20, pace_s=0.25, poll_s=0.05,
                   rounds=[bench.round_row(first), bench.round_row(last)])
    line = bench.goal_lines(results(1.2, latency))[1]
    assert "in the last of 2 attack rounds: median 200 ms (target < 500 ms): met (round 1: median 1000 ms)" in line
    page = bench.render_markdown(results(1.2, latency), "cluster.png")
    assert "| 1 | 3 | 1000 |" in page and "| 2 | 3 | 200 |" in page and "The attack runs 2 times" in page


def test_latency_rounds_must_be_a_whole_number_of_at_least_one():
    import argparse
    assert bench.positive_int("3") == 3
    for bad, why in (("0", "must be at least 1, got 0"), ("-2", "must be at least 1"), ("two", "not a whole number")):
        try:
            bench.positive_int(bad)
        except argparse.ArgumentTypeError as e:
            assert why in str(e)
        else:
            raise AssertionError(f"{bad} accepted")
