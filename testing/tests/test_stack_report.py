# Run: .venv/bin/python -m pytest testing/tests/test_stack_report.py
"""`make stack-report`'s 'built from' column: the commits of an install stamp, with the patches it lists."""
import json

from nidslib import stack


def stamp(path, **data):
    path.write_text(json.dumps(data))
    return str(path)


def test_commits_name_the_patches_a_part_was_built_with(tmp_path):
    pi = stamp(tmp_path / "pi.json", commits={"PI": "14ef9c36c480b958"},
               patches={"PI": ["0001-write-and-packet-io.patch", "0002-answer-a-repeated-arbitration-update.patch"]})
    bmv2 = stamp(tmp_path / "bmv2.json", commits={"PI": "14ef9c36c480b958", "behavioral-model": "693e69e634aa"})
    assert stack._commits(pi) == "PI@14ef9c36c4+0001+0002"
    assert stack._commits(bmv2) == "PI@14ef9c36c4, behavioral-model@693e69e634"
    assert stack._commits(bmv2, [pi]) == "PI@14ef9c36c4+0001+0002, behavioral-model@693e69e634"


def test_a_stamp_without_a_patch_list_or_no_stamp_at_all(tmp_path):
    old = stamp(tmp_path / "pi.json", commits={"PI": "14ef9c36c480b958"}, recipe="x")
    assert stack._commits(old) == "PI@14ef9c36c4"
    assert stack._commits(str(tmp_path / "absent.json"), [old]) == ""
