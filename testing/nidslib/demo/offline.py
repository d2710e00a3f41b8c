"""The offline demo: the same story between network namespaces on a Linux bridge, captured round by round and
classified with `nids-model simulate` (the software reference of the switch); prints the alerts and blocks the fabric
would have produced, with the app's severity rule and the block policy's semantics (policy.py)."""
import json
import os
import time

from .. import bridgelab
from .. import modelcli
from .. import topology as topo
from ..paths import REPO_ROOT as ROOT
from . import policy as policy_mod
from . import scenario as scenario_mod

WORK_DIR = os.path.join(ROOT, "build", "demo", "offline")


def classify(pcap, model_path, java_home):
    return modelcli.simulate(model_path, pcap, java_home=java_home)


def leaf_explanations(model_path):
    with open(model_path) as f:
        bundle = json.load(f)
    return {leaf["leaf_id"]: " and ".join(f"{c['feature']} {c['op']} {c['value']}" for c in leaf["path"])
            for leaf in bundle.get("leaves", [])}


class OfflineRun:
    def __init__(self, processes, story, model_path, java_home, policy, state):
        self.processes = processes
        self.story = story
        self.model_path = model_path
        self.java_home = java_home
        self.book = policy_mod.BlockBook(policy)
        self.state = state  # the report: alerts, blocks, per-source counts
        self.topology = topo.leaf_spine(leaves=2, spines=1, hosts_per_leaf=2)
        self.explanations = leaf_explanations(model_path)
        self.lab = None
        self.scenario = None
        self.next_alert_id = 1

    def start(self):
        self.lab = bridgelab.Lab(self.topology, self.processes, WORK_DIR)
        self.story.say("building the lab: hosts h1..h4 in namespaces nids-h1..nids-h4 on a bridge in nids-lab")
        self.lab.start()
        self.scenario = scenario_mod.Scenario(self.topology, self.processes, WORK_DIR, self.story.say, seed=3)
        self.scenario.prepare()
        self.scenario.start_servers()
        self.story.say(f"servers up on {scenario_mod.SERVER}: sshd :22, HTTP :80, iperf3 :5201/:5202")

    def play_round(self, number):
        pcap = os.path.join(WORK_DIR, f"round{number}.pcap")
        self.lab.start_capture(f"round{number}")
        self.scenario.run_round()
        self.lab.stop_capture(pcap)
        self.story.say(f"round {number}: captured {os.path.relpath(pcap, ROOT)}; classifying it with "
                       f"nids-model simulate")
        self.report(classify(pcap, self.model_path, self.java_home))

    def report(self, simulation):
        """Alerts in the order the switch would raise them (time of each flow's first attack verdict)."""
        flows = sorted((f for f in simulation["flows"] if f["first_alert"]), key=lambda f: f["first_alert"]["time_us"])
        counts = self.state["flows"]
        for flow in simulation["flows"]:
            counts[flow["client"]] = counts.get(flow["client"], 0) + 1
        batch = []
        dropped = {}
        for flow in flows:
            now = flow["first_alert"]["time_us"] / 1e6
            if self.book.blocking(flow["client"], now):
                # Dropped at the edge before it could be tracked: no alert, the flow never gets through.
                dropped[flow["client"]] = dropped.get(flow["client"], 0) + 1
                continue
            first = flow["first_alert"]
            alert = {"id": self.next_alert_id, "class": first["class"], "classId": first["class_id"],
                     "severity": policy_mod.severity(first["class_id"], first["class"]), "leafId": first["leaf_id"],
                     "flow": {"clientIp": flow["client"], "clientPort": flow["client_port"],
                              "serverIp": flow["server"], "serverPort": flow["server_port"],
                              "protocol": flow["protocol"]},
                     "explanation": self.explanations.get(first["leaf_id"], f"leaf {first['leaf_id']}"),
                     "firstSeenSeconds": now, "atPacket": first["packet"], "src": flow["client"]}
            self.next_alert_id += 1
            self.state["alerts"].append(alert)
            batch.append(alert)
            block, _ = self.book.consider(alert, now)
            if block:
                self.story.alerts(batch, prefix="would ALERT")
                batch = []
                self.state["blocks"].append(block)
                self.story.block(_printable(block), prefix="would BLOCK")
        self.story.alerts(batch, prefix="would ALERT")
        for source, count in dropped.items():
            self.state["dropped"][source] = self.state["dropped"].get(source, 0) + count
            self.story.say(f"would DROP {count} later attack flows from {source} at the edge (blocked)")
        if not flows:
            self.story.say("no flow classified as an attack in this round")

    def stop(self):
        if self.lab is not None:
            self.lab.stop()


def _printable(block):
    shown = dict(block)
    if block["expiresAt"] is not None:
        shown["expiresAt"] = time.strftime("%H:%M:%S", time.localtime(block["expiresAt"]))
    return shown
