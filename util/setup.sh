#!/usr/bin/env bash
# `make setup`: installs everything the package registries offer, then builds the parts they do not (`make stack`)
# when their sources are reachable, and reports them (SKIP_STACK=1: report only).
# Idempotent and non-interactive; run as root on Debian/Ubuntu. Installs nothing that needs a download outside
# Debian, PyPI and Maven Central.
set -euo pipefail
cd "$(dirname "$0")/.."

DEBS=(
  # build: Java 17 JDK (compiles --release 11 bytecode), Maven, Python venv
  openjdk-17-jdk-headless maven python3-venv python3-pip
  # fabric and tests: namespaces, captures, traffic and attack tools, NetFlow collector, browser for GUI tests
  iproute2 iputils-ping arping ethtool procps psmisc curl jq mininet tcpdump tshark nmap hping3 iperf3 nfdump hydra
  openssh-server openssh-client netcat-openbsd chromium
  # SIEM export (docs/siem.md): the integration suite sends syslog to a real rsyslogd of its own
  rsyslog
  # the detection lab (testing/nidslib/lab, docs/lab.md): more attack tools and benign services
  slowhttptest masscan medusa ncrack dnsmasq-base bind9-dnsutils socat wget
  # make bench-app: Go builds the fake P4Runtime switches (util/p4rt-replay)
  golang-go
)

missing_debs=()
for pkg in "${DEBS[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing_debs+=("$pkg")
done
if ((${#missing_debs[@]})); then
  if [[ $(id -u) -ne 0 ]]; then
    echo "setup: Debian packages missing (${missing_debs[*]}); run \`make setup\` as root" >&2
    exit 1
  fi
  echo "setup: installing Debian packages: ${missing_debs[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get -o DPkg::Lock::Timeout=600 update -qq
  apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing_debs[@]}" >/dev/null
else
  echo "setup: Debian packages present"
fi

# The parts no registry offers: built from pinned upstream commits when missing and their sources reachable
# (upstream git or STACK_SRC clones); stack/build.py says what it skipped and why. It runs beside the venv and
# Maven steps below, which mostly wait on downloads, in a process group of its own that a failure or an interrupt
# of this script stops too.
stack_pid=""
stop_stack() { if [[ -n "$stack_pid" ]]; then kill -TERM -- "-$stack_pid" 2>/dev/null || true; fi; }
trap stop_stack EXIT
trap 'exit 130' INT TERM
if [[ "${SKIP_STACK:-}" == 1 ]]; then
  echo "setup: SKIP_STACK=1: not building the reference stack (\`make stack\` builds it)"
else
  echo "setup: building the reference stack where missing (stack/build.py --if-reachable), beside the steps below"
  setsid python3 stack/build.py --if-reachable &
  stack_pid=$!
fi

if [[ ! -x .venv/bin/python ]]; then
  echo "setup: creating .venv"
  python3 -m venv .venv
fi
if ! .venv/bin/python -m pip install -q --disable-pip-version-check -r requirements.txt; then
  echo "setup: pip install -r requirements.txt failed" >&2
  exit 1
fi
echo "setup: Python venv ready (.venv, with nidslib from testing/ editable)"

echo "setup: fetching Maven dependencies and building (mvn -DskipTests install)"
mvn -B -q -DskipTests install

if [[ -n "$stack_pid" ]]; then
  echo "setup: waiting for the reference stack build"
  stack_rc=0
  wait "$stack_pid" || stack_rc=$?
  stack_pid=""
  exit "$stack_rc"
fi
echo
python3 util/stack.py report
