# Run: .venv/bin/python -m pytest testing/tests/test_demo.py
"""Unit tests of the demo's pure parts: block policy, severity, the driver's argument checks, offline alert
accounting."""
import io
import os
import subprocess
import sys

import pytest

from nidslib.demo import offline as offline_mod
from nidslib.demo import policy as policy_mod
from nidslib.demo import story as story_mod
from nidslib.paths import REPO_ROOT

DRIVER = os.path.join(REPO_ROOT, "util", "demo", "run.py")


def alert(alert_id, src, severity="HIGH"):
    return {"id": alert_id, "src": src, "severity": severity, "class": "Attack"}


def test_severity_follows_the_class_name_like_the_app():
    assert policy_mod.severity(0, "Benign") is None
    assert policy_mod.severity(1, "PortScan") == "MEDIUM"
    assert policy_mod.severity(2, "Reconnaissance") == "MEDIUM"
    assert policy_mod.severity(1, "Attack") == "HIGH"


def test_one_block_per_source_until_it_expires():
    book = policy_mod.BlockBook(policy_mod.BlockPolicy("MEDIUM", ttl_seconds=60))
    block, why = book.consider(alert(1, "10.0.0.3"), now=100.0)
    assert block["src"] == "10.0.0.3" and block["alertId"] == 1 and block["expiresAt"] == 160.0
    assert book.consider(alert(2, "10.0.0.3"), now=120.0) == (None, "10.0.0.3 is already blocked")
    assert book.blocking("10.0.0.3", 159.9) and not book.blocking("10.0.0.3", 160.0)
    again, _ = book.consider(alert(3, "10.0.0.3"), now=161.0)
    assert again["id"] == 2


def test_threshold_allowlist_off_and_bound():
    low = policy_mod.BlockBook(policy_mod.BlockPolicy("HIGH"))
    assert low.consider(alert(1, "10.0.0.3", "MEDIUM"), 0)[1] == "severity MEDIUM is below HIGH"
    off = policy_mod.BlockBook(policy_mod.BlockPolicy("NONE"))
    assert off.consider(alert(1, "10.0.0.3"), 0)[0] is None
    allow = policy_mod.BlockBook(policy_mod.BlockPolicy("LOW", allowlist=policy_mod.parse_allowlist("10.0.0.0/30")))
    assert allow.consider(alert(1, "10.0.0.3"), 0)[1] == "10.0.0.3 is on the allowlist"
    assert allow.consider(alert(2, "10.0.0.4"), 0)[0] is not None
    bounded = policy_mod.BlockBook(policy_mod.BlockPolicy("LOW", ttl_seconds=0, max_blocks=1))
    first, _ = bounded.consider(alert(1, "10.0.0.3"), 0)
    assert first["expiresAt"] is None
    assert bounded.consider(alert(2, "10.0.0.4"), 10 ** 9)[1] == "maxBlocks (1) active blocks reached"


def test_component_config_names_the_block_managers_properties():
    policy = policy_mod.BlockPolicy("HIGH", 90, policy_mod.parse_allowlist("10.0.0.2"), 5, 4)
    assert policy.component_config() == {"autoBlockMinSeverity": "HIGH", "autoBlockMinAlerts": "4",
                                         "blockTtlSeconds": "90", "blockAllowlist": "10.0.0.2/32", "maxBlocks": "5"}


def test_a_source_is_blocked_at_its_nth_qualifying_alert():
    book = policy_mod.BlockBook(policy_mod.BlockPolicy("MEDIUM", min_alerts=3))
    low = {"id": 1, "src": "10.0.0.3", "class": "Scan", "severity": "LOW"}
    assert book.consider(low, 0) == (None, "severity LOW is below MEDIUM")
    for i in (2, 3):
        block, reason = book.consider({**low, "id": i, "severity": "HIGH"}, i)
        assert block is None and reason.startswith(f"{i - 1} of the 3 alerts"), reason
    block, reason = book.consider({**low, "id": 4, "severity": "HIGH"}, 4)
    assert reason == "blocked" and block["alertId"] == 4


@pytest.mark.parametrize("argv, message", [
    (["--block-min-severity", "URGENT"], "--block-min-severity"),
    (["--block-allowlist", "10.0.0.300"], "is not an IPv4 address"),
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


def simulated_flow(client, port, first_alert_us):
    return {"client": client, "client_port": 40000 + port, "server": "10.0.0.2", "server_port": port,
            "protocol": 6, "first_alert": None if first_alert_us is None else
            {"packet": 1, "time_us": first_alert_us, "class_id": 1, "class": "Attack", "leaf_id": 1}}


def test_offline_alerts_in_time_order_and_flows_after_a_block_are_dropped(tmp_path):
    model = tmp_path / "model.json"
    model.write_text('{"leaves": [{"leaf_id": 1, "path": [{"feature": "IN_PKTS", "op": ">", "value": 3}]}]}')
    state = {"alerts": [], "blocks": [], "flows": {}, "dropped": {}}
    run = offline_mod.OfflineRun(None, story_mod.Story(io.StringIO()), str(model), None,
                                 policy_mod.BlockPolicy("HIGH", ttl_seconds=1), state)
    run.report({"flows": [simulated_flow("10.0.0.3", 23, 2_500_000), simulated_flow("10.0.0.3", 22, 2_000_000),
                          simulated_flow("10.0.0.1", 80, None), simulated_flow("10.0.0.3", 25, 3_500_000)]})
    # The earliest verdict alerts and blocks; the next one within the TTL is dropped at the edge; one after it
    # expired alerts again.
    assert [(a["id"], a["flow"]["serverPort"]) for a in state["alerts"]] == [(1, 22), (2, 25)]
    assert state["alerts"][0]["explanation"] == "IN_PKTS > 3"
    assert state["dropped"] == {"10.0.0.3": 1}
    assert [b["alertId"] for b in state["blocks"]] == [1, 2]
    assert state["flows"] == {"10.0.0.3": 3, "10.0.0.1": 1}
