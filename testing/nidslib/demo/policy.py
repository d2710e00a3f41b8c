"""Alert severity and the automatic block policy, for the offline demo to print what the fabric would have done.

The same semantics as the app: severity from the class name (docs/alerts.md: `scan`, `recon`, `probe` -> MEDIUM,
any other attack class -> HIGH, the benign class never alerts), and the block manager's component properties
(`org.onosproject.nids.impl.block.NidsBlockManager`): `autoBlockMinSeverity` (NONE turns automatic blocks off),
`autoBlockMinAlerts` (alerts at or above the severity a source needs before it is blocked), `blockTtlSeconds`
(0: a block never expires), `blockAllowlist` (addresses or prefixes never blocked), `maxBlocks` (active blocks at
most). One active block per source; a blocked source's later packets are dropped at the edge and
not tracked, so its later flows raise no alert.
"""
import ipaddress
from dataclasses import dataclass, field

SEVERITIES = ("NONE", "LOW", "MEDIUM", "HIGH")
BLOCK_COMPONENT = "org.onosproject.nids.impl.block.NidsBlockManager"


def severity(class_id, class_name):
    if class_id == 0:
        return None
    lowered = class_name.lower()
    return "MEDIUM" if any(word in lowered for word in ("scan", "recon", "probe")) else "HIGH"


def parse_severity(text):
    value = text.strip().upper()
    if value not in SEVERITIES:
        raise ValueError(f"--block-min-severity: one of {', '.join(SEVERITIES)}, not {text!r}")
    return value


def parse_allowlist(text):
    networks = []
    for item in filter(None, (part.strip() for part in (text or "").split(","))):
        try:
            networks.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            raise ValueError(f"--block-allowlist: {item!r} is not an IPv4 address or prefix") from None
    return networks


@dataclass
class BlockPolicy:
    min_severity: str = "MEDIUM"
    ttl_seconds: int = 300
    allowlist: list = field(default_factory=list)
    max_blocks: int = 100
    min_alerts: int = 1

    def component_config(self):
        """The block manager's properties as ONOS's configuration REST API takes them."""
        return {"autoBlockMinSeverity": self.min_severity, "autoBlockMinAlerts": str(self.min_alerts),
                "blockTtlSeconds": str(self.ttl_seconds),
                "blockAllowlist": ",".join(str(n) for n in self.allowlist), "maxBlocks": str(self.max_blocks)}


class BlockBook:
    """Applies a BlockPolicy to alerts in time order (times in seconds)."""

    def __init__(self, policy):
        self.policy = policy
        self.blocks = []
        self.alerts_by_source = {}

    def active(self, now):
        return [b for b in self.blocks if b["expiresAt"] is None or b["expiresAt"] > now]

    def blocking(self, src, now):
        """The active block of `src` at `now`, or None."""
        return next((b for b in self.active(now) if b["src"] == src), None)

    def consider(self, alert, now):
        """Returns (block or None, reason): the block this alert creates, or why it creates none."""
        policy = self.policy
        if policy.min_severity == "NONE":
            return None, "automatic blocking is off (autoBlockMinSeverity NONE)"
        if SEVERITIES.index(alert["severity"]) < SEVERITIES.index(policy.min_severity):
            return None, f"severity {alert['severity']} is below {policy.min_severity}"
        src = ipaddress.ip_address(alert["src"])
        if any(src in network for network in policy.allowlist):
            return None, f"{alert['src']} is on the allowlist"
        if self.blocking(alert["src"], now):
            return None, f"{alert['src']} is already blocked"
        count = self.alerts_by_source[alert["src"]] = self.alerts_by_source.get(alert["src"], 0) + 1
        if count < policy.min_alerts:
            return None, f"{count} of the {policy.min_alerts} alerts autoBlockMinAlerts asks for"
        if len(self.active(now)) >= policy.max_blocks:
            return None, f"maxBlocks ({policy.max_blocks}) active blocks reached"
        block = {"id": len(self.blocks) + 1, "src": alert["src"], "alertId": alert["id"], "origin": "auto",
                 "reason": f"alert {alert['id']}: {alert['class']} ({alert['severity']})", "createdAt": now,
                 "expiresAt": now + policy.ttl_seconds if policy.ttl_seconds > 0 else None, "state": "ACTIVE"}
        self.blocks.append(block)
        return block, "blocked"
