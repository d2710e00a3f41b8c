"""The automatic-blocking properties the demo sets: the component configuration of the app's block manager, given
to ONOS online and to `nids-model simulate --policy` offline. What they mean -- severities, when a source is
blocked -- is decided by the app's detection policy (model-tools/detection) in both places, never here; this module
only checks the command line's values are well formed, before anything starts."""
import ipaddress

BLOCK_COMPONENT = "org.onosproject.nids.impl.block.NidsBlockManager"
# The values autoBlockMinSeverity takes (the app's AlertSeverity; NONE turns automatic blocking off).
SEVERITIES = ("NONE", "LOW", "MEDIUM", "HIGH")


def properties(min_severity, ttl_seconds, allowlist, max_blocks, min_alerts):
    """{property: text} of NidsBlockManager; ValueError with a one-line reason for a malformed value."""
    severity = min_severity.strip().upper()
    if severity not in SEVERITIES:
        raise ValueError(f"--block-min-severity: one of {', '.join(SEVERITIES)}, not {min_severity!r}")
    networks = []
    for item in filter(None, (part.strip() for part in (allowlist or "").split(","))):
        try:
            networks.append(str(ipaddress.ip_network(item, strict=False)))
        except ValueError:
            raise ValueError(f"--block-allowlist: {item!r} is not an IPv4 address or prefix") from None
    if ttl_seconds < 0 or max_blocks < 1 or min_alerts < 1:
        raise ValueError("--block-ttl must be >= 0, --max-blocks >= 1 and --block-min-alerts >= 1")
    return {"autoBlockMinSeverity": severity, "autoBlockMinAlerts": str(min_alerts),
            "blockTtlSeconds": str(ttl_seconds), "blockAllowlist": ",".join(networks), "maxBlocks": str(max_blocks)}


def describe(props):
    return (f"severity >= {props['autoBlockMinSeverity']} on a source's {props['autoBlockMinAlerts']}th alert, "
            f"TTL {props['blockTtlSeconds']} s, allowlist [{props['blockAllowlist']}], at most {props['maxBlocks']} "
            f"blocks")
