"""Network namespaces and the commands run in them. Everything the project creates is named `nids-*`, so that a
run holding the stack lock can remove what a crashed earlier run left."""
import json
import os
import signal
import subprocess

PREFIX = "nids-"


class CommandError(Exception):
    """A set-up command (ip, sysctl, ...) failed; the message holds the command and what it said."""


def run(*cmd, check=True, timeout=30):
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    if check and result.returncode != 0:
        raise CommandError(f"{' '.join(cmd)}: {result.stderr.strip() or result.stdout.strip()}")
    return result


def ip_json(*args):
    """The parsed output of `ip -j ARGS` ([] when it prints nothing)."""
    out = run("ip", "-j", *args, check=False).stdout.strip()
    return json.loads(out) if out else []


def of_host(host_name):
    """The namespace of a fabric or lab host."""
    return PREFIX + host_name


def exec_args(ns, *cmd):
    return ["ip", "netns", "exec", ns, *cmd]


def run_in(ns, *cmd, check=True, timeout=30):
    return run(*exec_args(ns, *cmd), check=check, timeout=timeout)


def host_exec(host_name, *cmd, **kwargs):
    """Runs a command inside a host's namespace (bounded by the caller's timeout)."""
    return subprocess.run(exec_args(of_host(host_name), *cmd), capture_output=True, text=True, **kwargs)


def host_popen(host_name, *cmd, **kwargs):
    """Starts a command inside a host's namespace, in its own process group (processes.terminate stops it)."""
    return subprocess.Popen(exec_args(of_host(host_name), *cmd), start_new_session=True, **kwargs)


def names():
    return [ns["name"] for ns in ip_json("netns", "list")]


def add(ns):
    run("ip", "netns", "add", ns)
    run_in(ns, "ip", "link", "set", "lo", "up")
    run_in(ns, "sysctl", "-q", "-w", "net.ipv6.conf.all.disable_ipv6=1", check=False)


def remove(ns):
    """Deletes a namespace after killing what still runs inside (a namespace with processes outlives `del`)."""
    for pid in run("ip", "netns", "pids", ns, check=False).stdout.split():
        try:
            os.kill(int(pid), signal.SIGKILL)
        except (ProcessLookupError, ValueError):
            pass
    run("ip", "netns", "del", ns, check=False)


def remove_all(prefix=PREFIX):
    """Removes every namespace named `prefix*`. The caller holds the stack lock, so each is this session's or a
    crashed earlier session's leftover."""
    for ns in names():
        if ns.startswith(prefix):
            remove(ns)
