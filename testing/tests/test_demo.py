# Run: .venv/bin/python -m pytest testing/tests/test_demo.py
"""Unit tests of the demo's pure parts: the block manager's properties, the driver's argument checks, what the
offline run prints of `nids-model simulate --policy` round by round, the benign hosts' refused connections."""
import io
import os
import subprocess
import sys

import pytest

from nidslib.demo import blockconfig
from nidslib.demo import offline as offline_mod
from nidslib.demo import scenario as scenario_mod
from nidslib.demo import story as story_mod
from nidslib.paths import REPO_ROOT

DRIVER = os.path.join(REPO_ROOT, "util", "demo", "run.py")


def test_block_properties_are_the_block_managers():
    props = blockconfig.properties("high", 90, "10.0.0.2, 10.1.0.0/16", 5, 4)
    assert props == {"autoBlockMinSeverity": "HIGH", "autoBlockMinAlerts": "4", "blockTtlSeconds": "90",
                     "blockAllowlist": "10.0.0.2/32,10.1.0.0/16", "maxBlocks": "5"}
    assert blockconfig.describe(props) == ("severity >= HIGH on a source's 4th alert, TTL 90 s, allowlist "
                                           "[10.0.0.2/32,10.1.0.0/16], at most 5 blocks")


@pytest.mark.parametrize("argv, message", [
    (["--block-min-severity", "URGENT"], "--block-min-severity"),
    (["--block-allowlist", "10.0.0.300"], "is not an IPv4 address"),
    (["--block-min-alerts", "0"], "--block-min-alerts >= 1"),
    (["--once", "--duration", "10"], "not allowed with argument"),
    (["--duration", "0"], "--duration must be"),
    (["--model", "/nonexistent/model.json"], "--model: no such file"),
])
def test_bad_arguments_are_one_line_errors(argv, message):
    """The driver refuses them before it starts anything (no root needed): exit status 2 and the reason."""
    result = subprocess.run([sys.executable, DRIVER, *argv], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2, result.stderr
    assert message in result.stderr.strip().splitlines()[-1]


def test_bursts_fold_per_source():
    out = io.StringIO()
    story = story_mod.Story(out)
    flows = [{"id": i, "severity": "HIGH", "class": "Attack", "explanation": "",
              "flow": {"clientIp": "10.0.0.3", "clientPort": 40000, "serverIp": "10.0.0.2", "serverPort": i,
                       "protocol": 6}} for i in range(1, 11)]
    story.alerts(flows)
    lines = out.getvalue().splitlines()
    assert len(lines) == story_mod.SHOWN_PER_SOURCE + 1
    assert "and 7 more from 10.0.0.3" in lines[-1] and "ports 1..10, 10 distinct" in lines[-1]


def flow(number, client, port, first_us, attack):
    return {"flow": number, "client": client, "client_port": 40000 + port, "server": "10.0.0.2", "server_port": port,
            "protocol": 6, "first_us": first_us,
            "first_alert": {"packet": 1, "time_us": first_us, "class_id": 1, "class": "Attack", "leaf_id": 1}
            if attack else None}


def alert(alert_id, f, block_id=None):
    return {"id": alert_id, "flow": f["flow"], "time_us": f["first_us"], "client": f["client"],
            "client_port": f["client_port"], "server": f["server"], "server_port": f["server_port"], "protocol": 6,
            "class_id": 1, "class": "Attack", "leaf_id": 1, "decision_path": "IN_PKTS = 5 > 3", "packet": 1,
            "severity": "HIGH",
            "state": "BLOCKED" if block_id else "OPEN", "block_id": block_id,
            "decision": "BLOCKED" if block_id else "WAITING", "reason": "policy's words"}


def test_offline_report_prints_what_the_policy_made_of_each_round_once(tmp_path):
    """The offline run simulates the whole capture each round (the policy has memory): a round prints only the
    alerts, blocks and drops that are new, each block right after the alert that made it, and the incidents that
    are new or grew."""
    model = tmp_path / "model.json"
    model.write_text('{"phases": []}')
    out = io.StringIO()
    state = {"alerts": [], "blocks": [], "flows": {}, "dropped": {}}
    run = offline_mod.OfflineRun(None, story_mod.Story(out), str(model), None, {}, state)
    round1 = [flow(1, "10.0.0.3", 22, 2_000_000, True), flow(2, "10.0.0.1", 80, 2_100_000, False),
              flow(3, "10.0.0.3", 23, 2_500_000, True)]
    block = {"id": "1", "src": "10.0.0.3", "alert_id": 2, "origin": "AUTO", "reason": "auto-block: alert 2",
             "created_us": 2_500_000, "expires_us": 62_500_000}
    def incident(flows, state):
        return {"id": 1, "state": state, "severity": "HIGH", "family": "Other", "source": "10.0.0.3",
                "flows": flows, "ports": flows, "destinations": 1, "decision": "BLOCK", "decision_reason": "blocked"}
    first = {"flows": round1, "alerts": [alert(1, round1[0]), alert(2, round1[2], "1")], "blocks": [block],
             "dropped": {}, "incidents": [incident(2, "BLOCKED")]}
    run.report(first)
    round2 = round1 + [flow(4, "10.0.0.3", 25, 9_000_000, True), flow(5, "10.0.0.4", 80, 9_100_000, False)]
    run.report({"flows": round2, "alerts": first["alerts"], "blocks": [block], "dropped": {"10.0.0.3": 1},
                "incidents": [incident(2, "BLOCKED")]})

    assert [(a["id"], a["flow"]["serverPort"], a["decision"]) for a in state["alerts"]] == \
        [(1, 22, "WAITING"), (2, 23, "BLOCKED")]
    assert state["alerts"][0]["explanation"] == "IN_PKTS = 5 > 3", "simulate's decision path, as the app words it"
    assert [(b["id"], b["alertId"], b["expiresAt"]) for b in state["blocks"]] == [(1, 2, 62.5)]
    assert state["flows"] == {"10.0.0.3": 3, "10.0.0.1": 1, "10.0.0.4": 1}
    assert state["dropped"] == {"10.0.0.3": 1}
    lines = [line.split("] ", 1)[1] for line in out.getvalue().splitlines()]
    assert [line.split(" 10.0.0")[0] for line in lines] == ["would ALERT #1 HIGH Attack", "would ALERT #2 HIGH Attack",
                                                            "would BLOCK #1", "incident #1 BLOCKED HIGH Other from",
                                                            "would DROP 1 later attack flows from"]
    assert "from 10.0.0.3: 2 flows, 2 ports on 1 hosts" in lines[3]
    assert [i["flows"] for i in state["incidents"]] == [2]


def test_a_rounds_figures_are_printed_and_kept_in_the_report(tmp_path):
    figures = tmp_path / "round1-figures.json"
    figures.write_text('{"met": false, "benign": {"alerted_share": 0.001, "hosts_blocked": []}, "attacks": []}')
    out = io.StringIO()
    state = {}
    story_mod.figures(story_mod.Story(out), state, 1, "benign        2 flows\n\ntargets       NOT MET\n", figures)
    lines = out.getvalue().splitlines()
    assert [line.split("] ", 1)[1] for line in lines] == ["  benign        2 flows", "  targets       NOT MET"]
    assert state["figures"][1]["benign"]["hosts_blocked"] == []


def test_a_benign_hosts_refused_connections_come_at_once(monkeypatch):
    """Every round, each benign host's closed-service tries are consecutive commands (ports x attempts curls to
    closed ports), so each capture holds a benign source's most refused connections within one source window."""
    class Host:
        ip = "10.0.0.2"

    class Topology:
        def host(self, name):
            return Host()

    scenario = scenario_mod.Scenario(Topology(), processes=None, work_dir="/nonexistent", say=lambda text: None,
                                     seed=3)
    monkeypatch.setattr(scenario_mod.time, "sleep", lambda seconds: None)
    commands = []
    scenario._exec = lambda host, args, timeout: commands.append((host, args))
    scenario._benign("h1")
    closed = [i for i, (_, args) in enumerate(commands)
              if any(f":{port}/" in arg for arg in args for port in scenario_mod.REFUSED_PORTS)]
    tries = scenario_mod.REFUSED_TRIES["ports"] * scenario_mod.REFUSED_TRIES["attempts"]
    assert len(closed) == tries and closed == list(range(closed[0], closed[0] + tries)), commands
    assert len({commands[i][1][-1] for i in closed}) == scenario_mod.REFUSED_TRIES["ports"]
