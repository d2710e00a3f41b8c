# Run: make itest   (or, as root with the reference stack: .venv/bin/python -m pytest -q -rs itest/suites/test_fault_restarts.py)
"""Processes that die, on the real stack (issue 14): nothing is lost.

- A BMv2 switch killed (SIGKILL) and started again, empty: its pipeline, report clone session, port roles and the
  active model are back within SWITCH_BACK_S, read back from the switch itself, without any REST call; its reports
  are classified by the active model again.
- ONOS stopped and started again without clean while traffic runs: the models, the active model, the alerts, the
  blocks and the block policy come back; the blocks' drop rules are on their switches again within DROP_RULES_S of
  the switches reconnecting; the active model classifies again.
"""
import contextlib
import json
import os
import subprocess
import threading
import time

from p4.v1 import p4runtime_pb2

import pytest

from nidslib import constants as C
from nidslib import datasets as models
from nidslib import fabric as fabric_mod
from nidslib import netns
from nidslib import onos as onos_mod
from nidslib import p4runtime as p4rt
from nidslib import processes
from nidslib import session as session_mod

MODELS = "/onos/nids/models"
BLOCKS = "/onos/nids/blocks"
BLOCK_POLICY = "/onos/v1/configuration/org.onosproject.nids.impl.block.NidsBlockManager"
ATTACK_PORT = 4444
SWITCH_BACK_S = 15
DROP_RULES_S = 30
WAIT_S = 90
KILLED = "s2"                   # the second leaf: h3 and h4
BLOCKED_SRC = "10.0.0.4"        # h4, on s2
POLICY_TTL = 4321               # a block policy value that is not the default


@pytest.fixture(scope="module")
def port_model(routed, tmp_path_factory):
    """The active model's id."""
    return models.activate_port_model(routed.rest, str(tmp_path_factory.mktemp("fault-restarts")),
                                      ATTACK_PORT)["model_id"]


def switch_state(stack, name):
    return p4rt.pipeline_state(stack.topology.switch(name).grpc_port)


def attack_records(stack, device_id, since_ms):
    """Flow records of one switch received after since_ms that its switch classified as an attack."""
    flows = stack.rest.get(f"/onos/nids/flows?device={device_id}&limit=1000", retry=False)["flows"]
    return [f for f in flows if f["receivedMillis"] >= since_ms and f.get("attack")
            and f["flow"]["serverPort"] == ATTACK_PORT]


def test_a_killed_switch_is_back_within_15_s_without_a_rest_call(routed, port_model):
    stack = routed
    before = switch_state(stack, KILLED)
    assert before["config"] and before["entries"][C.NIDS_INGRESS_CLASSIFIER_DECISION] > 0, before
    assert C.REPORT_CLONE_SESSION in before["clone_sessions"], before
    assert before["roles"][C.NIDS_INGRESS_CFG_PORT_ROLE], before
    stack.fabric.kill_switch(KILLED)
    started = time.monotonic()
    stack.fabric.start_switch(KILLED)
    seen = {}

    def back():
        try:
            seen["state"] = switch_state(stack, KILLED)
        except Exception as e:   # gRPC errors while the pipeline is being pushed
            seen["state"] = repr(e)[:200]
            return False
        return seen["state"] == before

    # Only the switch is read while waiting: no REST call may bring it back.
    deadline = started + SWITCH_BACK_S
    while not back() and time.monotonic() < deadline:
        time.sleep(0.5)
    took = time.monotonic() - started
    print(f"switch {KILLED} killed and started: state back after {took:.1f} s: {seen['state'] == before}")
    assert seen["state"] == before, f"not back within {SWITCH_BACK_S} s: {seen['state']} != {before}"
    # And it works: an attack through it is reported (clone session) and classified by the active model again.
    since = int(time.time() * 1000)
    device = stack.topology.switch(KILLED).device_id

    def reported():
        fabric_mod.tcp_attempts("h3", "10.0.0.1", ATTACK_PORT, 3)
        return attack_records(stack, device, since)

    onos_mod.wait_until(reported, WAIT_S, 3, f"attack reports from {KILLED} classified by the active model")


def _drop_rule_srcs(stack, device_id):
    """Sources the switch's ACL drops (block entries, read back from the switch)."""
    switch = next(s for s in stack.topology.switches if s.device_id == device_id)
    reader = p4rt.Client(switch.grpc_port, timeout=3)
    try:
        src = reader.p4info.match_field(C.NIDS_INGRESS_FWD_ACL, C.HDR_IPV4_SRC).id
        return {p4rt.ternary_value(e, src) for e in reader.table_entries(C.NIDS_INGRESS_FWD_ACL)}
    finally:
        reader.close()


def _block_in_force(stack, block_id):
    block = stack.rest.get(f"{BLOCKS}/{block_id}", retry=False)
    if block["state"] != "INSTALLED" or not block["devices"]:
        return None
    wanted = p4rt.ip2int(block["src"])
    return block if all(wanted in _drop_rule_srcs(stack, d) for d in block["devices"]) else None


def _state(stack):
    alerts = stack.rest.get("/onos/nids/alerts?limit=10000", retry=False)["alerts"]
    return {
        "models": sorted(m["id"] for m in stack.rest.get(MODELS, retry=False)["models"]),
        "active": stack.rest.get(f"{MODELS}/active", retry=False)["id"],
        "alerts": {a["id"]: (a["flow"]["clientIp"], a["flow"]["serverPort"], a["class"]) for a in alerts},
        "incidents": {i["id"]: (i["source"], i["family"], i["firstSeenMillis"]) for i in
                      stack.rest.get("/onos/nids/incidents?limit=1000", retry=False)["incidents"]},
        "blocks": sorted((b["id"], b["src"], b["reason"], b.get("expiresAt")) for b in
                         stack.rest.get(BLOCKS, retry=False)["blocks"]),
        "policy": stack.rest.get(BLOCKS, retry=False)["policy"],
    }


def _attack_incident(stack, since):
    """h2's incident that took a verdict of an attack on ATTACK_PORT since `since` (ms), if any."""
    incidents = stack.rest.get("/onos/nids/incidents?source=10.0.0.2&limit=100", retry=False)["incidents"]
    return next((i for i in incidents if i["lastSeenMillis"] >= since and ATTACK_PORT in i["ports"]), None)


def test_onos_restarted_without_clean_with_traffic_running(routed, port_model):
    stack = routed
    session_mod.learn_hosts(stack)
    kept_ttl = stack.rest.get(BLOCKS, retry=False)["policy"]["blockTtlSeconds"]
    stack.rest.post(BLOCK_POLICY, {"blockTtlSeconds": str(POLICY_TTL)})
    block_id = None
    traffic = None
    try:
        onos_mod.wait_until(lambda: stack.rest.get(BLOCKS, retry=False)["policy"]["blockTtlSeconds"] == POLICY_TTL,
                            20, 1, f"blockTtlSeconds {POLICY_TTL} in force")
        status, made = stack.rest.post(BLOCKS, {"src": BLOCKED_SRC, "reason": "restart check", "ttlSeconds": 0})
        assert status == 201, made
        block_id = made["id"]
        onos_mod.wait_until(lambda: _block_in_force(stack, block_id), WAIT_S, 2, "the block's drop rules installed")
        since = int(time.time() * 1000)
        fabric_mod.tcp_attempts("h2", "10.0.0.3", ATTACK_PORT, 5)
        onos_mod.wait_until(lambda: _attack_incident(stack, since), WAIT_S, 2, "h2's attack in an incident")
        before = _state(stack)
        # Traffic through the fabric while ONOS is down and comes back (bounded: 6,000 attempts, about 10 min).
        traffic = netns.host_popen("h1", "python3", "-c",
                                   "import socket,time\nfor i in range(6000):\n"
                                   "    s=socket.socket(); s.settimeout(0.1)\n"
                                   "    try: s.connect(('10.0.0.3', 80))\n    except OSError: pass\n"
                                   "    s.close(); time.sleep(0.1)\n",
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        restart_started = time.monotonic()
        session_mod.restart_onos(stack)
        reconnected = time.monotonic()
        after = _state(stack)
        print(f"ONOS restarted without clean: switches available again after {reconnected - restart_started:.0f} s; "
              f"{len(before['alerts'])} alerts before, {len(after['alerts'])} after; blocks {after['blocks']}")
        assert after["models"] == before["models"]
        assert after["active"] == before["active"] == port_model
        assert before["alerts"].items() <= after["alerts"].items(), "alerts lost in the restart"
        assert before["incidents"].items() <= after["incidents"].items(), "incidents lost in the restart"
        assert after["blocks"] == before["blocks"]
        assert after["policy"] == before["policy"]
        # Hosts announce themselves again (ARP): ONOS's host store starts empty.
        session_mod.learn_hosts(stack)
        block = onos_mod.wait_until(lambda: _block_in_force(stack, block_id),
                                    max(1, DROP_RULES_S - (time.monotonic() - reconnected)), 1,
                                    f"the block's drop rules back within {DROP_RULES_S} s")
        print(f"drop rules of block {block_id} on {block['devices']} after "
              f"{time.monotonic() - reconnected:.1f} s")
        # The forwarding of the routed fabric (this suite's own flows) is put back as the harness first did.
        session_mod.install_routes(stack)
        since = int(time.time() * 1000)

        def classified():
            fabric_mod.tcp_attempts("h2", "10.0.0.3", ATTACK_PORT, 3)
            incident = _attack_incident(stack, since)
            return incident if incident and incident["modelId"] == port_model else None

        # The incident that came back with ONOS takes the new verdicts (an alert is only one of its first flows).
        onos_mod.wait_until(classified, WAIT_S, 3, "h2's attack classified by the active model after the restart")
    finally:
        if traffic is not None:
            processes.terminate(traffic, 5)
        if block_id is not None:
            stack.rest.delete(f"{BLOCKS}/{block_id}")
        stack.rest.post(BLOCK_POLICY, {"blockTtlSeconds": str(kept_ttl)})


RECONCILE_S = 30        # NidsModelManager's reconcileSeconds default


def test_a_switch_changed_behind_the_apps_back_is_repaired_from_its_read_back(routed, port_model):
    """Another controller takes s1 over for a moment (a higher P4Runtime election id) and flips its configuration to
    the empty bank, then lets go: the switch stops classifying while the app's record says it runs the model.
    Reconciliation reads the switch back and repairs it within a reconcile period."""
    stack = routed
    switch = stack.topology.switch("s1")
    before = switch_state(stack, "s1")
    intruder = p4rt.Client(switch.grpc_port, timeout=5)
    try:
        intruder.election_id = p4runtime_pb2.Uint128(high=1 << 20, low=0)
        intruder.become_primary(10)
        config = intruder.default_entry(C.NIDS_INGRESS_CFG_CONFIG)
        names = {p.id: p.name for p in intruder.p4info.action(C.NIDS_INGRESS_CFG_SET_CONFIG).params}
        params = {names[p.param_id]: int.from_bytes(p.value, "big") for p in config.action.action.params}
        params[C.BANK] = 1 - params[C.BANK]
        intruder.write([(p4runtime_pb2.Update.MODIFY, intruder.default_entry_entity(
            C.NIDS_INGRESS_CFG_CONFIG, C.NIDS_INGRESS_CFG_SET_CONFIG, params))])
    finally:
        intruder.close()
    changed = switch_state(stack, "s1")
    started = time.monotonic()
    assert changed["entries"][C.NIDS_INGRESS_CLASSIFIER_DECISION] == 0, changed
    onos_mod.wait_until(lambda: switch_state(stack, "s1") == before, RECONCILE_S + 30, 1,
                        "s1 classifying with the active model again")
    with open(stack.onos.karaf_log(), errors="replace") as log:
        noticed = [line.strip() for line in log if "differs from what was written to it" in line]
    print(f"drift of s1 repaired after {time.monotonic() - started:.1f} s; the app noticed: {noticed[-1:]}")


MODEL_MANAGER = "/onos/v1/configuration/org.onosproject.nids.impl.NidsModelManager"
ROLLOUT_TIMEOUT_MS = 4000   # short, so the stalled switch below stalls briefly
ROLLOUT_TIMEOUT_MS_DEFAULT = 10000
OTHER_PORT = 5555           # the model the failed rollout tries to activate: attack = TCP to this port
CLASSIFIER_TABLES = (C.NIDS_INGRESS_CLASSIFIER_PHASES, C.NIDS_INGRESS_CLASSIFIER_DECISION)
# ONOS 2.7 re-sends a switch's role several times per mastership change, the same election id each time. PI without
# our patch 0002 answers only the first: ONOS's DeviceManager then yields the role as unanswered at its next role
# check (every 10 s, roleTimeoutSeconds 10) and asks again with a new election id, at 20 s intervals for a minute or
# more after each ONOS start (see karaf.log: "Failed to assert role ... no response"). A switch stalled across such a
# yield keeps the old election id and refuses the rollout's queued write as "Not primary": a different failure from
# the one built below. So the construction starts right after a yield, when the next one is some 18 s away, or after a
# quiet spell (a patched PI: no yields).
ROLE_YIELD = "Failed to assert role"
ROLE_LINES = ("Notifying role", ROLE_YIELD, "Role has been acknowledged")
ROLE_BURST_S = 2            # a yield's re-requests and answers come within this
ROLE_QUIET_S = 25           # no role line for this long: no yield is pending


def banks(stack, name):
    """(the bank a switch classifies with, its classifier entries per bank), read from the switch."""
    reader = p4rt.Client(stack.topology.switch(name).grpc_port, timeout=3)
    try:
        config = reader.default_entry(C.NIDS_INGRESS_CFG_CONFIG)
        entries = {0: 0, 1: 0}
        for table in CLASSIFIER_TABLES:
            bank_field = reader.p4info.match_field(table, "bank").id
            for entry in reader.table_entries(table):
                entries[p4rt.exact_value(entry, bank_field)] += 1
        return (p4rt.param_values(config)[0] if config is not None else None), entries
    finally:
        reader.close()


def devices(stack):
    return {d["deviceId"]: d for d in stack.rest.get("/onos/nids/devices", retry=False)["devices"]}


def _wait_for_a_role_lull(stack, timeout=60):
    """Returns right after ONOS's next role yield has settled (or after ROLE_QUIET_S without any role line)."""
    path = stack.onos.karaf_log()
    offset = os.path.getsize(path)
    started = last_line = time.monotonic()
    yielded = False
    while time.monotonic() - started < timeout:
        size = os.path.getsize(path)
        if size < offset:   # the log rolled over
            offset = 0
        with open(path, errors="replace") as log:
            log.seek(offset)
            new = log.read(size - offset)
        offset = size
        now = time.monotonic()
        if any(marker in new for marker in ROLE_LINES):
            last_line = now
            yielded = yielded or ROLE_YIELD in new
        elif (yielded and now - last_line >= ROLE_BURST_S) or now - last_line >= ROLE_QUIET_S:
            return
        time.sleep(0.2)
    raise AssertionError(f"no lull in ONOS's switch role requests for {timeout} s (see {path})")


def _fail_a_rollout_with_a_refused_flip_back(stack, rollout, intruder, idle, s2_stalled):
    """Runs the rollout thread so that s1 takes its flip and refuses the flip-back, and s2 never confirms its flip
    (stalled until s2_stalled is closed)."""
    try:
        _wait_for_a_role_lull(stack)
        with stack.fabric.paused("s3"):
            rollout.start()

            last = {}

            def banks_written():
                # The same entry count in both idle banks, twice in a row: the write phase is done on both.
                counts = [banks(stack, n)[1][idle[n]] for n in ("s1", "s2")]
                previous, last["counts"] = last.get("counts"), counts
                return counts if counts[0] and counts[0] == counts[1] and counts == previous else None

            onos_mod.wait_until(banks_written, 30, 0.2, "the other model written into s1's and s2's idle banks")
            s2_stalled.enter_context(stack.fabric.paused("s2"))
        # s3 goes on: its write is confirmed and the flips go out; s2 is stalled, its flip is never confirmed.
        onos_mod.wait_until(lambda: banks(stack, "s1")[0] == idle["s1"], ROLLOUT_TIMEOUT_MS / 1000, 0.05,
                            "s1 flipped to the other model's bank")
        intruder.become_primary(5)
        rollout.join(ROLLOUT_TIMEOUT_MS * 3 / 1000 + 30)
        assert not rollout.is_alive(), "the rollout did not return"
    finally:
        s2_stalled.close()
        stack.rest.post(MODEL_MANAGER, {"rolloutTimeoutMillis": str(ROLLOUT_TIMEOUT_MS_DEFAULT)})


def test_a_switch_that_refuses_the_flip_back_after_a_failed_rollout_is_repaired_from_its_read_back(
        routed, port_model, tmp_path):
    """A rollout of another model fails: s2 stalls (SIGSTOP) once the model is in its idle bank, so its flip is never
    confirmed; s1 takes its flip, then another P4Runtime controller takes s1 over (a higher election id), so s1
    refuses the flip-back. The rollout is rolled back and says so per switch; s1's state shows the refused flip-back
    while s1 still classifies with the failed model's bank. With the other controller gone and s2 going on, the
    next reconcile repairs s1 (and s2) from what the switch holds: the active model's entries in the bank the
    configuration names, the failed model's entries gone from the other bank. (s3 is held stalled while the banks
    are written, so that the flip phase starts when the test lets it.)"""
    stack = routed
    rest = stack.rest
    names = [s.name for s in stack.topology.switches]
    device = {n: stack.topology.switch(n).device_id for n in names}
    other = models.store_port_model(rest, str(tmp_path), OTHER_PORT)["model_id"]
    before = {n: switch_state(stack, n) for n in names}
    held = {n: banks(stack, n) for n in names}
    for name, (bank, entries) in held.items():
        assert entries[1 - bank] == 0, f"{name}: its idle bank holds entries before the rollout: {entries}"
    idle = {n: 1 - held[n][0] for n in names}
    try:
        rest.post(MODEL_MANAGER, {"rolloutTimeoutMillis": str(ROLLOUT_TIMEOUT_MS)})
        answer = {}

        def activate():
            try:
                answer["reply"] = rest.post(f"{MODELS}/{other}/activate", retry=False)
            except onos_mod.RestError as e:
                answer["reply"] = (e.status, json.loads(e.body))

        rollout = threading.Thread(target=activate)
        intruder = p4rt.Client(stack.topology.switch("s1").grpc_port, timeout=5)
        intruder.election_id = p4runtime_pb2.Uint128(high=1 << 20, low=0)
        s2_stalled = contextlib.ExitStack()
        try:
            _fail_a_rollout_with_a_refused_flip_back(stack, rollout, intruder, idle, s2_stalled)
            status, result = answer["reply"]
            by_device = {d["deviceId"]: d for d in result["devices"]}
            print(f"failed rollout: HTTP {status}: {result.get('message')}; per switch "
                  f"{ {d: (r['outcome'], r['error']) for d, r in by_device.items()} }")
            assert status == 502 and not result["succeeded"], result
            assert "rollback: flipping back" in (by_device[device["s1"]]["error"] or ""), by_device[device["s1"]]
            assert "no confirmation" in (by_device[device["s2"]]["error"] or ""), by_device[device["s2"]]
            # s1's state shows the refused flip-back, while s1 classifies with the failed model's bank.
            recorded = devices(stack)[device["s1"]]
            assert "rollback: flipping back" in (recorded["lastError"] or ""), recorded
            assert recorded["modelId"] == port_model, recorded
            assert banks(stack, "s1")[0] == idle["s1"] != recorded["activeBank"], (banks(stack, "s1"), recorded)
            assert rest.get(f"{MODELS}/active", retry=False)["id"] == port_model
        finally:
            intruder.close()
        started = time.monotonic()

        def repaired():
            now = {n: banks(stack, n) for n in names}
            states = devices(stack)
            done = all(switch_state(stack, n) == before[n] and now[n][1][1 - now[n][0]] == 0
                       and states[device[n]]["lastError"] is None and states[device[n]]["activeBank"] == now[n][0]
                       for n in names)
            return now if done else None

        onos_mod.wait_until(repaired, RECONCILE_S + 45, 1,
                            "every switch classifying with the active model, the failed model's entries gone")
        with open(stack.onos.karaf_log(), errors="replace") as log:
            reconciled = [line.strip()[-120:] for line in log if f"Reconciled {device['s1']} " in line]
        print(f"s1 (refused flip-back) and s2 (stalled) repaired {time.monotonic() - started:.1f} s after the "
              f"other controller let go; the app: {reconciled[-1:]}")
    finally:
        # Whatever failed above, the next tests run with the port model active and the other model gone.
        if rest.get(f"{MODELS}/active", retry=False)["id"] != port_model:
            rest.post(f"{MODELS}/{port_model}/activate")
        rest.delete(f"{MODELS}/{other}")
