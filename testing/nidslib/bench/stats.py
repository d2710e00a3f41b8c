"""Pure parts of the overhead benchmark (util/bench/overhead.py): /proc parsing, the bounded rate search,
percentiles, tool-output parsing and the results table. No process, socket or file system access here, so
testing/tests/test_bench.py can test all of it without root or BMv2.
"""
import math
import re

# Ethernet framing: a "64-byte frame" counts the 4-byte FCS, which a veth never carries.
ETH_HEADER = 14
ETH_FCS = 4
IPV4_HEADER = 20
UDP_HEADER = 8


def udp_payload_for_frame(frame_bytes):
    """UDP payload length that makes an Ethernet frame of `frame_bytes` (FCS included) with IPv4 + UDP."""
    payload = frame_bytes - ETH_FCS - ETH_HEADER - IPV4_HEADER - UDP_HEADER
    if payload < 1:
        raise ValueError(f"a {frame_bytes}-byte frame has no room for a UDP payload")
    return payload


def gbps(pps, frame_bytes):
    """Layer-2 bit rate (FCS included, preamble and gap not) of `pps` frames of `frame_bytes`."""
    return pps * frame_bytes * 8 / 1e9


# ---- /proc -------------------------------------------------------------------------------------------------

def parse_proc_stat(text):
    """(utime, stime, rss_pages) from the text of /proc/<pid>/stat.

    The command name (field 2) is in parentheses and may itself hold spaces or parentheses, so the fields are
    counted from the last ')'.
    """
    end = text.rindex(")")
    rest = text[end + 2:].split()
    # rest[0] is field 3 (state); utime = field 14, stime = 15, rss = 24 (proc(5), 1-based)
    return int(rest[14 - 3]), int(rest[15 - 3]), int(rest[24 - 3])


def parse_status_kib(text, key):
    """A '<key>:  <n> kB' value of /proc/<pid>/status, in KiB (None if absent)."""
    m = re.search(rf"^{re.escape(key)}:\s+(\d+)\s+kB", text, re.MULTILINE)
    return int(m.group(1)) if m else None


def cpu_percent(ticks_before, ticks_after, seconds, clk_tck):
    """CPU use of a process over a window, in % of one core (above 100 with several busy threads)."""
    if seconds <= 0:
        raise ValueError("empty measurement window")
    return 100.0 * (ticks_after - ticks_before) / clk_tck / seconds


# ---- rate search -------------------------------------------------------------------------------------------

def rate_search(low, high, max_trials, precision=0.02, loss_limit=0.01, factor=2.0, floor=None, votes=1):
    """The search of max_rate_search as a generator: yields each rate to try, is sent that trial's loss fraction,
    returns (best passing rate or None, [(rate, loss)] in trial order). Several searches can then take turns
    trial by trial (interleaved_searches)."""
    if not 0 < low < high:
        raise ValueError("need 0 < low < high")
    if max_trials < 1:
        raise ValueError("need at least one rate to try")
    if votes < 1 or votes % 2 == 0:
        raise ValueError("votes must be odd and at least 1")
    floor = low / 16 if floor is None else floor
    history = []
    steps = 0

    def judge(rate):
        # A rate passes when most of its `votes` trials lose less than the limit; trials stop once a majority is
        # certain (two of three: a third trial only when the first two disagree). Returns the median loss, which
        # is below the limit exactly when the majority passed.
        nonlocal steps
        steps += 1
        losses = []
        while True:
            loss = yield rate
            history.append((rate, loss))
            losses.append(loss)
            passed = sum(1 for x in losses if x < loss_limit)
            if 2 * passed > votes or 2 * (len(losses) - passed) > votes:
                return percentile(losses, 50)

    good = bad = None
    loss = yield from judge(low)
    if loss < loss_limit:
        good = low
    else:
        bad = low
        while good is None and steps < max_trials and bad / factor >= floor:
            rate = bad / factor
            loss = yield from judge(rate)
            if loss < loss_limit:
                good = rate
            else:
                bad = rate
        if good is None:
            return None, history
    while bad is None and steps < max_trials:
        rate = min(good * factor, high)
        loss = yield from judge(rate)
        if loss < loss_limit:
            good = rate
            if rate >= high:
                return good, history
        else:
            bad = rate
    while bad is not None and steps < max_trials and bad / good > 1 + precision:
        rate = math.sqrt(good * bad)
        loss = yield from judge(rate)
        if loss < loss_limit:
            good = rate
        else:
            bad = rate
    return good, history


def max_rate_search(trial, low, high, max_trials, precision=0.02, loss_limit=0.01, factor=2.0, floor=None,
                    votes=1):
    """Highest offered rate with loss below `loss_limit`, within at most `max_trials` rates (`votes` trials each
    at most).

    trial(rate) -> loss fraction (0..1) of one run at that offered rate; loss is assumed to grow with the
    rate. The search brackets the rate first: from `low` it doubles (`factor`) until a trial loses or `high` is
    reached, or, when `low` itself loses, halves until a trial passes (not below `floor`, default low / 16). A
    geometric bisection then narrows the bracket until hi/lo <= 1 + precision. Start `low` near the expected
    rates: every doubling or halving costs a trial the bisection lacks, and scenarios bracketed alike end on the
    same grid. `max_trials` bounds the rates tried; with `votes` = 3 a rate is tried two or three times and passes
    when two of its trials do (a single trial near the limit is one sample of how the scheduler treated the
    switch in those seconds). Returns (best passing rate or None, [(rate, loss)] in trial order); None when even
    `floor` loses.
    """
    return interleaved_searches({None: trial}, low=low, high=high, max_trials=max_trials, precision=precision,
                                loss_limit=loss_limit, factor=factor, floor=floor, votes=votes)[None]


def interleaved_searches(trials, **search):
    """One max_rate_search per key of `trials` ({key: trial(rate) -> loss}), taking turns trial by trial: step k
    runs every unfinished search's k-th trial, in the keys' order on even steps and reversed on odd ones. So every
    search's k-th trial happens within one step of the others': a machine that slows down over the run slows
    them all alike, instead of the searches that ran last. Returns {key: (best rate or None, history)}."""
    searches = {key: rate_search(**search) for key in trials}
    pending = {key: next(gen) for key, gen in searches.items()}
    results = {}
    step = 0
    while pending:
        keys = [key for key in trials if key in pending]
        for key in (keys if step % 2 == 0 else keys[::-1]):
            loss = trials[key](pending[key])
            try:
                pending[key] = searches[key].send(loss)
            except StopIteration as done:
                del pending[key]
                results[key] = done.value
        step += 1
    return results


# ---- statistics --------------------------------------------------------------------------------------------

def percentile(values, p):
    """p-th percentile (0..100) with linear interpolation between closest ranks."""
    if not values:
        raise ValueError("no values")
    xs = sorted(values)
    if len(xs) == 1:
        return float(xs[0])
    pos = (len(xs) - 1) * p / 100.0
    lo = math.floor(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def median(values):
    """Median of the values that are not None (None if there are none)."""
    xs = [v for v in values if v is not None]
    return percentile(xs, 50) if xs else None


def relative_change(value, baseline):
    """(value - baseline) / baseline, or None without a usable baseline."""
    if value is None or not baseline:
        return None
    return (value - baseline) / baseline


# ---- tool output -------------------------------------------------------------------------------------------

_PING_TIME = re.compile(r"icmp_seq=(\d+) .*time=([\d.]+) ms")


def parse_ping_rtts(output):
    """RTTs in ms of every reply line of iputils ping's output (duplicates ignored)."""
    seen, rtts = set(), []
    for line in output.splitlines():
        m = _PING_TIME.search(line)
        if m and "DUP!" not in line and m.group(1) not in seen:
            seen.add(m.group(1))
            rtts.append(float(m.group(2)))
    return rtts


def parse_iperf3_udp(doc):
    """(packets sent, packets lost, seconds) of an iperf3 -u -J client result (the server's loss count)."""
    if "error" in doc:
        raise ValueError(f"iperf3: {doc['error']}")
    s = doc["end"]["sum"]
    return int(s["packets"]), int(s["lost_packets"]), float(s["seconds"])


def parse_iperf3_tcp(doc):
    """Received bit rate (bits/s) of an iperf3 TCP -J client result."""
    if "error" in doc:
        raise ValueError(f"iperf3: {doc['error']}")
    return float(doc["end"]["sum_received"]["bits_per_second"])


# ---- rendering ---------------------------------------------------------------------------------------------

def fmt(value, spec="{:.0f}", missing="—"):
    return missing if value is None else spec.format(value)


def fmt_change(value):
    return "—" if value is None else f"{value * 100:+.1f}%"


def markdown_table(header, rows, align=None):
    """A GitHub markdown table; align: one of 'l'/'r' per column (default: first left, rest right)."""
    align = align or ["l"] + ["r"] * (len(header) - 1)
    if len(align) != len(header) or any(len(r) != len(header) for r in rows):
        raise ValueError("every row needs one cell per column")
    sep = ["---" if a == "l" else "---:" for a in align]
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(sep) + "|"]
    for row in rows:
        lines.append("| " + " | ".join(str(c) for c in row) + " |")
    return "\n".join(lines)
