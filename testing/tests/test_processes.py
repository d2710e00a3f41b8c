# Run: .venv/bin/python -m pytest testing/tests/test_processes.py
"""Process-group stop and bounded waits (nidslib.processes): real processes, no root."""
import os
import signal
import socket
import subprocess
import sys
import time

import pytest

from nidslib import processes

# A parent that starts a child in its own process group: stopping the parent must stop the child too.
PARENT = ("import subprocess, sys, time\n"
          "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'])\n"
          "print(child.pid, flush=True)\n"
          "time.sleep(60)\n")
STUBBORN = ("import signal, time\n"
            "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
            "print('ready', flush=True)\n"
            "time.sleep(60)\n")


def test_terminate_stops_the_whole_process_group():
    parent = subprocess.Popen([sys.executable, "-c", PARENT], stdout=subprocess.PIPE, text=True,
                              start_new_session=True)
    child = int(parent.stdout.readline())
    processes.terminate(parent, grace=5)
    assert parent.poll() is not None
    deadline = time.monotonic() + 5
    while processes.group_alive(parent.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not processes.group_alive(parent.pid), f"child {child} survived"


def test_a_process_ignoring_sigterm_is_killed_after_the_grace_period():
    stubborn = subprocess.Popen([sys.executable, "-c", STUBBORN], stdout=subprocess.PIPE, text=True,
                                start_new_session=True)
    assert stubborn.stdout.readline().strip() == "ready"
    started = time.monotonic()
    processes.terminate(stubborn, grace=0.5)
    assert stubborn.returncode == -signal.SIGKILL
    assert time.monotonic() - started < 5


def test_a_registry_stops_what_it_started_and_refuses_more():
    registry = processes.Processes()
    sleeper = registry.popen([sys.executable, "-c", "import time; time.sleep(60)"])
    assert registry.live() == [sleeper]
    registry.stop_all(grace=2)
    assert sleeper.poll() is not None and registry.live() == []
    with pytest.raises(processes.Interrupted):
        registry.popen([sys.executable, "-c", "pass"])


def test_waiting_for_a_port_nobody_listens_on_is_bounded():
    started = time.monotonic()
    with pytest.raises(TimeoutError, match="nothing"):
        processes.wait_for_port(1, timeout=0.5, what="nothing")
    assert time.monotonic() - started < 3


def test_run_together_runs_every_task_at_once_and_raises_the_teardown_once():
    procs = processes.Processes()
    started = []

    def task(name, seconds):
        started.append(name)
        procs.run([sys.executable, "-c", f"import time; time.sleep({seconds})"], timeout=10)

    begin = time.monotonic()
    procs.run_together((task, "a", 0.5), (task, "b", 0.5), (task, "c", 0.5))
    assert sorted(started) == ["a", "b", "c"]
    assert time.monotonic() - begin < 1.4     # at once, not one after another

    def stop_soon():
        time.sleep(0.3)
        procs.stop_all()

    begin = time.monotonic()
    with pytest.raises(processes.Interrupted):
        procs.run_together((task, "long", 30), (stop_soon,))
    assert time.monotonic() - begin < 10      # the teardown cut the 30 s task short
    assert procs.live() == []


# A process with three threads, and a fourth started on a line of stdin (after it has been pinned).
THREADED = ("import sys, threading, time\n"
            "def idle(): time.sleep(60)\n"
            "for _ in range(2): threading.Thread(target=idle, daemon=True).start()\n"
            "print('ready', flush=True)\n"
            "sys.stdin.readline()\n"
            "threading.Thread(target=idle, daemon=True).start()\n"
            "print('started', flush=True)\n"
            "time.sleep(60)\n")


def test_cpu_lists_in_tasksets_form():
    assert processes.parse_cpu_list("1") == {1}
    assert processes.parse_cpu_list("0,2-4") == {0, 2, 3, 4}
    for bad in ("", "a", "1-", "3-1", "1,,2", "-1"):
        with pytest.raises(ValueError, match="not a CPU list"):
            processes.parse_cpu_list(bad)


def test_pinning_moves_every_thread_and_the_threads_started_later_stay():
    usable = sorted(os.sched_getaffinity(0))
    target = {usable[-1]}
    proc = subprocess.Popen([sys.executable, "-c", THREADED], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, start_new_session=True)
    try:
        assert proc.stdout.readline().strip() == "ready"
        tasks = f"/proc/{proc.pid}/task"
        assert len(os.listdir(tasks)) == 3
        assert processes.pin_threads(proc.pid, target)
        proc.stdin.write("go\n")
        proc.stdin.flush()
        assert proc.stdout.readline().strip() == "started"
        masks = [os.sched_getaffinity(int(tid)) for tid in os.listdir(tasks)]
        assert len(masks) == 4 and all(m == target for m in masks)
    finally:
        processes.terminate(proc, grace=2)


# Listens on the port given, with SO_REUSEPORT as a gRPC server does, until stdin closes.
LISTENER = ("import socket, sys\n"
            "s = socket.socket()\n"
            "s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)\n"
            "s.bind(('127.0.0.1', int(sys.argv[1])))\n"
            "s.listen()\n"
            "print('ready', flush=True)\n"
            "sys.stdin.read()\n")


def _listener(port):
    proc = subprocess.Popen([sys.executable, "-c", LISTENER, str(port)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, start_new_session=True)
    assert proc.stdout.readline().strip() == "ready"
    return proc


def test_every_process_listening_on_a_port_is_found_even_two_sharing_it():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    assert processes.listening_pids(port) == set()
    first = _listener(port)
    second = None
    try:
        assert processes.listening_pids(port) == {first.pid}
        second = _listener(port)        # SO_REUSEPORT: the second bind succeeds silently
        assert processes.listening_pids(port) == {first.pid, second.pid}
    finally:
        for proc in (first, second):
            if proc is not None:
                processes.terminate(proc, grace=2)
    assert processes.listening_pids(port) == set()


def test_a_stopped_process_is_told_apart_from_a_running_one_by_all_its_threads():
    proc = subprocess.Popen([sys.executable, "-c", THREADED], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, start_new_session=True)
    try:
        assert proc.stdout.readline().strip() == "ready"
        assert not processes.all_threads_stopped(proc.pid)
        os.killpg(proc.pid, signal.SIGSTOP)
        deadline = time.monotonic() + 5
        while not processes.all_threads_stopped(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert processes.all_threads_stopped(proc.pid)
        os.killpg(proc.pid, signal.SIGCONT)
        deadline = time.monotonic() + 5
        while processes.all_threads_stopped(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not processes.all_threads_stopped(proc.pid)
    finally:
        processes.terminate(proc, grace=2)
    assert not processes.all_threads_stopped(proc.pid)     # gone: not "stopped"
