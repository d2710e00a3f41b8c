"""The cluster harness's pure parts: ports, the configuration files ONOS's tools would write, the instance trees."""
import os

from nidslib import cluster


def test_every_member_has_its_own_ports():
    layout = cluster.Layout.of(3, 3)
    ports = layout.ports()
    assert len(ports) == len(set(ports)) == 3 * 5 + 3
    assert [m.rest_port for m in layout.onos] == [8181, 8182, 8183]
    assert [a.port for a in layout.atomix] == [5679, 5680, 5681]


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
