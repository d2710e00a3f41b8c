"""The online demo: ONOS + the BMv2 fabric through the integration session (nidslib.session), the
model uploaded and activated over REST, the story played between the fabric's hosts, and the app's alerts and blocks
polled from its REST API and printed as they happen."""
import json
import os
import threading
import time

from .. import capture as capture_mod
from .. import modelcli
from .. import netns
from .. import onos as onos_mod
from .. import session as session_mod
from .. import topology as topo

from ..lab import labels as labels_mod
from . import blockconfig
from . import scenario as scenario_mod
from . import story as story_mod

ROOT = session_mod.ROOT
WORK_DIR = os.path.join(ROOT, "build", "demo", "online")
LOG_DIR = os.path.join(ROOT, "build", "demo", "onos")
CLUSTER_LOG_DIR = os.path.join(ROOT, "build", "demo", "cluster")
ROUTES_APP_ID = "org.onosproject.nids.demo"
POLL_SECONDS = 2.0
FLOW_COMPONENT = "org.onosproject.nids.impl.flow.NidsFlowManager"
# Flow records each instance keeps per switch (GET /flows): a round's verdicts must fit, so that its figures count
# every flow the switches classified, not only each incident's first few (its alerts).
FLOW_WINDOW = 10_000
BLOCKING_MISSING = "blocking not available in this build"


def gui_url():
    host = os.environ.get("NIDS_DEMO_HOST") or _host_name()
    return f"http://{host}:8181/onos/ui (user {onos_mod.USER} / {onos_mod.PASSWORD})"


def _host_name():
    import socket
    try:
        return socket.gethostname() or "localhost"
    except OSError:
        return "localhost"


class OnlineRun:
    def __init__(self, processes, story, model_path, block_properties, state, onos_home, java_home, verbose=False,
                 atomix_home=None):
        """With `atomix_home`, ONOS runs as a cluster of three instances on three Atomix nodes (nidslib.cluster),
        the switches' masters spread over them; REST goes to the first instance."""
        self.java_home = java_home
        self.processes = processes
        self.story = story
        self.model_path = model_path
        self.block_properties = block_properties
        self.state = state
        self.topology = topo.leaf_spine(leaves=2, spines=1, hosts_per_leaf=2)
        if atomix_home:
            from .. import cluster as cluster_mod
            self.session = cluster_mod.ClusterSession(onos_home, atomix_home, java_home, self.topology,
                                                      CLUSTER_LOG_DIR, progress=story.say)
        else:
            self.session = session_mod.StackSession(onos_home, java_home, self.topology, LOG_DIR,
                                                    progress=story.say)
        self.rest = self.session.rest
        self.verbose = verbose
        self.scenario = None
        self.blocking = False
        self._poller = None
        self._stop_polling = threading.Event()
        self._seen_alerts = set()
        self._block_states = {}
        self._last_new_alert = time.monotonic()

    # ---- bring-up ----------------------------------------------------------------------------------------------

    def start(self):
        try:
            stack = self.session.start()
        finally:
            # Process groups of ONOS and of every switch, for the report: a test checks none survives teardown.
            self.state["processGroups"] = self.session_groups() + \
                [p.pid for p in self.session.fabric.processes.values()]
        self.story.say(f"fabric up: {', '.join(s.device_id for s in self.topology.switches)} with pipeconf "
                       f"{stack.pipeconf_id}; installing IPv4 routes")
        session_mod.install_routes(stack, app_id=ROUTES_APP_ID)
        session_mod.learn_hosts(stack)   # blocks are compiled where ONOS locates a source
        self._activate_model()
        self._configure_blocking()
        self.rest.post(f"/onos/v1/configuration/{FLOW_COMPONENT}", {"flowWindowSize": str(FLOW_WINDOW)})
        self.scenario = scenario_mod.Scenario(self.topology, self.processes, WORK_DIR, self.story.say, seed=3,
                                              verbose=self.verbose)
        self.scenario.prepare()
        self.scenario.start_servers()
        self.story.say(f"servers up on {scenario_mod.SERVER}: sshd :22, HTTP :80, iperf3 :5201/:5202")
        self._poller = threading.Thread(target=self._poll, name="nids-demo-poller", daemon=True)
        self._poller.start()

    def session_groups(self):
        """Process groups of ONOS (every instance and Atomix node of a cluster)."""
        cluster = getattr(self.session, "cluster", None)
        members = list(cluster.instances) + list(cluster.atomix) if cluster else [self.session.onos]
        return [m.process.pid for m in members if m.process is not None]

    def _activate_model(self):
        import json
        with open(self.model_path) as f:
            bundle = json.load(f)
        model_id = bundle["model_id"]
        try:
            self.rest.post("/onos/nids/models", bundle)
        except onos_mod.RestError as e:
            if e.status != 409:  # already stored (an earlier run of the same ONOS data): activate it anyway
                raise
        status, result = self.rest.post(f"/onos/nids/models/{model_id}/activate")
        outcomes = ", ".join(f"{d['deviceId']} {d['outcome']}" for d in result.get("devices", []))
        self.story.say(f"model {model_id} ({bundle.get('name')}) active: {outcomes} in {result.get('elapsedMillis')} ms")
        self.state["model"]["activated"] = result

    def _configure_blocking(self):
        try:
            self.rest.get("/onos/nids/blocks")
        except onos_mod.RestError as e:
            if e.status == 404:
                self.story.say(BLOCKING_MISSING + " (GET /onos/nids/blocks: 404): alerts only")
                self.state["blocking"] = BLOCKING_MISSING
                return
            raise
        self.rest.post(f"/onos/v1/configuration/{blockconfig.BLOCK_COMPONENT}", self.block_properties)
        self.blocking = True
        self.state["blocking"] = "available"
        self.story.say(f"automatic blocking: {blockconfig.describe(self.block_properties)}")

    # ---- traffic -----------------------------------------------------------------------------------------------

    def play_round(self, number):
        self.story.say(f"round {number}")
        capture = capture_mod.Capture(self.processes, WORK_DIR)
        # Every packet a host sends, once, before the fabric may drop it: the ground truth of the round's flows.
        capture.start(f"round{number}", [(netns.of_host(h.name), f"{h.name}-eth0", "out", h.name)
                                         for h in self.topology.hosts])
        started_millis = int(time.time() * 1000)
        try:
            self.scenario.run_round()
            self.settle()
        finally:
            pcap = capture.stop(os.path.join(WORK_DIR, f"round{number}.pcap"))
        self.figures(number, pcap, started_millis)

    def figures(self, number, pcap, started_millis):
        """The round's figures (issue 12) as the fabric and the app made them: their alerts and blocks over REST,
        scored by nids-model eval --online on the round's capture and attack windows."""
        labels = os.path.join(WORK_DIR, f"round{number}-labels.csv")
        labels_mod.write(labels, self.scenario.windows)
        self.scenario.windows = []
        record = os.path.join(WORK_DIR, f"round{number}-online.json")
        alerts = self.rest.get(f"/onos/nids/alerts?since={started_millis - 1000}&limit=10000").get("alerts", [])
        blocks = self.rest.get("/onos/nids/blocks").get("blocks", []) if self.blocking else []
        verdicts = self.alerting_verdicts(number, started_millis - 1000)
        with open(record, "w") as f:
            json.dump({"alerts": alerts, "blocks": blocks, "flows": verdicts}, f)
        self.story.say(f"round {number}: figures (nids-model eval --pcap {os.path.relpath(pcap, ROOT)} --labels "
                       f"{os.path.relpath(labels, ROOT)} --online {os.path.relpath(record, ROOT)}):")
        figures = os.path.join(WORK_DIR, f"round{number}-figures.json")
        report = modelcli.evaluate(self.model_path, pcap, labels, online=record, json_out=figures,
                                   java_home=self.java_home)
        story_mod.figures(self.story, self.state, number, report, figures)

    def alerting_verdicts(self, number, since_millis):
        """The round's flow records whose verdict raised an alert, from every instance (each keeps the records of
        the switches it masters) and every switch: an incident's flows past its evidence raise no alert of their
        own. A switch whose window is full may have let the round's first records go: said, and recorded."""
        cluster = getattr(self.session, "cluster", None)
        instances = [m.rest for m in cluster.instances] if cluster else [self.rest]
        verdicts, full = [], []
        for switch in self.topology.switches:
            for rest in instances:
                records = rest.get(f"/onos/nids/flows?device={switch.device_id}&limit={FLOW_WINDOW}").get("flows", [])
                if len(records) >= FLOW_WINDOW and min(r["receivedMillis"] for r in records) >= since_millis:
                    full.append(switch.device_id)
                verdicts += [r for r in records if r.get("alert") and r["receivedMillis"] >= since_millis]
        self.state.setdefault("flowWindowsFull", {})[str(number)] = sorted(set(full))
        if full:
            self.story.say(f"round {number}: the flow window ({FLOW_WINDOW} records) of {', '.join(sorted(set(full)))}"
                           " is full: the figures miss the round's earliest verdicts there")
        return verdicts

    def settle(self, quiet=8.0, limit=45.0):
        """Waits (bounded) until no new alert came for `quiet` seconds: the last flows' reports arrive late."""
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline and time.monotonic() - self._last_new_alert < quiet:
            if self.processes.stopping.is_set():
                return
            time.sleep(0.5)

    # ---- polling -----------------------------------------------------------------------------------------------

    def _poll(self):
        since = int(time.time() * 1000) - 60_000
        while not self._stop_polling.wait(POLL_SECONDS):
            try:
                since = self._poll_alerts(since)
                if self.blocking:
                    self._poll_blocks()
            except onos_mod.OnosError as e:
                self.story.say(f"(poll: {e})")

    def _poll_alerts(self, since):
        started = int(time.time() * 1000)
        # `since` keeps each answer to the alerts seen lately; ids tell the new ones apart.
        alerts = self.rest.get(f"/onos/nids/alerts?since={since}&limit=10000", retry=False).get("alerts", [])
        new = sorted((a for a in alerts if a["id"] not in self._seen_alerts), key=lambda a: a["id"])
        if new:
            self._last_new_alert = time.monotonic()
            for alert in new:
                self._seen_alerts.add(alert["id"])
                self.state["alerts"].append({"id": alert["id"], "src": alert["flow"]["clientIp"],
                                             "class": alert.get("class"), "severity": alert.get("severity"),
                                             "flow": alert["flow"], "devices": alert.get("devices")})
            self.story.alerts(new)
        return started - 10_000

    def _poll_blocks(self):
        blocks = self.rest.get("/onos/nids/blocks", retry=False).get("blocks", [])
        for block in blocks:
            previous = self._block_states.get(block["id"])
            if previous is None:
                self.state["blocks"].append(block)
                self.story.block(block)
            elif previous != block.get("state"):
                self.story.say(f"BLOCK #{block['id']} {block['src']} is now {block.get('state')}")
                self.state["blocks"] = [block if b["id"] == block["id"] else b for b in self.state["blocks"]]
            self._block_states[block["id"]] = block.get("state")

    def stop(self):
        self._stop_polling.set()
        if self._poller is not None:
            self._poller.join(timeout=15)
        self.session.stop()


ALERT_ROWS = "#ov-nids-alerts .table-body tr.nids-alert-row"


def screenshot_alerts(path):
    """The GUI's NIDS Alerts view once its rows are drawn, saved as a PNG at `path`; returns the rows shown."""
    from .. import browser

    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with browser.onos_gui("nids-demo-chromium-") as page:
        browser.open_view(page, "nidsAlerts", ALERT_ROWS)
        # Let the table's first refresh finish drawing before the picture.
        page.wait_for_timeout(2500)
        page.mouse.move(0, 0)
        page.screenshot(path=path)
        return page.locator(ALERT_ROWS).count()
