"""Session fixture of the cluster suite: three Atomix storage nodes, three ONOS instances with the freshly built app,
and a BMv2 leaf-spine fabric whose switches' masters are spread over the instances.

Everything started here is stopped on every exit path (test failure, Ctrl-C, SIGTERM); every wait is bounded.
"""
import os
import signal

import pytest

from nidslib import cluster as cluster_mod
from nidslib import session as session_mod
from nidslib import stack as reference_stack
from nidslib import topology as topo
from nidslib.paths import REPO_ROOT as ROOT

LOG_DIR = os.path.join(ROOT, "build", "itest-cluster")


def _raise_on_sigterm(signum, frame):
    raise KeyboardInterrupt(f"signal {signum}")


@pytest.fixture(scope="session")
def cluster_stack():
    missing = [r for r in (reference_stack.need_root(), reference_stack.need_bmv2(), reference_stack.need_onos(),
                           reference_stack.need_java11(), reference_stack.need_atomix()) if r]
    if missing:
        pytest.skip("; ".join(missing))
    signal.signal(signal.SIGTERM, _raise_on_sigterm)
    lock = session_mod.exclusive_stack_lock()
    try:
        # Three leaves and a spine, masters s1 -> onos-1, s2 -> onos-2, s3 -> onos-3, s4 -> onos-1: stopping onos-1
        # takes the master of half the switches away.
        topology = topo.leaf_spine(leaves=3, spines=1, hosts_per_leaf=2)
        session = cluster_mod.ClusterSession(reference_stack.onos_home(), reference_stack.atomix_home(),
                                             reference_stack.java11_home(), topology, LOG_DIR,
                                             progress=lambda m: print(f"cluster: {m}", flush=True))
        try:
            stack = session.start()
            print(f"cluster: timings {stack.cluster.timings}, memory MiB {stack.cluster.memory()}", flush=True)
            yield stack
        finally:
            session.stop()
    finally:
        lock.close()


@pytest.fixture(scope="session")
def routed_cluster(cluster_stack):
    """Static IPv4 forwarding through ONOS's flow API and static ARP in every host; every host located."""
    session_mod.install_routes(cluster_stack)
    session_mod.learn_hosts(cluster_stack)
    return cluster_stack
