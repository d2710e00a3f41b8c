"""The cluster harness's pure parts: ports, the configuration files ONOS's tools would write, the instance trees."""
import os

import pytest

from nidslib import cluster
from nidslib import topology


def test_every_member_has_its_own_ports():
    layout = cluster.Layout.of(3, 3)
    ports = layout.ports()
    assert len(ports) == len(set(ports)) == 3 * 5 + 3
    assert [m.rest_port for m in layout.onos] == [8181, 8182, 8183]
    assert [a.port for a in layout.atomix] == [5679, 5680, 5681]


def test_every_port_lies_below_the_ephemeral_range():
    # Outbound connections (gRPC to switches, Atomix, REST clients) take local ports from 32768 up; a listening
    # port in that range may be held when an instance starts or restarts.
    assert max(cluster.Layout.of(3, 3).ports()) < 32768


def test_atomix_config_is_what_atomix_gen_config_writes():
    layout = cluster.Layout.of(3, 3)
    config = cluster.atomix_config(layout, layout.atomix[1], "/d")
    assert config["cluster"]["clusterId"] == "onos"
    assert config["cluster"]["node"] == {"id": "atomix-2", "address": "127.0.0.1:5680"}
    assert [n["id"] for n in config["cluster"]["discovery"]["nodes"]] == ["atomix-1", "atomix-2", "atomix-3"]
    assert config["managementGroup"]["partitions"] == 1 and config["managementGroup"]["partitionSize"] == 3
    raft = config["partitionGroups"]["raft"]
    assert raft["type"] == "raft" and raft["partitions"] == 3 and raft["partitionSize"] == 3
    assert raft["storage"]["directory"] == "/d/raft"


def test_cluster_metadata_names_the_local_node_and_the_storage_nodes():
    layout = cluster.Layout.of(3, 3)
    meta = cluster.cluster_metadata(layout, layout.onos[2])
    assert meta["node"] == {"id": "onos-3", "ip": "127.0.0.1", "port": 9878}
    assert meta["storage"] == [{"id": f"atomix-{i}", "ip": "127.0.0.1", "port": 5678 + i} for i in (1, 2, 3)]


def test_set_properties_replaces_or_appends():
    text = "# comment\nsshPort = 8101\nsshHost = 0.0.0.0\n"
    out = cluster.set_properties(text, {"sshPort": 8102, "other": "x"})
    assert "sshPort = 8102\n" in out and "sshPort = 8101" not in out
    assert out.endswith("other = x\n") and "sshHost = 0.0.0.0" in out


def test_instance_tree_links_the_jars_copies_the_rest_and_leaves_out_karaf_data(tmp_path):
    home = tmp_path / "onos"
    karaf = home / cluster.KARAF_DIR
    for rel, text in (("system/a.jar", "jar"), ("etc/org.apache.karaf.shell.cfg", "sshPort = 8101\n"),
                      ("data/cache/x", "stale"), ("lib/b.jar", "lib")):
        (karaf / rel).parent.mkdir(parents=True, exist_ok=True)
        (karaf / rel).write_text(text)
    (home / "apps" / "org.onosproject.gui").mkdir(parents=True)
    (home / "apps" / "org.onosproject.gui" / "active").write_text("")
    for name, keys in cluster.KARAF_PORTS.items():
        (karaf / "etc" / name).write_text("".join(f"{k} = 0\n" for k in keys))
    tree = cluster.instance_tree(str(home), str(tmp_path / "i1"))
    layout = cluster.Layout.of(2, 1)
    cluster.configure_instance(tree, layout, layout.onos[1])
    ikaraf = os.path.join(tree, cluster.KARAF_DIR)
    assert os.stat(os.path.join(ikaraf, "system", "a.jar")).st_ino == (karaf / "system" / "a.jar").stat().st_ino
    assert os.stat(os.path.join(ikaraf, "etc", "org.apache.karaf.shell.cfg")).st_ino != \
        (karaf / "etc" / "org.apache.karaf.shell.cfg").stat().st_ino
    assert not os.path.exists(os.path.join(ikaraf, "data"))
    assert "sshPort = 8102" in open(os.path.join(ikaraf, "etc", "org.apache.karaf.shell.cfg")).read()
    assert (karaf / "etc" / "org.apache.karaf.shell.cfg").read_text() == "sshPort = 0\n"  # the original untouched
    assert '"port": 9877' in open(os.path.join(tree, "config", "cluster.json")).read()
    assert os.path.exists(os.path.join(tree, "apps", "org.onosproject.gui", "active"))


def test_stop_leftovers_kills_only_what_runs_from_the_work_dir(tmp_path):
    import subprocess
    work = tmp_path / "cluster"
    ours = subprocess.Popen(["sh", "-c", "sleep 30", str(work)], start_new_session=True)
    other = subprocess.Popen(["sh", "-c", "sleep 30", "elsewhere"], start_new_session=True)
    try:
        for name, process in (("atomix-1", ours), ("atomix-2", other)):
            (work / name).mkdir(parents=True)
            (work / name / "member.pid").write_text(str(process.pid))
        stopped = []
        cluster.stop_leftovers(str(work), stopped.append)
        assert ours.wait(timeout=10) == -9
        assert other.poll() is None
        assert len(stopped) == 1 and "atomix-1" in stopped[0]
        assert not (work / "atomix-1" / "member.pid").exists()
    finally:
        for process in (ours, other):
            process.kill()
            process.wait(timeout=10)


class _LoadedOnos:
    """ONOS's mastership API under load: the first `timeouts` PUTs time out (after ONOS may or may not have acted on
    them), then each PUT takes effect."""

    def __init__(self, timeouts, acts_on_timeout=False):
        self.base_url = "http://127.0.0.1:8181"
        self.masters = {}
        self.timeouts = timeouts
        self.acts_on_timeout = acts_on_timeout
        self.puts = []

    def request(self, method, path, body=None, **kw):
        assert method == "PUT" and path == "/onos/v1/mastership"
        self.puts.append(body["deviceId"])
        if self.timeouts > 0:
            self.timeouts -= 1
            if self.acts_on_timeout:
                self.masters[body["deviceId"]] = body["nodeId"]
            raise cluster.onos_mod.OnosError("PUT /onos/v1/mastership: timed out")
        self.masters[body["deviceId"]] = body["nodeId"]
        return 200, None

    def get(self, path, **kw):
        device = path.split("/")[4]
        if device not in self.masters:
            raise cluster.onos_mod.RestError("GET", path, 404, "")
        return {"nodeId": self.masters[device]}


def _fabric(switches):
    return topology.first_leaves(topology.leaf_spine(leaves=switches - 1, spines=1, hosts_per_leaf=1), switches - 1)


def test_a_mastership_request_that_times_out_is_asked_again_and_the_others_go_on(monkeypatch):
    onos = _LoadedOnos(timeouts=3)
    monkeypatch.setattr(cluster.onos_mod, "Rest", lambda *a, **kw: onos)
    part = _fabric(16)
    wanted = cluster.assign_masters(onos, part, ["onos-1", "onos-2", "onos-3"], round_wait=0.5)
    assert onos.masters == wanted
    assert wanted["device:bmv2:s16"] == "onos-1" and wanted["device:bmv2:s2"] == "onos-2"
    # 16 in the first round (3 timed out), the 3 again in the second: never one already as assigned after the first.
    assert len(onos.puts) == 16 + 3
    again = _LoadedOnos(timeouts=0)
    again.masters = dict(wanted)
    monkeypatch.setattr(cluster.onos_mod, "Rest", lambda *a, **kw: again)
    cluster.assign_masters(again, part, ["onos-1", "onos-2", "onos-3"], round_wait=0.5)
    assert len(again.puts) == 16, "the first round asks for every switch, as assigned or not"


def test_masters_never_as_assigned_fail_after_a_bounded_number_of_rounds(monkeypatch):
    onos = _LoadedOnos(timeouts=10 ** 6)
    monkeypatch.setattr(cluster.onos_mod, "Rest", lambda *a, **kw: onos)
    with pytest.raises(cluster.onos_mod.OnosError, match="after 2 rounds"):
        cluster.assign_masters(onos, _fabric(4), ["onos-1", "onos-2", "onos-3"], rounds=2, round_wait=0.2)
    assert len(onos.puts) == 8
