"""Table entries of the NIDS pipeline (names as in docs/pipeline.md), as (table, match, action, params, priority)
tuples for `Bmv2Switch.insert` / `insert_many`. Shared by the data-plane tests and the overhead benchmark."""
from .p4runtime import Range, Ternary

CONFIG_TABLE = "NidsIngress.cfg.config"
CONFIG_ACTION = "NidsIngress.cfg.set_config"
BUDGET_TABLE = "NidsIngress.reports.report_budget"
BUDGET_ACTION = "NidsIngress.reports.set_budget"
PHASES_TABLE = "NidsIngress.classifier.phases"


def edge_port(port, egress=False):
    """Marks a port as an edge port of the ingress (or egress) port-role table."""
    table = "NidsIngress.cfg.eg_port_role" if egress else "NidsIngress.cfg.port_role"
    return table, {"port": port}, "NidsIngress.cfg.set_edge", None, None


def forward(in_port, out_port, priority=10, **match):
    """table0: packets from in_port (and the given ternary matches) leave on out_port."""
    m = {"ig_port": Ternary(in_port, 0x1FF), **match}
    return "NidsIngress.fwd.table0", m, "NidsIngress.fwd.set_egress_port", {"port": out_port}, priority


def to_cpu(priority=20, **match):
    return "NidsIngress.fwd.table0", match, "NidsIngress.fwd.send_to_cpu", None, priority


def block(priority=10, **match):
    return "NidsIngress.fwd.acl", match, "NidsIngress.fwd.block", None, priority


PHASE_END = 0


def config(**knobs):
    """The config table's default-action parameters (docs/pipeline.md), defaults for whatever is not given:
    TRACK_EDGE, no timeouts, every report reason, seed 0, no alert threshold, 2^21 us source epochs, no per-source
    alert cap."""
    params = dict(bank=0, epoch=0, track_mode=2, timeout_pkts=0, timeout_us=0, idle_timeout_us=0, report_mask=0xFF,
                  flow_hash_seed=0, min_confidence=0, source_window_log2_us=21, source_alert_cap=0)
    params.update(knobs)
    return params


def budget(budget_id, rate_pps, burst):
    """report_budget: the token bucket of one budget (BUDGET_* value)."""
    return BUDGET_TABLE, {"budget": budget_id}, BUDGET_ACTION, {"rate_pps": rate_pps, "burst": burst}, None


def phase(bank, phase_number):
    """phases: the model in `bank` classifies at this phase (a packet count, or PHASE_END)."""
    return (PHASES_TABLE, {"bank": bank, "phase": phase_number},
            "NidsIngress.classifier.classify", None, None)


def selector(bank, phase_number, slot, feature_id):
    """sel<slot>: in (`bank`, phase), slot `slot` holds the feature `feature_id`."""
    return (f"NidsIngress.classifier.sel{slot}", {"bank": bank, "phase": phase_number},
            "NidsIngress.classifier.select_feature", {"feature_id": feature_id}, None)


def feature_range(bank, phase_number, slot, low, high, code, priority=1):
    return (f"NidsIngress.classifier.range{slot}", {"bank": bank, "phase": phase_number, "value": Range(low, high)},
            "NidsIngress.classifier.set_code", {"code": code}, priority)


def decision(bank, phase_number, codes, class_id, leaf_id, confidence=1000, priority=1):
    """codes: {slot: (low, high)}; slots not named match any code."""
    match = {"bank": bank, "phase": phase_number}
    for slot, (low, high) in codes.items():
        match[f"code_{slot}"] = Range(low, high)
    return ("NidsIngress.classifier.decision", match, "NidsIngress.classifier.set_class",
            {"class_id": class_id, "leaf_id": leaf_id, "confidence": confidence}, priority)


def model_entries(model, bank):
    """Every entry of a model bundle (docs/model-format.md, schema 2: one tree per phase) in one bank, as the app
    writes them."""
    entries = []
    for p in model["phases"]:
        number = p["phase"]
        entries.append(phase(bank, number))
        entries += [selector(bank, number, s["slot"], s["feature_id"]) for s in p["slots"] if s["feature_id"]]
        entries += [feature_range(bank, number, e["slot"], e["low"], e["high"], e["code"], e["priority"])
                    for e in p["feature_entries"]]
        entries += [decision(bank, number, dict(enumerate(e["codes"])), e["class_id"], e["leaf_id"],
                             e["confidence_permille"], e["priority"]) for e in p["decision_entries"]]
    return entries
