"""Session fixture of the integration suites: a clean ONOS with the freshly built app, and a BMv2 leaf-spine fabric.

Everything started here is stopped on every exit path (test failure, Ctrl-C, SIGTERM); every wait is bounded.
"""
import os
import signal

import pytest

from nidslib import session as session_mod
from nidslib import stack as reference_stack
from nidslib import topology as topo
from nidslib.paths import REPO_ROOT as ROOT

# The stack start-up lives in nidslib.session (shared with the demo, util/demo/run.py).
LOG_DIR = os.path.join(ROOT, "build", "itest")


def _raise_on_sigterm(signum, frame):
    raise KeyboardInterrupt(f"signal {signum}")


@pytest.fixture(scope="session")
def stack():
    missing = [r for r in (reference_stack.need_root(), reference_stack.need_bmv2(), reference_stack.need_onos(),
                           reference_stack.need_java11()) if r]
    if missing:
        pytest.skip("; ".join(missing))
    signal.signal(signal.SIGTERM, _raise_on_sigterm)
    lock = session_mod.exclusive_stack_lock()
    try:
        # Benchmarks ask for a bigger fabric (NIDS_FABRIC_LEAVES); the suites run on 2 leaves + 1 spine.
        # One spare port per leaf: somewhere to move a host to (blocking suite).
        topology = topo.leaf_spine(leaves=int(os.environ.get("NIDS_FABRIC_LEAVES", "2")), spines=1,
                                   hosts_per_leaf=2, spare_ports=1)
        session = session_mod.StackSession(reference_stack.onos_home(), reference_stack.java11_home(), topology,
                                           LOG_DIR)
        try:
            yield session.start()
        finally:
            session.stop()
    finally:
        lock.close()


@pytest.fixture(scope="session")
def routed(stack):
    """Static IPv4 forwarding through ONOS's flow API (table 0) and static ARP in every host."""
    return session_mod.install_routes(stack)
