# Run: .venv/bin/python -m pytest stack/tests
"""stack/build.py's pure logic: where sources come from, when a part counts as installed, what an unreachable
source says."""
import json
import os
import subprocess

import pytest

import build


def git_repo(path):
    """A small git repository with one commit; returns that commit."""
    os.makedirs(path)
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@t", GIT_COMMITTER_NAME="t",
               GIT_COMMITTER_EMAIL="t@t")
    subprocess.run(["git", "init", "-q", path], check=True)
    with open(os.path.join(path, "f"), "w") as f:
        f.write("x")
    subprocess.run(["git", "-C", path, "add", "f"], check=True)
    subprocess.run(["git", "-C", path, "commit", "-q", "-m", "c"], check=True, env=env)
    return subprocess.run(["git", "-C", path, "rev-parse", "HEAD"], capture_output=True, text=True,
                          check=True).stdout.strip()


@pytest.fixture
def no_stack_src(monkeypatch):
    monkeypatch.delenv("STACK_SRC", raising=False)


def test_upstream_by_default(no_stack_src):
    assert build.source_origin("p4c") == "https://github.com/p4lang/p4c.git"


@pytest.mark.parametrize("layout", ["{name}", "{name}.git", "{owner}+{name}/repo"])
def test_stack_src_layouts(tmp_path, monkeypatch, layout):
    clone = tmp_path / layout.format(name="p4c", owner="p4lang")
    clone.mkdir(parents=True)
    monkeypatch.setenv("STACK_SRC", str(tmp_path))
    assert build.source_origin("p4c") == str(clone)


def test_stack_src_without_the_clone_names_what_it_looked_for(tmp_path, monkeypatch):
    monkeypatch.setenv("STACK_SRC", str(tmp_path))
    with pytest.raises(build.StackError) as e:
        build.source_origin("onos")
    message = str(e.value)
    assert message == (f"STACK_SRC={tmp_path} has no clone of onos "
                       "(looked for onos/, onos.git/, opennetworkinglab+onos/repo/)")


def test_reachable_checks_the_pinned_commit(tmp_path, monkeypatch):
    commit = git_repo(str(tmp_path / "gnmi"))
    monkeypatch.setenv("STACK_SRC", str(tmp_path))
    monkeypatch.setitem(build.REPOS, "gnmi", ("https://example.invalid/gnmi.git", commit))
    assert build.reachable("gnmi") is None
    monkeypatch.setitem(build.REPOS, "gnmi", ("https://example.invalid/gnmi.git", "1" * 40))
    assert build.reachable("gnmi") == f"{tmp_path / 'gnmi'} does not have the pinned commit {'1' * 40}"


def test_unreachable_upstream_says_why(no_stack_src, tmp_path, monkeypatch):
    missing = f"file://{tmp_path}/nowhere.git"
    monkeypatch.setitem(build.REPOS, "gnmi", (missing, "1" * 40))
    why = build.reachable("gnmi")
    assert why.startswith(f"{missing} unreachable: ")


class FakePart(build.Part):
    name = "fake"
    repos = ("gnmi",)

    def __init__(self, tmp_path):
        self.stamp = str(tmp_path / "stamp.json")
        self.key = str(tmp_path / "bin")

    def stamp_path(self):
        return self.stamp

    def key_files(self):
        return [self.key]


def test_installed_compares_commits_recipe_and_key_files(tmp_path):
    part = FakePart(tmp_path)
    assert part.installed() == "not installed"
    build.write_stamp(part.stamp, part.wanted_stamp())
    assert part.installed() == f"{part.key} is missing"
    open(part.key, "w").close()
    assert part.installed() is None
    other = dict(part.wanted_stamp(), commits={"gnmi": "0" * 40})
    build.write_stamp(part.stamp, other)
    assert part.installed().startswith("installed with other commits")
    build.write_stamp(part.stamp, dict(part.wanted_stamp(), recipe="else"))
    assert part.installed().startswith("installed with other recipe")
    with open(part.stamp, "w") as f:
        f.write("{not json")
    assert part.installed() == "not installed"


def test_stamp_records_when(tmp_path):
    path = str(tmp_path / "s.json")
    build.write_stamp(path, {"commits": {}})
    assert "installed" in json.load(open(path))


def test_unreachable_source_fails_in_one_line_and_builds_nothing(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("STACK_SRC", str(tmp_path))
    monkeypatch.setenv("FORCE", "1")
    monkeypatch.setattr(build.os, "geteuid", lambda: 0)
    monkeypatch.setattr(build.Part, "build", lambda self, log: pytest.fail("built although its source is missing"))
    assert build.main(["onos"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert err[0].startswith("stack: onos: cannot get https://github.com/opennetworkinglab/onos.git at "
                             "a821487ebbac55f2d7703e9dc36839ae60800288")


def test_if_reachable_skips_saying_why(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("STACK_SRC", str(tmp_path))
    monkeypatch.setenv("FORCE", "1")
    monkeypatch.setattr(build.os, "geteuid", lambda: 0)
    assert build.main(["--if-reachable", "p4c"]) == 0
    out = capsys.readouterr().out
    assert "stack: p4c: cannot get https://github.com/p4lang/p4c.git" in out
    assert "skipped building p4c" in out


def test_patches_apply_once_and_enter_the_recipe(tmp_path, monkeypatch):
    tree = tmp_path / "tree"
    git_repo(str(tree))
    patch_dir = tmp_path / "patches" / "gnmi"
    patch_dir.mkdir(parents=True)
    (patch_dir / "0001-f.patch").write_text("a comment git apply skips\n\n"
                                             "--- a/f\n+++ b/f\n@@ -1 +1 @@\n-x\n\\ No newline at end of file\n"
                                             "+y\n\\ No newline at end of file\n")
    monkeypatch.setattr(build, "PATCH_DIR", str(tmp_path / "patches"))
    monkeypatch.setattr(build, "LOG_DIR", str(tmp_path / "logs"))
    part = FakePart(tmp_path)
    log = build.Log("fake")
    build.apply_patches(log, "gnmi", str(tree))
    assert (tree / "f").read_text() == "y"
    build.apply_patches(log, "gnmi", str(tree))      # a rebuild reuses the patched tree
    assert (tree / "f").read_text() == "y"
    patched = part.wanted_stamp()["recipe"]
    assert part.wanted_stamp()["patches"] == {"gnmi": ["0001-f.patch"]}
    (patch_dir / "0001-f.patch").write_text((patch_dir / "0001-f.patch").read_text().replace("+y", "+z"))
    assert part.wanted_stamp()["recipe"] != patched
    with pytest.raises(build.StackError) as e:
        build.apply_patches(log, "gnmi", str(tree))
    name = os.path.relpath(patch_dir / "0001-f.patch", build.REPO_ROOT)
    assert str(e.value).startswith(f"patch {name} does not apply to {tree}: ")
