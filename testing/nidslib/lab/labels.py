"""The labels file of a lab run: one row per attack, by source address and time window.

    src,start,end,family,attack,tool,target,params
    10.0.0.5,1732412345.120031,1732412360.457710,Scan,syn-scan,nmap,10.0.0.2,-sS -Pn -n ...

A flow belongs to an attack when its client (the sender of its first packet, docs/features.md) is `src` and its
first packet falls in [start, end] (epoch seconds, the clock of the capture's timestamps); every other flow is
benign (flows the attacker starts within 5 s after its window are left out by nids-model). `family` is the class a multi-class model names (Scan, Flood, BruteForce, SlowDoS); `attack` the kind
(syn-scan, udp-flood, ...); `tool`, `target`, `params` say what ran, for people (no model reads them).
"""
import csv
from dataclasses import dataclass

COLUMNS = ["src", "start", "end", "family", "attack", "tool", "target", "params"]


@dataclass(frozen=True)
class Window:
    src: str
    start: float
    end: float
    family: str
    attack: str
    tool: str = ""
    target: str = ""
    params: str = ""

    def covers(self, src, time):
        return src == self.src and self.start <= time <= self.end


def write(path, windows):
    with open(path, "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(COLUMNS)
        for w in sorted(windows, key=lambda w: (w.start, w.src)):
            writer.writerow([w.src, f"{w.start:.6f}", f"{w.end:.6f}", w.family, w.attack, w.tool, w.target,
                             w.params])


def read(path):
    with open(path, newline="") as f:
        reader = csv.DictReader(f)
        missing = [c for c in COLUMNS[:5] if c not in (reader.fieldnames or [])]
        if missing:
            raise ValueError(f"{path}: not a labels file (missing columns {', '.join(missing)})")
        return [Window(r["src"], float(r["start"]), float(r["end"]), r["family"], r["attack"], r.get("tool", ""),
                       r.get("target", ""), r.get("params", "")) for r in reader]


def label_of(windows, src, time):
    """The window a flow of client `src` first seen at `time` belongs to, or None (benign)."""
    return next((w for w in windows if w.covers(src, time)), None)
