"""One screenshot of the ONOS GUI's NIDS Alerts view during the online demo (headless Debian Chromium through
Playwright, as the GUI suite drives it). Optional: without a browser the demo says so and goes on."""
import importlib.util
import os
import shutil
import tempfile

from itest.lib import onos as onos_mod

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
GUI = onos_mod.DEFAULT_URL + "/onos/ui"
ALERT_ROWS = "#ov-nids-alerts .table-body tr.nids-alert-row"
WAIT_MS = 30_000


def browser_missing():
    if not os.access(CHROMIUM, os.X_OK):
        return f"no Chromium at {CHROMIUM}"
    if importlib.util.find_spec("playwright") is None:
        return "the Python package playwright is not installed"
    return None


def screenshot_alerts(path):
    """Logs in as onos/rocks, opens the alerts view, waits for its rows, saves a PNG at `path`."""
    from playwright.sync_api import sync_playwright

    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    profile = tempfile.mkdtemp(prefix="nids-demo-chromium-")
    pw = sync_playwright().start()
    context = None
    try:
        context = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, headless=True,
                                                        args=FLAGS, viewport={"width": 1600, "height": 900},
                                                        timeout=60_000)
        context.set_default_timeout(WAIT_MS)
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(f"{GUI}/login.html")
        page.fill("#username", onos_mod.USER)
        page.fill("#password", onos_mod.PASSWORD)
        page.click("#submit")
        page.wait_for_url(lambda url: "login.html" not in url and "j_security_check" not in url)
        page.wait_for_selector("#mast", state="attached")
        page.goto(f"{GUI}/index.html#/nidsAlerts")
        page.wait_for_selector(ALERT_ROWS)
        # Let the table's first refresh finish drawing before the picture.
        page.wait_for_timeout(2500)
        page.mouse.move(0, 0)
        page.screenshot(path=path)
        return page.locator(ALERT_ROWS).count()
    finally:
        try:
            if context is not None:
                context.close()
        finally:
            pw.stop()
            shutil.rmtree(profile, ignore_errors=True)
