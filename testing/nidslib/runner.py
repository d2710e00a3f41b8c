"""Runs every test suite whose prerequisites are present and ends with one summary (`make test`).

    util/run_tests.py [--only SUITE,...] [--list]

A suite whose prerequisites are missing is reported as skipped with the reason, never counted as passed. The last
line reads 'suites: N passed, N failed, N skipped'. Exit status is non-zero when any suite failed.
"""
import argparse
import glob
import os
import subprocess
import sys
import time
import xml.etree.ElementTree as ElementTree

from . import stack
from .paths import REPO_ROOT as ROOT

PACKAGE_DIR = os.path.join(ROOT, "testing")


class Suite:
    def __init__(self, name, what, command, prerequisites=(), counts=None):
        self.name = name
        self.what = what
        self.command = command
        self.prerequisites = prerequisites  # callables returning None (ok) or a reason to skip
        self.counts = counts                # callable returning (tests, failures, skipped[, note]) or None


def surefire_counts(reports=None):
    """(tests, failures, skipped, note) of the surefire reports (default: every module's), counted per test case: a
    test that failed and then passed on a rerun counts once, as passed, and is named in the note (surefire writes
    its `flakyFailure` into the case and counts the rerun, not the case, in the suite's `tests`)."""
    if reports is None:
        reports = sorted(glob.glob(os.path.join(ROOT, "**", "target", "surefire-reports", "TEST-*.xml"),
                                   recursive=True))
    tests = failures = skipped = 0
    flaky = []
    for report in reports:
        for case in ElementTree.parse(report).getroot().iter("testcase"):
            tests += 1
            if case.find("failure") is not None or case.find("error") is not None:
                failures += 1
            elif case.find("skipped") is not None:
                skipped += 1
            if case.find("flakyFailure") is not None or case.find("flakyError") is not None:
                flaky.append(f"{case.get('classname', '').rsplit('.', 1)[-1]}.{case.get('name')}")
    note = f"flaky (failed, then passed on a rerun): {', '.join(flaky)}" if flaky else ""
    return tests, failures, skipped, note


def junit_xml_counts(path):
    def counts():
        if not os.path.exists(path):
            return None
        root = ElementTree.parse(path).getroot()
        suite = root if root.tag == "testsuite" else root.find("testsuite")
        if suite is None:
            return None
        return (int(suite.get("tests", 0)), int(suite.get("failures", 0)) + int(suite.get("errors", 0)),
                int(suite.get("skipped", 0)))
    return counts


def pytest_suite(name, what, paths, prerequisites=(), extra_args=()):
    report = os.path.join(ROOT, "build", "test-reports", f"{name}.xml")
    command = [stack.venv_python(), "-m", "pytest", "-q", "-rs", f"--junitxml={report}", *extra_args, *paths]
    return Suite(name, what, command, (stack.need_venv, *prerequisites), junit_xml_counts(report))


def suites():
    return [
        pytest_suite("python-unit", "nidslib and stack-build unit tests: generator, harnesses, demo and bench tools, "
                     "make stack", ["testing/tests", "stack/tests"]),
        Suite("java-unit", "Maven build and JUnit tests of every module (builds the .oar)",
              ["mvn", "-B", "-q", "package"], (stack.need_maven,), surefire_counts),
        Suite("constants-check", "generated constants match the committed P4Info",
              ["make", "-s", "constants-check"], (stack.need_venv,)),
        Suite("p4-check", "committed P4 outputs equal what p4c makes from p4src/ now",
              ["make", "-s", "p4-check"], (stack.need_p4c,)),
        pytest_suite("p4-dataplane", "P4 pipeline on BMv2 over P4Runtime (scapy)", ["p4src/tests"],
                     (stack.need_root, stack.need_bmv2)),
        # `make run` itself: offline (namespaces) and online (ONOS + BMv2, skipped inside without the stack). The
        # demo driver takes the stack lock and starts its own ONOS, so it cannot run inside the integration session.
        pytest_suite("demo", "make run: offline story in namespaces; online on ONOS + BMv2, then Ctrl-C",
                     ["itest/demo"], (stack.need_root,)),
        Suite("integration", "ONOS + BMv2 fabric: app install, devices, suites",
              [os.path.join(ROOT, "itest", "run.sh")],
              (stack.need_venv, stack.need_root, stack.need_bmv2, stack.need_onos, stack.need_java11),
              junit_xml_counts(os.path.join(ROOT, "build", "test-reports", "integration.xml"))),
        # A three-instance ONOS cluster with its Atomix storage nodes (about 6 min on two cores); after the
        # integration suite, which it cannot run inside (each holds the stack lock).
        pytest_suite("cluster", "3 ONOS instances + 3 Atomix nodes + BMv2 fabric: same state everywhere, rollout "
                     "across masters, reports on each switch's master", ["itest/cluster"],
                     (stack.need_root, stack.need_bmv2, stack.need_onos, stack.need_java11, stack.need_atomix)),
    ]


def suite_environment():
    """The suites import this checkout's nidslib first, also where .venv holds the editable install of another
    checkout (git worktrees sharing one venv)."""
    path = os.environ.get("PYTHONPATH")
    return dict(os.environ, PYTHONPATH=PACKAGE_DIR + (os.pathsep + path if path else ""))


def run(selected):
    os.makedirs(os.path.join(ROOT, "build", "test-reports"), exist_ok=True)
    env = suite_environment()
    results = []
    for suite in selected:
        reasons = [r for r in (check() for check in suite.prerequisites) if r]
        if reasons:
            print(f"\n=== {suite.name}: SKIPPED ({'; '.join(reasons)})", flush=True)
            results.append((suite, "skipped", "; ".join(reasons), None, 0))
            continue
        print(f"\n=== {suite.name}: {suite.what}", flush=True)
        started = time.monotonic()
        code = subprocess.call(suite.command, cwd=ROOT, env=env)
        elapsed = time.monotonic() - started
        counts = suite.counts() if suite.counts else None
        if code == 5 and suite.command[1:3] == ["-m", "pytest"]:
            # pytest exit code 5: nothing collected -- a suite that tests nothing has not passed.
            results.append((suite, "failed", "no tests collected", counts, elapsed))
        elif code == 0:
            results.append((suite, "passed", counts[3] if counts and len(counts) > 3 else "", counts, elapsed))
        else:
            results.append((suite, "failed", f"exit code {code}", counts, elapsed))
    return results


def summarize(results):
    print("\n" + "=" * 100)
    print(f"{'suite':<18} {'result':<8} {'time':>7}  {'tests (run/failed/skipped)':<28} note")
    for suite, result, note, counts, elapsed in results:
        tests = f"{counts[0]}/{counts[1]}/{counts[2]}" if counts else "-"
        duration = f"{elapsed:6.0f}s" if result != "skipped" else "      -"
        print(f"{suite.name:<18} {result:<8} {duration}  {tests:<28} {note}")
    passed = sum(1 for r in results if r[1] == "passed")
    failed = sum(1 for r in results if r[1] == "failed")
    skipped = sum(1 for r in results if r[1] == "skipped")
    print("=" * 100)
    print(f"suites: {passed} passed, {failed} failed, {skipped} skipped")
    return failed == 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="comma-separated suite names")
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args()
    all_suites = suites()
    if args.list:
        for suite in all_suites:
            print(f"{suite.name:<18} {suite.what}")
        return 0
    selected = all_suites
    if args.only:
        wanted = args.only.split(",")
        unknown = set(wanted) - {s.name for s in all_suites}
        if unknown:
            print(f"run_tests: unknown suite(s): {', '.join(sorted(unknown))}", file=sys.stderr)
            return 2
        selected = [s for s in all_suites if s.name in wanted]
    return 0 if summarize(run(selected)) else 1
