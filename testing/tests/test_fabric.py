# Run: .venv/bin/python -m pytest testing/tests/test_fabric.py
"""The switch command line the fabric builds, checked without starting a switch."""
import os

from nidslib import bmv2, fabric
from nidslib import topology as topo


def test_the_default_build_logs_at_the_fabrics_level_not_at_bmv2s_trace_default():
    sw = topo.leaf_spine(leaves=2, spines=1, hosts_per_leaf=2).switch("s2")
    options = fabric.switch_options(sw, bmv2.SWITCH_BINARY, "/tmp/logs")
    assert options[options.index("--log-level") + 1] == fabric.SWITCH_LOG_LEVEL
    if "NIDS_SWITCH_LOG_LEVEL" not in os.environ:
        assert fabric.SWITCH_LOG_LEVEL == "info"
    assert options[options.index("--log-file") + 1] == "/tmp/logs/s2"
    assert options[options.index("--thrift-port") + 1] == str(sw.thrift_port)


def test_another_build_gets_no_thrift_port_and_no_log():
    sw = topo.leaf_spine(leaves=2, spines=1, hosts_per_leaf=2).switch("s1")
    assert fabric.switch_options(sw, "/opt/bmv2-perf/bin/simple_switch_grpc", "/tmp/logs") == []
