"""Starts and stops a local ONOS runtime, and talks to its REST API with bounded retries.

ONOS answers REST 60-80 s after start on two cores, and installing or activating an app restarts parts of the core
for 10-20 s (503, now and then a 500): every call here retries with bounded backoff instead of failing on the first
transient answer. While ONOS settles after boot, a refresh of the core unregisters the REST resources for a while
(404 and 503 for paths that exist): `wait_settled` waits until the boot apps stay ACTIVE and the application
service answers for several seconds, and `install_app` treats 404/503 from the applications API as transient.
"""
import base64
import json
import os
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.error
import urllib.request

from . import processes

DEFAULT_URL = "http://127.0.0.1:8181"
USER, PASSWORD = "onos", "rocks"
TRANSIENT_STATUS = {500, 502, 503, 504}
# The applications API never answers 404 for an upload or an uninstall (uninstalling an unknown app is a 204): a 404
# there means its REST resource is not registered at that moment (a core refresh), so it is retried too.
APPS_TRANSIENT_STATUS = TRANSIENT_STATUS | {404}
SETTLE_STABLE_S = 8


class OnosError(Exception):
    pass


class RestError(OnosError):
    def __init__(self, method, path, status, body):
        super().__init__(f"{method} {path}: HTTP {status}: {body[:300]}")
        self.status = status
        self.body = body


class Rest:
    def __init__(self, base_url=DEFAULT_URL, user=USER, password=PASSWORD, attempts=8, first_delay=1.0,
                 max_delay=8.0, timeout=30):
        self.base_url = base_url.rstrip("/")
        token = base64.b64encode(f"{user}:{password}".encode()).decode()
        self.headers = {"Authorization": f"Basic {token}", "Accept": "application/json"}
        self.attempts = attempts
        self.first_delay = first_delay
        self.max_delay = max_delay
        self.timeout = timeout

    def request(self, method, path, body=None, content_type="application/json", retry=True,
                transient=TRANSIENT_STATUS):
        """Returns (status, parsed JSON or raw text). Retries answers whose status is in `transient` and connection
        failures, a bounded number of times; raises RestError otherwise."""
        data = None
        headers = dict(self.headers)
        if body is not None:
            data = body if isinstance(body, (bytes, bytearray)) else json.dumps(body).encode()
            headers["Content-Type"] = content_type
        delay = self.first_delay
        attempts = self.attempts if retry else 1
        last_error = None
        for attempt in range(attempts):
            req = urllib.request.Request(self.base_url + path, data=data, method=method, headers=headers)
            try:
                with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                    return resp.status, _decode(resp.read())
            except urllib.error.HTTPError as e:
                text = e.read().decode(errors="replace")
                if e.code not in transient:
                    raise RestError(method, path, e.code, text) from None
                last_error = RestError(method, path, e.code, text)
            except (urllib.error.URLError, ConnectionError, TimeoutError) as e:
                last_error = OnosError(f"{method} {path}: {e}")
            if attempt < attempts - 1:
                time.sleep(delay)
                delay = min(delay * 2, self.max_delay)
        raise last_error

    def get(self, path, **kw):
        return self.request("GET", path, **kw)[1]

    def post(self, path, body=None, **kw):
        return self.request("POST", path, body, **kw)

    def delete(self, path, **kw):
        return self.request("DELETE", path, **kw)

    def alive(self):
        try:
            self.request("GET", "/onos/v1/applications", retry=False)
            return True
        except OnosError:
            return False


def _decode(raw):
    text = raw.decode(errors="replace")
    try:
        return json.loads(text) if text else None
    except ValueError:
        return text


def wait_until(predicate, timeout, interval, what):
    """Polls predicate() until it returns a truthy value; fails with `what` after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        try:
            last = predicate()
        except OnosError as e:
            last = e
        if last and not isinstance(last, Exception):
            return last
        time.sleep(interval)
    raise OnosError(f"timed out after {timeout} s waiting for {what} (last: {last})")


class OnosProcess:
    """An ONOS runtime from ONOS_HOME, started clean (fresh Karaf data, no active apps but `apps`), or restarted
    without clean (Karaf's data, the stores and the installed apps kept)."""

    def __init__(self, onos_home, java_home, apps, log_dir, remove_apps=()):
        self.remove_apps = remove_apps
        self.onos_home = onos_home
        self.java_home = java_home
        self.apps = apps
        self.log_dir = log_dir
        self.process = None

    def start(self, clean=True):
        """clean=False: what an operator's restart does, Karaf's data (stores, installed apps, configuration) kept."""
        os.makedirs(self.log_dir, exist_ok=True)
        # `clean` wipes Karaf's data but not apps/: a copy of an app under test left by an earlier run would be
        # registered at boot and refuse the fresh one.
        for name in self.remove_apps if clean else ():
            shutil.rmtree(os.path.join(self.onos_home, "apps", name), ignore_errors=True)
        # Karaf refuses to start while its instance file names a live pid; after a killed run that pid may belong
        # to another process. The caller has made sure no ONOS answers and holds the stack lock.
        # ONOS_HOME names the tree: onos-service prefers an inherited one to its own location.
        env = dict(os.environ, JAVA_HOME=self.java_home, ONOS_HOME=self.onos_home, ONOS_APPS=",".join(self.apps),
                   CHECK_ROOT_INSTANCE_RUNNING="false",
                   PATH=f"{self.java_home}/bin:{os.environ.get('PATH', '')}", **self.environment())
        log = open(os.path.join(self.log_dir, "onos.out"), "ab")
        arguments = ["apps-clean", "clean"] if clean else []
        self.process = subprocess.Popen([os.path.join(self.onos_home, "bin", "onos-service"), *arguments],
                                        env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                        start_new_session=True)
        log.close()
        with open(self.pid_file(), "w") as f:
            f.write(str(self.process.pid))

    def environment(self):
        """Extra environment of the launcher (JAVA_OPTS of a cluster member)."""
        return {}

    def pid_file(self):
        return os.path.join(self.log_dir, "onos.pid")

    def running(self):
        return self.process is not None and self.process.poll() is None

    def stop(self, grace=30):
        if self.process is None:
            return
        group = self.process.pid
        processes.terminate(self.process, grace)
        # The launcher script exits before Karaf's JVM does: wait until the whole group is gone, so that the next
        # session does not find a Karaf instance still shutting down.
        deadline = time.monotonic() + grace
        while processes.group_alive(group):
            if time.monotonic() > deadline:
                os.killpg(group, signal.SIGKILL)
                deadline = time.monotonic() + 10
            time.sleep(0.5)
        self.process = None
        if os.path.exists(self.pid_file()):
            os.remove(self.pid_file())

    def karaf_log(self):
        return os.path.join(self.onos_home, "apache-karaf-4.2.9", "data", "log", "karaf.log")

    def shell(self, command, timeout=120):
        """Runs one command of ONOS's Karaf shell over SSH (port 8101, the REST user) and returns what it printed;
        fails with what it printed when the command fails. OpenSSH with the password from SSH_ASKPASS (no terminal,
        no prompt: Karaf's own client waited on one), a throw-away host key check. Karaf 4.2's SSH server signs
        with ssh-rsa (SHA-1) only, which OpenSSH 8.8+ no longer accepts unless asked."""
        with tempfile.TemporaryDirectory() as work:
            askpass = os.path.join(work, "askpass")
            with open(askpass, "w") as f:
                f.write(f"#!/bin/sh\necho '{PASSWORD}'\n")
            os.chmod(askpass, 0o700)
            env = dict(os.environ, SSH_ASKPASS=askpass, SSH_ASKPASS_REQUIRE="force", DISPLAY=":0")
            result = subprocess.run(["ssh", "-p", "8101", "-o", "StrictHostKeyChecking=no", "-o",
                                     "UserKnownHostsFile=/dev/null", "-o", "HostKeyAlgorithms=+ssh-rsa", "-o",
                                     "LogLevel=ERROR", "-o",
                                     "PreferredAuthentications=password,keyboard-interactive", "-o",
                                     "NumberOfPasswordPrompts=1", f"{USER}@127.0.0.1", command],
                                    env=env, capture_output=True, text=True, timeout=timeout,
                                    stdin=subprocess.DEVNULL, start_new_session=True)
        if result.returncode != 0 or "Error executing command" in result.stdout:
            raise OnosError(f"karaf {command.split()[0]} (ssh exit {result.returncode}): "
                            f"{(result.stdout + result.stderr).strip()[-500:]}")
        return result.stdout

    def jvm_pid(self):
        """The Karaf JVM of this ONOS (the java process in the group this object started)."""
        group = self.process.pid
        for pid in filter(str.isdigit, os.listdir("/proc")):
            try:
                with open(f"/proc/{pid}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                with open(f"/proc/{pid}/comm") as f:
                    comm = f.read().strip()
            except OSError:
                continue
            if int(fields[2]) == group and comm == "java":
                return int(pid)
        raise OnosError(f"no java process in the process group {group} of this ONOS")

    def heap_mib(self, full_gc=False):
        """Heap in use by this ONOS's JVM (MiB, from `jstat -gc`); after a full GC if asked (what is retained)."""
        pid = str(self.jvm_pid())
        tools = os.path.join(self.java_home, "bin")
        if full_gc:
            subprocess.run([os.path.join(tools, "jcmd"), pid, "GC.run"], capture_output=True, timeout=120)
        out = subprocess.run([os.path.join(tools, "jstat"), "-gc", pid], capture_output=True, text=True,
                             timeout=60).stdout
        return jstat_heap_mib(out)

    def live_heap_mib(self):
        """The live heap of this ONOS's JVM (MiB): the total of `jmap -histo:live`, which runs a full, stop-the-world
        GC first. (`jcmd GC.run` may only start a concurrent cycle: jstat then still counts garbage.)"""
        return histogram_total_mib(self._histogram())

    def _histogram(self):
        return subprocess.run([os.path.join(self.java_home, "bin", "jmap"), "-histo:live", str(self.jvm_pid())],
                              capture_output=True, text=True, timeout=180).stdout

    def heap_histogram(self, top=20):
        """The classes holding most of this ONOS's live heap (`jmap -histo:live`, which runs a full GC first)."""
        return _histogram_head(self._histogram(), top)


def _histogram_head(text, top):
    lines = text.strip().splitlines()
    return "\n".join(lines[:top + 3] + lines[-1:])


def histogram_total_mib(histogram_text):
    """The bytes of the "Total" line of a `jmap -histo` output, in MiB."""
    for line in reversed(histogram_text.strip().splitlines()):
        fields = line.split()
        if fields and fields[0] == "Total":
            return int(fields[2]) / (1024 * 1024)
    raise OnosError("jmap -histo printed no total")


def jstat_heap_mib(jstat_gc_text):
    """Heap in use (MiB) from `jstat -gc PID` output: the survivor, eden and old spaces' used columns."""
    lines = [line.split() for line in jstat_gc_text.strip().splitlines()]
    if len(lines) < 2:
        raise OnosError("jstat -gc printed no values")
    row = dict(zip(lines[0], lines[-1]))
    return sum(float(row[k]) for k in ("S0U", "S1U", "EU", "OU")) / 1024


def app_ready(rest, name):
    """True when the app is ACTIVE and ONOS's application admin service reports its components started
    (GET .../health answers through ApplicationAdminService and ComponentsMonitorService)."""
    try:
        health = rest.get(f"/onos/v1/applications/{name}/health", retry=False)
    except RestError:
        return False
    return isinstance(health, dict) and health.get("message") == "ready"


def boot_state(rest, names):
    """None when every named app is ACTIVE and ready, else what is not (one short line)."""
    apps = rest.get("/onos/v1/applications", retry=False).get("applications", [])
    states = {a["name"]: a.get("state") for a in apps}
    inactive = [n for n in names if states.get(n) != "ACTIVE"]
    if inactive:
        return f"not ACTIVE: {', '.join(inactive)}"
    unready = [n for n in names if not app_ready(rest, n)]
    return f"not ready: {', '.join(unready)}" if unready else None


def wait_settled(rest, names, timeout, stable_s=SETTLE_STABLE_S, interval=2.0, clock=time.monotonic,
                 sleep=time.sleep):
    """Waits until the boot apps are ACTIVE and ready and stay so, with every poll answered, for `stable_s`
    seconds: a core refresh shortly after boot takes the REST API away again for a while. Any failed poll
    (404/503 included) restarts the stable window; `timeout` bounds the whole wait. Returns the seconds waited."""
    start = clock()
    deadline = start + timeout
    settled_since = None
    last = "no answer yet"
    while True:
        now = clock()
        try:
            last = boot_state(rest, names)
        except OnosError as e:
            last = str(e)[:200]
        if last is None:
            settled_since = now if settled_since is None else settled_since
            if now - settled_since >= stable_s:
                return now - start
        else:
            settled_since = None
        if now >= deadline:
            raise OnosError(f"ONOS did not settle within {timeout} s ({last})")
        sleep(interval)


def install_app(rest, oar_path, app_name):
    """(Re)installs and activates an .oar; an older copy of the same app is uninstalled first. 404/503 from the
    applications API are retried (bounded): ONOS may still be re-registering it."""
    rest.delete(f"/onos/v1/applications/{app_name}", transient=APPS_TRANSIENT_STATUS)
    with open(oar_path, "rb") as f:
        payload = f.read()
    upload = dict(content_type="application/octet-stream", transient=APPS_TRANSIENT_STATUS)
    try:
        rest.post("/onos/v1/applications?activate=true", payload, **upload)
    except RestError as e:
        if e.status != 409:
            raise
        rest.delete(f"/onos/v1/applications/{app_name}", transient=APPS_TRANSIENT_STATUS)
        rest.post("/onos/v1/applications?activate=true", payload, **upload)
    return wait_until(lambda: _app_state(rest, app_name) == "ACTIVE", 120, 2, f"app {app_name} ACTIVE")


def _app_state(rest, app_name):
    try:
        return rest.get(f"/onos/v1/applications/{app_name}", retry=False).get("state")
    except RestError:
        return None
