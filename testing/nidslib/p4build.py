"""Builds the pipeline: p4c-bm2-ss compiles p4src/ (its JSON kept as bmv2.p4c.json), nidslib.bmv2opt takes out
the per-packet work p4c leaves that cannot change a value, into bmv2.json; p4info.txtpb is copied to p4info.txt
(the name the pipeconf uses; p4c 1.2.4.8 warns that the .txt suffix is deprecated, same text format).
The one build of the Makefile (p4-build, p4-check) and the data-plane tests.

    python -m nidslib.p4build [--out p4src/build]      # from the repository root
"""
import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path

from . import bmv2opt
from .paths import REPO_ROOT

REPO = Path(REPO_ROOT)
P4C = "p4c-bm2-ss"
P4C_JSON = "bmv2.p4c.json"


def p4c_command(p4c=P4C, out="p4src/build"):
    """The compiler's command (run from the repository root); it writes p4c's JSON as bmv2.p4c.json."""
    return [p4c, "--arch", "v1model", "--std", "p4-16", "-I", "p4src/include",
            "-o", f"{out}/{P4C_JSON}", "--p4runtime-files", f"{out}/p4info.txtpb",
            "p4src/main.p4"]


def build(out="p4src/build", p4c=P4C, timeout=900):
    """Compiles and optimises into out/ (relative to the repository root or absolute); returns (returncode,
    compiler and optimiser output)."""
    out_dir = REPO / out
    out_dir.mkdir(parents=True, exist_ok=True)
    proc = subprocess.run(p4c_command(p4c, str(out_dir)), cwd=REPO, capture_output=True, text=True,
                          timeout=timeout)
    if proc.returncode != 0:
        return proc.returncode, proc.stdout + proc.stderr
    raw = json.loads((out_dir / P4C_JSON).read_text())
    optimised, removed = bmv2opt.optimise(raw)
    with open(out_dir / "bmv2.json", "w") as f:
        json.dump(optimised, f, indent=2)
        f.write("\n")
    shutil.copyfile(out_dir / "p4info.txtpb", out_dir / "p4info.txt")
    return 0, proc.stdout + proc.stderr + bmv2opt.summary(raw, optimised, removed) + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default="p4src/build", help="output directory (default p4src/build)")
    parser.add_argument("--p4c", default=P4C)
    args = parser.parse_args(argv)
    if shutil.which(args.p4c) is None:
        print(f"p4build: {args.p4c} not on PATH (see `make stack`)", file=sys.stderr)
        return 1
    rc, output = build(args.out, args.p4c)
    print(output, end="", file=sys.stderr if rc else sys.stdout)
    return rc


if __name__ == "__main__":
    sys.exit(main())
