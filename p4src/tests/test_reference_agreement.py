# Run: .venv/bin/python -m pytest p4src/tests/test_reference_agreement.py   (from the repository root, as root)
"""The switch and its software reference agree exactly: a model trained by nids-model on this traffic (one tree
per phase, SRC_* features allowed) is written into the switch; the traffic crosses it with a report at every
packet; the same packets, stamped with the switch's own ingress times (from those reports), go through
`nids-model simulate`. Every verdict the switch gives (phase, class, leaf, confidence) must be the one the
simulation gives at that packet, and none more or less; and the report at each flow's last event the simulation
lists (its last phase packet or its end) carries the packet spacing (IN_PKT_INTERVAL) the simulation computes there. Needs the model tools (a built nids-model jar)."""

import glob
import json
import os
import struct

import pytest

from nidslib import dataplane as h
from nidslib import modelcli, pipeline
from nidslib.paths import NIDS_MODEL

SCANNER, CLIENT, SERVER, FLOODER = "10.8.0.66", "10.8.0.20", "10.8.0.1", "10.8.0.99"
LONG_FLOW = 260         # packets of the long flows: packet phases up to 128, then the late phase at 192 and 256


def traffic():
    """(port, frame) of a little lab: a SYN scan (closed ports answer RST), an HTTP-like conversation with FINs,
    DNS-like UDP, a ping, and two long UDP flows (the late phase): a stream answered now and then, a one-way flood."""
    out = []
    for i, port in enumerate([21, 22, 23, 25, 80, 110, 139, 143, 443, 445, 3306, 3389, 5432, 8080, 8443]):
        out.append((1, h.tcp(SCANNER, SERVER, 61000, port, flags=0x02, total_len=44)[0]))
        out.append((2, h.tcp(SERVER, SCANNER, port, 61000, flags=0x14 if port != 80 else 0x12, total_len=40,
                             smac=h.MAC_B, dmac=h.MAC_A)[0]))
        if port == 80:
            out.append((1, h.tcp(SCANNER, SERVER, 61000, port, flags=0x04, total_len=40)[0]))
    conversation = [(1, 0x02, 60), (2, 0x12, 60), (1, 0x10, 52), (1, 0x18, 400), (2, 0x10, 52), (2, 0x18, 1400),
                    (2, 0x18, 1400), (1, 0x10, 52), (2, 0x18, 900), (1, 0x11, 52), (2, 0x11, 52), (1, 0x10, 52)]
    for side, flags, length in conversation:
        if side == 1:
            out.append((1, h.tcp(CLIENT, SERVER, 45000, 80, flags=flags, total_len=length)[0]))
        else:
            out.append((2, h.tcp(SERVER, CLIENT, 80, 45000, flags=flags, total_len=length, smac=h.MAC_B,
                                 dmac=h.MAC_A)[0]))
    for i in range(5):
        out.append((1, h.udp(CLIENT, SERVER, 53000 + i, 53, total_len=70)[0]))
        out.append((2, h.udp(SERVER, CLIENT, 53, 53000 + i, total_len=150, smac=h.MAC_B, dmac=h.MAC_A)[0]))
    for _ in range(3):
        out.append((1, h.icmp(CLIENT, SERVER, icmp_type=8, total_len=84)[0]))
        out.append((2, h.icmp(SERVER, CLIENT, icmp_type=0, total_len=84, smac=h.MAC_B, dmac=h.MAC_A)[0]))
    for i in range(LONG_FLOW):
        if i % 10 == 1:
            out.append((2, h.udp(SERVER, CLIENT, 5004, 40000, total_len=40, smac=h.MAC_B, dmac=h.MAC_A)[0]))
        else:
            out.append((1, h.udp(CLIENT, SERVER, 40000, 5004, total_len=1200)[0]))
        out.append((1, h.udp(FLOODER, SERVER, 7000, 9, total_len=28 + i % 3)[0]))
    return out


def write_pcap(path, frames_with_times):
    """A classic microsecond pcap (Ethernet), timestamps exactly as given."""
    with open(path, "wb") as f:
        f.write(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1))
        for frame, ts_us in frames_with_times:
            f.write(struct.pack("<IIII", ts_us // 1_000_000, ts_us % 1_000_000, len(frame), len(frame)))
            f.write(frame)


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    # glob, not listdir: the CLI's target/ does not exist before its first build, which is a skip, not an error.
    if not os.path.exists(NIDS_MODEL) or not glob.glob(
            os.path.join(h.REPO, "model-tools", "cli", "target", "nids-model-cli-*-all.jar")):
        pytest.skip("nids-model is not built (mvn -f model-tools/pom.xml package)")
    work = tmp_path_factory.mktemp("agreement")
    pcap = work / "train.pcap"
    write_pcap(pcap, [(frame, 1_000_000 + 2000 * i) for i, (_, frame) in enumerate(traffic())])
    data, bundle = work / "rows.csv", work / "model.json"
    modelcli.run("dataset", "--pcap", str(pcap), "--out", str(data), "--label-by-src", f"{SCANNER}=Scan,{FLOODER}=Flood",
                 "--rows", "phases")
    modelcli.run("train", "--data", str(data), "--out", str(bundle), "--min-leaf", "1", "--test-fraction", "0",
                 "--alert-threshold", "0")
    with open(bundle) as f:
        return bundle, json.load(f)


def test_switch_and_simulate_give_the_same_verdicts(sw, model, tmp_path):
    path, bundle = model
    sw.add_edge_link(1, 2)
    sw.insert_many(pipeline.model_entries(bundle, 0))
    sw.config(timeout_pkts=1, source_window_log2_us=bundle["source_context"]["window_log2_us"])
    stamped, switch_verdicts, ignored, reports = [], [], 0, {}
    for port, frame in traffic():
        sw.send(port, frame)
        got = sw.reports(count=1, timeout=1.0)
        if not got:
            # a late packet of an ended flow (the conversation's last ACK): not counted, so no report and no
            # time from the switch; the simulation ignores it too, whenever it comes
            ignored += 1
            stamped.append((frame, stamped[-1][1] + 1))
            continue
        rep = got[0]
        stamped.append((frame, rep["last_seen"]))
        reports[(rep["client_port"], rep["server_port"], rep["in_pkts"] + rep["out_pkts"])] = rep
        if rep["flags"] & sw.const["REPORT_FLAG_CLASSIFIED"]:
            switch_verdicts.append((rep["client_port"], rep["server_port"], rep["phase"], rep["class_id"],
                                    rep["leaf_id"], rep["confidence"]))
    pcap = tmp_path / "switch-times.pcap"
    write_pcap(pcap, stamped)
    simulated = json.loads(modelcli.run("simulate", "--model", str(path), "--pcap", str(pcap), "--json",
                                        "--sweep", "none"))
    assert simulated["tree_disagreements"] == 0
    sim_verdicts = []
    for flow in simulated["flows"]:
        for v in flow["verdicts"]:
            if "class_id" in v:
                named = {"end": sw.const["PHASE_END"], "late": sw.const["PHASE_LATE"]}
                phase = named[v["phase"]] if v["phase"] in named else int(v["phase"][1:])
                sim_verdicts.append((v["time_us"], flow["client_port"], flow["server_port"], phase, v["class_id"],
                                     v["leaf_id"], v["confidence_permille"]))
    sim_verdicts = [v[1:] for v in sorted(sim_verdicts)]
    assert ignored == 1
    assert len(switch_verdicts) > 20
    classes = bundle["classes"]
    assert {classes[v[3]] for v in switch_verdicts} == {"Benign", "Flood", "Scan"}, "the model tells them apart"
    late = [v for v in switch_verdicts if v[2] == sw.const["PHASE_LATE"]]
    assert len(late) == 4, f"the two long flows at packets 192 and 256 (late phase): {late}"
    assert switch_verdicts == sim_verdicts
    # the same spacing, bit for bit, on every flow (switch: features.p4; reference: PacketInterval)
    simulated_spacing = {(f["client_port"], f["server_port"], f["packets"]): f["data_plane"]["IN_PKT_INTERVAL"]
                         for f in simulated["flows"]}
    assert len(simulated_spacing) == len(simulated["flows"]) > 20
    assert simulated_spacing == {key: reports[key]["in_pkt_interval"] for key in simulated_spacing}
    assert simulated_spacing[(40000, 5004, 256)] > 0 and simulated_spacing[(7000, 9, 256)] > 0
