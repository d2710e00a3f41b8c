"""python -m onos --src ONOS_TREE --gnmi GNMI_TREE --work DIR --prefix ONOS_HOME [--jobs N] [--until STAGE]"""
import argparse
import subprocess
import sys
import time

from . import compile as compile_stage, fetch, install, karaf, package, plan as plan_stage
from .common import Build, BuildError, say

STAGES = ["plan", "fetch", "compile", "package", "karaf", "install"]


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m onos", description=__doc__)
    ap.add_argument("--src", required=True, help="ONOS source tree at tag 2.7.0")
    ap.add_argument("--gnmi", required=True, help="openconfig/gnmi tree at the commit ONOS 2.7.0 pins")
    ap.add_argument("--work", required=True, help="downloads, bundles, stamps, the tarball")
    ap.add_argument("--prefix", required=True, help="where the runtime is installed (ONOS_HOME)")
    ap.add_argument("--jobs", type=int, default=2, help="bundles compiled at a time")
    ap.add_argument("--until", choices=STAGES, default="install", help="stop after this stage")
    args = ap.parse_args(argv)
    build = Build(args.src, args.gnmi, args.work, args.prefix, args.jobs)
    times = []
    stage = "plan"
    started = time.time()
    try:
        for stage in STAGES:
            t0 = time.time()
            if stage == "plan":
                plan = plan_stage.Plan(build)
                say(f"plan: {plan.summary()}")
            elif stage == "fetch":
                fetch.java11(build)
                fetch.maven(build, plan.maven_artifacts() + fetch.build_artifacts())
                fetch.npm_packages(build)
            elif stage == "compile":
                compile_stage.compile_all(build, plan)
            elif stage == "package":
                package.package(build, plan)
            elif stage == "karaf":
                karaf.karaf(build, plan)
            elif stage == "install":
                digest = install.stage(build, plan)
                commit = subprocess.run(["git", "-C", build.src, "rev-parse", "HEAD"], capture_output=True,
                                        text=True).stdout.strip()
                install.install(build, digest, commit)
            times.append(f"{stage} {time.time() - t0:.0f}s")
            if stage == args.until:
                break
    except BuildError as e:
        print(f"onos build: {stage}: {e}", file=sys.stderr)
        return 1
    say(f"done in {time.time() - started:.0f}s: {', '.join(times)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
