"""The offline demo: the same story between network namespaces on a Linux bridge, captured round by round, classified
with `nids-model simulate` (the software reference of the switch) and put through the app's own detection policy
(`simulate --policy`: severities, automatic blocks, flows a block drops); prints the alerts and blocks the fabric would
have produced.

The policy has memory (a source's alerts count towards its block, a block lasts its TTL), so every round simulates
the whole capture so far and prints what is new: the same verdicts, in the same order, as one long run."""
import json
import os
import time

from .. import bridgelab, capture
from .. import modelcli
from ..lab import labels as labels_mod
from .. import topology as topo
from ..paths import REPO_ROOT as ROOT
from . import scenario as scenario_mod
from . import story as story_mod

WORK_DIR = os.path.join(ROOT, "build", "demo", "offline")


class OfflineRun:
    def __init__(self, processes, story, model_path, java_home, block_properties, state):
        self.processes = processes
        self.story = story
        self.model_path = model_path
        self.java_home = java_home
        self.block_properties = block_properties
        self.state = state  # the report: alerts, blocks, per-source counts
        self.topology = topo.leaf_spine(leaves=2, spines=1, hosts_per_leaf=2)
        self.lab = None
        self.scenario = None
        self.capture = os.path.join(WORK_DIR, "capture.pcap")
        self.policy_file = os.path.join(WORK_DIR, "policy.json")
        self.seen = {"alert": 0, "block": 0, "flow_us": -1, "dropped": {}, "incidents": {}}

    def start(self):
        os.makedirs(WORK_DIR, exist_ok=True)
        with open(self.policy_file, "w") as f:
            json.dump(self.block_properties, f)
        if os.path.exists(self.capture):
            os.remove(self.capture)
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
        so_far = [self.capture] if os.path.exists(self.capture) else []
        capture.merge(self.capture + ".new", *so_far, pcap)
        os.replace(self.capture + ".new", self.capture)
        self.story.say(f"round {number}: captured {os.path.relpath(pcap, ROOT)}; classifying the capture so far with "
                       f"nids-model simulate --policy (the app's detection policy)")
        self.report(modelcli.simulate(self.model_path, self.capture, self.policy_file, java_home=self.java_home))
        self.figures(number)

    def figures(self, number):
        """The figures so far (issue 12): nids-model eval on the capture so far and the attacks played, decided by
        the app's detection module under the demo's block policy."""
        labels = os.path.join(WORK_DIR, "labels.csv")
        labels_mod.write(labels, self.scenario.windows)
        self.story.say(f"round {number}: figures so far (nids-model eval --pcap {os.path.relpath(self.capture, ROOT)} "
                       f"--labels {os.path.relpath(labels, ROOT)} --policy {os.path.relpath(self.policy_file, ROOT)}):")
        figures = os.path.join(WORK_DIR, f"round{number}-figures.json")
        report = modelcli.evaluate(self.model_path, self.capture, labels, self.policy_file, json_out=figures,
                                   java_home=self.java_home)
        story_mod.figures(self.story, self.state, number, report, figures)

    def report(self, simulation):
        """What is new since the last round: alerts in the order the switch would raise them, each block after the
        alert that made it, the flows a block dropped."""
        seen = self.state["flows"]
        new_flows = [f for f in simulation["flows"] if f["first_us"] > self.seen["flow_us"]]
        for flow in new_flows:
            seen[flow["client"]] = seen.get(flow["client"], 0) + 1
        self.seen["flow_us"] = max([self.seen["flow_us"]] + [f["first_us"] for f in new_flows])
        blocks = {int(b["alert_id"]): b for b in simulation["blocks"] if int(b["id"]) > self.seen["block"]}
        batch = []
        for alert in (a for a in simulation["alerts"] if a["id"] > self.seen["alert"]):
            batch.append(self._alert(alert))
            self.state["alerts"].append(batch[-1])
            block = blocks.get(alert["id"])
            if block is not None:
                self.story.alerts(batch, prefix="would ALERT")
                batch = []
                self.state["blocks"].append(_block(block))
                self.story.block(_printable(self.state["blocks"][-1]), prefix="would BLOCK")
        self.story.alerts(batch, prefix="would ALERT")
        self.seen["alert"] = max([self.seen["alert"]] + [a["id"] for a in simulation["alerts"]])
        self.seen["block"] = max([self.seen["block"]] + [int(b["id"]) for b in simulation["blocks"]])
        for source, total in simulation["dropped"].items():
            count = total - self.seen["dropped"].get(source, 0)
            self.seen["dropped"][source] = total
            self.state["dropped"][source] = total
            if count:
                self.story.say(f"would DROP {count} later attack flows from {source} at the edge (blocked)")
        # Each round replays the whole capture so far: its incidents are the totals. An alert is only one of an
        # incident's first flows (its evidence); the incident counts all of its source's flows of that family.
        self.state["incidents"] = [_incident(i) for i in simulation["incidents"]]
        for incident in self.state["incidents"]:
            if self.seen["incidents"].get(incident["id"]) == incident["flows"]:
                continue    # printed in an earlier round and no new flow since
            self.seen["incidents"][incident["id"]] = incident["flows"]
            self.story.say(f"incident #{incident['id']} {incident['state']} {incident['severity']} "
                           f"{incident['family']} from {incident['source']}: {incident['flows']} flows, "
                           f"{incident['ports']} ports on {incident['destinations']} hosts")
        if not any(f["first_alert"] for f in new_flows):
            self.story.say("no flow classified as an attack in this round")

    def _alert(self, alert):
        return {"id": alert["id"], "class": alert["class"], "classId": alert["class_id"],
                "severity": alert["severity"], "leafId": alert["leaf_id"],
                "flow": {"clientIp": alert["client"], "clientPort": alert["client_port"],
                         "serverIp": alert["server"], "serverPort": alert["server_port"],
                         "protocol": alert["protocol"]},
                "explanation": alert.get("decision_path") or f"leaf {alert['leaf_id']} (decision path unknown)",
                "firstSeenSeconds": alert["time_us"] / 1e6, "atPacket": alert["packet"], "src": alert["client"],
                "decision": alert["decision"], "reason": alert["reason"]}

    def stop(self):
        if self.lab is not None:
            self.lab.stop()


def _incident(incident):
    return {k: incident[k] for k in ("id", "state", "severity", "family", "source", "flows", "ports",
                                     "destinations", "decision", "decision_reason")}


def _block(block):
    return {"id": int(block["id"]), "src": block["src"], "alertId": block["alert_id"],
            "origin": block["origin"].lower(), "reason": block["reason"], "createdAt": block["created_us"] / 1e6,
            "expiresAt": block["expires_us"] / 1e6 if block.get("expires_us") is not None else None,
            "state": "ACTIVE"}


def _printable(block):
    shown = dict(block)
    if block["expiresAt"] is not None:
        shown["expiresAt"] = time.strftime("%H:%M:%S", time.localtime(block["expiresAt"]))
    return shown
