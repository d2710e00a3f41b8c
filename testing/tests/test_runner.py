"""nidslib.runner: what `make test`'s summary counts for the Maven suites."""
import os

from nidslib import runner

REPORT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "surefire-flaky.xml")


def test_surefire_counts_cases_and_names_a_test_passed_on_a_rerun():
    tests, failures, skipped, note = runner.surefire_counts([REPORT])
    # per test case, not the suite's attributes (which count a rerun instead of its case)
    assert (tests, failures, skipped) == (4, 1, 1)
    assert note == "flaky (failed, then passed on a rerun): PipelineTest.slowSourceHoldsUpNoOther"


def test_no_reports_no_note():
    assert runner.surefire_counts([]) == (0, 0, 0, "")
