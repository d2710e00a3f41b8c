# Run: make itest   (or, as root with the reference stack: .venv/bin/python -m pytest itest/suites/test_rest_input.py)
"""Every NIDS REST resource and CLI command against malformed input, on the real ONOS: query parameters and path ids of the wrong
kind or range, bodies that are not JSON objects, of the wrong media type, and model bundles and block requests with
one field deleted or replaced by a value of another type or out of range (seeded, so a failure repeats). Each answer
must be a refusal with ONOS's error body and a one-line reason (4xx, never a 5xx or an HTML page or a stack trace),
or, for a mutant the app accepts, a stored model it can give back and remove; nothing else may change: the stored
models, the active model and the blocks are the same afterwards."""
import copy
import json
import random
import urllib.parse

import pytest

from nidslib import datasets as models
from nidslib import onos as onos_mod

BASE = "/onos/nids"
ATTACK_PORT = 2222          # other suites: 9999/7777 (models), 6666 (GUI), 5555 (blocking), 4444/3333 (faults)
MUTANTS_PER_BUNDLE = 160
SEED = 20261205
# Values of another type or out of range, put in place of a field.
WRONG_VALUES = [None, "x", "", -1, 2 ** 64, 1e308, -1e-9, True, [], {}, [1, 2], "9" * 400]
MAX_REASON = 400


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    work = tmp_path_factory.mktemp("input-models")
    data = str(work / "m.csv.gz")
    models.write_port_rule_dataset(data, ATTACK_PORT, seed=ATTACK_PORT)
    return models.train(data, str(work / "m.json"))


def _answer(rest, method, path, body=None, content_type="application/json"):
    """(status, text) of one request, whatever the status."""
    try:
        status, parsed = rest.request(method, path, body, content_type=content_type, retry=False)
        return status, parsed if isinstance(parsed, str) else json.dumps(parsed)
    except onos_mod.RestError as e:
        return e.status, e.body


def _bad_refusal(status, text):
    """Why an answer to bad input is not a proper refusal, or None."""
    if status >= 500:
        return f"HTTP {status}"
    if status < 400:
        return None
    try:
        message = json.loads(text)["message"]
    except (ValueError, KeyError, TypeError):
        return f"HTTP {status} without ONOS's error body: {text[:160]!r}"
    if not isinstance(message, str) or not message.strip():
        return f"HTTP {status} with an empty reason"
    if "\n" in message.strip() or len(message) > MAX_REASON or "Exception" in message or "\tat " in message:
        return f"HTTP {status} with a reason that is not one line: {message[:200]!r}"
    return None


def _state(rest):
    active = _answer(rest, "GET", f"{BASE}/models/active")
    return (sorted(m["id"] for m in rest.get(f"{BASE}/models", retry=False)["models"]),
            json.loads(active[1]).get("id") if active[0] == 200 else None,
            sorted(b["id"] for b in rest.get(f"{BASE}/blocks", retry=False)["blocks"]))


def _paths(value, prefix=()):
    """Every path to a value in a JSON document (dict keys and list indices)."""
    yield prefix
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _paths(child, prefix + (key,))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from _paths(child, prefix + (index,))


def _mutant(document, path, value, delete):
    mutant = copy.deepcopy(document)
    parent = mutant
    for step in path[:-1]:
        parent = parent[step]
    if delete and isinstance(parent, dict):
        del parent[path[-1]]
    elif delete:
        parent.pop(path[-1])
    else:
        parent[path[-1]] = value
    return mutant


def _query_cases():
    values = ["-1", "0", "abc", "1e3", "99999999999999999999", "%00", "' OR 1=1", "x" * 3000]
    cases = []
    for resource, params in (("alerts", ("state", "since", "class", "incident", "limit")),
                             ("incidents", ("state", "source", "family", "since", "limit")),
                             ("flows", ("device", "limit")), ("audit", ("limit",)), ("stats", ("drift",))):
        for param in params:
            for value in values:
                cases.append(("GET", f"{BASE}/{resource}?{param}={urllib.parse.quote(value, safe='%')}"))
    return cases


def _id_cases():
    # (An encoded "/" in a path is the web container's business: Jetty answers 404 before any resource sees it.)
    ids = ["abc", "-1", "0", "99999999999999999999", "1.5", "%20", "x" * 2000, "a%0Ab"]
    cases = []
    for value in ids:
        for path in ("alerts/{}", "incidents/{}", "blocks/{}", "models/{}"):
            cases.append(("GET", f"{BASE}/{path.format(value)}"))
        for path in ("alerts/{}/ack", "incidents/{}/ack", "models/{}/activate"):
            cases.append(("POST", f"{BASE}/{path.format(value)}"))
        for path in ("blocks/{}", "models/{}"):
            cases.append(("DELETE", f"{BASE}/{path.format(value)}"))
    return cases


NOT_OBJECTS = [b"", b"{", b"[]", b"null", b"42", b'"text"', b"{\"a\": 1,}", b"\xff\xfe", b"{\"src\": \"10.0.0.3\"" * 3]


def test_query_parameters_and_ids_of_the_wrong_kind_are_refused_with_a_reason(stack):
    rest = stack.rest
    before = _state(rest)
    problems = []
    for method, path in _query_cases() + _id_cases():
        status, text = _answer(rest, method, path)
        why = _bad_refusal(status, text)
        if why:
            problems.append(f"{method} {path[:120]}: {why}")
    assert _state(rest) == before, "a refused request changed models or blocks"
    assert not problems, f"{len(problems)} improper answers:\n" + "\n".join(problems[:40])


def test_bodies_that_are_not_json_objects_or_not_json_are_refused_with_a_reason(stack):
    rest = stack.rest
    before = _state(rest)
    problems = []
    for path in (f"{BASE}/models", f"{BASE}/blocks"):
        for body in NOT_OBJECTS:
            for content_type in ("application/json", "text/plain", "application/x-www-form-urlencoded"):
                status, text = _answer(rest, "POST", path, body, content_type=content_type)
                why = _bad_refusal(status, text) or (None if status >= 400 else f"accepted (HTTP {status})")
                if why:
                    problems.append(f"POST {path} {content_type} {body[:40]!r}: {why}")
    assert _state(rest) == before
    assert not problems, f"{len(problems)} improper answers:\n" + "\n".join(problems[:40])


def test_block_requests_with_a_field_missing_or_wrong_are_refused_with_a_reason(stack):
    rest = stack.rest
    before = _state(rest)
    # No such incident: the request as a whole is refused (404) unless a mutant drops the id, which is optional (a
    # block of the operator's own): then the block is made, and removed here.
    good = {"src": "10.0.0.250", "ttlSeconds": 60, "reason": "input test", "incidentId": 987654321}
    problems, made = [], 0
    for path in list(_paths(good))[1:]:
        for mutant in [_mutant(good, path, None, True)] + [_mutant(good, path, v, False) for v in WRONG_VALUES]:
            status, text = _answer(rest, "POST", f"{BASE}/blocks", mutant)
            if status == 201:
                block = json.loads(text)
                gone = _answer(rest, "DELETE", f"{BASE}/blocks/{block.get('id')}")
                if mutant.get("incidentId") is not None or gone[0] != 204:
                    problems.append(f"{json.dumps(mutant)[:160]}: blocked (HTTP 201), removed: HTTP {gone[0]}")
                made += 1
                continue
            why = _bad_refusal(status, text)
            if why:
                problems.append(f"{json.dumps(mutant)[:160]}: {why}")
    assert made == 2, "the two requests without an incident id are blocks of the operator's own"
    assert _state(rest) == before
    assert not problems, f"{len(problems)} improper answers:\n" + "\n".join(problems[:40])


def test_model_bundles_with_a_field_missing_or_wrong_are_refused_or_stored_whole(stack, bundle):
    rest = stack.rest
    before = _state(rest)
    rng = random.Random(SEED)
    paths = [p for p in _paths(bundle) if p and p != ("model_id",)]
    rng.shuffle(paths)
    mutants = [(("model_id",), True, None)] + [(("model_id",), False, v) for v in WRONG_VALUES]
    mutants += [(path, rng.random() < 0.3, rng.choice(WRONG_VALUES)) for path in paths[:MUTANTS_PER_BUNDLE]]
    problems, stored = [], []
    for number, (path, delete, value) in enumerate(mutants):
        mutant = _mutant(bundle, path, value, delete)
        if path != ("model_id",):
            mutant["model_id"] = f"{bundle['model_id']}-input-{number}"
        where = "/".join(str(s) for s in path)
        status, text = _answer(rest, "POST", f"{BASE}/models", mutant)
        if status == 201:
            stored.append(f"{where} {'deleted' if delete else '= ' + json.dumps(value)[:20]}")
            model_id = urllib.parse.quote(str(json.loads(text).get("id")), safe="")
            got = _answer(rest, "GET", f"{BASE}/models/{model_id}")
            gone = _answer(rest, "DELETE", f"{BASE}/models/{model_id}")
            if got[0] != 200 or gone[0] != 204:
                problems.append(f"{where} {'deleted' if delete else 'replaced'}: stored but GET {got[0]}, "
                                f"DELETE {gone[0]}")
            continue
        why = _bad_refusal(status, text)
        if why:
            problems.append(f"{where} {'deleted' if delete else 'replaced'}: {why}")
    print(f"{len(mutants)} mutants, {len(stored)} stored and removed: {'; '.join(stored)}")
    assert _state(rest) == before
    assert not problems, f"{len(problems)} improper answers:\n" + "\n".join(problems[:40])


def _cli_cases():
    long_id = "x" * 500
    return [
        "nids-alert-ack abc", "nids-alert-ack -- -1", "nids-alert-ack 99999999999999999999", f"nids-alert-ack {long_id}",
        "nids-alert-ack 987654321",
        "nids-flows -d bogus", "nids-flows -n -1", "nids-flows -n abc", "nids-flows -n 99999999999",
        "nids-alerts -s BOGUS", "nids-alerts -i abc", "nids-alerts -n 0", "nids-alerts -n abc",
        "nids-block notanip", "nids-block 10.0.0.300", "nids-block 10.0.0.250 --ttl -5",
        "nids-block 10.0.0.250 --ttl abc", "nids-block 10.0.0.250 --incident abc",
        "nids-block 10.0.0.250 --incident 987654321", f"nids-block {long_id}",
        "nids-incident-ack abc", "nids-incident-ack 99999999999999999999", "nids-incident-ack 987654321",
        "nids-incidents abc", "nids-incidents 987654321", "nids-incidents -s BOGUS", "nids-incidents --source notanip",
        "nids-incidents -n -1",
        "nids-activate nosuchmodel", f"nids-activate {long_id}",
        "nids-unblock nosuchblock", f"nids-unblock {long_id}",
        "nids-replay-reports /nonexistent/frames.bin -d device:bmv2:s1",
        "nids-replay-reports /etc/hostname -d bogus", "nids-replay-reports /etc/hostname -d device:bmv2:s1 -s 0",
        "nids-replay-reports /etc/hostname -d device:bmv2:s1 -r abc",
    ]


def test_cli_commands_with_bad_arguments_fail_with_a_reason(stack):
    """Each command exits non-zero with Karaf's "Error executing command: <reason>", the reason one line of at most
    a few hundred characters and no stack trace; nothing changes. (A family filter is free text, the model's class
    names: an unknown one finds no incidents, as it should.)"""
    before = _state(stack.rest)
    problems = []
    for command in _cli_cases():
        try:
            out = stack.onos.shell(command, timeout=60)
            problems.append(f"{command[:80]}: succeeded: {out.strip()[:160]!r}")
            continue
        except onos_mod.OnosError as e:
            text = str(e)
        reason = text.split(": ", 1)[1] if ": " in text else text
        if "(ssh exit 0)" in text:
            problems.append(f"{command[:80]}: exit status 0: {reason[:160]!r}")
        elif "\tat " in reason or "Exception" in reason or len(reason) > MAX_REASON + 60 or reason.count("\n") > 1:
            problems.append(f"{command[:80]}: not a one-line reason: {reason[:300]!r}")
    assert _state(stack.rest) == before
    assert not problems, f"{len(problems)} improper answers:\n" + "\n".join(problems)
