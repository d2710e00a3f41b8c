"""What the demo prints: a timestamped story line per event, alerts and blocks as they happen (bursts folded per
source, so a SYN flood of hundreds of flows reads as a few lines), and the closing summary per host."""
import json
import sys
import threading
import time

PROTOCOLS = {1: "icmp", 6: "tcp", 17: "udp"}
SHOWN_PER_SOURCE = 3


class Story:
    def __init__(self, stream=None):
        self.stream = stream or sys.stdout
        self.started = time.monotonic()
        self._lock = threading.Lock()

    def say(self, text):
        with self._lock:
            print(f"[{time.monotonic() - self.started:7.1f}s] {text}", file=self.stream, flush=True)

    def alerts(self, alerts, prefix="ALERT"):
        """Prints a batch of new alerts (dicts shaped like GET /onos/nids/alerts), at most a few per source."""
        by_source = {}
        for alert in alerts:
            by_source.setdefault(alert["flow"]["clientIp"], []).append(alert)
        for source, items in by_source.items():
            for alert in items[:SHOWN_PER_SOURCE]:
                self.say(f"{prefix} #{alert['id']} {alert.get('severity')} {alert.get('class')} "
                         f"{flow_text(alert['flow'])}  {alert.get('explanation') or ''}".rstrip())
            if len(items) > SHOWN_PER_SOURCE:
                classes = sorted({a.get("class") for a in items})
                self.say(f"{prefix} ... and {len(items) - SHOWN_PER_SOURCE} more from {source} "
                         f"({', '.join(classes)}; ports {port_range(items)})")

    def block(self, block, prefix="BLOCK"):
        expires = block.get("expiresAt")
        if isinstance(expires, (int, float)) and expires > 1e11:   # REST gives epoch milliseconds
            expires = time.strftime("%H:%M:%S", time.localtime(expires / 1000))
        self.say(f"{prefix} #{block['id']} {block['src']} ({block.get('origin', 'auto')}: {block.get('reason', '')})"
                 + (f" until {expires}" if expires else "") + (f" [{block['state']}]" if block.get("state") else ""))


def figures(story, state, number, report, figures_json):
    """A round's figures (nids-model eval): its text as story lines, its JSON into the report under `figures`."""
    with open(figures_json) as f:
        state.setdefault("figures", {})[number] = json.load(f)
    for line in report.splitlines():
        if line.strip():
            story.say("  " + line)


def flow_text(flow):
    proto = PROTOCOLS.get(flow.get("protocol"), str(flow.get("protocol")))
    return f"{flow['clientIp']}:{flow['clientPort']} -> {flow['serverIp']}:{flow['serverPort']} {proto}"


def port_range(alerts):
    ports = sorted({a["flow"]["serverPort"] for a in alerts})
    return f"{ports[0]}" if len(ports) == 1 else f"{ports[0]}..{ports[-1]}, {len(ports)} distinct"


def summary(story, hosts, alerts_by_source, blocks, roles, extra=None):
    """One line per host: its role in the story, its alerts, whether it was blocked; the verdict last."""
    story.say("summary:")
    blocked = {b["src"] for b in blocks}
    for host in hosts:
        count = alerts_by_source.get(host.ip, 0)
        role = roles.get(host.name, "-")
        mark = "blocked" if host.ip in blocked else ""
        story.say(f"  {host.name} {host.ip:<10} {role:<9} alerts {count:>5}  {mark}")
    for line in extra or []:
        story.say("  " + line)
