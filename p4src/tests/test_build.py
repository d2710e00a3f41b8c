# Run: .venv/bin/python -m pytest p4src/tests/test_build.py         (from the repository root)
"""The build: the program compiles warning-free; its P4Info names are the ones docs/pipeline.md lists; the
feature ids, the report layout and the shared constants agree with docs/features.md and with each other.
Needs p4c-bm2-ss (or an up-to-date p4src/build/); no switch."""

import re
import shutil
import tempfile
from pathlib import Path

import pytest

from nidslib import dataplane as h
from nidslib import p4build

DOCS = h.REPO / "docs"


def test_compiles_warning_free():
    if shutil.which(h.P4C) is None:
        pytest.skip("p4c-bm2-ss not on PATH")
    with tempfile.TemporaryDirectory() as tmp:
        rc, out = p4build.build(out=tmp)
        assert rc == 0, out
        assert "warning" not in out.lower(), out
        assert Path(tmp, p4build.P4C_JSON).stat().st_size > Path(tmp, "bmv2.json").stat().st_size > 0


def catalog():
    """[(id, NAME, width)] from the feature table of docs/features.md."""
    rows = []
    for line in (DOCS / "features.md").read_text().splitlines():
        m = re.match(r"\|\s*(\d+)\s*\|\s*([A-Z0-9_]+)\s*\|\s*(\d+)\s*\|", line)
        if m:
            rows.append((int(m.group(1)), m.group(2), int(m.group(3))))
    return rows


def test_feature_ids_agree_with_the_catalog(build):
    p4info, bmv2 = build
    rows = catalog()
    assert [r[0] for r in rows] == list(range(1, 34))
    ids = p4info.serializable_enum("FeatureId_t")
    assert ids == {"NONE": 0, **{name: fid for fid, name, _ in rows}}
    param = p4info.param("NidsIngress.classifier.select_feature", "feature_id")
    assert param.bitwidth == 8


def test_report_layout_follows_the_catalog(build):
    p4info, bmv2 = build
    layout = bmv2.layout("report_t")
    widths = dict(layout)
    assert all(w % 8 == 0 for _, w in layout), "report_t fields must be byte-aligned"
    names = [n for n, _ in layout]
    features = [(name.lower(), width) for _, name, width in catalog()]
    start = names.index(features[0][0])
    assert layout[start:start + len(features)] == features, "the catalog's features in catalog order and widths"
    for field in ("version", "reason", "events", "flags", "bank", "class_id", "leaf_id", "phase", "confidence", "slot",
                  "ingress_port", "client_ingress_port", "model_epoch", "client_ip", "server_ip", "client_port", "server_port",
                  "proto", "first_seen", "last_seen"):
        assert field in widths
    assert widths["first_seen"] == widths["last_seen"] == 48
    assert widths["class_id"] == 8 and widths["leaf_id"] == 16 and widths["slot"] == 32
    assert widths["phase"] == 16 and widths["confidence"] == 16
    assert widths["ingress_port"] == widths["client_ingress_port"] == 16


def test_shared_constants(build):
    p4info, _ = build
    c = p4info.constants()
    assert c["CPU_PORT"] == 255
    assert c["NUM_SLOTS"] == 8 and c["NUM_BANKS"] == 2 and c["CLASSES_PER_BANK"] >= 16
    assert c["FEATURE_SCALE"] == 1000 and c["CATALOG_VERSION"] == 3 and c["REPORT_VERSION"] == 5
    assert c["PHASE_END"] == 0 and c["MAX_PHASE_PACKETS"] == 128 and c["CONFIDENCE_FULL"] == 1000
    # the late phase: a power-of-two period, a key no packet phase (a power of two up to the maximum) has
    period, late = c["LATE_PHASE_PERIOD"], c["PHASE_LATE"]
    assert period & (period - 1) == 0 and period <= c["MAX_PHASE_PACKETS"]
    assert late & (late - 1) != 0 and late < 1 << 16
    none = c["PHASE_NONE"]
    assert none & (none - 1) != 0 and none not in (late, c["PHASE_END"]) and none < 1 << 16
    budgets = {k: v for k, v in c.items() if k.startswith("BUDGET_")}
    assert set(budgets) == {"BUDGET_ALERT", "BUDGET_RECORD", "BUDGET_EVICT", "BUDGET_PROBE", "BUDGET_START"}
    assert sorted(budgets.values()) == [0, 1, 2, 3, 4]
    reasons = {k: v for k, v in c.items() if k.startswith("REASON_")}
    assert set(reasons) == {"REASON_ALERT", "REASON_FLOW_END", "REASON_EVICT", "REASON_ACTIVE_TIMEOUT",
                            "REASON_PROBE", "REASON_FLOW_START"}
    assert len(set(reasons.values())) == 6 and max(reasons.values()) < 8
    assert c["ETHERTYPE_REPORT"] != c["ETHERTYPE_PROBE"]
    m = p4info.packet_metadata("packet_in", "ingress_port")
    assert m.bitwidth == 9
    assert p4info.packet_metadata("packet_out", "egress_port").bitwidth == 9


def test_sizes(build):
    p4info, _ = build
    c = p4info.constants()
    k = c["NUM_SLOTS"]
    assert c["FLOW_TABLE_SIZE"] == 2 * c["FLOW_SLOTS_PER_WAY"] >= 65536
    for cells in ("flow_cells", "flow_alerts"):
        assert p4info.registers[cells].size == c["FLOW_TABLE_SIZE"], cells
    assert p4info.registers["NidsIngress.sources.r_sources"].size == c["SOURCE_CELLS"]
    assert p4info.registers["NidsIngress.reports.r_source_alerts"].size == c["SOURCE_CELLS"]
    for i in range(k):
        assert p4info.table(f"NidsIngress.classifier.sel{i}").size >= c["NUM_BANKS"]
        assert p4info.table(f"NidsIngress.classifier.range{i}").size == 2048
    assert f"NidsIngress.classifier.sel{k}" not in p4info.tables
    assert p4info.table("NidsIngress.classifier.decision").size == 2048
    assert p4info.table("NidsIngress.classifier.phases").size == 64
    for counter in ("class_counter", "low_confidence_counter"):
        assert p4info.counter_size(f"NidsIngress.classifier.{counter}") == c["NUM_BANKS"] * c["CLASSES_PER_BANK"]
    decision = p4info.table("NidsIngress.classifier.decision")
    assert [mf.name for mf in decision.match_fields] == ["bank", "phase"] + [f"code_{i}" for i in range(k)]
    assert [p.name for p in p4info.action("NidsIngress.classifier.set_class").params] == [
        "class_id", "leaf_id", "confidence"]


def test_classifier_tables_are_written_out():
    """No token pasting: every classifier table name appears in the source as written."""
    source = (h.P4SRC / "include" / "control" / "classifier.p4").read_text()
    for i in range(8):
        assert f"table sel{i} {{" in source and f"table range{i} {{" in source
    longest = max(len(line) for path in h.p4_sources() for line in path.read_text().splitlines())
    assert longest <= 120, f"a P4 source line of {longest} characters"


def test_each_control_lives_in_the_file_named_after_it():
    for path in (h.P4SRC / "include" / "control").glob("*.p4"):
        controls = re.findall(r"^control (\w+)\(", path.read_text(), re.M)
        assert len(controls) == 1, f"{path.name}: {controls}"
        snake = re.sub(r"(?<!^)(?=[A-Z])", "_", controls[0]).lower()
        assert path.stem == snake, f"{path.name} holds control {controls[0]}"


def documented_names():
    """Names in the "P4Runtime names" section of docs/pipeline.md: every backticked Nids*.* name, and the
    backticked first column of its tables (controller headers, NoAction)."""
    text = (DOCS / "pipeline.md").read_text()
    section = text.split("## P4Runtime names", 1)[1].split("\n## ", 1)[0]
    names = set(re.findall(r"`(Nids(?:Ingress|Egress)\.[A-Za-z0-9_.<>]+)`", section))
    for line in section.splitlines():
        m = re.match(r"\|\s*`([A-Za-z0-9_.<>]+)`", line)
        if m:
            names.add(m.group(1))
    return names


def expand(names):
    """sel<i> / range<i> rows stand for i = 0..7."""
    out = set()
    for n in names:
        if "<i>" in n:
            out.update(n.replace("<i>", str(i)) for i in range(8))
        else:
            out.add(n)
    return out


def test_docs_list_every_p4runtime_name(build):
    p4info, _ = build
    actual = (set(p4info.tables) | set(p4info.actions) | set(p4info.counters)
              | set(p4info.direct_counters) | set(p4info.ctrl_meta) | set(p4info.registers))
    documented = expand(documented_names())
    assert actual - documented == set(), "P4Info names missing from docs/pipeline.md"
    assert documented - actual == set(), "docs/pipeline.md names that P4Info lacks"
