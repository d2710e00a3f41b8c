# Run: .venv/bin/python -m pytest testing/tests/test_bench.py
"""The overhead benchmark's pure parts (nidslib.bench: stats, report): no root, no BMv2."""
import pytest

from nidslib.bench import report, stats

# /proc/<pid>/stat of a process whose name holds a space and a ')' (fields 14, 15 and 24 are 1234, 56, 789).
STAT = ("4242 (simple sw) x) S 1 4242 4242 0 -1 4194560 100 0 0 0 1234 56 0 0 20 0 9 0 777 123456789 789 "
        "18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0")


def test_proc_stat_fields_are_counted_after_the_last_parenthesis():
    assert stats.parse_proc_stat(STAT) == (1234, 56, 789)


def test_status_values_in_kib():
    text = "Name:\tsimple_switch_g\nVmHWM:\t  204800 kB\nVmRSS:\t  150528 kB\nThreads:\t9\n"
    assert stats.parse_status_kib(text, "VmRSS") == 150528
    assert stats.parse_status_kib(text, "VmHWM") == 204800
    assert stats.parse_status_kib(text, "VmSwap") is None


def test_cpu_percent_of_one_core():
    assert stats.cpu_percent(1000, 1150, 1.0, 100) == pytest.approx(150.0)
    with pytest.raises(ValueError):
        stats.cpu_percent(0, 1, 0, 100)


def test_frame_sizes_count_the_fcs():
    assert stats.udp_payload_for_frame(64) == 18
    assert stats.udp_payload_for_frame(1024) == 978
    assert stats.gbps(1_000_000, 125) == pytest.approx(1.0)
    with pytest.raises(ValueError):
        stats.udp_payload_for_frame(46)


def lossy_switch(capacity):
    """A trial function: no loss up to `capacity` pps, then the excess is lost."""
    calls = []

    def trial(rate):
        calls.append(rate)
        return max(0.0, (rate - capacity) / rate)
    return trial, calls


def test_rate_search_converges_below_capacity_within_precision():
    trial, calls = lossy_switch(12_345)
    best, history = stats.max_rate_search(trial, 500, 200_000, max_trials=20, precision=0.02)
    assert 12_345 / 1.02 <= best <= 12_345
    assert len(history) == len(calls) <= 20
    assert all(loss < 0.01 for rate, loss in history if rate <= best)


def test_rate_search_is_bounded_by_the_trial_budget():
    trial, calls = lossy_switch(50_000)
    best, history = stats.max_rate_search(trial, 500, 200_000, max_trials=3)
    assert len(calls) == 3 and len(history) == 3
    assert best is not None and best < 50_000 * 1.0101


def test_rate_search_reports_none_when_even_the_floor_loses():
    trial, calls = lossy_switch(10)
    best, history = stats.max_rate_search(trial, 500, 200_000, max_trials=8, floor=100)
    assert best is None and calls == [500, 250, 125]


def test_rate_search_halves_below_a_losing_start_then_bisects():
    trial, calls = lossy_switch(9_000)
    best, _ = stats.max_rate_search(trial, 16_000, 120_000, max_trials=10, precision=0.02)
    assert calls[:2] == [16_000, 8_000]
    assert 9_000 / 1.02 <= best <= 9_000 * 1.0101    # loss under 1% just above the capacity passes


def test_rate_search_tolerates_loss_under_the_limit():
    # 0.5% loss everywhere (below the 1% limit) but 100% above 30 kpps
    best, _ = stats.max_rate_search(lambda r: 0.005 if r <= 30_000 else 1.0, 1000, 100_000, 30, 0.01)
    assert 30_000 / 1.01 <= best <= 30_000


def test_interleaved_searches_take_turns_and_find_what_each_alone_finds():
    order = []
    trials = {}
    alone = {}
    for key, capacity in (("S1", 33_000), ("S2", 30_000), ("S3", 27_000)):
        trial, _ = lossy_switch(capacity)

        def logged(rate, key=key, trial=trial):
            order.append(key)
            return trial(rate)
        trials[key] = logged
        alone[key] = stats.max_rate_search(lossy_switch(capacity)[0], 16_000, 120_000, max_trials=8)
    results = stats.interleaved_searches(trials, low=16_000, high=120_000, max_trials=8)
    assert results == alone
    # step 0 in the keys' order, step 1 reversed, ...: no search runs two trials before the others ran one
    assert order[:6] == ["S1", "S2", "S3", "S3", "S2", "S1"]
    assert all(order[:i].count(k) - order[:i].count(j) in (-1, 0, 1)
               for i in range(len(order)) for k in trials for j in trials
               if i <= 3 * min(len(h) for _, h in results.values()))


def flaky_switch(capacity, hiccups):
    """A trial function: no loss up to `capacity` pps, the excess lost above it, except that the trials whose
    numbers (from 0) are in `hiccups` lose 5% whatever the rate (a scheduler slice the switch waited)."""
    calls = []

    def trial(rate):
        calls.append(rate)
        if len(calls) - 1 in hiccups:
            return 0.05
        return max(0.0, (rate - capacity) / rate)
    return trial, calls


def test_one_vote_lets_a_single_hiccup_end_the_search_low():
    trial, calls = flaky_switch(30_000, hiccups={2})
    best, _ = stats.max_rate_search(trial, 16_000, 120_000, max_trials=8)
    # 16 kpps passes, 32 kpps loses (above capacity), the hiccup fails 22.6 kpps: the search never goes above it
    assert calls[:3] == [16_000, 32_000, pytest.approx(22_627, abs=1)]
    assert best < 22_627


def test_three_votes_outvote_a_single_hiccup_and_stop_once_two_agree():
    trial, calls = flaky_switch(30_000, hiccups={1})
    best, history = stats.max_rate_search(trial, 16_000, 120_000, max_trials=8, votes=3)
    assert 30_000 / 1.02 <= best <= 30_000 * 1.0101
    # the hiccup is 16 kpps' second trial: a third decides; 32 kpps (above capacity) fails twice, no third
    assert calls[:5] == [16_000] * 3 + [32_000] * 2
    rates = [rate for rate, _ in history]
    assert all(rates.count(rate) in (2, 3) for rate in rates)
    assert len(set(rates)) <= 8
    # a rate tried three times is one whose first two trials disagreed
    for rate in set(rates):
        losses = [loss for r, loss in history if r == rate]
        if len(losses) == 3:
            assert (losses[0] < 0.01) != (losses[1] < 0.01)


def test_three_votes_fail_a_rate_that_two_trials_fail():
    trial, calls = flaky_switch(30_000, hiccups={0, 1})
    best, history = stats.max_rate_search(trial, 16_000, 120_000, max_trials=8, votes=3)
    assert calls[:3] == [16_000, 16_000, 8_000]     # both trials at 16 kpps lost: it halves
    assert best is not None and best < 16_000


def test_votes_must_be_a_majority():
    with pytest.raises(ValueError):
        stats.max_rate_search(lambda r: 0.0, 1000, 2000, 4, votes=2)


def test_interleaved_searches_with_votes_take_turns_trial_by_trial():
    order = []
    trials = {}
    for key, capacity in (("S1", 33_000), ("S3", 27_000)):
        trial, _ = lossy_switch(capacity)

        def logged(rate, key=key, trial=trial):
            order.append(key)
            return trial(rate)
        trials[key] = logged
    results = stats.interleaved_searches(trials, low=16_000, high=120_000, max_trials=8, votes=3)
    assert order[:4] == ["S1", "S3", "S3", "S1"]
    assert 33_000 / 1.02 <= results["S1"][0] <= 33_000 * 1.0101
    assert 27_000 / 1.02 <= results["S3"][0] <= 27_000 * 1.0101


def test_percentiles_interpolate_between_ranks():
    xs = [5, 1, 4, 2, 3]
    assert stats.percentile(xs, 50) == 3
    assert stats.percentile(xs, 0) == 1
    assert stats.percentile(xs, 100) == 5
    assert stats.percentile(list(range(1, 101)), 99) == pytest.approx(99.01)
    assert stats.percentile([7], 90) == 7
    with pytest.raises(ValueError):
        stats.percentile([], 50)


def test_ping_output_rtts_skip_duplicates_and_summary():
    out = ("PING 10.77.0.2 (10.77.0.2) 56(84) bytes of data.\n"
           "64 bytes from 10.77.0.2: icmp_seq=1 ttl=64 time=0.412 ms\n"
           "64 bytes from 10.77.0.2: icmp_seq=2 ttl=64 time=1.05 ms\n"
           "64 bytes from 10.77.0.2: icmp_seq=2 ttl=64 time=1.10 ms (DUP!)\n"
           "64 bytes from 10.77.0.2: icmp_seq=4 ttl=64 time=12.3 ms\n"
           "rtt min/avg/max/mdev = 0.412/4.587/12.300/5.4 ms\n")
    assert stats.parse_ping_rtts(out) == [0.412, 1.05, 12.3]


def test_iperf3_results():
    udp = {"end": {"sum": {"packets": 40000, "lost_packets": 120, "seconds": 4.0, "lost_percent": 0.3}}}
    assert stats.parse_iperf3_udp(udp) == (40000, 120, 4.0)
    tcp = {"end": {"sum_received": {"bits_per_second": 3.5e8}}}
    assert stats.parse_iperf3_tcp(tcp) == 3.5e8
    with pytest.raises(ValueError, match="busy"):
        stats.parse_iperf3_udp({"error": "the server is busy"})


def test_relative_change_and_formatting():
    assert stats.relative_change(83, 100) == pytest.approx(-0.17)
    assert stats.relative_change(5, 0) is None
    assert stats.fmt_change(-0.171) == "-17.1%"
    assert stats.fmt_change(None) == "—"
    assert stats.fmt(None) == "—" and stats.fmt(12.6) == "13"


def test_markdown_table_shape():
    text = stats.markdown_table(["a", "b"], [["x", 1], ["y", 2]])
    assert text.splitlines() == ["| a | b |", "|---|---:|", "| x | 1 |", "| y | 2 |"]
    with pytest.raises(ValueError):
        stats.markdown_table(["a", "b"], [["only one"]])


def fake_results():
    def scen(title, pps64, pps1024, p50, cpu_us):
        return {"title": title, "tcp_bps": 2e8 * pps64 / 20000,
                "max_rate": {"64": {"pps": pps64, "gbps": stats.gbps(pps64, 64), "trials": []},
                             "1024": {"pps": pps1024, "gbps": stats.gbps(pps1024, 1024), "trials": []}},
                "rtt_ms": {"p50": p50, "p90": p50 * 2, "p99": p50 * 5}, "cpu_percent": 50.0,
                "cpu_us_per_pkt": cpu_us, "rss_kib": 200 * 1024, "loadavg_before": 1.0}
    model = {"leaves": 10, "features": 4, "range_entries": 20, "decision_entries": 10, "name": "m"}
    return {"started": "2026-11-22 03:00 UTC", "fixed_load_pps": 5000, "reports": 3,
            "scenarios": {"S1": scen("forwarding only", 20000, 18000, 0.5, 40),
                          "S2": scen("NetFlow features", 19000, 17000, 0.55, 45),
                          "S3": scen("NetFlow + classifier", 18500, 16500, 0.6, 48),
                          "S4": scen("NetFlow + classifier, 256-leaf model", 15000, 14000, 0.8, 60)},
            "machine": {"cpus": 2, "kernel": "6", "bmv2": "1.15.5", "iperf3": "iperf 3.12", "switch_binary": "x"},
            "settings": {"trial_seconds": 4, "trials": 8, "high": 120000, "rtt_seconds": 10, "tcp_seconds": 5,
                         "quick": False},
            "models": {"small": model, "large": dict(model, leaves=256)}}


def test_results_markdown_puts_ours_beside_seed_002():
    text = report.render_markdown(fake_results(), [("max_rate.png", "rates")])
    assert "- S3 ≥ 90% of S1's max rate: **92%** at 64 B, **92%** at 1024 B: met." in text
    assert "- S4 ≥ 85% of S1's max rate: **75%** at 64 B, **78%** at 1024 B: NOT met." in text
    assert "- S3's median RTT ≤ 1.3 × S1's: **1.20 ×** (0.600 vs 0.500 ms): met." in text
    assert "| ours, S3 vs S1 (features + classifier) | -7.5% | -8.3% | -7.5% | +20.0% | +20.0% | +0.0% |" in text
    assert "| ours, S4 vs S2 (classifier alone, full-capacity model) | -21.1% | -17.6% | -21.1% | +45.5% | +33.3% |" \
        in text
    assert "-17.1%" in text and "+70.4%" in text
    assert "![rates](max_rate.png)" in text
    assert "make bench" in text


def test_goals_not_met_are_said_so():
    results = fake_results()
    results["scenarios"]["S3"]["max_rate"]["64"]["pps"] = 4000
    results["scenarios"]["S3"]["rtt_ms"]["p50"] = 0.7
    lines = report.goal_lines(results)
    assert "- S3 ≥ 90% of S1's max rate: **20%** at 64 B, **92%** at 1024 B: NOT met." in lines
    assert "- S3's median RTT ≤ 1.3 × S1's: **1.40 ×** (0.700 vs 0.500 ms): NOT met." in lines
    del results["scenarios"]["S4"]
    assert "- S4 ≥ 85% of S1's max rate: not measured." in report.goal_lines(results)


def test_plots_are_written(tmp_path):
    pytest.importorskip("matplotlib")
    made = report.plot(fake_results(), str(tmp_path))
    for name, _ in made:
        data = (tmp_path / name).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 1000


def test_rate_search_doubles_then_bisects():
    trial, calls = lossy_switch(20_000)
    best, _ = stats.max_rate_search(trial, 1000, 120_000, max_trials=10, precision=0.05)
    assert calls[:6] == [1000, 2000, 4000, 8000, 16000, 32000]
    assert 16000 < best <= 20_000


def test_rate_search_stops_at_the_cap():
    trial, calls = lossy_switch(10**9)
    best, _ = stats.max_rate_search(trial, 1000, 5000, max_trials=10)
    assert best == 5000 and calls == [1000, 2000, 4000, 5000]


def test_build_flag_comparison_is_rendered_when_measured():
    results = fake_results()
    results["ab"] = [{"binary": "/usr/local/bin/simple_switch_grpc",
                      "S1": {"cpu_us_per_pkt": 100.0, "max_pps_64": 8000},
                      "S3": {"cpu_us_per_pkt": 300.0, "max_pps_64": 4000}}]
    text = report.render_markdown(results, [])
    assert "| `/usr/local/bin/simple_switch_grpc` | 100 | 300 | 8000 | 4000 | 50% |" in text
    assert "## BMv2 build flags" not in report.render_markdown(fake_results(), [])


def test_median_ignores_missing_values():
    assert stats.median([3, None, 1, 2]) == 2
    assert stats.median([10, 20]) == 15
    assert stats.median([None]) is None


def test_callgrind_edges_sum_calls_and_inclusive_cost_per_caller():
    from nidslib.bench import callgrind
    out = """events: Ir
fn=(1) SimpleSwitch::ingress_thread()
0 5
cfn=(2) bm::Pipeline::apply(bm::Packet*)
calls=3 0
0 3000
cfn=(3) bm::Parser::parse(bm::Packet*) const
calls=3 0
0 900
fn=(4) SimpleSwitch::egress_thread(unsigned long)
cfn=(2)
calls=2 0
0 400
fn=(1)
cfn=(2)
calls=1 0
0 1000
""".splitlines()
    edges = callgrind.call_edges(out)
    assert edges[("SimpleSwitch::ingress_thread()", "bm::Pipeline::apply(bm::Packet*)")] == (4, 4000)
    assert callgrind.per_call(edges, "ingress_thread", "Pipeline::apply") == (4, 1000.0)
    assert callgrind.per_call(edges, "egress_thread", "Pipeline::apply") == (2, 200.0)
    assert callgrind.per_call(edges, "ingress_thread", "Parser::parse") == (3, 300.0)
    assert callgrind.per_call(edges, "transmit_thread", "Pipeline::apply") == (0, 0.0)


def test_harness_ceiling_and_rtt_rounds_are_rendered():
    results = fake_results()
    assert "Harness ceiling (no switch): not measured" in report.render_markdown(results, [])
    results["harness"] = {"max_rate": {"64": {"pps": 80000, "sent_max": 81000},
                                       "1024": {"pps": 40000, "sent_max": 40500}}}
    for key, r in results["scenarios"].items():
        r["rtt_rounds"] = [{"rtt_ms": {"p50": 0.4}}, {"rtt_ms": {"p50": 0.5}}, {"rtt_ms": None}]
    text = report.render_markdown(results, [])
    assert ("reach 80000 pps at 64 B (generator sent up to 81000 pps; the fastest scenario reached 25% of it), "
            "40000 pps at 1024 B (generator sent up to 40500 pps; the fastest scenario reached 45% of it)") in text
    assert "(per round P50: S1 0.400/0.500/—; S2 0.400/0.500/—; S3" in text


def test_saturation_and_drift_check_are_rendered_when_measured():
    results = fake_results()
    text = report.render_markdown(results, [])
    assert "Saturation" not in text and "Drift check" not in text     # runs before session 10
    delivered = {"S1": 30000, "S2": 27000, "S3": 26000, "S4": 24000}
    for key, r in results["scenarios"].items():
        r["saturation"] = {f: {"pps": delivered[key] / (1 + (f == "1024")), "per_round": [delivered[key]] * 2}
                           for f in ("64", "1024")}
        r["rounds"] = [{"max_rate": {"64": {"trial_log": [{"rate": 16000, "cpu_us_per_pkt": cpu}]}}}
                       for cpu in (40.0, 41.5)]
    results["switch_counters"] = {"report_counter": [0, 5, 7, 0, 0, 0, 0, 0], "report_drop_counter": [0] * 8,
                                  "evict_counter": [0, 0]}
    results["switch_rss_start_kib"], results["switch_rss_end_kib"] = 100 * 1024, 250 * 1024
    results["settings"]["interleaved"] = True
    text = report.render_markdown(results, [])
    assert "| S3 | 26000 | 87% | 26000/26000 | 13000 | 87% | 26000/26000 |" in text
    assert "Per-round ratios" not in text     # no per-round rates in this fake run
    for key, r in results["scenarios"].items():
        for f in ("64", "1024"):
            r["max_rate"][f]["per_round"] = [r["max_rate"][f]["pps"], r["max_rate"][f]["pps"] * 0.9]
    results["scenarios"]["S1"]["max_rate"]["64"]["per_round"] = [20000, 20000]
    text = report.render_markdown(results, [])
    assert "median over the rounds (rounds in parentheses): S2 90% at 64 B (95%/86%), 94% at 1024 B (94%/94%); S3" \
        in text
    assert "round(s): in each round the four searches take turns trial by trial" in text
    assert ("(16000 pps offered in every round and scenario), rounds 1..n: S1 40.0/41.5; S2 40.0/41.5; S3 "
            "40.0/41.5; S4 40.0/41.5; switch RSS 100 MiB at the start, 250 MiB at the end; the switch sent 12 "
            "reports (alert 5, flow end 7, evict 0, active timeout 0, probe 0, flow start 0), refused 0, "
            "evicted 0 flows.") in text


def test_callgrind_thread_total_names_the_role_of_the_thread_and_its_count():
    from nidslib.bench import callgrind
    ingress = """events: Ir
fn=(1) SimpleSwitch::ingress_thread()
0 5
cfn=(2) bm::Pipeline::apply(bm::Packet*)
calls=3 0
0 3000
totals: 3005
""".splitlines()
    receive = ["events: Ir", "fn=(7) bm::PcapFilesReader::timerFired()",
               "cfn=(8) SimpleSwitch::receive_(unsigned int, char const*, int)", "calls=2 0", "0 900",
               "summary: 900"]
    assert callgrind.thread_total(ingress) == ("ingress", 3005)
    assert callgrind.thread_total(receive) == ("receive", 900)
    assert callgrind.thread_total(["events: Ir", "fn=(1) main", "totals: 0"]) == (None, 0)


def test_only_a_switch_build_with_thrift_or_notifications_needs_the_stack_lock():
    from nidslib.bench import callgrind
    grpc_only = "Usage: SWITCH_NAME [options] <path to JSON config file>\n  --device-id arg\n  --log-level arg\n"
    assert not callgrind.shares_machine_ports(grpc_only)
    assert callgrind.shares_machine_ports(grpc_only + "  --thrift-port arg    TCP port on which to run the Thrift\n")
    assert callgrind.shares_machine_ports(grpc_only + "  --notifications-addr arg\n")


def test_a_ratio_just_below_its_goal_is_not_shown_as_the_goal():
    assert report.goal_percent(0.8974, 0.90) == "89.7%"
    assert report.goal_percent(0.8949, 0.90) == "89%"
    assert report.goal_percent(0.9049, 0.90) == "90%"
    assert report.goal_percent(0.8496, 0.85) == "84.9%"


def test_overhead_refuses_an_even_number_of_votes_in_one_line():
    import subprocess
    import sys
    from nidslib.paths import REPO_ROOT
    done = subprocess.run([sys.executable, f"{REPO_ROOT}/util/bench/overhead.py", "--votes", "2"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip() == "bench: --votes must be odd (a majority decides)"


def test_where_the_switch_and_the_load_ran_is_said():
    results = fake_results()
    text = report.render_markdown(results, [])
    assert "- Generator, receiver, the switch and (on this machine) other agents' builds and tests share the CPUs" \
        in text
    results["settings"].update(switch_cpus=[1], load_cpus=[0])
    text = report.render_markdown(results, [])
    assert ("- The switch's threads ran on CPU 1; the generator, receiver, ping and the benchmark on 0 "
            "(`--switch-cpus`)") in text
    assert "share the CPUs" not in text


@pytest.mark.parametrize("value, reason", [
    ("x", "bench: --switch-cpus: 'x' is not a CPU list such as 1, 2-3 or 0,2"),
    ("0-4095", "bench: --switch-cpus must name some but not all of the usable CPUs"),
])
def test_overhead_refuses_a_bad_switch_cpu_list_in_one_line(value, reason):
    import subprocess
    import sys
    from nidslib.paths import REPO_ROOT
    done = subprocess.run([sys.executable, f"{REPO_ROOT}/util/bench/overhead.py", "--switch-cpus", value],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1 and done.stderr.startswith(reason)
