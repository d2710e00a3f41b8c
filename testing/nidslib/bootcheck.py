"""`make stack-boot-check`: starts ONOS clean N times with the harness's boot apps and checks every start settles.

    .venv/bin/python -m nidslib.bootcheck [--runs N] [--oar FILE] [--onos-home DIR] [--java-home DIR]

Each start, as the harness does it (nidslib.session): `onos-service apps-clean clean` with the boot apps, REST
up, the apps ACTIVE and ready for several seconds (onos.wait_settled); then, what the harness does next, for a while
longer: every poll must still answer with the apps ACTIVE (a core refresh after boot shows here), and the app
archive must install and go ACTIVE. Karaf's log is searched for the failure of a refreshed core. A start is good
when all of that holds. Holds the machine-wide stack lock; stops every ONOS it started.
"""
import argparse
import os
import shutil
import sys
import time

from . import onos as onos_mod
from . import session as session_mod
from . import stack

WATCH_S = 20
BAD_LOG_LINES = ["activate method [activate] not found", "ApplicationAdminService not found"]


def one_start(args, run, log_dir, app_name):
    rest = onos_mod.Rest()
    names = [f"org.onosproject.{a}" for a in session_mod.BOOT_APPS]
    process = onos_mod.OnosProcess(args.onos_home, args.java_home, session_mod.BOOT_APPS, log_dir,
                                   remove_apps=[app_name] if app_name else [])
    result = {"run": run, "rest_s": None, "settled_s": None, "flaps": 0, "app": "-", "log": [], "error": ""}
    t0 = time.monotonic()
    process.start()
    try:
        onos_mod.wait_until(lambda: process.running() and rest.alive(), session_mod.REST_TIMEOUT, 1, "ONOS REST")
        result["rest_s"] = time.monotonic() - t0
        onos_mod.wait_settled(rest, names, session_mod.REST_TIMEOUT)
        result["settled_s"] = time.monotonic() - t0
        deadline = time.monotonic() + WATCH_S
        while time.monotonic() < deadline:
            try:
                if onos_mod.boot_state(rest, names) is not None:
                    result["flaps"] += 1
            except onos_mod.OnosError:
                result["flaps"] += 1
            time.sleep(2)
        if args.oar:
            onos_mod.install_app(rest, args.oar, app_name)
            result["app"] = "ACTIVE"
    except onos_mod.OnosError as e:
        result["error"] = str(e)[:160]
    finally:
        process.stop()
        karaf_log = process.karaf_log()
        if os.path.exists(karaf_log):
            shutil.copy(karaf_log, os.path.join(log_dir, "karaf.log"))
            with open(karaf_log, errors="replace") as f:
                text = f.read()
            result["log"] = [line for line in BAD_LOG_LINES if line in text]
    result["good"] = (not result["error"] and result["flaps"] == 0 and not result["log"]
                      and (result["app"] == "ACTIVE" or not args.oar))
    return result


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--onos-home", default=stack.onos_home(), help="default: util/stack.py onos-home")
    ap.add_argument("--java-home", default=stack.java11_home(), help="default: util/stack.py java11-home")
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--oar", help="app archive to install after each boot (default: the built one, if any)")
    ap.add_argument("--log-dir", default=os.path.join(session_mod.ROOT, "build", "boot-check"))
    args = ap.parse_args(argv)
    if not args.onos_home or not args.java_home:
        print(f"boot-check: {stack.need_onos() or stack.need_java11()}", file=sys.stderr)
        return 1
    if not args.oar:
        try:
            args.oar = session_mod.built_oar()
        except onos_mod.OnosError:
            print("boot-check: no .oar in oar/target (`make build`): boots only, no app install")
    app_name = session_mod.oar_app_name(args.oar) if args.oar else None
    lock = session_mod.exclusive_stack_lock(on_wait=lambda: print("boot-check: waiting for the stack lock"))
    try:
        if onos_mod.Rest().alive():
            print("boot-check: something already answers on 8181: stop that ONOS first", file=sys.stderr)
            return 1
        print(f"boot-check: {args.runs} clean starts of {args.onos_home} with {', '.join(session_mod.BOOT_APPS)}"
              + (f", then {os.path.basename(args.oar)}" if args.oar else ""))
        print(f"{'run':>3} {'REST':>6} {'settled':>8} {'flaps':>5} {'app':>6}  result")
        results = []
        for run in range(1, args.runs + 1):
            log_dir = os.path.join(args.log_dir, f"run-{run}")
            shutil.rmtree(log_dir, ignore_errors=True)
            r = one_start(args, run, log_dir, app_name)
            results.append(r)
            seconds = lambda v: f"{v:.0f}s" if v is not None else "-"  # noqa: E731
            why = "; ".join(filter(None, [r["error"], ", ".join(r["log"])]))
            print(f"{run:>3} {seconds(r['rest_s']):>6} {seconds(r['settled_s']):>8} {r['flaps']:>5} {r['app']:>6}  "
                  f"{'good' if r['good'] else 'BAD'}{'  ' + why if why else ''}", flush=True)
    finally:
        lock.close()
    good = sum(r["good"] for r in results)
    print(f"boot-check: {good}/{len(results)} starts good (logs: {os.path.relpath(args.log_dir, session_mod.ROOT)})")
    return 0 if good == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
