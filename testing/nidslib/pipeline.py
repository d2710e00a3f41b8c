"""Table entries of the NIDS pipeline (names as in docs/pipeline.md), as (table, match, action, params, priority)
tuples for `Bmv2Switch.insert` / `insert_many`. Shared by the data-plane tests and the overhead benchmark."""
from .p4runtime import Range, Ternary

CONFIG_TABLE = "NidsIngress.cfg.config"
CONFIG_ACTION = "NidsIngress.cfg.set_config"


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


def selector(bank, slot, feature_id):
    """sel<slot>: in `bank`, slot `slot` holds the feature `feature_id`."""
    return (f"NidsIngress.classifier.sel{slot}", {"bank": bank}, "NidsIngress.classifier.select_feature",
            {"feature_id": feature_id}, None)


def feature_range(bank, slot, low, high, code, priority=1):
    return (f"NidsIngress.classifier.range{slot}", {"bank": bank, "value": Range(low, high)},
            "NidsIngress.classifier.set_code", {"code": code}, priority)


def decision(bank, codes, class_id, leaf_id, priority=1):
    """codes: {slot: (low, high)}; slots not named match any code."""
    match = {"bank": bank}
    for slot, (low, high) in codes.items():
        match[f"code_{slot}"] = Range(low, high)
    return ("NidsIngress.classifier.decision", match, "NidsIngress.classifier.set_class",
            {"class_id": class_id, "leaf_id": leaf_id}, priority)


def model_entries(model, bank):
    """Every entry of a model bundle (docs/model-format.md) in one bank, as the app writes them."""
    entries = [selector(bank, s["slot"], s["feature_id"]) for s in model["slots"] if s["feature_id"]]
    entries += [feature_range(bank, e["slot"], e["low"], e["high"], e["code"], e["priority"])
                for e in model["feature_entries"]]
    entries += [decision(bank, dict(enumerate(e["codes"])), e["class_id"], e["leaf_id"], e["priority"])
                for e in model["decision_entries"]]
    return entries
