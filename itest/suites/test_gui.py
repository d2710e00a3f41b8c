# Run: mvn -B -q -o package -DskipTests && .venv/bin/python -m pytest -q -rs itest/suites/test_gui.py   (as root, reference stack)
"""The NIDS views of the ONOS GUI in a real browser: headless Debian Chromium driven by Playwright.

An attack by real traffic through the BMv2 fabric shows up in the open "NIDS Alerts" view without a reload, as its
incident (its evidence alerts, each naming the incident and its flows); an alert's details panel explains it
(decision path, features, incident) and acknowledges it; "NIDS Models" marks the active model and shows every
switch's rollout state. The screenshots in docs/img come from here
(NIDS_UPDATE_SCREENSHOTS=1).
"""
import os
import time

import pytest

from nidslib import browser, datasets as models, fabric as fabric_mod, onos as onos_mod, session
from nidslib.browser import open_view
from nidslib.paths import REPO_ROOT

# Every run takes its screenshots under build/; NIDS_UPDATE_SCREENSHOTS=1 writes the committed ones in docs/img.
IMG_DIR = (os.path.join(REPO_ROOT, "docs", "img") if os.environ.get("NIDS_UPDATE_SCREENSHOTS")
           else os.path.join(REPO_ROOT, "build", "itest", "screenshots"))

ATTACK_PORT = 6666      # the models suite uses 9999 and 7777
ATTACK_SERVER = "10.0.0.3"
ATTACKER = "10.0.0.1"     # h1
ALERT_WAIT_S = 90         # traffic → switch report → alert → table row

ALERT_ROWS = "#ov-nids-alerts .table-body tr.nids-alert-row"
PANEL = "#ov-nids-alerts-details-panel"
MODEL_ROWS = "#ov-nids-models .table-body tr.nids-model-row"
BLOCK_ROWS = "#ov-nids-blocks .table-body tr.nids-block-row"
BLOCK_PANEL = "#ov-nids-blocks-details-panel"
DEVICE_ROWS = "#ov-nids-models tr.nids-device-row"


@pytest.fixture(scope="module")
def chromium():
    """Checked before the stack starts, so that a machine without a browser skips at once."""
    missing = browser.missing()
    if missing:
        pytest.skip(missing)
    return browser.CHROMIUM


@pytest.fixture(scope="module")
def gui(chromium, routed):
    """A browser logged in to the ONOS GUI as onos/rocks; closed, with its profile removed, on every exit path."""
    with browser.onos_gui("nids-gui-chromium-") as page:
        yield page


def test_both_views_are_in_the_network_section_of_the_nav_menu(gui):
    page = gui
    for view_id, label in (("nidsAlerts", "NIDS Alerts"), ("nidsModels", "NIDS Models"),
                           ("nidsBlocks", "NIDS Blocks")):
        link = page.locator(f"#nav a[href='#/{view_id}']")
        link.wait_for(state="attached")
        assert link.text_content().strip() == label  # the menu is closed: text, not rendered text
    sections = page.eval_on_selector_all(
        "#nav .nav-hdr, #nav a", "els => els.map(e => e.classList.contains('nav-hdr') ? '#' + e.textContent : "
                                  "e.getAttribute('href'))")
    section = None
    for item in sections:
        if item.startswith("#") and not item.startswith("#/"):
            section = item[1:].strip().lower()
        elif item in ("#/nidsAlerts", "#/nidsModels", "#/nidsBlocks"):
            assert section == "network", sections


def settle(page, panel=None, quiet_s=3.0, timeout_s=20.0):
    """Waits (bounded) for the GUI to be still for quiet_s: the same view text, no flash message, no row flashing a
    change, the details panel (if any) faded in. A GUI that never settles only makes a screenshot less tidy."""
    page.mouse.move(0, 0)
    still = """panel => !document.querySelector('#flash .flashItem')
        && !document.querySelector('#view tr.data-change')
        && (!panel || getComputedStyle(document.querySelector(panel)).opacity === '1')"""
    deadline = time.monotonic() + timeout_s
    last, quiet_since = None, None
    while time.monotonic() < deadline:
        text = page.inner_text("#view")
        if text == last and page.evaluate(still, panel):
            quiet_since = quiet_since or time.monotonic()
            if time.monotonic() - quiet_since >= quiet_s:
                return
        else:
            quiet_since = None
        last = text
        page.wait_for_timeout(250)


def screenshot(page, name, panel=None):
    settle(page, panel)
    os.makedirs(IMG_DIR, exist_ok=True)
    path = os.path.join(IMG_DIR, name)
    page.screenshot(path=path)
    return path


def _active_model_id(stack):
    try:
        return stack.rest.get("/onos/nids/models/active")["id"]
    except onos_mod.RestError as e:
        if e.status == 404:
            return None
        raise


def _activate(stack, model_id):
    status, result = stack.rest.post(f"/onos/nids/models/{model_id}/activate")
    assert status == 200, result
    assert {d["outcome"] for d in result["devices"]} == {"FLIPPED"}, result


@pytest.fixture(scope="module")
def active_model(routed, tmp_path_factory):
    """A model that calls TCP flows to port 6666 attacks, active on every switch for this module.

    Its own attack port keeps its (content-derived) id apart from the models suite's. Afterwards the model that was
    active before is active again and this one is removed; with none before, this one stays (the active model cannot
    be removed).
    """
    stack = routed
    work = tmp_path_factory.mktemp("gui-model")
    data = str(work / "port-rule.csv.gz")
    models.write_port_rule_dataset(data, ATTACK_PORT, seed=ATTACK_PORT)
    bundle = models.train(data, str(work / "model.json"))
    previous = _active_model_id(stack)
    uploaded = False
    try:
        status, body = stack.rest.post("/onos/nids/models", bundle)
        assert status == 201, body
        uploaded = True
    except onos_mod.RestError as e:
        if e.status != 409:  # stored by an earlier run of this module in the same session
            raise
    _activate(stack, bundle["model_id"])
    yield bundle
    if previous and previous != bundle["model_id"]:
        _activate(stack, previous)
        if uploaded:
            stack.rest.delete(f"/onos/nids/models/{bundle['model_id']}")


def row_ids(page):
    return set(page.eval_on_selector_all(ALERT_ROWS, "rows => rows.map(r => r.getAttribute('row-id'))"))


def _incidents_of(stack, source):
    return stack.rest.get(f"/onos/nids/incidents?source={source}&limit=100", retry=False).get("incidents", [])


def _incident_cells(page):
    """[(alert id, row text, incident cell)] of the open alerts view, as shown now."""
    return page.eval_on_selector_all(
        ALERT_ROWS, "rows => rows.map(r => [r.getAttribute('row-id'), r.innerText,"
                    " (r.querySelector('td.nids-incident') || {}).innerText || ''])")


def test_a_live_attack_is_shown_as_its_incident_explained_and_acknowledged(gui, routed, active_model):
    """An attack shows up in the open view without a reload, as its incident: the evidence alerts of a new incident,
    or, when its source's incident of the family is still open and already has its evidence alerts (an earlier
    suite's attack within the incident window), that incident's rows counting the new flows."""
    stack, page = routed, gui
    open_view(page, "nidsAlerts", "#ov-nids-alerts")
    page.wait_for_selector("#ov-nids-alerts .table-body tr")  # a row, or the "no alerts" row: the table answered
    before_rows = row_ids(page)
    before_flows = {i["id"]: i["flows"] for i in _incidents_of(stack, ATTACKER)}
    started_ms = int(time.time() * 1000) - 1000

    fabric_mod.tcp_attempts("h1", ATTACK_SERVER, ATTACK_PORT, 5)

    def attack_incident():
        return next((i for i in _incidents_of(stack, ATTACKER)
                     if i["lastSeenMillis"] >= started_ms and ATTACK_PORT in i["ports"]
                     and i["flows"] > before_flows.get(i["id"], 0)), None)
    incident = onos_mod.wait_until(attack_incident, ALERT_WAIT_S, 1, f"an incident of {ATTACKER}'s attack")
    incident_id = incident["id"]

    # No reload from here on: the open view must show the incident, with the new flows, by itself.
    def shown():
        rows = [(rid, text, cell) for rid, text, cell in _incident_cells(page) if cell.startswith(f"{incident_id}: ")]
        grown = [r for r in rows if int(r[2].split(": ")[1].split()[0]) > before_flows.get(incident_id, 0)]
        return grown or None
    deadline = time.monotonic() + ALERT_WAIT_S
    rows = shown()
    while rows is None and time.monotonic() < deadline:
        page.wait_for_timeout(1000)
        rows = shown()
    assert rows, (f"the open view never showed incident {incident_id} ({incident['summary']}) with its new flows; "
                  f"its rows: {[r for r in _incident_cells(page) if r[2].startswith(f'{incident_id}: ')]}")
    target = f"\u2192 {ATTACK_SERVER}:{ATTACK_PORT} TCP"
    new_rows = [r for r in rows if r[0] not in before_rows and target in r[1]]
    if incident_id not in before_flows:
        assert new_rows, f"a new incident's evidence alerts are new rows of the attack's flows: {rows}"
    rid, text, cell = (new_rows or rows)[0]
    assert "Attack" in text and "OPEN" in text, text
    screenshot(page, "nids-alerts.png")

    row = page.locator(f"{ALERT_ROWS}[row-id='{rid}']")
    row.click()
    panel = page.locator(PANEL)
    panel.get_by_text(f"Alert {rid}", exact=True).wait_for()
    panel.get_by_text("Decision path").wait_for()
    panel.locator("ol.nids-path li").first.wait_for()
    assert "L4_DST_PORT" in panel.locator("ol.nids-path").inner_text()
    panel_text = panel.inner_text()
    assert "Features (latest report)" in panel_text, panel_text
    assert f"{ATTACK_SERVER}:" in panel_text, panel_text
    # The details name the incident: its state, summary and where its source was seen.
    assert f"{incident_id} " in panel_text and f"from {ATTACKER}" in panel_text and "location " in panel_text, \
        panel_text
    ack = panel.locator("#nids-ack-btn")
    assert ack.is_enabled() and ack.inner_text() == "Acknowledge"
    screenshot(page, "nids-alert-details.png", panel=PANEL)

    ack.click()
    page.wait_for_function(
        "sel => { const b = document.querySelector(sel); return b && b.disabled && b.innerText === 'Acknowledged'; }",
        arg=f"{PANEL} #nids-ack-btn")
    row.get_by_text("ACKNOWLEDGED").wait_for()
    assert stack.rest.get(f"/onos/nids/alerts/{rid}")["state"] == "ACKNOWLEDGED"


def test_models_view_marks_the_active_model_and_the_rollout_per_switch(gui, routed, active_model):
    stack, page = routed, gui
    model_id = active_model["model_id"]
    open_view(page, "nidsModels", "#ov-nids-models")
    active_row = page.locator(f"{MODEL_ROWS}[row-id='{model_id}']")
    active_row.locator(".nids-active-marker").wait_for()
    assert "Attack" in active_row.inner_text()

    switches = len(stack.topology.switches)
    page.wait_for_function(
        "([sel, n]) => document.querySelectorAll(sel + ' .nids-status-current').length === n",
        arg=[DEVICE_ROWS, switches])
    devices = page.eval_on_selector_all(DEVICE_ROWS, "rows => rows.map(r => r.innerText)")
    assert len(devices) == switches, devices
    for sw in stack.topology.switches:
        line = next((d for d in devices if d.startswith(sw.device_id)), None)
        assert line is not None and model_id in line, (sw.device_id, devices)
    assert f"{switches} of {switches}" in active_row.inner_text()
    screenshot(page, "nids-models.png")


def test_models_view_draws_the_tree_with_confidences_and_the_leaves_firing_now(gui, routed, active_model):
    stack, page = routed, gui
    model_id = active_model["model_id"]
    open_view(page, "nidsModels", "#ov-nids-models")
    page.locator(f"{MODEL_ROWS}[row-id='{model_id}']").click()
    tree = page.locator("#nids-model-tree")
    tree.locator(".nids-leaf").first.wait_for()
    splits = tree.locator(".nids-split").all_inner_texts()
    assert any(s.startswith("L4_DST_PORT <= ") for s in splits), splits   # the port rule, in feature units
    leaves = tree.locator(".nids-leaf").all_inner_texts()
    assert any("Attack" in leaf and "% of " in leaf for leaf in leaves), leaves
    cost = tree.locator(".nids-tree-cost").inner_text()
    assert "Decision entries" in cost and "L4_DST_PORT" in cost, cost

    # Attack traffic now: the leaf that classifies it fires (its reports in the last minute), without a reload.
    fabric_mod.tcp_attempts("h1", ATTACK_SERVER, ATTACK_PORT, 5)
    firing = tree.locator(".nids-leaf-firing", has_text="Attack").first
    try:
        firing.wait_for(timeout=ALERT_WAIT_S * 1000)
    except Exception as e:
        # What the firing counts are made of: the switches' recent records of this model, per reason/phase/leaf.
        flows = stack.rest.get("/onos/nids/flows?limit=200", retry=False).get("flows", [])
        mine = [(f["deviceId"], f["reason"], f.get("phase"), f["leafId"], f["class"], f["flow"]["serverPort"])
                for f in flows if f.get("modelId") == model_id]
        raise AssertionError(f"no Attack leaf firing after {ALERT_WAIT_S} s; leaves {leaves}; "
                             f"records of {model_id}: {mine[:40]}; all records: {len(flows)}") from e
    assert "firing: " in firing.inner_text(), firing.inner_text()
    screenshot(page, "nids-model-tree.png")


def _locate_h1(stack):
    _locate(stack, "h1", "10.0.0.1")


def _locate(stack, host, ip):
    """The routed fabric uses static ARP: the host broadcasts ARP so that ONOS locates it (a block needs its edge)."""
    def located():
        session.announce(host, times=1)
        hosts = stack.rest.get("/onos/v1/hosts", retry=False)["hosts"]
        return any(ip in h.get("ipAddresses", []) for h in hosts)
    onos_mod.wait_until(located, 40, 2, f"{host} located by ONOS")


def test_an_alert_is_blocked_from_its_details_and_unblocked_in_the_blocks_view(gui, routed, active_model):
    stack, page = routed, gui
    _locate_h1(stack)

    def h1_incidents():
        return stack.rest.get("/onos/nids/incidents?source=10.0.0.1&limit=1000", retry=False)["incidents"]

    def attack_alert():
        # Any unblocked alert of h1's own flows (all alerts, not the newest 50: earlier suites' attacks may outnumber
        # h1's; any port: h1's new flows fold into its open incident, whose evidence alerts may be of an earlier
        # suite's flows), not one of the incident of the spoof test's flows sent with h1's address.
        spoofed = {i["id"] for i in h1_incidents() if i["location"] == "MISMATCH"}
        alerts = stack.rest.get("/onos/nids/alerts?limit=10000", retry=False).get("alerts", [])
        return next((a for a in alerts if a["flow"]["clientIp"] == "10.0.0.1" and a["state"] != "BLOCKED"
                     and a.get("incidentId") not in spoofed), None)
    if attack_alert() is None:
        # h1's incident may be blocked already (auto-block after an earlier test's attack): removing its blocks
        # closes that incident, so the next attack opens a new one with new evidence alerts; fewer flows than the
        # auto-block threshold (autoBlockMinFlows Other=5), so they stay the operator's
        for b in stack.rest.get("/onos/nids/blocks", retry=False)["blocks"]:
            if b["src"] == "10.0.0.1":
                stack.rest.delete(f"/onos/nids/blocks/{b['id']}")
        fabric_mod.tcp_attempts("h1", ATTACK_SERVER, ATTACK_PORT, 3)
    try:
        alert = onos_mod.wait_until(attack_alert, ALERT_WAIT_S, 2, "an unblocked alert of h1's attack")
    except onos_mod.OnosError as e:
        seen = [(i["id"], i["state"], i["location"], i["flows"], i.get("decision")) for i in h1_incidents()]
        counters = stack.rest.get("/onos/nids/incidents?limit=1")["counters"]
        raise AssertionError(f"{e}; h1's incidents: {seen}; counters: {counters}") from e
    alert_id = str(alert["id"])

    open_view(page, "nidsAlerts", "#ov-nids-alerts")
    page.locator(f"{ALERT_ROWS}[row-id='{alert_id}']").click()
    panel = page.locator(PANEL)
    panel.get_by_text(f"Alert {alert_id}", exact=True).wait_for()
    block_btn = panel.locator("#nids-block-btn")
    assert block_btn.is_enabled() and block_btn.inner_text() == "Block"
    block_id = None
    try:
        block_btn.click()
        page.wait_for_function(
            "sel => { const b = document.querySelector(sel); return b && b.disabled"
            " && b.innerText.startsWith('Blocked (block '); }", arg=f"{PANEL} #nids-block-btn")
        blocked = stack.rest.get(f"/onos/nids/alerts/{alert_id}")
        assert blocked["state"] == "BLOCKED" and blocked["blockId"], blocked
        block_id = blocked["blockId"]
        made = stack.rest.get(f"/onos/nids/blocks/{block_id}")
        assert made["src"] == "10.0.0.1" and made["alertId"] == alert["id"] and made["origin"] == "manual", made

        open_view(page, "nidsBlocks", "#ov-nids-blocks")
        row = page.locator(f"{BLOCK_ROWS}[row-id='{block_id}']")
        row.wait_for()
        # The table refreshes every 2 s: the intent reaches INSTALLED on h1's edge switch.
        row.get_by_text("INSTALLED").wait_for()
        text = row.inner_text()
        assert "10.0.0.1" in text and stack.topology.switch("s1").device_id in text and alert_id in text, text
        row.click()
        block_panel = page.locator(BLOCK_PANEL)
        block_panel.get_by_text(f"Block {block_id}", exact=True).wait_for()
        assert f"nids-block-{block_id}" in block_panel.inner_text()
        screenshot(page, "nids-blocks.png", panel=BLOCK_PANEL)

        # The block is an ONOS intent: ONOS's own Intents view lists it by its key and type.
        open_view(page, "intent", "#ov-intent")
        intent_row = page.locator(f"#ov-intent .table-body tr[row-id='nids-block-{block_id}']").first
        intent_row.wait_for()
        intent_text = intent_row.inner_text()
        assert "FlowRuleIntent" in intent_text and "org.onosproject.nids" in intent_text, intent_text

        open_view(page, "nidsBlocks", "#ov-nids-blocks")
        row.click()
        block_panel.get_by_text(f"Block {block_id}", exact=True).wait_for()

        block_panel.locator("#nids-unblock-btn").click()
        row.wait_for(state="detached")
        with pytest.raises(onos_mod.RestError) as e:
            stack.rest.get(f"/onos/nids/blocks/{block_id}")
        assert e.value.status == 404
        block_id = None
    finally:
        if block_id is not None:  # the test failed half-way: h1 must not stay blocked
            stack.rest.delete(f"/onos/nids/blocks/{block_id}")


TOPO_HOST_BADGE = """ip => {
    // ONOS 2.7's host data carries the address among its labels (there is no ips field)
    const node = d3.selectAll('#ov-topo svg .node.host').data().find(d => (d.labels || []).includes(ip));
    if (!node || !node.badge || !node.el) return null;
    const drawn = node.el.select('g.badge');
    return drawn.empty() ? null : {id: node.el.attr('id'), status: node.badge.status, txt: node.badge.txt || null,
                                   gid: node.badge.gid || null, cls: drawn.attr('class')};
}"""
TOPO_HOST_CLASS = """ip => {
    const node = d3.selectAll('#ov-topo svg .node.host').data().find(d => (d.labels || []).includes(ip));
    return node && node.el ? node.el.attr('class') : null;
}"""


def _topo_overlay(page):
    """The topology view with hosts shown and the NIDS overlay selected, as a user does with the H key and the
    overlay's toolbar button."""
    open_view(page, "topo", "#ov-topo svg")
    page.wait_for_function("() => d3.selectAll('#ov-topo svg .node.device').size() > 0")
    page.evaluate("""() => {
        const injector = angular.element(document.body).injector();
        injector.get('TopoForceService').toggleHosts(true);
        injector.get('TopoToolbarService').selectOverlay('nids-overlay');
    }""")


def test_the_topology_overlay_highlights_the_attacker_and_marks_its_block(gui, routed, active_model):
    """h1 (leaf 1) and h4 (leaf 2) attack; h1 is blocked and unblocked from its topology panel. h2 and h3 do not
    attack here: one without open alerts (earlier suites of the session may have made h2 an attacker) must stay
    unmarked and faded, one with open alerts badged."""
    stack, page = routed, gui
    hosts = {"h1": "10.0.0.1", "h2": "10.0.0.2", "h3": "10.0.0.3", "h4": "10.0.0.4"}
    for host, ip in hosts.items():
        _locate(stack, host, ip)
    fabric_mod.tcp_attempts("h1", ATTACK_SERVER, ATTACK_PORT, 5)     # h1 → h3, across the spine
    fabric_mod.tcp_attempts("h4", "10.0.0.2", ATTACK_PORT, 5)        # h4 → h2, across the spine

    seen = {}

    def open_alerts():
        seen["alerts"] = alerts = stack.rest.get("/onos/nids/alerts?limit=200", retry=False).get("alerts", [])
        found = {ip: next((a for a in alerts if a["flow"]["clientIp"] == ip and a["state"] == "OPEN"), None)
                 for ip in ("10.0.0.1", "10.0.0.4")}
        return found if all(found.values()) else None
    try:
        alerts = onos_mod.wait_until(open_alerts, ALERT_WAIT_S, 2, "open alerts of h1's and h4's attacks")
    except onos_mod.OnosError as e:
        raise AssertionError(f"{e}; alerts: {[(a['id'], a['state'], a['flow']) for a in seen.get('alerts', [])]}"
                             ) from None

    _topo_overlay(page)
    badges = {}
    for ip in ("10.0.0.1", "10.0.0.4"):
        page.wait_for_function(f"ip => ({TOPO_HOST_BADGE})(ip) && ({TOPO_HOST_BADGE})(ip).txt", arg=ip)
        badges[ip] = badge = page.evaluate(TOPO_HOST_BADGE, ip)
        # the badge's colour is the worst open alert's severity (the port model's attack class is HIGH: red), its
        # number the source's open alerts
        assert badge["status"] == {"HIGH": "e", "MEDIUM": "w", "LOW": "i"}[alerts[ip]["severity"]], (badge, alerts)
        assert int(badge["txt"]) >= 1 and "badge" in badge["cls"], badge
    open_alerts_now = stack.rest.get("/onos/nids/alerts?state=OPEN&limit=10000", retry=False)["alerts"]
    if all(ip in {a["flow"]["clientIp"] for a in open_alerts_now} for ip in (hosts["h2"], hosts["h3"])):
        # earlier suites of the session made both attackers: acknowledging h3's alerts makes it the quiet host
        for a in open_alerts_now:
            if a["flow"]["clientIp"] == hosts["h3"]:
                stack.rest.post(f"/onos/nids/alerts/{a['id']}/ack")
    open_sources = {a["flow"]["clientIp"] for a in
                    stack.rest.get("/onos/nids/alerts?state=OPEN&limit=10000", retry=False)["alerts"]}
    quiet = [ip for ip in (hosts["h2"], hosts["h3"]) if ip not in open_sources]
    assert quiet, f"every host is the source of open alerts: {sorted(open_sources)}"
    for ip in (hosts["h2"], hosts["h3"]):
        if ip in quiet:
            # no open alert: no badge, and faded (subdued) while the attackers stand out
            # (waited for: a host whose alerts were just acknowledged loses its badge at the overlay's next push)
            page.wait_for_function(f"ip => ({TOPO_HOST_BADGE})(ip) === null", arg=ip)
            page.wait_for_function(f"ip => (({TOPO_HOST_CLASS})(ip) || '').includes('suppressed')", arg=ip)
        else:   # an attacker of an earlier suite whose alerts are still open: its count (or block mark)
            page.wait_for_function(f"ip => ({TOPO_HOST_BADGE})(ip) !== null", arg=ip)
    assert "suppressed" not in page.evaluate(TOPO_HOST_CLASS, "10.0.0.1")
    # Switches carry their alert rate; links between two switches that reported an open alert are highlighted.
    page.wait_for_function("() => d3.selectAll('#ov-topo svg .node.device g.badge').size() > 0")
    if any(len(a["devices"]) >= 2 for a in alerts.values()):   # the switches that reported the flow
        page.wait_for_selector("#ov-topo svg .link.nids-attack")
    screenshot_path = None
    block_id = None
    try:
        h1 = badges["10.0.0.1"]["id"]   # the element id the GUI gave h1
        page.locator(f"#ov-topo svg .node.host[id='{h1}']").click()
        block_btn = page.locator("#topo-p-detail-nids-overlay-nidsBlock")
        block_btn.wait_for()
        assert "NIDS open alerts" in page.inner_text("#topo-p-detail"), page.inner_text("#topo-p-detail")
        screenshot(page, "nids-topology-overlay-alerts.png")
        block_btn.click()
        # (waited for, not read once: the GUI redraws a host node, badge-less until the next push, on host updates)
        page.wait_for_function(f"ip => {{ const b = ({TOPO_HOST_BADGE})(ip); return b && b.gid === 'xMark'"
                               " && b.status === 'e'; }", arg="10.0.0.1")
        blocks = [b for b in stack.rest.get("/onos/nids/blocks")["blocks"] if b["src"] == "10.0.0.1"]
        assert len(blocks) == 1, blocks
        block_id = blocks[0]["id"]
        # the other attacker keeps its severity badge beside h1's block mark
        page.wait_for_function(f"ip => {{ const b = ({TOPO_HOST_BADGE})(ip); return b && b.txt; }}", arg="10.0.0.4")
        unblock_btn = page.locator("#topo-p-detail-nids-overlay-nidsUnblock")
        unblock_btn.wait_for()
        assert f"yes (block {block_id})" in page.inner_text("#topo-p-detail"), page.inner_text("#topo-p-detail")
        screenshot_path = screenshot(page, "nids-topology-overlay.png")

        unblock_btn.click()
        onos_mod.wait_until(lambda: not any(b["src"] == "10.0.0.1" for b in
                                            stack.rest.get("/onos/nids/blocks", retry=False)["blocks"]),
                            20, 1, "h1 unblocked from the topology panel")
        block_id = None
        page.wait_for_function(f"ip => {{ const b = ({TOPO_HOST_BADGE})(ip); return b && b.gid !== 'xMark'; }}",
                               arg="10.0.0.1")
    finally:
        if block_id is not None:   # h1 must not stay blocked
            stack.rest.delete(f"/onos/nids/blocks/{block_id}")
    assert screenshot_path
