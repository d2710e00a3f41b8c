#!/usr/bin/env bash
# `make itest`: the integration suites against ONOS + a BMv2 fabric. Builds the .oar if needed, and removes any
# switch, namespace or ONOS this run started on every exit path.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p build/itest build/test-reports
cleanup() {
  .venv/bin/python -c 'from nidslib import fabric, topology; fabric.cleanup(topology.leaf_spine())' 2>/dev/null
  # Only the ONOS this run started (its process group), never another one on the machine.
  if [[ -f build/itest/onos.pid ]]; then kill -- -"$(cat build/itest/onos.pid)" 2>/dev/null; rm -f build/itest/onos.pid; fi
}
trap cleanup EXIT INT TERM
if ! ls oar/target/*.oar >/dev/null 2>&1; then
  mvn -B -q -DskipTests package || exit 1
fi
.venv/bin/python -m pytest -q -rs --junitxml=build/test-reports/integration.xml itest/suites "$@"
