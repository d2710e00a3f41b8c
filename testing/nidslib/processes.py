"""Starting and stopping processes by process group: every tool, switch and ONOS is started in its own session, and
stopped with its children (SIGTERM to the group, SIGKILL after a grace period). `Processes` remembers what a run
started, so that its teardown stops exactly those, on every exit path."""
import os
import signal
import socket
import subprocess
import threading
import time


def stop_on_sigterm():
    """SIGTERM raises KeyboardInterrupt, as ^C does, so a benchmark's `finally` blocks stop what it started (by
    default SIGTERM ends Python without running them)."""
    def _raise(signum, frame):
        raise KeyboardInterrupt(f"signal {signum}")
    signal.signal(signal.SIGTERM, _raise)


class Processes:
    def __init__(self):
        self._lock = threading.Lock()
        self._live = []
        self.started = []  # every pid ever started, for the report (tests check that none is left)
        self.stopping = threading.Event()

    def popen(self, args, log=None, **kwargs):
        """Starts a process in its own session (its own process group), remembered until stop_all()."""
        if self.stopping.is_set():
            raise Interrupted()
        out = open(log, "ab") if log else subprocess.DEVNULL
        try:
            process = subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                       start_new_session=True, **kwargs)
        finally:
            if log:
                out.close()
        with self._lock:
            self._live.append(process)
            self.started.append(process.pid)
        return process

    def run(self, args, timeout, log=None, **kwargs):
        """Runs a bounded command to its end (killed at `timeout`); returns its exit status (None if killed)."""
        process = self.popen(args, log=log, **kwargs)
        deadline = time.monotonic() + timeout
        while process.poll() is None:
            if self.stopping.is_set() or time.monotonic() > deadline:
                terminate(process)
                break
            time.sleep(0.1)
        self._forget(process)
        if self.stopping.is_set():
            raise Interrupted()
        return process.returncode

    def run_together(self, *tasks):
        """Runs each task (a function and its arguments) in a thread of its own and returns when all are done; a
        task cut short by the teardown ends quietly, and the teardown is then raised here, once."""
        def guarded(target, *args):
            try:
                target(*args)
            except Interrupted:
                pass

        workers = [threading.Thread(target=guarded, args=task, daemon=True) for task in tasks]
        for worker in workers:
            worker.start()
        for worker in workers:
            while worker.is_alive():
                worker.join(0.5)
        if self.stopping.is_set():
            raise Interrupted()

    def _forget(self, process):
        with self._lock:
            if process in self._live:
                self._live.remove(process)

    def stop(self, process, grace=5):
        terminate(process, grace)
        self._forget(process)

    def stop_all(self, grace=5):
        self.stopping.set()
        with self._lock:
            live = list(self._live)
            self._live.clear()
        for process in live:
            terminate(process, grace)

    def live(self):
        with self._lock:
            return [p for p in self._live if p.poll() is None]


class Interrupted(Exception):
    """Raised in worker threads once teardown has begun."""


def terminate(process, grace=5, sig=signal.SIGTERM):
    """Stops a process started in its own session, with its process group: `sig`, then SIGKILL after `grace` s."""
    if process.poll() is not None:
        return
    try:
        os.killpg(process.pid, sig)
    except ProcessLookupError:
        return
    try:
        process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait(timeout=grace)


def group_alive(group):
    """True while any process of the process group is alive."""
    try:
        os.killpg(group, 0)
        return True
    except ProcessLookupError:
        return False
    except PermissionError:
        return True


def wait_for_port(port, timeout, what, host="127.0.0.1"):
    """Waits (bounded) until something accepts TCP connections on host:port."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket() as s:
            s.settimeout(0.5)
            if s.connect_ex((host, port)) == 0:
                return
        time.sleep(0.2)
    raise TimeoutError(f"{what} did not listen on {host}:{port} within {timeout} s")


def listening_pids(port):
    """The pids of every process with a TCP socket listening on `port` (any address, IPv4 or IPv6). Several can: a
    gRPC server sets SO_REUSEPORT, so a second BMv2 started on a port in use comes up without an error and the
    kernel hands it part of the port's new connections."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table) as rows:
                next(rows)
                for row in rows:
                    fields = row.split()
                    if fields[3] == "0A" and int(fields[1].rsplit(":", 1)[1], 16) == port:   # 0A: LISTEN
                        inodes.add(f"socket:[{fields[9]}]")
        except FileNotFoundError:       # no IPv6 in this kernel
            continue
    pids = set()
    if not inodes:
        return pids
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            fds = os.listdir(f"/proc/{pid}/fd")
            if any(os.readlink(f"/proc/{pid}/fd/{fd}") in inodes for fd in fds):
                pids.add(int(pid))
        except (FileNotFoundError, ProcessLookupError, PermissionError):   # gone meanwhile, or not ours to read
            continue
    return pids


def all_threads_stopped(pid):
    """True when every thread of process pid is stopped (SIGSTOP taken: state T in its /proc stat line)."""
    try:
        tids = os.listdir(f"/proc/{pid}/task")
        states = []
        for tid in tids:
            with open(f"/proc/{pid}/task/{tid}/stat") as stat:
                states.append(stat.read().rpartition(")")[2].split()[0])   # the name may hold spaces and ')'
    except (FileNotFoundError, ProcessLookupError):
        return False
    return bool(states) and all(state in ("T", "t") for state in states)


def parse_cpu_list(text):
    """'1', '2-3' or '0,2-3' (taskset's list form) -> the set of CPU numbers; ValueError with the reason."""
    cpus = set()
    for part in text.split(","):
        lo, dash, hi = part.strip().partition("-")
        if not lo.isdigit() or (dash and not hi.isdigit()) or (dash and int(hi) < int(lo)):
            raise ValueError(f"{text!r} is not a CPU list such as 1, 2-3 or 0,2")
        cpus.update(range(int(lo), int(hi or lo) + 1))
    return cpus


def pin_threads(pid, cpus):
    """Moves every thread of process pid onto cpus; True when all of them run there. A thread started later
    inherits the mask of the thread that starts it, so once all are moved the process stays there; a second pass
    catches threads started during the first."""
    tasks = f"/proc/{pid}/task"
    for _ in range(2):
        for tid in os.listdir(tasks):
            try:
                os.sched_setaffinity(int(tid), cpus)
            except ProcessLookupError:      # the thread ended meanwhile
                pass
    try:
        return all(os.sched_getaffinity(int(tid)) == set(cpus) for tid in os.listdir(tasks))
    except ProcessLookupError:
        return False
