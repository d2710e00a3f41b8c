# Run: .venv/bin/python -m pytest p4src/tests        (from the repository root, as root)
"""Fixtures shared by the data-plane tests.

build   compiles p4src/ into p4src/build/ if needed (skips when p4c is missing and there is no build);
switch  one simple_switch_grpc for the whole session, holding the machine-wide stack lock (skips when BMv2 or
        root is missing);
sw      that switch, cleaned before and after each test (entries deleted, defaults restored, the flow
        slots the test used freed).
"""

import pytest

from nidslib import dataplane as h
from nidslib.session import exclusive_stack_lock


@pytest.fixture(scope="session")
def build():
    reason = h.ensure_build()
    if reason:
        pytest.skip(reason)
    return h.build_outputs()


@pytest.fixture(scope="session")
def switch(build):
    reason = h.missing_requirements()
    if reason:
        pytest.skip(reason)
    # One BMv2/ONOS session at a time on the machine (the integration suites, the demo and benchmarks take it too).
    lock = exclusive_stack_lock()
    try:
        sw = h.Switch(ports=(1, 2, 3, 4))
        sw.start()
        try:
            yield sw
        finally:
            sw.close()
    finally:
        lock.close()


@pytest.fixture
def sw(switch):
    switch.reset()
    try:
        yield switch
    finally:
        switch.reset()
