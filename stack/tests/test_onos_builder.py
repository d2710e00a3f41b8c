# Run: .venv/bin/python -m pytest stack/tests
"""The ONOS builder's pure parts: coordinates, labels, jars, input stamps, the gulp bundle lists."""
import zipfile

import pytest

from onos import bazel, gui
from onos.common import Build, BuildError, Coord, Inputs, Stamps, write_jar


def test_onos_coordinates_with_classifier_and_non_osgi_tag():
    c = Coord.parse_onos("mvn:io.netty:netty-tcnative-boringssl-static:jar:linux-x86_64:NON-OSGI:2.0.25.Final")
    assert (c.group, c.artifact, c.version, c.kind, c.classifier) == \
        ("io.netty", "netty-tcnative-boringssl-static", "2.0.25.Final", "jar", "linux-x86_64")
    assert c.path("/m2") == ("/m2/io/netty/netty-tcnative-boringssl-static/2.0.25.Final/"
                             "netty-tcnative-boringssl-static-2.0.25.Final-linux-x86_64.jar")
    assert Coord.parse_onos("mvn:a.b:c:jar:1.0").classifier is None
    with pytest.raises(BuildError):
        Coord.parse_onos("jar:a:b")


def test_labels_become_absolute():
    assert bazel.absolute("core/net", ":x") == "//core/net:x"
    assert bazel.absolute("core/net", "//core/api") == "//core/api:api"
    assert bazel.absolute("core/net", "@guava//jar") == "@guava//jar"


def test_jars_carry_directory_entries_and_the_given_manifest(tmp_path):
    root = tmp_path / "root"
    (root / "WEB-INF" / "classes" / "org").mkdir(parents=True)
    (root / "WEB-INF" / "classes" / "org" / "A.class").write_bytes(b"x")
    (root / "META-INF").mkdir()
    (root / "META-INF" / "MANIFEST.MF").write_text("old")
    out = tmp_path / "a.jar"
    write_jar(str(root), str(out), "Manifest-Version: 1.0\r\n\r\n")
    with zipfile.ZipFile(out) as z:
        names = z.namelist()
        assert names[:2] == ["META-INF/", "META-INF/MANIFEST.MF"]
        assert "WEB-INF/classes/" in names          # Felix sees a Bundle-ClassPath directory only with its entry
        assert z.read("META-INF/MANIFEST.MF") == b"Manifest-Version: 1.0\r\n\r\n"
    first = out.read_bytes()
    write_jar(str(root), str(out), "Manifest-Version: 1.0\r\n\r\n")
    assert out.read_bytes() == first                # same inputs, same bytes


def test_stamps_follow_input_content(tmp_path):
    build = Build(tmp_path / "src", tmp_path / "gnmi", tmp_path / "work", tmp_path / "prefix")
    stamps = Stamps(build)
    source = tmp_path / "A.java"
    source.write_text("class A {}")
    out = tmp_path / "a.jar"
    out.write_bytes(b"jar")
    digest = Inputs().files([str(source)]).value({"web_context": None}).digest()
    assert not stamps.current(str(out), digest)
    stamps.record(str(out), digest)
    assert stamps.current(str(out), Inputs().files([str(source)]).value({"web_context": None}).digest())
    source.write_text("class A { int x; }")
    assert not stamps.current(str(out), Inputs().files([str(source)]).value({"web_context": None}).digest())
    out.unlink()
    assert not stamps.current(str(out), digest)     # a stamp without its output counts for nothing


def test_gulp_bundle_lists_are_read_in_order(tmp_path):
    task = tmp_path / "tools" / "index.js"
    task.parent.mkdir()
    task.write_text("const GUI_BASE = 'x';\nconst bundleFiles = [\n    // first\n    'app/a.js',\n"
                    "    // 'app/commented.js',\n    'app/fw/**/*.js'\n];\n")
    build = Build(tmp_path, tmp_path, tmp_path / "work", tmp_path / "prefix")
    assert gui.bundle_patterns(build, "tools/index.js") == ["app/a.js", "app/fw/**/*.js"]


def test_running_from_counts_only_this_very_directory(tmp_path, monkeypatch):
    import os
    import subprocess

    from onos import install
    home = tmp_path / "onos"
    home.mkdir()
    me = os.getpid()

    def pgrep(argv, **kwargs):
        assert argv == ["pgrep", "-f", f"{home}/apache-karaf"]
        return subprocess.CompletedProcess(argv, 0, stdout=f"{me}\n999999999\n", stderr="")
    monkeypatch.setattr(install.subprocess, "run", pgrep)
    # this process sees `home` as itself; pid 999999999 does not exist
    assert install.running_from(str(home)) == [me]
    # the same path holding another directory (as another mount namespace would see it) is another install
    monkeypatch.setattr(install.os, "stat", lambda path, _stat=os.stat: _stat(tmp_path if path.startswith("/proc/")
                                                                                 else path))
    assert install.running_from(str(home)) == []
    assert install.running_from(str(tmp_path / "absent")) == []
