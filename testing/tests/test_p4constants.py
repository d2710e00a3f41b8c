# Run: .venv/bin/python -m pytest testing/tests/test_p4constants.py
import json
import os

import pytest

from nidslib import p4constants, p4info

HERE = os.path.dirname(__file__)


def load_fixtures():
    with open(os.path.join(HERE, "fixtures", "tiny_p4info.txt")) as f:
        info = p4info.parse(f.read())
    with open(os.path.join(HERE, "fixtures", "tiny_bmv2.json")) as f:
        bmv2 = json.load(f)
    return info, bmv2


def test_constant_names_follow_p4_hierarchy():
    assert p4constants.constant_name("NidsIngress.table0") == "NIDS_INGRESS_TABLE0"
    assert p4constants.constant_name("hdr.eth_dst") == "HDR_ETH_DST"
    assert p4constants.constant_name("ReportReason") == "REPORT_REASON"


def test_shared_match_fields_are_declared_once():
    model = p4constants.build_model(*load_fixtures())
    fields = [c for c, _ in model.ids["match fields"]]
    assert fields == ["HDR_INGRESS_PORT", "HDR_ETH_DST"]


def test_java_holds_ids_sizes_widths_enums_and_layouts():
    java = p4constants.render_java(p4constants.build_model(*load_fixtures()))
    assert 'PiTableId NIDS_INGRESS_TABLE0 =\n            PiTableId.of("NidsIngress.table0");' in java
    assert "int NIDS_INGRESS_TABLE0_SIZE = 1024;" in java
    assert "int HDR_ETH_DST_BITWIDTH = 48;" in java
    assert "int PORT_BITWIDTH = 9;" in java
    assert "int NIDS_INGRESS_CLASS_COUNTER_SIZE = 64;" in java
    assert "int INGRESS_PORT_BITWIDTH = 9;" in java
    assert "int REPORT_REASON_FLOW_END = 2;" in java
    assert "int CPU_PORT = 255;" in java
    assert "int ETHERTYPE_REPORT = 34997;" in java
    assert 'new HeaderField("leaf", 16, 16);' in java
    assert "int REPORT_HEADER_BYTES = 4;" in java


def test_python_mirrors_java():
    py = p4constants.render_python(p4constants.build_model(*load_fixtures()))
    namespace = {}
    exec(py, namespace)
    assert namespace["NIDS_INGRESS_TABLE0"] == "NidsIngress.table0"
    assert namespace["REPORT_REASON_ALERT"] == 1
    assert namespace["REPORT_FIELDS"][2] == ("leaf", 16, 16)
    assert namespace["REPORT_HEADER_BYTES"] == 4


def test_conflicting_widths_are_refused():
    info, bmv2 = load_fixtures()
    info.tables[1].match_fields[0].bitwidth = 16
    with pytest.raises(p4constants.ConstantsError, match="INGRESS_PORT_BITWIDTH"):
        p4constants.build_model(info, bmv2)


def test_non_integer_package_constants_are_refused():
    info, bmv2 = load_fixtures()
    info.pkg_info.structured_annotations[0].kv_pair_list.kv_pairs[0].value.string_value = "x"
    with pytest.raises(p4constants.ConstantsError, match="only integer"):
        p4constants.build_model(info, bmv2)


def test_a_constant_may_not_shadow_another_kind_of_name():
    info, bmv2 = load_fixtures()
    info.pkg_info.structured_annotations[0].kv_pair_list.kv_pairs[0].key = "HDR_ETH_DST"
    with pytest.raises(p4constants.ConstantsError, match="HDR_ETH_DST is generated for both"):
        p4constants.build_model(info, bmv2)


def test_header_not_byte_aligned_is_refused():
    info, bmv2 = load_fixtures()
    bmv2["header_types"][1]["fields"].append(["odd", 3, False])
    with pytest.raises(p4constants.ConstantsError, match="whole number of bytes"):
        p4constants.build_model(info, bmv2)


def test_check_mode_reports_stale_files(tmp_path):
    args = ["--p4info", os.path.join(HERE, "fixtures", "tiny_p4info.txt"),
            "--bmv2-json", os.path.join(HERE, "fixtures", "tiny_bmv2.json"),
            "--java", str(tmp_path / "C.java"), "--python", str(tmp_path / "c.py")]
    assert p4constants.main(args + ["--check"]) == 1
    assert p4constants.main(args) == 0
    assert p4constants.main(args + ["--check"]) == 0
